/** What only the server has: its configuration, its token secret, a database that survives a restart, the first admin. */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawn } from 'node:child_process'
import { afterAll, describe, expect, it } from 'vitest'
import { count } from 'drizzle-orm'
import { readConfig } from '../../server/config'
import { openDatabase } from '../../server/db/client'
import { insertFirstAdmin, isEmpty } from '../../server/seed'
import { users } from '../../server/db/schema'
import { verifyPassword } from '../../server/auth'
import { SERVER_ENTRY, buildServer } from '../../server/build-server.mjs'
import { copyEmptyDatabaseInto } from './pglite-template.mjs'
import { freePort } from './free-port'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'afh-server-test-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('configuration', () => {
  it('has defaults and reads the environment', () => {
    expect(readConfig({})).toMatchObject({ PORT: 3000, DATA_DIR: './data', SEED_DEMO: true, DATABASE_URL: undefined, JWT_SECRET: undefined, MAINTENANCE_FIRST_MS: 60_000 })
    expect(readConfig({ PORT: '8080', SEED_DEMO: '0', DATABASE_URL: 'postgres://u:p@db/x' })).toMatchObject({ PORT: 8080, SEED_DEMO: false, DATABASE_URL: 'postgres://u:p@db/x' })
  })

  it('refuses bad values with one message naming each variable', () => {
    expect(() => readConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' })).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*JWT_SECRET/)
    expect(() => readConfig({ MAINTENANCE_FIRST_MS: 'soon' })).toThrow(/MAINTENANCE_FIRST_MS must be a whole number/)
  })
})

describe('the database', () => {
  it('migrates an empty PGlite folder, and a restart keeps every record', async () => {
    const dataDir = join(tempDir(), 'pglite')
    const first = await openDatabase({ dataDir })
    expect(await isEmpty(first.db)).toBe(true)
    const admin = await insertFirstAdmin(first.db)
    await first.close()
    const again = await openDatabase({ dataDir })
    const [row] = await again.db.select({ n: count() }).from(users)
    expect(row?.n).toBe(1)
    const [stored] = await again.db.select().from(users)
    // argon2id, and the printed password is the one that works.
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/)
    expect(await verifyPassword(admin.password, stored?.passwordHash ?? '')).toBe(true)
    await again.close()
    // A real initdb (the only one of this stage) and a second open: on a busy 2-core machine, beside
    // two browsers and another worker, that once took more than a minute.
  }, 180_000)
})

describe('the process', () => {
  it('starts on a new DATA_DIR with SEED_DEMO=0: one admin, a one-time password printed once, the token secret kept with mode 0600 and never printed', async () => {
    // The empty database a first start makes, copied (the test above covers the server's own initdb).
    const dataDir = copyEmptyDatabaseInto(tempDir())
    const port = await freePort()
    // As `npm run serve` starts it: the bundle with plain Node (its migrations copied beside it).
    await buildServer()
    const child = spawn(process.execPath, [SERVER_ENTRY], { env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: '0', LOG_LEVEL: 'warn' } })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start:\n${out}`)), 45_000)
        child.stdout.on('data', () => {
          if (out.includes('Funeral home server on')) {
            clearTimeout(timer)
            resolve()
          }
        })
      })
      const password = /admin@example\.com\s+(\S+)/.exec(out)?.[1] ?? ''
      expect(password.length).toBeGreaterThanOrEqual(12)
      const secretFile = join(dataDir, 'jwt-secret')
      expect(statSync(secretFile).mode & 0o777).toBe(0o600)
      expect(out).not.toContain(readFileSync(secretFile, 'utf8').trim())
      const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password }) })
      expect(login.status).toBe(200)
      // A password the server chose: its owner must replace it before anything else.
      expect(((await login.json()) as { must_change_password: boolean }).must_change_password).toBe(true)
      const services = (await (await fetch(`http://127.0.0.1:${port}/api/services`)).json()) as { services: unknown[] }
      expect(services.services).toEqual([])
    } finally {
      child.kill('SIGTERM')
    }
  }, 60_000)
})
