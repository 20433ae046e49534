/**
 * M-Pesa on the server: the payment row of a push and how it is settled, once, by whichever of
 * Daraja's callback, the app's verify (an STK query) or the reconciliation comes first. The
 * decisions are server/daraja/callback.ts's (settle, settleFromQuery); this file applies them so
 * that each takes effect at most once even across instances: every change is one UPDATE guarded
 * by the payment still being `processing` (or its receipt still empty).
 */
import { and, desc, eq, gt, isNotNull, isNull, like, sql } from 'drizzle-orm'
import { CONTRIBUTION_RESERVATION_MS, CONTRIBUTION_SMS, WELL_WISHER } from '../src/api/contracts/contributions'
import { queueSms, queueSmsTo } from './sms'
import { storedSettings } from './routes/settings'
import type { Logger } from 'pino'
import type { Db } from './db/client'
import { bookings, deceased, mpesaRequests, payments } from './db/schema'
import { amountDue } from '../shared/rules'
import { logActivity } from './repo/users'
import { ignoredCallbackLog, matchUnclaimedCallback, settle, settleFromQuery, type PushRecord, type SettleDecision, type StkCallback } from './daraja/callback'
import type { Daraja, StkQueryResult } from './daraja/client'

export type MpesaRequestRow = typeof mpesaRequests.$inferSelect
type PaymentRow = typeof payments.$inferSelect

/** The push as the settle decisions see it, from its payment row. */
export async function pushRecord(db: Db, checkoutRequestId: string): Promise<PushRecord | null> {
  const [p] = await db.select().from(payments).where(eq(payments.checkoutRequestId, checkoutRequestId))
  if (!p || p.status === 'pending') return null
  return { checkoutRequestId, amount: p.amount, status: p.status, transactionId: p.transactionId }
}

/** The booking's payment status from its completed payments only. */
async function refreshPaymentStatus(db: Db, bookingId: number): Promise<void> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId))
  if (!booking) return
  const rows = await db.select({ status: payments.status, amount: payments.amount }).from(payments).where(eq(payments.bookingId, bookingId))
  const paid = rows.some((r) => r.status === 'completed')
  const status = amountDue(booking.totalAmount, rows) === 0 ? 'paid' : paid ? 'partial' : 'pending'
  if (booking.paymentStatus === 'refunded' || booking.paymentStatus === status) return
  await db.update(bookings).set({ paymentStatus: status }).where(eq(bookings.id, bookingId))
}

/**
 * Applies a decision to the push `checkoutRequestId`. Returns true when this call changed it. Safe
 * to run concurrently from several places: only the first UPDATE finds the row still processing.
 */
export async function applyDecision(db: Db, log: Logger, checkoutRequestId: string, decision: SettleDecision, source: 'callback' | 'query'): Promise<boolean> {
  if (decision.action === 'ignore') return false
  if (decision.action === 'add-receipt') {
    const done = await db
      .update(payments)
      .set({ transactionId: decision.transactionId })
      .where(and(eq(payments.checkoutRequestId, checkoutRequestId), isNull(payments.transactionId), eq(payments.status, 'completed')))
      .returning({ id: payments.id })
    return done.length > 0
  }
  let completed: PaymentRow | null = null
  const changed = await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    const complete = decision.action === 'complete'
    const [row] = await t
      .update(payments)
      .set(complete ? { status: 'completed', transactionId: decision.transactionId, resultDesc: null } : { status: 'failed', resultDesc: decision.resultDesc })
      .where(and(eq(payments.checkoutRequestId, checkoutRequestId), eq(payments.status, 'processing')))
      .returning()
    if (!row) return false
    await t.update(mpesaRequests).set({ resultCode: decision.resultCode, resultDesc: decision.resultDesc }).where(eq(mpesaRequests.checkoutRequestId, checkoutRequestId))
    if (complete) {
      completed = row
      await refreshPaymentStatus(t, row.bookingId)
      await logActivity(t, 'payment', `M-Pesa payment of KSH ${row.amount.toLocaleString('en-KE')} received for booking #${row.bookingId}`, row.clientId)
    }
    log.info({ checkoutRequestId, action: decision.action, source }, 'M-Pesa push settled')
    return true
  })
  const done = completed as PaymentRow | null
  if (done?.contributionLinkId) await contributionReceived(db, log, done)
  return changed
}

/** A relative's contribution arrived: a thank-you to them (with the receipt) and a word to the family. Never throws. */
async function contributionReceived(db: Db, log: Logger, p: PaymentRow): Promise<void> {
  try {
    const [b] = await db
      .select({ clientId: bookings.clientId, total: bookings.totalAmount, first: deceased.firstName, last: deceased.lastName })
      .from(bookings)
      .leftJoin(deceased, eq(deceased.id, bookings.deceasedId))
      .where(eq(bookings.id, p.bookingId))
    if (!b) return
    const home = (await storedSettings(db)).general.facilityName
    const name = `${b.first ?? ''} ${b.last ?? ''}`.trim()
    if (p.contributorPhone) await queueSmsTo(db, log, p.contributorPhone, { kind: 'contribution', bookingId: p.bookingId, body: CONTRIBUTION_SMS.thanks(home, name, p.amount, p.transactionId) })
    const rows = await db.select({ status: payments.status, amount: payments.amount }).from(payments).where(eq(payments.bookingId, p.bookingId))
    await queueSms(db, log, { userId: b.clientId, kind: 'contribution', bookingId: p.bookingId, body: CONTRIBUTION_SMS.family(p.contributorName ?? WELL_WISHER, p.amount, amountDue(b.total, rows)) })
  } catch (error) {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, 'could not queue the contribution SMS')
  }
}

