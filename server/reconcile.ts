/**
 * The reconciliation of open pushes, kept in PostgreSQL so it survives a restart and is shared by
 * every instance: each open row of mpesa_requests carries its own job (next_check_at,
 * check_attempts). A worker claims due rows with SELECT … FOR UPDATE SKIP LOCKED (two instances
 * never take the same push), moves their next check out with exponential backoff in the same
 * transaction, then asks Daraja (STK query) and applies the answer once (server/mpesa.ts).
 * "Still processing" only schedules the next check; a query that fails (Daraja down) is retried.
 *
 * Why not pg-boss: it needs its own schema and LISTEN/NOTIFY-free polling over a second pool; over
 * PGlite (one connection, no separate pool) it would need an adapter, and the job already has a
 * natural home, the push's own row, created in the same transaction as the push. This is the same
 * claim-with-SKIP-LOCKED pattern pg-boss uses, on both PGlite and PostgreSQL, with no extra table.
 */
import { and, isNull, lte, not, like, sql, asc, eq } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { Db } from './db/client'
import { mpesaRequests } from './db/schema'
import type { Daraja } from './daraja/client'
import { queryAndSettle } from './mpesa'
import { repeatEvery } from './repeat'

export interface ReconcileOptions {
  /** Between polls of the table. */
  pollMs?: number
  /** The first check after a push (the app's own verifies come first), then doubled per attempt. */
  firstCheckMs?: number
  maxBackoffMs?: number
  /** After this many checks a push is left to the admin (it stays processing, and is logged). */
  maxAttempts?: number
  batch?: number
}

export function backoffMs(attempt: number, first: number, max: number): number {
  return Math.min(max, first * 2 ** attempt)
}

/** One pass: claims up to `batch` due pushes and checks each once. Returns how many were checked. */
export async function reconcileOnce(db: Db, log: Logger, daraja: Daraja, options: ReconcileOptions = {}): Promise<number> {
  const { firstCheckMs = 60_000, maxBackoffMs = 30 * 60_000, maxAttempts = 30, batch = 10 } = options
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mpesaRequests.id, checkoutRequestId: mpesaRequests.checkoutRequestId, attempts: mpesaRequests.checkAttempts })
      .from(mpesaRequests)
      .where(and(isNull(mpesaRequests.resultCode), lte(mpesaRequests.nextCheckAt, sql`now()`), not(like(mpesaRequests.checkoutRequestId, 'claim-%')), sql`${mpesaRequests.checkAttempts} < ${maxAttempts}`))
      .orderBy(asc(mpesaRequests.nextCheckAt))
      .limit(batch)
      .for('update', { skipLocked: true })
    for (const row of due) {
      const wait = backoffMs(row.attempts + 1, firstCheckMs, maxBackoffMs)
      await tx
        .update(mpesaRequests)
        .set({ checkAttempts: row.attempts + 1, nextCheckAt: sql`now() + ${`${wait} milliseconds`}::interval` })
        .where(eq(mpesaRequests.id, row.id))
    }
    return due
  })
  for (const row of claimed) {
    const result = await queryAndSettle(db, log, daraja, row.checkoutRequestId)
    if (result?.status === 'pending' && row.attempts + 1 >= maxAttempts) log.warn({ checkoutRequestId: row.checkoutRequestId }, 'M-Pesa push still open after every check: left for the admin')
  }
  return claimed.length
}

/** Runs reconcileOnce every pollMs until stopped. */
export function startReconciler(db: Db, log: Logger, daraja: Daraja, options: ReconcileOptions = {}): { stop(): Promise<void> } {
  return repeatEvery(options.pollMs ?? 5_000, () => reconcileOnce(db, log, daraja, options), log, 'reconciliation pass failed')
}
