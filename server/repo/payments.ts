/**
 * The payments and mpesa_requests tables as the payment use cases read and write them (a push's
 * claim, its payment row, the family's lists). The decisions are shared/payments.ts's; settling a
 * push (callback, query, expiry) is server/mpesa.ts's.
 */
import { and, asc, desc, eq, isNull, lte, ne, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { bookings, deceased, mpesaRequests, payments } from '../db/schema'
import { reservedAmount } from '../../shared/payments'

export type MpesaRequestRow = typeof mpesaRequests.$inferSelect
export type PaymentRow = typeof payments.$inferSelect
export type NewMpesaRequest = Omit<typeof mpesaRequests.$inferInsert, 'nextCheckAt'>
/** Who a relative's push is from, as the payment row keeps it. */
export type PaymentContributor = Pick<
  typeof payments.$inferInsert,
  'contributionLinkId' | 'contributorName' | 'contributorMessage' | 'contributorAnonymous' | 'contributorPhone' | 'contributorLanguage'
>

/** A booking's payments as amountDue reads them. */
export function paymentAmountsOf(db: Db, bookingId: number): Promise<Array<{ status: string; amount: number }>> {
  return db.select({ status: payments.status, amount: payments.amount }).from(payments).where(eq(payments.bookingId, bookingId))
}

/** The family's open push on a booking (relatives' pushes are held by reservation instead). */
export async function openRequestOf(db: Db, bookingId: number): Promise<MpesaRequestRow | undefined> {
  const [open] = await db
    .select()
    .from(mpesaRequests)
    .where(and(eq(mpesaRequests.bookingId, bookingId), isNull(mpesaRequests.resultCode), isNull(mpesaRequests.contributionLinkId)))
  return open
}

/** What relatives' open pushes hold on this booking now (shared/payments.ts's reservedAmount, by the database's clock). */
export async function reservedFor(db: Db, bookingId: number): Promise<number> {
  const rows = await db
    .select({ amount: mpesaRequests.amount, resultCode: mpesaRequests.resultCode, contributionLinkId: mpesaRequests.contributionLinkId, createdAt: mpesaRequests.createdAt, now: sql<string>`now()` })
    .from(mpesaRequests)
    .where(and(eq(mpesaRequests.bookingId, bookingId), isNull(mpesaRequests.resultCode), sql`${mpesaRequests.contributionLinkId} IS NOT NULL`))
  const now = rows[0] ? new Date(rows[0].now).getTime() : 0
  return reservedAmount(
    rows.map((r) => ({ ...r, sentAt: r.createdAt.getTime() })),
    now,
  )
}

/**
 * Records a push's claim: its mpesa_requests row under a temporary id, due for the reconciliation
 * job after `firstCheckMs`. Throws when the booking has an open push already (a unique index, across
 * instances) and the claim is a family's.
 */
export async function claimPush(db: Db, request: NewMpesaRequest, firstCheckMs: number): Promise<void> {
  await db.insert(mpesaRequests).values({ ...request, nextCheckAt: sql`now() + ${`${firstCheckMs} milliseconds`}::interval` })
}

/** Locks the booking's row for the rest of the transaction: two relatives at the same moment see each other's hold. */
export async function lockBooking(db: Db, bookingId: number): Promise<void> {
  await db.execute(sql`SELECT id FROM bookings WHERE id = ${bookingId} FOR UPDATE`)
}

/** The `processing` payment row of a claimed push, linked to its request. */
export async function recordProcessingPayment(
  db: Db,
  claimId: string,
  payment: { bookingId: number; clientId: number; amount: number; phone: string } & Partial<PaymentContributor>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    const [row] = await t
      .insert(payments)
      .values({ ...payment, paymentMethod: 'mpesa', status: 'processing', checkoutRequestId: claimId })
      .returning({ id: payments.id })
    await t.update(mpesaRequests).set({ paymentId: row?.id ?? null }).where(eq(mpesaRequests.checkoutRequestId, claimId))
  })
}

