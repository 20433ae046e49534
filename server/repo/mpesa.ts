/**
 * The rows server/mpesa.ts settles a push with: its payment and its request, the booking's payment
 * status, and the contributor's thanks waiting in the SMS outbox. Each change a settlement makes is
 * one guarded UPDATE here (the payment still `processing`, its receipt still empty), so it takes
 * effect at most once across the callback, a verify, the reconciliation and other instances.
 */
import { and, eq, isNull, like, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { bookings, deceased, mpesaRequests, payments, smsOutbox } from '../db/schema'
import { paymentAmountsOf, type MpesaRequestRow, type PaymentRow } from './payments'
import type { PaymentStatus } from '../../shared/contracts/bookings'

/** A push's payment row with its request's result code (null without a request row). */
export async function paymentOfPush(db: Db, checkoutRequestId: string): Promise<{ p: PaymentRow; resultCode: string | null } | undefined> {
  const [row] = await db
    .select({ p: payments, resultCode: mpesaRequests.resultCode })
    .from(payments)
    .leftJoin(mpesaRequests, eq(mpesaRequests.checkoutRequestId, payments.checkoutRequestId))
    .where(eq(payments.checkoutRequestId, checkoutRequestId))
  return row
}

export async function setBookingPaymentStatus(db: Db, bookingId: number, status: PaymentStatus): Promise<void> {
  await db.update(bookings).set({ paymentStatus: status }).where(eq(bookings.id, bookingId))
}

/** The receipt number a completed payment lacked; the rows changed (none when it had one, or is not completed). */
export function addReceipt(db: Db, checkoutRequestId: string, transactionId: string): Promise<PaymentRow[]> {
  return db
    .update(payments)
    .set({ transactionId })
    .where(and(eq(payments.checkoutRequestId, checkoutRequestId), isNull(payments.transactionId), eq(payments.status, 'completed')))
    .returning()
}

/** Locks the push's request row (inside a transaction: concurrent settlements take turns) and reads its result code. */
export async function lockRequestResult(tx: Db, checkoutRequestId: string): Promise<string | null | undefined> {
  const [req] = await tx.select({ resultCode: mpesaRequests.resultCode }).from(mpesaRequests).where(eq(mpesaRequests.checkoutRequestId, checkoutRequestId)).for('update')
  return req?.resultCode
}

/**
 * Completes or fails the push's payment, only from the state it may change from: `processing`, or
 * `failed` for a push closed as expired whose money came after all. The row, or none when it was
 * not in that state (settled already).
 */
export async function settlePayment(
  tx: Db,
  checkoutRequestId: string,
  change: { complete: true; transactionId: string | null; fromExpired: boolean } | { complete: false; resultDesc: string },
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(payments)
    .set(change.complete ? { status: 'completed', transactionId: change.transactionId, resultDesc: null } : { status: 'failed', resultDesc: change.resultDesc })
    .where(and(eq(payments.checkoutRequestId, checkoutRequestId), change.complete && change.fromExpired ? eq(payments.status, 'failed') : eq(payments.status, 'processing')))
    .returning()
  return row
}

export async function setRequestResult(db: Db, checkoutRequestId: string, result: { resultCode: string; resultDesc: string }): Promise<void> {
  await db.update(mpesaRequests).set(result).where(eq(mpesaRequests.checkoutRequestId, checkoutRequestId))
}

/** Closes a request that has no answer yet with `result`; its id, or none when it had one. */
export async function closeOpenRequest(db: Db, checkoutRequestId: string, result: { resultCode: string; resultDesc: string }): Promise<{ id: number } | undefined> {
  const [request] = await db
    .update(mpesaRequests)
    .set(result)
    .where(and(eq(mpesaRequests.checkoutRequestId, checkoutRequestId), isNull(mpesaRequests.resultCode)))
    .returning({ id: mpesaRequests.id })
  return request
}

/** The booking's total and status, and what its completed payments add up to. */
export async function bookingMoney(db: Db, bookingId: number): Promise<{ total: number; status: string; completed: number } | null> {
  const [b] = await db.select({ total: bookings.totalAmount, status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId))
  if (!b) return null
  const rows = await paymentAmountsOf(db, bookingId)
  return { ...b, completed: rows.filter((r) => r.status === 'completed').reduce((sum, r) => sum + r.amount, 0) }
}

/** What an SMS about a booking's money names: its family, total and the deceased. */
export async function bookingForSms(db: Db, bookingId: number): Promise<{ clientId: number; total: number; deceased: string } | null> {
  const [b] = await db
    .select({ clientId: bookings.clientId, total: bookings.totalAmount, first: deceased.firstName, last: deceased.lastName })
    .from(bookings)
    .leftJoin(deceased, eq(deceased.id, bookings.deceasedId))
    .where(eq(bookings.id, bookingId))
  return b ? { clientId: b.clientId, total: b.total, deceased: `${b.first ?? ''} ${b.last ?? ''}`.trim() } : null
}

/** A contributor's thanks still queued without the receipt get it (the text `before` becomes `after`) and go now. */
export async function receiptIntoQueuedThanks(db: Db, bookingId: number, before: string, after: string): Promise<void> {
  await db
    .update(smsOutbox)
    .set({ body: after, sendAfter: sql`now()` })
    .where(and(eq(smsOutbox.kind, 'contribution'), eq(smsOutbox.bookingId, bookingId), eq(smsOutbox.status, 'queued'), eq(smsOutbox.body, before)))
}

/** A payment's receipt number as it is now (a callback may have brought it since). */
export async function receiptOf(db: Db, paymentId: number): Promise<string | null | undefined> {
  const [now] = await db.select({ receipt: payments.transactionId }).from(payments).where(eq(payments.id, paymentId))
  return now?.receipt
}

/** Attempts whose push answer was lost (a claim id), open or closed as expired by `expiredCode`. */
export function unclaimedAttempts(db: Db, expiredCode: string): Promise<MpesaRequestRow[]> {
  return db
    .select()
    .from(mpesaRequests)
    .where(and(or(isNull(mpesaRequests.resultCode), eq(mpesaRequests.resultCode, expiredCode)), like(mpesaRequests.checkoutRequestId, 'claim-%')))
}

/** An attempt under its claim id takes Daraja's ids from a matched callback, with its payment row. */
export async function adoptCallbackIds(db: Db, attempt: { id: number; checkoutRequestId: string }, ids: { checkoutRequestId: string; merchantRequestId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(mpesaRequests).set(ids).where(eq(mpesaRequests.id, attempt.id))
    await tx.update(payments).set({ checkoutRequestId: ids.checkoutRequestId }).where(eq(payments.checkoutRequestId, attempt.checkoutRequestId))
  })
}

/** One more verify of the app counted on the request. */
export async function countVerify(db: Db, requestId: number): Promise<void> {
  await db.update(mpesaRequests).set({ verifyCount: sql`${mpesaRequests.verifyCount} + 1` }).where(eq(mpesaRequests.id, requestId))
}

export async function requestById(db: Db, requestId: number): Promise<MpesaRequestRow | undefined> {
  const [row] = await db.select().from(mpesaRequests).where(eq(mpesaRequests.id, requestId))
  return row
}
