/**
 * A production start, as a funeral home's IT person would make it (the real process, a fresh
 * PGlite DATA_DIR, no Daraja credentials): refused without PUBLIC_URL or without asking for the
 * simulator; with them, no demo account signs in, the first administrator comes from
 * `npm run admin:create` and must choose their own password, the simulator is announced, and a
 * forgot-password leaves no reset link in any table or in the server's output. A database holding
 * the demo data is refused until `npm run demo:remove` empties it.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../../server/db/client'
import { insertDemo } from '../../server/seed'
import { DEMO_ACCOUNTS } from '../../shared/demo-accounts'
import { MSG_MUST_CHANGE_PASSWORD } from '../../shared/contracts/auth'
import { copyEmptyDatabaseInto } from './pglite-template.mjs'
import { SERVER_ENTRY, ensureServerBuild } from '../../server/build-server.mjs'
import { freePort } from './free-port'

// The server as production runs it: the bundle (npm test builds it once before its stages).
await ensureServerBuild(() => undefined)

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const PORT = await freePort()
const BASE = `http://127.0.0.1:${PORT}/api`

/** The environment of the test run without anything that configures the server. */
function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(DARAJA_|PUBLIC_URL|SEED_DEMO|HOST$|AT_|DATABASE_URL)/.test(k)) env[k] = v
  return env
}

function production(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return { ...cleanEnv(), NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'info', JWT_SECRET: randomBytes(32).toString('hex'), ...extra }
}

/**
 * Runs a command to its end: its exit code and everything it printed. `server/main.ts` is the
 * server's bundle, as production starts it; the admin commands run through tsx, as their npm scripts do.
 */
function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const argv = args[0] === 'server/main.ts' ? [SERVER_ENTRY, ...args.slice(1)] : ['--import', 'tsx', ...args]
  return new Promise((resolve) => {
    const child = spawn(process.execPath, argv, { env })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('close', (code) => resolve({ code, out }))
  })
}

/** Starts the server; `stop()` ends it and answers everything it printed. */
function startServer(env: Record<string, string>): Promise<{ output: () => string; stop: () => Promise<string> }> {
  const child = spawn(process.execPath, [SERVER_ENTRY], { env })
  let out = ''
  child.stdout.on('data', (d) => (out += d))
  child.stderr.on('data', (d) => (out += d))
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()))
  const stop = async () => {
    child.kill('SIGTERM')
    await closed
    return out
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`no start:\n${out}`))
    }, 60_000)
    child.on('close', () => {
      clearTimeout(timer)
      reject(new Error(`the server stopped:\n${out}`))
    })
    child.stdout.on('data', () => {
      if (out.includes('Funeral home server on')) {
        clearTimeout(timer)
        resolve({ output: () => out, stop })
      }
    })
  })
}

