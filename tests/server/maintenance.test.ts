/**
 * PGlite has no autovacuum: the server vacuums and analyses it itself, after start and then every
 * six hours. PostgreSQL is left to its own autovacuum.
 */
import { Writable } from 'node:stream'
import { describe, expect, it, vi } from 'vitest'
import { sql } from 'drizzle-orm'
import pino from 'pino'
import { openDatabase, type Database } from '../../server/db/client'
import { PGLITE_MAINTENANCE_EVERY_MS, startPgliteMaintenance } from '../../server/maintenance'
import { emptyDatabaseDump } from './pglite-template.mjs'

function capturedLog() {
  const lines: Array<{ msg: string; ms?: number }> = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { msg: string })
      done()
    },
  })
  return { log: pino({ level: 'info' }, stream), lines }
}

describe('PGlite maintenance', () => {
  it('vacuums and analyses PGlite: its planner then knows how many accounts there are', async () => {
    const database = await openDatabase({ loadDataDir: emptyDatabaseDump() })
    const { log, lines } = capturedLog()
    try {
      await database.db.execute(sql`INSERT INTO users (name, email, role, password_hash) VALUES ('Vacuum Test', 'vacuum@example.com', 'client', 'x')`)
      const rowsKnown = async () => {
        const result = (await database.db.execute(sql`SELECT reltuples::int AS n FROM pg_class WHERE relname = 'users'`)) as unknown as { rows: Array<{ n: number }> }
        return result.rows[0]?.n
      }
      // A table never analysed: PostgreSQL records -1 ("unknown").
      expect(await rowsKnown()).toBe(-1)
      const job = startPgliteMaintenance(database, log, 0)
      await expect.poll(() => lines.some((l) => l.msg === 'database vacuumed and analysed'), { timeout: 20_000 }).toBe(true)
      await job.stop()
      expect(await rowsKnown()).toBe(1)
    } finally {
      await database.close()
    }
  }, 60_000)

  it('leaves PostgreSQL to its autovacuum', async () => {
    const { log, lines } = capturedLog()
    const executed: unknown[] = []
    const postgres = { kind: 'postgres', db: { execute: (q: unknown) => void executed.push(q) }, close: async () => undefined } as unknown as Database
    vi.useFakeTimers()
    try {
      const job = startPgliteMaintenance(postgres, log, 0)
      // Past the first pass (due at once) and the next: on PGlite both would have run by now.
      await vi.advanceTimersByTimeAsync(PGLITE_MAINTENANCE_EVERY_MS + 1)
      await job.stop()
    } finally {
      vi.useRealTimers()
    }
    expect(executed).toEqual([])
    expect(lines).toEqual([])
  })
})
