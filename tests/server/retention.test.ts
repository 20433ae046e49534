/**
 * The Settings' log retention and backup frequency, run by the retention job's pass with the clock
 * moved by hand (no waiting): old log rows go, records stay; a backup runs when one is due, once
 * even when two instances look at the same moment. On PGlite, or on PostgreSQL with CONTRACT_DATABASE_URL.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { openDatabase, type Database, type Db } from '../../server/db/client'
import { insertDemo, truncateAll } from '../../server/seed'
import { activities, bookingAudit, idempotencyKeys, scheduledRuns, settings, signInDelays, smsOutbox } from '../../server/db/schema'
import { backupIfDue, retentionPass } from '../../server/retention'
import { backupDatabase, type BackupResult } from '../../server/backup'
import { DEFAULT_SETTINGS, type RetentionSettings } from '../../shared/contracts/settings'
import { forgetSettings } from '../../server/repo/settings'
import { emptyDatabaseDump } from './pglite-template.mjs'

const DAY = 86_400_000
const HOUR = 3_600_000
let database: Database
let db: Db
let dataDir: string

beforeAll(async () => {
  database = await openDatabase(process.env.CONTRACT_DATABASE_URL ? { databaseUrl: process.env.CONTRACT_DATABASE_URL } : { loadDataDir: emptyDatabaseDump() })
  db = database.db
  dataDir = await mkdtemp(join(tmpdir(), 'retention-'))
}, 60_000)
beforeEach(async () => {
  await truncateAll(db)
  await insertDemo(db)
}, 60_000)
afterAll(async () => {
  await database.close()
  await rm(dataDir, { recursive: true, force: true })
})

async function setRetention(change: Partial<RetentionSettings>) {
  const value = { ...DEFAULT_SETTINGS.retention, ...change }
  await db.insert(settings).values({ section: 'retention', value }).onConflictDoUpdate({ target: settings.section, set: { value } })
  forgetSettings(db)
}

/** A backup that only counts (the real one is exercised once below and in backup.test.ts). */
function countingBackup() {
  const runs: Date[] = []
  return {
    runs,
    backup: async (now: Date): Promise<BackupResult> => {
      runs.push(now)
      return { file: `backup-${runs.length}`, kind: 'json', documents: null, deleted: [] }
    },
  }
}

describe('log retention', () => {
  it('deletes log rows older than the setting (90 days by default, then 30), and keeps records and what is still waiting', async () => {
    const now = new Date(Date.now() + 400 * DAY)
    const ago = (days: number) => new Date(now.getTime() - days * DAY)
    await db.delete(activities)
    await db.delete(smsOutbox)
    await db.insert(activities).values([
      { type: 'user', message: 'old', time: ago(100) },
      { type: 'user', message: 'month-and-a-half', time: ago(45) },
      { type: 'user', message: 'recent', time: ago(5) },
    ])
    await db.insert(signInDelays).values([
      { key: 'email:old@example.com', failures: 6, nextAt: ago(100), lastAt: ago(100) },
      { key: 'email:recent@example.com', failures: 6, nextAt: ago(1), lastAt: ago(1) },
    ])
    await db.insert(idempotencyKeys).values([
      { userId: 1, key: 'old-done', route: 'POST /bookings', status: 201, body: {}, createdAt: ago(100) },
      { userId: 1, key: 'old-running', route: 'POST /bookings', status: null, createdAt: ago(100) },
    ])
    await db.insert(smsOutbox).values([
      { toPhone: '+254700000001', body: 'old sent', kind: 'test', status: 'sent', createdAt: ago(100) },
      { toPhone: '+254700000002', body: 'old queued', kind: 'test', status: 'queued', createdAt: ago(100) },
      { toPhone: '+254700000003', body: 'new sent', kind: 'test', status: 'sent', createdAt: ago(5) },
    ])
    const auditBefore = (await db.select().from(bookingAudit)).length
    const { backup } = countingBackup()

    const first = await retentionPass(db, now, backup)
    expect(first.pruned).toMatchObject({ activities: 1, signInDelays: 1, idempotencyKeys: 1, sms: 1 })
    expect((await db.select().from(activities)).map((a) => a.message).sort()).toEqual(['month-and-a-half', 'recent'])
    expect((await db.select().from(signInDelays)).map((f) => f.key)).toEqual(['email:recent@example.com'])
    expect((await db.select().from(idempotencyKeys)).map((k) => k.key)).toEqual(['old-running'])
    expect((await db.select().from(smsOutbox)).map((s) => s.body).sort()).toEqual(['new sent', 'old queued'])
    // A booking's history is a record, not a log.
    expect((await db.select().from(bookingAudit)).length).toBe(auditBefore)

    await setRetention({ logRetentionDays: '30' })
    await retentionPass(db, now, backup)
    expect((await db.select().from(activities)).map((a) => a.message)).toEqual(['recent'])
  })
})

