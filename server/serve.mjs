#!/usr/bin/env node
/**
 * `npm start` / `npm run serve`: the server with plain Node, serving the built app (dist/) and /api
 * on PORT.
 *
 * In development (NODE_ENV unset) it first builds what is missing or older than its sources: the
 * app (vite build) and the server's bundle (dist-server/, server/build-server.mjs), so a newcomer's
 * `npm start` just works. In production (NODE_ENV=production) it never builds: `npm run build`
 * makes both ahead (on a machine with the dev dependencies), and the start runs from an install
 * without them (`npm ci --omit=dev`), in seconds; a missing build stops it with what to run.
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

const production = process.env.NODE_ENV === 'production'
const appEntry = existsSync('dist/spa.html') ? 'dist/spa.html' : existsSync('dist/index.html') ? 'dist/index.html' : null

if (production) {
  const missing = [!appEntry && 'the app (dist/)', !existsSync(SERVER_ENTRY) && 'the server bundle (dist-server/)'].filter(Boolean)
  if (missing.length) {
    console.error(`The server could not start: ${missing.join(' and ')} not built. A production start never builds: run \`npm run build\` first (with the dev dependencies installed), then start again.`)
    process.exit(1)
  }
} else {
  const built = appEntry ? statSync(appEntry).mtimeMs : 0
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
}

// NODE_ENV as given: unset is a development start (the demo, on loopback); NODE_ENV=production is the real thing.
const child = spawn(process.execPath, [SERVER_ENTRY, '--static', 'dist', ...process.argv.slice(2)], { stdio: 'inherit', env: process.env })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('close', (code) => process.exit(code ?? 0))
