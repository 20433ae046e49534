/**
 * `GET /api/health` for load balancers: the database answers, its migrations are this version's,
 * documents can be written; with the backlog an operator watches. Probed every few seconds, so it is
 * one query in the usual case and each check is bounded in time. No token, never cached, no row
 * about a person: only counts.
 */
import { Hono } from 'hono'
import { sql } from 'drizzle-orm'
import { MPESA_PUSH_EXPIRY_MS } from '../../shared/contracts/payments'
import type { HealthCheck, HealthResponse } from '../../shared/contracts/health'
import { newestMigration, type Db } from '../db/client'
import type { Storage } from '../storage/storage'
import type { AppEnv } from '../types'

/** A check slower than this fails: a load balancer's own timeout is usually a few seconds. */
export const HEALTH_CHECK_TIMEOUT_MS = 2_000

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

const toCount = (value: unknown) => (value === null || value === undefined ? null : Number(value))

interface DatabaseState {
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
async function readDatabase(db: Db, timeoutMs: number): Promise<DatabaseState> {
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

async function storageWritable(storage: Storage | undefined, timeoutMs: number): Promise<boolean> {
  // No storage configured: documents cannot be uploaded (their routes answer 503), so not healthy.
  if (!storage) return false
  return within(storage.probe(), timeoutMs).then(
    () => true,
    () => false,
  )
}

export function healthRoutes(options: { timeoutMs?: number } = {}) {
  const timeoutMs = options.timeoutMs ?? HEALTH_CHECK_TIMEOUT_MS
  // The log says when the answer changes, not at every probe (the request lines are at debug level).
  let lastFailed: string | undefined
  return new Hono<AppEnv>().get('/', async (c) => {
    const { db, storage, log } = c.var.deps
    const [state, stored] = await Promise.all([readDatabase(db, timeoutMs), storageWritable(storage, timeoutMs)])
    const checks = {
      database: state.database ? 'ok' : 'fail',
      migrations: state.migrations ? 'ok' : 'fail',
      storage: stored ? 'ok' : 'fail',
    } as const
    const failed = (Object.keys(checks) as HealthCheck[]).filter((name) => checks[name] === 'fail')
    const key = failed.join(',')
    if (lastFailed !== undefined && key !== lastFailed) {
      if (failed.length) log.warn({ failed }, 'health check failing')
      else log.info('health check passing again')
    } else if (lastFailed === undefined && failed.length) log.warn({ failed }, 'health check failing')
    lastFailed = key
    const answer: HealthResponse = { status: failed.length ? 'fail' : 'ok', checks, failed, ...state.counts }
    c.header('Cache-Control', 'no-store')
    return c.json(answer, failed.length ? 503 : 200)
  })
}