/** Daraja's callback: settles a push of ours once; anything else is logged and changes nothing. */
export async function onDarajaCallback(db: Db, log: Logger, callback: StkCallback): Promise<void> {
  let push = await pushRecord(db, callback.checkoutRequestId)
  if (!push && (await claimLostPush(db, log, callback))) push = await pushRecord(db, callback.checkoutRequestId)
  const decision = settle(push, callback)
  const note = ignoredCallbackLog(decision, callback)
  // A repeat that agrees with the settled payment is routine (the simulator and Daraja call back after a verify settled it).
  const routine = decision.action === 'ignore' && decision.reason === 'already-settled' && !decision.conflicting
  if (note) log[routine ? 'debug' : 'warn']({ checkoutRequestId: callback.checkoutRequestId }, note)
  const changed = await applyDecision(db, log, callback.checkoutRequestId, decision, 'callback')
  if (!changed && (decision.action === 'complete' || decision.action === 'fail')) {
    // Decided on a row that a verify's STK query settled meanwhile (another transaction, maybe another
    // instance): decide again on what is there now, so the receipt is not lost (add-receipt) and a
    // contradiction is logged.
    const again = settle(await pushRecord(db, callback.checkoutRequestId), callback)
    const note2 = ignoredCallbackLog(again, callback)
    if (note2 && !(again.action === 'ignore' && again.reason === 'already-settled' && !again.conflicting)) log.warn({ checkoutRequestId: callback.checkoutRequestId }, note2)
    await applyDecision(db, log, callback.checkoutRequestId, again, 'callback')
  }
}

/**
 * A success callback for a CheckoutRequestID we never learnt: the push whose answer was lost
 * (timeout, dropped connection) is still open under its claim id. When exactly one such attempt
 * has the callback's phone and amount (matchUnclaimedCallback), it takes the real id and is then
 * settled as usual. Returns whether one was claimed.
 */
async function claimLostPush(db: Db, log: Logger, callback: StkCallback): Promise<boolean> {
  const open = await db
    .select()
    .from(mpesaRequests)
    .where(and(isNull(mpesaRequests.resultCode), like(mpesaRequests.checkoutRequestId, 'claim-%')))
  const match = matchUnclaimedCallback(
    callback,
    open.map((r) => ({ ...r, sentAt: r.createdAt })),
    { receivedAt: new Date() },
  )
  if (!match) return false
  await db.transaction(async (tx) => {
    await tx.update(mpesaRequests).set({ checkoutRequestId: callback.checkoutRequestId, merchantRequestId: callback.merchantRequestId }).where(eq(mpesaRequests.id, match.id))
    await tx.update(payments).set({ checkoutRequestId: callback.checkoutRequestId }).where(eq(payments.checkoutRequestId, match.checkoutRequestId))
  })
  log.warn({ checkoutRequestId: callback.checkoutRequestId, bookingId: match.bookingId }, 'Daraja callback matched to a push whose answer was lost')
  return true
}

/** One STK query for an open push, applied. A query that fails (network, Daraja down) changes nothing. */
export async function queryAndSettle(db: Db, log: Logger, daraja: Daraja, checkoutRequestId: string): Promise<StkQueryResult | null> {
  let result: StkQueryResult
  try {
    result = await daraja.stkQuery(checkoutRequestId)
  } catch (error) {
    log.warn({ checkoutRequestId, err: error instanceof Error ? error.message : String(error) }, 'STK query failed; the push stays open')
    return null
  }
  const decision = settleFromQuery(await pushRecord(db, checkoutRequestId), result)
  await applyDecision(db, log, checkoutRequestId, decision, 'query')
  return result
}

export async function openRequestOf(db: Db, bookingId: number): Promise<MpesaRequestRow | undefined> {
  const [open] = await db
    .select()
    .from(mpesaRequests)
    .where(and(eq(mpesaRequests.bookingId, bookingId), isNull(mpesaRequests.resultCode), isNull(mpesaRequests.contributionLinkId)))
  return open
}

/** A family's payments, newest first, each with the deceased its booking is for (the history names them). */
export async function paymentsOf(db: Db, clientId: number) {
  return db
    .select({ payment: payments, deceasedFirstName: deceased.firstName, deceasedLastName: deceased.lastName })
    .from(payments)
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .leftJoin(deceased, eq(deceased.id, bookings.deceasedId))
    .where(eq(payments.clientId, clientId))
    .orderBy(desc(payments.paymentDate), desc(payments.id))
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString())

export function toWirePayment(p: PaymentRow) {
  return {
    id: p.id,
    booking_id: p.bookingId,
    transaction_id: p.transactionId,
    payment_method: p.paymentMethod,
    status: p.status,
    amount: p.amount,
    payment_date: iso(p.paymentDate),
    phone: p.phone,
    description: p.resultDesc,
    contributor_name: p.contributorName,
  }
}


/** What open contribution pushes of this booking hold (a push unanswered for CONTRIBUTION_RESERVATION_MS holds nothing). */
export async function reservedFor(db: Db, bookingId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`COALESCE(SUM(${mpesaRequests.amount}), 0)::int` })
    .from(mpesaRequests)
    .where(
      and(
        eq(mpesaRequests.bookingId, bookingId),
        isNull(mpesaRequests.resultCode),
        isNotNull(mpesaRequests.contributionLinkId),
        gt(mpesaRequests.createdAt, sql`now() - ${`${CONTRIBUTION_RESERVATION_MS} milliseconds`}::interval`),
      ),
    )
  return Number(row?.n ?? 0)
}
