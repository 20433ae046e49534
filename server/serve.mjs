#!/usr/bin/env node
/**
 * `npm run serve`: the real thing on one machine. Builds the app when dist/ is missing or older
 * than its sources, and the server's bundle (dist-server/, server/build-server.mjs) likewise, then
 * starts the server with plain Node, serving dist/ and /api on PORT (NODE_ENV=production for a real
 * deployment: see README's "Deploying").
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { SERVER_ENTRY, ensureServerBuild } from './build-server.mjs'

const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'package-lock.json']

function newest(path) {
  if (!existsSync(path)) return 0
  const s = statSync(path)
  if (!s.isDirectory()) return s.mtimeMs
  let max = s.mtimeMs
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)))
  return max
}

const built = existsSync('dist/spa.html') || existsSync('dist/index.html') ? statSync(existsSync('dist/spa.html') ? 'dist/spa.html' : 'dist/index.html').mtimeMs : 0
const sources = Math.max(...SOURCES.map(newest))
if (built === 0 || sources > built) {
  console.log(built === 0 ? 'No build yet: building the app (vite build)…' : 'The build is older than the sources: rebuilding (vite build)…')
  // Same origin: the app calls /api on this server (no VITE_API_URL, no mock).
  const env = { ...process.env }
  delete env.VITE_API_URL
  const result = spawnSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['vite', 'build'], { stdio: 'inherit', env })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

await ensureServerBuild()
// NODE_ENV as given: unset is a development start (the demo, on loopback); NODE_ENV=production is the real thing.
const child = spawn(process.execPath, [SERVER_ENTRY, '--static', 'dist', ...process.argv.slice(2)], { stdio: 'inherit', env: process.env })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('close', (code) => process.exit(code ?? 0))
