/**
 * GET /api/health on the real server when something is wrong: storage that cannot be written, a
 * database that does not answer, migrations behind this version: 503 naming the check, never 500;
 * and the backlog counts read from the tables. On PGlite, or on PostgreSQL with CONTRACT_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { openDatabase, type Database } from '../../server/db/client'
import { insertDemo, truncateAll } from '../../server/seed'
import { mailOutbox, mpesaRequests, smsOutbox } from '../../server/db/schema'
import { createDiskStorage, type DiskStorage } from '../../server/storage/disk'
import type { Deps } from '../../server/types'
import { MPESA_PUSH_EXPIRY_MS } from '../../shared/contracts/payments'
import type { HealthResponse } from '../../shared/contracts/health'
import { emptyDatabaseDump } from './pglite-template.mjs'

const url = process.env.CONTRACT_DATABASE_URL || undefined
let database: Database
let dataDir: string
let storage: DiskStorage
const logLines: string[] = []
const log = pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) })

beforeAll(async () => {
  database = await openDatabase(url ? { databaseUrl: url } : { loadDataDir: emptyDatabaseDump() })
}, 60_000)
afterAll(async () => {
  await database.close()
})
beforeEach(async () => {
  await truncateAll(database.db)
  await insertDemo(database.db)
  dataDir = await mkdtemp(join(tmpdir(), 'afh-health-'))
  storage = await createDiskStorage({ dataDir })
  logLines.length = 0
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

const appWith = (deps: Partial<Deps> = {}) => createApp({ db: database.db, secret: randomBytes(32), log, dev: false, trustProxy: 0, storage, ...deps })
async function health(app = appWith()) {
  const res = await app.fetch(new Request('http://localhost/api/health'))
  return { status: res.status, json: (await res.json()) as HealthResponse }
}
const logged = () => logLines.map((line) => JSON.parse(line) as { level: number; msg: string; failed?: string[] })

describe('GET /api/health on the server', () => {
  it('counts overdue pushes and the queued and failed SMS and e-mails', async () => {
    const push = { merchantRequestId: 'm', bookingId: 1, clientId: 1, phone: '254700000001', amount: 100, scenario: 'success' }
    const late = new Date(Date.now() - MPESA_PUSH_EXPIRY_MS - 60_000)
    await database.db.insert(mpesaRequests).values([
      { ...push, checkoutRequestId: 'ws_overdue' },
      { ...push, checkoutRequestId: 'ws_closed', resultCode: '0', bookingId: 2 },
      { ...push, checkoutRequestId: 'ws_open', bookingId: 3 },
    ])
    // Aged by the database's own clock, which stamps the pushes.
    await database.db.execute(sql`UPDATE mpesa_requests SET created_at = now() - make_interval(secs => ${(MPESA_PUSH_EXPIRY_MS + 60_000) / 1000}) WHERE checkout_request_id IN ('ws_overdue', 'ws_closed')`)
    const sms = { toPhone: '254700000001', body: 'x', kind: 'test' }
    await database.db.insert(smsOutbox).values([{ ...sms }, { ...sms }, { ...sms, status: 'failed' }, { ...sms, status: 'sent' }])
    const mail = { kind: 'password_reset' as const, toAddress: 'a@example.co.ke', language: 'en' as const, sendAfter: late, createdAt: late }
    await database.db.insert(mailOutbox).values([{ ...mail }, { ...mail, status: 'failed' }, { ...mail, status: 'failed' }, { ...mail, status: 'sent' }])

    const { status, json } = await health()
    expect(status).toBe(200)
    expect(json).toMatchObject({ status: 'ok', mpesa: { overdue: 1 }, sms: { queued: 2, failed: 1 }, mail: { queued: 1, failed: 2 } })
    expect(JSON.stringify(json)).not.toMatch(/254700000001|example\.co\.ke/)
  })

  it('answers 503 naming storage when documents cannot be written, and ok again once they can', async () => {
    await rm(storage.dir, { recursive: true })
    const failing = await health()
    expect(failing.status).toBe(503)
    expect(failing.json).toMatchObject({ status: 'fail', failed: ['storage'], checks: { database: 'ok', migrations: 'ok', storage: 'fail' }, sms: { queued: 0 } })
    storage = await createDiskStorage({ dataDir })
    expect((await health(appWith())).status).toBe(200)
    // The probe leaves nothing behind.
    expect(await readdir(storage.dir)).toEqual([])
  })

  it('answers 503 naming storage when none is configured', async () => {
    const { status, json } = await health(appWith({ storage: undefined }))
    expect(status).toBe(503)
    expect(json.failed).toEqual(['storage'])
  })

  it('answers 503 naming migrations when the database is behind this version', async () => {
    const last = sql`(SELECT max(created_at) FROM drizzle.__drizzle_migrations)`
    await database.db.execute(sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at - 1 WHERE created_at = ${last}`)
    try {
      const { status, json } = await health()
      expect(status).toBe(503)
      expect(json).toMatchObject({ status: 'fail', failed: ['migrations'], checks: { database: 'ok', storage: 'ok' } })
    } finally {
      await database.db.execute(sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at + 1 WHERE created_at = ${last}`)
    }
    expect((await health()).status).toBe(200)
  })

  it('answers 503 naming the database when it does not answer (never 500), counts unknown', async () => {
    const closed = await openDatabase(url ? { databaseUrl: url, migrate: false } : { loadDataDir: emptyDatabaseDump() })
    await closed.close()
    const app = appWith({ db: closed.db })
    const { status, json } = await health(app)
    expect(status).toBe(503)
    expect(json).toMatchObject({ status: 'fail', checks: { database: 'fail', storage: 'ok' }, mpesa: { overdue: null }, sms: { queued: null, failed: null }, mail: { queued: null, failed: null } })
    expect(json.failed).toContain('database')
    expect(logged().filter((l) => l.level >= 50)).toEqual([])
  })

  it('logs a failing check once when it starts and once when it passes again, its request lines at debug', async () => {
    const app = appWith()
    await health(app)
    await rm(storage.dir, { recursive: true })
    for (let i = 0; i < 3; i++) expect((await health(app)).status).toBe(503)
    await createDiskStorage({ dataDir })
    expect((await health(app)).status).toBe(200)
    const lines = logged()
    expect(lines.filter((l) => l.msg === 'health check failing')).toEqual([expect.objectContaining({ level: 40, failed: ['storage'] })])
    expect(lines.filter((l) => l.msg === 'health check passing again')).toHaveLength(1)
    expect(lines.filter((l) => l.msg === 'request').every((l) => l.level === 20)).toBe(true)
  })
})
