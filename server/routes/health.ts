/**
 * `GET /api/health` for load balancers: the database answers, its migrations are this version's,
 * documents can be written; with the backlog an operator watches. Probed every few seconds, so it is
 * one query in the usual case and each check is bounded in time. No token, never cached, no row
 * about a person: only counts.
 */
import { Hono } from 'hono'
import type { HealthCheck, HealthResponse } from '../../shared/contracts/health'
import { readDatabase, within } from '../domain/health'
import type { Storage } from '../storage/storage'
import type { AppEnv } from '../types'

/** A check slower than this fails: a load balancer's own timeout is usually a few seconds. */
export const HEALTH_CHECK_TIMEOUT_MS = 2_000

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

