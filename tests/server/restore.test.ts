/**
 * Backups that restore: a backup of a database with the demo's rows and a family's document, brought
 * back with `npm run restore`'s function into an empty DATA_DIR, holds the same rows and the same
 * document bytes; a restore never writes over a place that holds data. With RESTORE_DATABASE_URL (an
 * empty PostgreSQL database of its own, which .ci/run provides): a PGlite backup moves into
 * PostgreSQL, and a pg_dump backup of that comes back into PostgreSQL.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execFileSync } from 'node:child_process'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backupDatabase } from '../../server/backup'
import { openDatabase, type Db } from '../../server/db/client'
import { insertDemo } from '../../server/seed'
import { RestoreRefused, restoreBackup } from '../../server/restore'
import { copyEmptyDatabaseInto } from './pglite-template.mjs'

const root = mkdtempSync(join(tmpdir(), 'afh-restore-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
// On the PostgreSQL run of the server's tests only (the PGlite run leaves CONTRACT_DATABASE_URL empty).
const restoreUrl = (process.env.CONTRACT_DATABASE_URL && process.env.RESTORE_DATABASE_URL) || undefined

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows
/** Every table's row count, and a fingerprint of the rows that matter most to a family. */
async function snapshot(db: Db) {
  const tables = rowsOf(await db.execute(sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`)).map((r) => String(r.table_name))
  const counts: Record<string, number> = {}
  for (const t of tables) counts[t] = Number(rowsOf(await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(t)}`))[0]?.n)
  const bookings = rowsOf(await db.execute(sql`SELECT id, client_id, total_amount, status, payment_status FROM bookings ORDER BY id`))
  const payments = rowsOf(await db.execute(sql`SELECT id, booking_id, amount, status, transaction_id FROM payments ORDER BY id`))
  const users = rowsOf(await db.execute(sql`SELECT id, email, password_hash, role FROM users ORDER BY id`))
  return { counts, bookings, payments, users }
}

const source = join(root, 'source')
const documentBytes = randomBytes(64 * 1024)
let before: Awaited<ReturnType<typeof snapshot>>
let pgliteBackup: string

beforeAll(async () => {
  mkdirSync(join(source, 'documents'), { recursive: true })
  copyEmptyDatabaseInto(source)
  const database = await openDatabase({ dataDir: join(source, 'pglite') })
  try {
    await insertDemo(database.db)
    // A family's upload as the disk storage keeps it, and an upload in progress (never backed up).
    writeFileSync(join(source, 'documents', 'c0ffee-death-certificate'), documentBytes)
    writeFileSync(join(source, 'documents', '.half-written.part'), 'partial')
    before = await snapshot(database.db)
    const result = await backupDatabase(database.db, { dataDir: source, retentionDays: 30 })
    expect(result.kind).toBe('pglite')
    expect(result.documents).toMatch(/backup-.*\.documents\.tar$/)
    pgliteBackup = result.file
  } finally {
    await database.close()
  }
}, 180_000)

describe('restoring a backup', () => {
  it('brings a PGlite backup and its documents back into an empty DATA_DIR: the same rows, the same bytes', async () => {
    const target = join(root, 'restored')
    const result = await restoreBackup({ file: pgliteBackup, dataDir: target })
    expect(result).toMatchObject({ into: 'pglite', documents: 1 })
    expect(readFileSync(join(target, 'documents', 'c0ffee-death-certificate')).equals(documentBytes)).toBe(true)
    expect(existsSync(join(target, 'documents', '.half-written.part'))).toBe(false)
    const database = await openDatabase({ dataDir: join(target, 'pglite') })
    try {
      const after = await snapshot(database.db)
      expect(after).toEqual(before)
      expect(before.bookings.length).toBeGreaterThan(0)
      expect(before.payments.length).toBeGreaterThan(0)
    } finally {
      await database.close()
    }
    // Never over a database that holds data.
    await expect(restoreBackup({ file: pgliteBackup, dataDir: target })).rejects.toBeInstanceOf(RestoreRefused)
  }, 180_000)

  it('refuses what is not one of its backups, naming the file', async () => {
    const stray = join(root, 'notes.txt')
    writeFileSync(stray, 'hello')
    await expect(restoreBackup({ file: stray, dataDir: join(root, 'elsewhere') })).rejects.toThrow(/Not a backup this server makes: notes\.txt/)
  })

  describe.skipIf(!restoreUrl)('on PostgreSQL (RESTORE_DATABASE_URL)', () => {
    const emptyDatabase = async () => {
      const database = await openDatabase({ databaseUrl: restoreUrl, migrate: false })
      try {
        await database.db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`)
        await database.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`)
        await database.db.execute(sql`CREATE SCHEMA public`)
      } finally {
        await database.close()
      }
    }

    it('moves a PGlite backup into an empty PostgreSQL database, row for row, and ids go on after the highest', async () => {
      await emptyDatabase()
      const result = await restoreBackup({ file: pgliteBackup, dataDir: join(root, 'pg-move'), databaseUrl: restoreUrl })
      expect(result).toMatchObject({ into: 'postgres', documents: 1 })
      const database = await openDatabase({ databaseUrl: restoreUrl })
      try {
        expect(await snapshot(database.db)).toEqual(before)
        const [next] = rowsOf(await database.db.execute(sql`INSERT INTO contact_messages (name, email, message) VALUES ('A', 'a@b.c', 'after the move') RETURNING id`))
        expect(Number(next?.id)).toBeGreaterThan(0)
      } finally {
        await database.close()
      }
    }, 180_000)

    it.skipIf(!hasPgDump())('brings a pg_dump backup back into an empty PostgreSQL database', async () => {
      const dataDir = join(root, 'pg-dump')
      let file: string
      let expected: Awaited<ReturnType<typeof snapshot>>
      const database = await openDatabase({ databaseUrl: restoreUrl })
      try {
        expected = await snapshot(database.db)
        const result = await backupDatabase(database.db, { dataDir, databaseUrl: restoreUrl, retentionDays: 30 })
        expect(result.kind).toBe('pg_dump')
        file = result.file
      } finally {
        await database.close()
      }
      await expect(restoreBackup({ file, dataDir: join(root, 'pg-dump-busy'), databaseUrl: restoreUrl })).rejects.toThrow(/already has tables/)
      await emptyDatabase()
      await restoreBackup({ file, dataDir: join(root, 'pg-dump-restored'), databaseUrl: restoreUrl })
      const restored = await openDatabase({ databaseUrl: restoreUrl })
      try {
        expect(await snapshot(restored.db)).toEqual(expected)
      } finally {
        await restored.close()
      }
    }, 180_000)
  })
})

function hasPgDump(): boolean {
  try {
    execFileSync('pg_dump', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}
