/**
 * Built ahead, started fast: a production install (the server's files, the built app and server
 * bundle, and only the packages of "dependencies": no Vite, no TypeScript, no tsx loader needed)
 * starts with NODE_ENV=production and serves the pages and /api; without a build it stops at once,
 * saying what to run, and never tries to build.
 */
import { execFileSync, spawn } from 'node:child_process'
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync, linkSync, readdirSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureServerBuild } from '../../server/build-server.mjs'
import { copyEmptyDatabaseInto } from './pglite-template.mjs'
import { freePort } from './free-port'

const repo = process.cwd()
const install = mkdtempSync(join(tmpdir(), 'afh-install-'))
// A new DATA_DIR with the empty database the server's first start would make (copied: an initdb costs seconds).
const dataDir = copyEmptyDatabaseInto(mkdtempSync(join(tmpdir(), 'afh-install-data-')))
afterAll(() => {
  rmSync(install, { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
})

/** A folder copied as hard links (fast, no bytes copied): what `npm ci --omit=dev` would lay out. */
function linkTree(from: string, to: string) {
  mkdirSync(to, { recursive: true })
  for (const name of readdirSync(from)) {
    const source = join(from, name)
    const target = join(to, name)
    const stat = statSync(source)
    if (stat.isDirectory()) linkTree(source, target)
    else if (!existsSync(target)) linkSync(source, target)
  }
}

beforeAll(async () => {
  await ensureServerBuild(() => undefined)
  for (const file of ['package.json', 'server/serve.mjs', 'server/build-server.mjs']) {
    mkdirSync(dirname(join(install, file)), { recursive: true })
    copyFileSync(join(repo, file), join(install, file))
  }
  cpSync(join(repo, 'dist-server'), join(install, 'dist-server'), { recursive: true })
  // Only the production packages, as npm lists them.
  const packages = execFileSync('npm', ['ls', '--omit=dev', '--parseable', '--all'], { cwd: repo, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 })
    .split('\n')
    .filter((p) => p.startsWith(join(repo, 'node_modules')))
  for (const p of packages) linkTree(p, join(install, relative(repo, p)))
}, 180_000)

async function start(env: Record<string, string>) {
  const port = await freePort()
  const child = spawn(process.execPath, ['server/serve.mjs'], {
    cwd: install,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PUBLIC_URL: 'https://funeral.example.co.ke', DARAJA_SIMULATOR: '1', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
  })
  let out = ''
  child.stdout.on('data', (d) => (out += d))
  child.stderr.on('data', (d) => (out += d))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => out.includes('Funeral home server on') && resolve())
    void exited.then((code) => reject(new Error(`exited ${code}:\n${out}`)))
  })
  // A start expected to fail is never awaited as ready.
  ready.catch(() => undefined)
  return { child, port, exited, ready, output: () => out }
}

describe('a production install', () => {
  it('without a build, stops at once and says to run npm run build (it never builds)', async () => {
    const run = await start({})
    expect(await run.exited).toBe(1)
    expect(run.output()).toContain('the app (dist/) not built. A production start never builds: run `npm run build` first')
    expect(existsSync(join(install, 'dist'))).toBe(false)
  })

  it('with the build and only the production packages, starts and serves the pages and /api', async () => {
    // The built app as `npm run build` leaves it (its content is the journeys' business).
    mkdirSync(join(install, 'dist'), { recursive: true })
    writeFileSync(join(install, 'dist', 'spa.html'), '<!doctype html><title>Funeral home</title><div id="root"></div>')
    writeFileSync(join(install, 'dist', 'index.html'), '<!doctype html><title>Funeral home</title><p>Welcome</p>')
    expect(existsSync(join(install, 'node_modules', 'vite'))).toBe(false)
    expect(existsSync(join(install, 'node_modules', 'typescript7'))).toBe(false)
    const run = await start({})
    try {
      await run.ready
      const base = `http://127.0.0.1:${run.port}`
      const health = await fetch(`${base}/api/health`)
      expect(health.status).toBe(200)
      expect(((await health.json()) as { status: string }).status).toBe('ok')
      const services = await fetch(`${base}/api/services`)
      expect(services.status).toBe(200)
      const page = await fetch(`${base}/login`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('<div id="root">')
    } finally {
      run.child.kill('SIGTERM')
      // What the server said, should it not stop cleanly.
      expect(await run.exited, run.output()).toBe(0)
    }
  }, 120_000)
})
