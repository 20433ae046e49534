/**
 * The reconciliation of open pushes, kept in PostgreSQL so it survives a restart and is shared by
 * every instance: each open row of mpesa_requests carries its own job (next_check_at,
 * check_attempts). A worker claims due rows with SELECT … FOR UPDATE SKIP LOCKED (two instances
 * never take the same push), moves their next check out with exponential backoff in the same
 * transaction, then asks Daraja (STK query) and applies the answer once (server/mpesa.ts).
 * "Still processing" only schedules the next check; a query that fails (Daraja down) is retried.
 * A push still without a final answer MPESA_PUSH_EXPIRY_MS after it was sent is closed as expired
 * (server/mpesa.ts, settleOrExpire): the last check is timed to that moment.
 *
 * Why not pg-boss: it needs its own schema and LISTEN/NOTIFY-free polling over a second pool; over
 * PGlite (one connection, no separate pool) it would need an adapter, and the job already has a
 * natural home, the push's own row, created in the same transaction as the push. This is the same
 * claim-with-SKIP-LOCKED pattern pg-boss uses, on both PGlite and PostgreSQL, with no extra table.
 */
import type { Logger } from 'pino'
import type { Db } from './db/client'
import { claimDuePushes } from './repo/payments'
import type { Daraja } from './daraja/client'
import { queryAndSettle, settleOrExpire } from './mpesa'
import { repeatEvery } from './repeat'
import { MPESA_PUSH_EXPIRY_MS } from '../shared/contracts/payments'

export interface ReconcileOptions {
  /** Between polls of the table. */
  pollMs?: number
  /** The first check after a push (the app's own verifies come first), then doubled per attempt. */
  firstCheckMs?: number
  maxBackoffMs?: number
  batch?: number
  /** The clock the rows are compared with (tests move it; the default is the wall clock). */
  now?: () => Date
}

export function backoffMs(attempt: number, first: number, max: number): number {
  return Math.min(max, first * 2 ** attempt)
}

/**
 * When a push's next check is due: the backoff, but never past its expiry, so the last query is
 * made when it expires (and it is closed then if still nothing is final). An attempt whose push
 * answer was lost cannot be asked about: its only check is at its expiry.
 */
export function nextCheckAt(row: { checkoutRequestId: string; createdAt: Date; attempts: number }, at: Date, firstCheckMs: number, maxBackoffMs: number): Date {
  const expiresAt = row.createdAt.getTime() + MPESA_PUSH_EXPIRY_MS
  const backoff = at.getTime() + backoffMs(row.attempts + 1, firstCheckMs, maxBackoffMs)
  const next = row.checkoutRequestId.startsWith('claim-') ? expiresAt : Math.min(backoff, expiresAt)
  // Past the expiry already (a pass that could not close it): retried with the backoff.
  return new Date(next > at.getTime() ? next : backoff)
}

/** One pass: claims up to `batch` due pushes and checks each once (or closes it as expired). Returns how many were checked. */
export async function reconcileOnce(db: Db, log: Logger, daraja: Daraja, options: ReconcileOptions = {}): Promise<number> {
  const { firstCheckMs = 60_000, maxBackoffMs = 30 * 60_000, batch = 10, now = () => new Date() } = options
  const at = now()
  const claimed = await claimDuePushes(db, at, batch, (row) => nextCheckAt({ ...row, attempts: row.checkAttempts }, at, firstCheckMs, maxBackoffMs))
  for (const row of claimed) {
    // Past its expiry: one last query, then closed as expired when still nothing is final.
    if (await settleOrExpire(db, log, daraja, row, at)) continue
    if (!row.checkoutRequestId.startsWith('claim-')) await queryAndSettle(db, log, daraja, row.checkoutRequestId)
  }
  return claimed.length
}

/** Runs reconcileOnce every pollMs until stopped. */
export function startReconciler(db: Db, log: Logger, daraja: Daraja, options: ReconcileOptions = {}): { stop(): Promise<void> } {
  return repeatEvery(options.pollMs ?? 5_000, () => reconcileOnce(db, log, daraja, options), log, 'reconciliation pass failed')
}