const post = (path: string, body: unknown, token?: string) =>
  fetch(`${BASE}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })
const get = (path: string, token: string) => fetch(`${BASE}${path}`, { headers: { Authorization: `Bearer ${token}` } })

/** Every row of every table, as text. */
async function everyRow(dataDir: string): Promise<string> {
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') })
  try {
    const tables = ((await database.db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)) as unknown as { rows: Array<{ tablename: string }> }).rows
    let all = ''
    for (const { tablename } of tables) {
      const rows = ((await database.db.execute(sql`SELECT row_to_json(t)::text AS row FROM ${sql.identifier(tablename)} t`)) as unknown as { rows: Array<{ row: string }> }).rows
      all += `${tablename}: ${rows.map((r) => r.row).join('\n')}\n`
    }
    return all
  } finally {
    await database.close()
  }
}

describe('a production start', () => {
  it('is refused without PUBLIC_URL or a choice for M-Pesa; then no demo account, a first admin by command who must choose a password, the simulator announced, no reset link kept', async () => {
    // The empty database a first start makes, copied (an initdb costs seconds; tests/server/server.test.ts covers it).
    const dataDir = copyEmptyDatabaseInto(mkdtempSync(join(tmpdir(), 'afh-production-')))
    dirs.push(dataDir)

    const noSimulator = await run(['server/main.ts'], production(dataDir, { PUBLIC_URL: 'https://funeral.example.co.ke' }))
    expect(noSimulator.code).toBe(1)
    expect(noSimulator.out).toMatch(/M-Pesa is not configured: set DARAJA_CONSUMER_KEY[\s\S]*DARAJA_SIMULATOR=1/)
    const noUrl = await run(['server/main.ts'], production(dataDir, { DARAJA_SIMULATOR: '1' }))
    expect(noUrl.code).toBe(1)
    expect(noUrl.out).toMatch(/PUBLIC_URL is required/)

    const env = production(dataDir, { PUBLIC_URL: 'https://funeral.example.co.ke', DARAJA_SIMULATOR: '1' })
    // A new database: no account at all, and the way to make the first one.
    let server = await startServer(env)
    let log = ''
    try {
      expect(server.output()).toContain('New database, no account yet. Create the first administrator: npm run admin:create')
      expect(server.output()).toMatch(/WARNING: payments are simulated \(DARAJA_SIMULATOR=1\): no money moves/)
      for (const account of DEMO_ACCOUNTS) expect((await post('/auth/login', { email: account.email, password: account.password })).status).toBe(401)
    } finally {
      log = await server.stop()
    }

    // PGlite: the command runs while the server is stopped.
    const made = await run(['server/admin.ts', 'create', '--email', 'Owner@Example.co.ke', '--name', 'Amina Otieno'], env)
    expect(made.code).toBe(0)
    const oneTime = /One-time password:\s+(\S+)/.exec(made.out)?.[1] ?? ''
    expect(oneTime.length).toBeGreaterThanOrEqual(16)
    expect(made.out).toContain('https://funeral.example.co.ke/login')
    expect((await run(['server/admin.ts', 'create', '--email', 'owner@example.co.ke', '--name', 'Again'], env)).out).toContain('An account with this email already exists')

    server = await startServer(env)
    try {
      // Every start says the payments are simulated, and the admin portal is told.
      expect(server.output()).toMatch(/WARNING: payments are simulated/)
      expect(((await (await fetch(`${BASE}/settings/public`)).json()) as { payments: { simulated: boolean } }).payments).toEqual({ simulated: true })
      for (const account of DEMO_ACCOUNTS) expect((await post('/auth/login', { email: account.email, password: account.password })).status).toBe(401)

      const first = await post('/auth/login', { email: 'owner@example.co.ke', password: oneTime })
      expect(first.status).toBe(200)
      const signedIn = (await first.json()) as { token: string; must_change_password: boolean; user: { role: string; must_change_password: boolean } }
      expect(signedIn).toMatchObject({ must_change_password: true, user: { role: 'admin', must_change_password: true } })
      const refused = await get('/users', signedIn.token)
      expect(refused.status).toBe(403)
      expect(((await refused.json()) as { message: string }).message).toBe(MSG_MUST_CHANGE_PASSWORD)
      expect((await get('/auth/me', signedIn.token)).status).toBe(200)
      const same = await fetch(`${BASE}/auth/change-password`, { method: 'PUT', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${signedIn.token}` }, body: JSON.stringify({ currentPassword: oneTime, newPassword: oneTime }) })
      expect(same.status).toBe(422)
      const changed = await fetch(`${BASE}/auth/change-password`, { method: 'PUT', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${signedIn.token}` }, body: JSON.stringify({ currentPassword: oneTime, newPassword: 'Mine#Own2026' }) })
      expect(changed.status).toBe(200)
      expect((await post('/auth/login', { email: 'owner@example.co.ke', password: oneTime })).status).toBe(401)
      const again = (await (await post('/auth/login', { email: 'owner@example.co.ke', password: 'Mine#Own2026' })).json()) as { token: string; must_change_password?: boolean }
      expect(again.must_change_password).toBeUndefined()
      expect((await get('/users', again.token)).status).toBe(200)

      expect((await post('/auth/forgot-password', { email: 'owner@example.co.ke' })).status).toBe(200)
    } finally {
      log += await server.stop()
    }
    expect(log).not.toContain('reset-password?token')
    expect(log).not.toContain(oneTime)
    const rows = await everyRow(dataDir)
    expect(rows).toMatch(/password_resets: \{/)
    expect(rows).not.toMatch(/reset-password|token=/)
  }, 240_000)

  it('is refused on a database holding the demo data, saying how to remove it; demo:remove empties it', async () => {
    const dataDir = copyEmptyDatabaseInto(mkdtempSync(join(tmpdir(), 'afh-production-demo-')))
    dirs.push(dataDir)
    const demo = await openDatabase({ dataDir: join(dataDir, 'pglite') })
    await insertDemo(demo.db)
    await demo.close()
    const env = production(dataDir, { PUBLIC_URL: 'https://funeral.example.co.ke', DARAJA_SIMULATOR: '1' })

    const refused = await run(['server/main.ts'], env)
    expect(refused.code).toBe(1)
    expect(refused.out).toMatch(/This production database holds demo accounts \(admin@funeral\.test, attendant@funeral\.test, family@funeral\.test\)[\s\S]*npm run demo:remove -- --yes/)
    // Development, on a public address: refused too (the demo passwords are published).
    const exposed = await run(['server/main.ts'], { ...env, NODE_ENV: 'development', HOST: '0.0.0.0' })
    expect(exposed.code).toBe(1)
    expect(exposed.out).toMatch(/HOST=0\.0\.0\.0 would put the demo accounts[\s\S]*loopback only/)

    const asked = await run(['server/admin.ts', 'remove-demo'], env)
    expect(asked.code).toBe(1)
    expect(asked.out).toContain('npm run demo:remove -- --yes empties it')
    expect((await run(['server/admin.ts', 'remove-demo', '--yes'], env)).code).toBe(0)
    const server = await startServer(env)
    try {
      for (const account of DEMO_ACCOUNTS) expect((await post('/auth/login', { email: account.email, password: account.password })).status).toBe(401)
    } finally {
      await server.stop()
    }
  }, 240_000)
})
