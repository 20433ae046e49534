/** What the health check reads from the database: the last migration applied and the backlog, in one round trip, bounded in time. */
import { sql } from 'drizzle-orm'
import { MPESA_PUSH_EXPIRY_MS } from '../../shared/contracts/payments'
import type { HealthResponse } from '../../shared/contracts/health'
import { newestMigration } from '../db/client'
import type { Db } from '../db/types'

/** `work`, or a failure when it takes longer than `ms`. */
export function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

const toCount = (value: unknown) => (value === null || value === undefined ? null : Number(value))

export interface DatabaseState {
  database: boolean
  migrations: boolean
  counts: Pick<HealthResponse, 'mpesa' | 'sms' | 'mail'>
}

const NO_COUNTS: DatabaseState['counts'] = { mpesa: { overdue: null }, sms: { queued: null, failed: null }, mail: { queued: null, failed: null } }

/**
 * One round trip: the last migration applied and the backlog. Should it fail, a `SELECT 1` tells a
 * database that does not answer from one that lacks this version's tables (migrations not applied).
 * "Overdue" compares with the database's clock, which stamped the pushes.
 */
export async function readDatabase(db: Db, timeoutMs: number): Promise<DatabaseState> {
  try {
    const result = await within(
      db.execute(sql`SELECT
        (SELECT max(created_at) FROM drizzle.__drizzle_migrations) AS last_migration,
        (SELECT count(*) FROM mpesa_requests WHERE result_code IS NULL AND created_at < now() - make_interval(secs => ${MPESA_PUSH_EXPIRY_MS / 1000})) AS mpesa_overdue,
        (SELECT count(*) FROM sms_outbox WHERE status = 'queued') AS sms_queued,
        (SELECT count(*) FROM sms_outbox WHERE status = 'failed') AS sms_failed,
        (SELECT count(*) FROM mail_outbox WHERE status = 'queued') AS mail_queued,
        (SELECT count(*) FROM mail_outbox WHERE status = 'failed') AS mail_failed`),
      timeoutMs,
    )
    // node-postgres answers { rows }, PGlite's drizzle driver too.
    const row = ((result as unknown as { rows: Array<Record<string, unknown>> }).rows[0] ?? {}) as Record<string, unknown>
    const last = toCount(row.last_migration)
    return {
      database: true,
      migrations: last !== null && last >= newestMigration(),
      counts: {
        mpesa: { overdue: toCount(row.mpesa_overdue) },
        sms: { queued: toCount(row.sms_queued), failed: toCount(row.sms_failed) },
        mail: { queued: toCount(row.mail_queued), failed: toCount(row.mail_failed) },
      },
    }
  } catch {
    const answers = await within(db.execute(sql`SELECT 1`), timeoutMs).then(
      () => true,
      () => false,
    )
    return { database: answers, migrations: false, counts: NO_COUNTS }
  }
}