/** Nothing was sent: the attempt and its payment row go. */
export async function forgetClaim(db: Db, claimId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(payments).where(eq(payments.checkoutRequestId, claimId))
    await tx.delete(mpesaRequests).where(eq(mpesaRequests.checkoutRequestId, claimId))
  })
}

/** Daraja's ids replace the claim's. */
export async function adoptDarajaIds(db: Db, claimId: string, ids: { checkoutRequestId: string; merchantRequestId: string }, firstCheckMs: number): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    await t.update(payments).set({ checkoutRequestId: ids.checkoutRequestId }).where(eq(payments.checkoutRequestId, claimId))
    // A reconciliation pass that claimed the row while Daraja was still answering saw an id that
    // cannot be asked about, and put its only check at the push's expiry: with its real id the
    // push is due its first check again, not minutes later.
    await t
      .update(mpesaRequests)
      .set({ ...ids, nextCheckAt: sql`least(${mpesaRequests.nextCheckAt}, now() + ${`${firstCheckMs} milliseconds`}::interval)` })
      .where(eq(mpesaRequests.checkoutRequestId, claimId))
  })
}

/** A push by its CheckoutRequestID; with `linkId`, only one made through that contribution link. */
export async function findRequest(db: Db, checkoutRequestId: string, linkId?: number): Promise<MpesaRequestRow | undefined> {
  const byId = eq(mpesaRequests.checkoutRequestId, checkoutRequestId)
  const [req] = await db
    .select()
    .from(mpesaRequests)
    .where(linkId === undefined ? byId : and(byId, eq(mpesaRequests.contributionLinkId, linkId)))
  return req
}

/** Pushes through a contribution link since `windowMs` ago: through this link, and to this phone through any link. */
export async function contributionPushesSince(db: Db, linkId: number, phone: string, windowMs: number): Promise<{ perLink: number; perPhone: number }> {
  const since = sql`now() - ${`${windowMs} milliseconds`}::interval`
  const [row] = await db
    .select({
      perLink: sql<number>`count(*) filter (where ${mpesaRequests.contributionLinkId} = ${linkId})::int`,
      perPhone: sql<number>`count(*) filter (where ${mpesaRequests.phone} = ${phone})::int`,
    })
    .from(mpesaRequests)
    .where(and(sql`${mpesaRequests.contributionLinkId} IS NOT NULL`, sql`${mpesaRequests.createdAt} > ${since}`))
  return { perLink: Number(row?.perLink ?? 0), perPhone: Number(row?.perPhone ?? 0) }
}

export async function findPayment(db: Db, id: number): Promise<PaymentRow | undefined> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, id))
  return payment
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

/** The family's bookings not cancelled, newest first (which of them owe something is decided on the booking as read). */
export async function openBookingsOf(db: Db, clientId: number) {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.clientId, clientId), ne(bookings.status, 'cancelled')))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
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

/**
 * Claims up to `batch` open pushes whose next check is due by `at` (FOR UPDATE SKIP LOCKED: two
 * instances never take the same push) and moves each one's next check to `nextCheck(row)` with one
 * more attempt, in the same transaction. The rows as they were claimed.
 */
export function claimDuePushes(db: Db, at: Date, batch: number, nextCheck: (row: MpesaRequestRow) => Date): Promise<MpesaRequestRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(mpesaRequests)
      .where(and(isNull(mpesaRequests.resultCode), lte(mpesaRequests.nextCheckAt, at)))
      .orderBy(asc(mpesaRequests.nextCheckAt))
      .limit(batch)
      .for('update', { skipLocked: true })
    for (const row of due) {
      await tx
        .update(mpesaRequests)
        .set({ checkAttempts: row.checkAttempts + 1, nextCheckAt: nextCheck(row) })
        .where(eq(mpesaRequests.id, row.id))
    }
    return due
  })
}