describe('backup frequency', () => {
  it('daily: the first pass backs up, the next only when a day has passed since', async () => {
    const { runs, backup } = countingBackup()
    const t0 = new Date(Date.now() + 10 * DAY)
    const at = (ms: number) => new Date(t0.getTime() + ms)
    expect(await backupIfDue(db, 'daily', t0, backup)).not.toBeNull()
    expect(await backupIfDue(db, 'daily', at(23 * HOUR), backup)).toBeNull()
    expect(await backupIfDue(db, 'daily', at(DAY), backup)).not.toBeNull()
    expect(runs.map((r) => r.getTime() - t0.getTime())).toEqual([0, DAY])
    const [row] = await db.select().from(scheduledRuns).where(eq(scheduledRuns.job, 'backup'))
    expect(row?.lastRunAt.getTime()).toBe(at(DAY).getTime())
  })

  it('weekly and monthly follow the setting read by the pass', async () => {
    const { runs, backup } = countingBackup()
    const t0 = new Date(Date.now() + 10 * DAY)
    const at = (days: number) => new Date(t0.getTime() + days * DAY)
    await setRetention({ backupFrequency: 'weekly' })
    expect((await retentionPass(db, t0, backup)).backup).not.toBeNull()
    for (const day of [1, 3, 6.9]) expect((await retentionPass(db, at(day), backup)).backup).toBeNull()
    expect((await retentionPass(db, at(7), backup)).backup).not.toBeNull()
    await setRetention({ backupFrequency: 'monthly' })
    expect((await retentionPass(db, at(7 + 29), backup)).backup).toBeNull()
    expect((await retentionPass(db, at(7 + 30), backup)).backup).not.toBeNull()
    expect(runs).toHaveLength(3)
  })

  it('two instances looking at once: one backup', async () => {
    const { runs, backup } = countingBackup()
    const now = new Date(Date.now() + 10 * DAY)
    const results = await Promise.all([backupIfDue(db, 'daily', now, backup), backupIfDue(db, 'daily', now, backup), backupIfDue(db, 'daily', now, backup)])
    expect(results.filter((r) => r !== null)).toHaveLength(1)
    expect(runs).toHaveLength(1)
  })

  it('a failed backup is tried again on the next pass', async () => {
    const now = new Date(Date.now() + 10 * DAY)
    await expect(backupIfDue(db, 'daily', now, () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full')
    const { runs, backup } = countingBackup()
    expect(await backupIfDue(db, 'daily', new Date(now.getTime() + 10 * 60_000), backup)).not.toBeNull()
    expect(runs).toHaveLength(1)
  })

  it('the real backup lands in DATA_DIR/backups when due', async () => {
    const now = new Date()
    const { backup } = await retentionPass(db, now, (at) => backupDatabase(db, { dataDir, retentionDays: 30, now: at }))
    expect(backup).not.toBeNull()
    expect(await readdir(join(dataDir, 'backups'))).toContain(backup?.file.split('/').at(-1))
  })
})
