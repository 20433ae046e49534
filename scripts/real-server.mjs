/**
 * `npm start`'s server (server/serve.mjs) on `port`, on a fresh data folder (the demo seed), as a
 * newcomer would run it: for the benchmarks (scripts/lighthouse.mjs, scripts/perf.mjs). Resolves
 * once it answers; `stop()` ends it and removes the folder.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export async function startRealServer(port) {
  const dataDir = mkdtempSync(join(tmpdir(), 'afh-bench-data-'))
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' }
  delete env.DATABASE_URL
  delete env.NODE_ENV
  const child = spawn(process.execPath, ['server/serve.mjs'], { stdio: ['ignore', 'inherit', 'inherit'], env })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const base = `http://127.0.0.1:${port}`
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode}) before it answered`)
    try {
      if ((await fetch(`${base}/api/health`)).ok) break
    } catch {
      // not listening yet
    }
    if (waited > 180_000) throw new Error('the server did not answer within 3 minutes')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM')
      await exited
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A demo account's token (the demo seed of a development start). */
export async function demoToken(base, email = 'family@funeral.test', password = 'Family#2026') {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) })
  const body = await res.json()
  if (!body.token) throw new Error(`sign-in as ${email}: ${res.status} ${JSON.stringify(body)}`)
  return body.token
}
