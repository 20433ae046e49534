import { randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm'
import { z } from 'zod/mini'
import { REPORT_TYPES, StkPushRequest, TIMEFRAMES, normaliseKenyanPhone, reportLanguage } from '../../shared/contracts/payments'
import { MPESA_MAX_ATTEMPTS } from '../../shared/constants'
import { MPESA_PUSH_REJECTED_MESSAGE, scenarioForPhone } from '../../shared/mpesa-scenarios'
import { amountDue } from '../../shared/rules'
import { ApiError, describeError, parse, pathId, toIntId, valid } from '../http'
import { requireAuth } from '../auth'
import { idempotent } from '../idempotency'
import type { AppEnv, Deps } from '../types'
import type { Db } from '../db/client'
import { bookingLines, bookings, deceased, mpesaRequests, payments } from '../db/schema'
import { findBooking } from '../repo/bookings'
import { pushOutcomeUnknown, type Daraja } from '../daraja/client'
import { expirePush, openRequestOf, paymentsOf, reservedFor, settleOrExpire, toWirePayment, verifyPush } from '../mpesa'
import { XLSX_MIME, buildReport, summarise, transactions } from '../repo/reports'
import { reportFileName } from '../../shared/report'
import { MSG_TOO_MANY_PUSHES, maskPhone, msgAmountAboveDue } from '../../shared/contracts/contributions'
import { DARAJA_QUERY_EVERY_MS, LIMITS, limit, unhit } from '../limits'

const TimeframeQuery = z.object({
  timeframe: z._default(z.enum(TIMEFRAMES, { message: `timeframe must be one of ${TIMEFRAMES.join(', ')}` }), 'month'),
})
const ReportQuery = z.extend(TimeframeQuery, {
  type: z._default(z.enum(REPORT_TYPES, { message: `type must be one of ${REPORT_TYPES.join(', ')}` }), 'all'),
  /** The admin's language for the headings and the file name (else Accept-Language, else English). */
  lang: z.optional(z.string()),
})

export const MSG_NOT_YET = 'Payments through M-Pesa are not available on this server yet'
export const MSG_PAYMENT_IN_PROGRESS = 'A payment for this booking is already in progress. Please wait for it to finish before paying again.'
export const MSG_AMOUNT_TOO_HIGH = 'Amount cannot be more than the amount due'
const MSG_PAYMENT_NOT_FOUND = 'Payment not found'
const MSG_CHECKOUT_NOT_FOUND = 'Payment request not found'
const MSG_PHONE = 'Enter a Safaricom number like 0712345678'

function darajaOf(deps: Deps): Daraja {
  if (!deps.daraja) throw new ApiError(501, MSG_NOT_YET)
  return deps.daraja
}

/**
 * POST /stk-push (and /payments/initiate): the mock's answers, through Daraja. The booking's open
 * request row is claimed first (a unique index allows one open request per booking, across
 * instances), then Daraja is asked; a refusal frees the claim, an unknown outcome (timeout, answer
 * lost) keeps it open for the callback or the STK query to settle, never "not sent".
 */
async function stkPush(c: Context<AppEnv>) {
  const { db, log } = c.var.deps
  darajaOf(c.var.deps)
  const user = c.var.user
  const raw: unknown = await c.req.json().catch(() => {
    throw new ApiError(400, 'Malformed JSON in request body')
  })
  if (typeof raw === 'object' && raw !== null && 'phoneNumber' in raw && typeof raw.phoneNumber === 'string' && normaliseKenyanPhone(raw.phoneNumber) === null) {
    throw new ApiError(400, MSG_PHONE, { phoneNumber: MSG_PHONE })
  }
  const input = parse(StkPushRequest, raw)
  const phone = normaliseKenyanPhone(input.phoneNumber)
  if (phone === null) throw new ApiError(400, MSG_PHONE)
  const bookingId = toIntId(input.bookingId)
  const booking = bookingId === null ? undefined : await findBooking(db, bookingId)
  if (!booking || booking.clientId !== user.id) throw new ApiError(404, 'Booking not found')
  if (booking.status === 'cancelled') throw new ApiError(409, 'This booking has been cancelled')
  if (booking.paymentStatus === 'paid' || booking.paymentStatus === 'refunded') throw new ApiError(409, 'This booking is already paid')
  const rows = await db.select({ status: payments.status, amount: payments.amount }).from(payments).where(eq(payments.bookingId, booking.id))
  const due = amountDue(booking.totalAmount, rows)
  if (due === 0) throw new ApiError(409, 'This booking is already paid')
  // Instalments: any whole amount up to what is due (one M-Pesa transaction is at most 250,000).
  if (input.amount > due) throw new ApiError(422, MSG_AMOUNT_TOO_HIGH, { amount: MSG_AMOUNT_TOO_HIGH })
  // Relatives paying through the family's link right now hold their amounts.
  const reserved = await reservedFor(db, booking.id)
  if (reserved > 0 && input.amount > due - reserved) throw new ApiError(422, msgAmountAboveDue(due - reserved), { amount: msgAmountAboveDue(due - reserved) })

  const open = await openRequestOf(db, booking.id)
  if (open) {
    // A push past its expiry, or one the app gave up on (never answered, checked MPESA_MAX_ATTEMPTS
    // times), no longer blocks the booking: it is closed as expired (a late success still counts).
    const closed = await settleOrExpire(db, log, c.var.deps.daraja, open, new Date())
    if (!closed) {
      if (open.verifyCount < MPESA_MAX_ATTEMPTS) throw new ApiError(409, MSG_PAYMENT_IN_PROGRESS)
      await expirePush(db, log, open.checkoutRequestId)
    }
    // The overdue push's last query may have completed it, and paid the booking.
    const after = await db.select({ status: payments.status, amount: payments.amount }).from(payments).where(eq(payments.bookingId, booking.id))
    const dueNow = amountDue(booking.totalAmount, after)
    if (dueNow === 0) throw new ApiError(409, 'This booking is already paid')
    if (input.amount > dueNow) throw new ApiError(422, MSG_AMOUNT_TOO_HIGH, { amount: MSG_AMOUNT_TOO_HIGH })
  }
  // Each prompt that would go out counts, per family and per phone (a stranger's number is not to be flooded).
  // A prompt refused for its phone is not one of the family's.
  await limit(c, `stk:user:${user.id}`, LIMITS.stkPerUser, MSG_TOO_MANY_PUSHES)
  await limit(c, `stk:phone:${phone}`, LIMITS.stkPerPhone, MSG_TOO_MANY_PUSHES).catch(async (error: unknown) => {
    await unhit(db, `stk:user:${user.id}`)
    throw error
  })
  const claimId = `claim-${randomUUID()}`
  try {
    await db.insert(mpesaRequests).values({
      checkoutRequestId: claimId,
      merchantRequestId: '',
      bookingId: booking.id,
      clientId: user.id,
      phone,
      amount: input.amount,
      scenario: scenarioForPhone(phone).id,
      // Its reconciliation job (server/reconcile.ts), due once the app has had time to verify it itself.
      nextCheckAt: sql`now() + ${`${c.var.deps.reconcileFirstMs ?? 60_000} milliseconds`}::interval`,
    })
  } catch {
    // The unique index: another push for this booking is open (maybe through another instance).
    throw new ApiError(409, MSG_PAYMENT_IN_PROGRESS)
  }

  return c.json({ data: await pushAfterClaim(c.var.deps, claimId, { bookingId: booking.id, clientId: user.id, phone, amount: input.amount }) })
}

/** A relative's push through a contribution link: recorded on the payment so every list counts it. */
export interface ContributionOfPush {
  linkId: number
  name: string
  message: string | null
  anonymous: boolean
  /** The page's language ('en', 'sw'), for the thank-you SMS; null when not sent. */
  language: 'en' | 'sw' | null
}

/**
 * The push once its claim row is in mpesa_requests: asks Daraja; a refusal frees the claim, an
 * unknown outcome (timeout, answer lost) keeps it open for the callback or the STK query to settle.
 * Answers Daraja's body as /stk-push does.
 */
export async function pushAfterClaim(
  deps: Deps,
  claimId: string,
  push: { bookingId: number; clientId: number; phone: string; amount: number; contribution?: ContributionOfPush },
): Promise<Record<string, string>> {
  const { db, log } = deps
  const daraja = darajaOf(deps)
  const contributor = push.contribution
    ? {
        contributionLinkId: push.contribution.linkId,
        contributorName: push.contribution.name,
        contributorMessage: push.contribution.message,
        contributorAnonymous: push.contribution.anonymous,
        contributorPhone: push.phone,
        contributorLanguage: push.contribution.language,
      }
    : {}
  // A contributor's number is theirs: the family's history shows it masked.
  const shownPhone = push.contribution ? maskPhone(push.phone) : push.phone
  // The payment row exists before the prompt goes out: whatever happens next (a crash, a lost
  // answer, a database error), money that arrives for this push has a row to be recorded on.
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    const [payment] = await t
      .insert(payments)
      .values({ bookingId: push.bookingId, clientId: push.clientId, paymentMethod: 'mpesa', status: 'processing', amount: push.amount, phone: shownPhone, checkoutRequestId: claimId, ...contributor })
      .returning({ id: payments.id })
    await t.update(mpesaRequests).set({ paymentId: payment?.id ?? null }).where(eq(mpesaRequests.checkoutRequestId, claimId))
  })
  /** Nothing was sent: the attempt and its payment row go. */
  const forget = () =>
    db.transaction(async (tx) => {
      await tx.delete(payments).where(eq(payments.checkoutRequestId, claimId))
      await tx.delete(mpesaRequests).where(eq(mpesaRequests.checkoutRequestId, claimId))
    })
  let result: Awaited<ReturnType<Daraja['stkPush']>>
  try {
    result = await daraja.stkPush({ phone: push.phone, amount: push.amount, accountReference: `BK${push.bookingId}`.slice(0, 12), transactionDesc: `Funeral booking ${push.bookingId}` })
  } catch (error) {
    if (pushOutcomeUnknown(error)) {
      // The prompt may be on the phone: the attempt stays open (its callback is matched back by phone and amount).
      log.warn({ bookingId: push.bookingId, claimId }, 'STK push outcome unknown (no answer from Daraja); kept open for the callback or the query')
      return { MerchantRequestID: '', CheckoutRequestID: claimId, ResponseCode: '0', ResponseDescription: 'Success. Request accepted for processing', CustomerMessage: 'Success. Request accepted for processing' }
    }
    await forget()
    log.warn({ bookingId: push.bookingId, err: describeError(error) }, 'STK push failed')
    // The app shows SPEC.md's own words; Daraja's are in the log only.
    throw new ApiError(502, 'Failed to initiate M-Pesa payment. Please try again.')
  }
  if (result.status === 'rejected') {
    await forget()
    return { MerchantRequestID: '', ResponseCode: '1', ResponseDescription: 'Rejected', CustomerMessage: MPESA_PUSH_REJECTED_MESSAGE }
  }
  // Daraja's ids replace the claim's; a callback that came first found the claim (matched by phone and amount) and took them already.
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    await t.update(payments).set({ checkoutRequestId: result.checkoutRequestId }).where(eq(payments.checkoutRequestId, claimId))
    await t
      .update(mpesaRequests)
      .set({ checkoutRequestId: result.checkoutRequestId, merchantRequestId: result.merchantRequestId })
      .where(eq(mpesaRequests.checkoutRequestId, claimId))
  })
  return {
    MerchantRequestID: result.merchantRequestId,
    CheckoutRequestID: result.checkoutRequestId,
    ResponseCode: '0',
    ResponseDescription: result.responseDescription,
    CustomerMessage: result.customerMessage,
  }
}

async function pendingBookings(db: Db, clientId: number) {
  const rows = await db
    .select({ b: bookings, first: deceased.firstName, last: deceased.lastName })
    .from(bookings)
    .leftJoin(deceased, eq(deceased.id, bookings.deceasedId))
    .where(and(eq(bookings.clientId, clientId), inArray(bookings.paymentStatus, ['pending', 'partial']), ne(bookings.status, 'cancelled')))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.b.id)
  const lines = await db.select().from(bookingLines).where(inArray(bookingLines.bookingId, ids)).orderBy(bookingLines.id)
  const paid = await db.select({ bookingId: payments.bookingId, status: payments.status, amount: payments.amount }).from(payments).where(inArray(payments.bookingId, ids))
  return rows.map(({ b, first, last }) => ({
    id: b.id,
    deceased_first_name: first ?? '',
    deceased_last_name: last ?? '',
    total_amount: b.totalAmount,
    amount_due: amountDue(
      b.totalAmount,
      paid.filter((p) => p.bookingId === b.id),
    ),
    payment_status: b.paymentStatus,
    status: b.status,
    created_at: b.createdAt.toISOString(),
    services: lines.filter((l) => l.bookingId === b.id).map((l) => l.serviceName),
  }))
}

/** The admin's financial screens. M-Pesa (push, verify, the family's payments) comes with the Daraja client: 501 until then. */
export const paymentRoutes = new Hono<AppEnv>()
  .get('/summary', requireAuth('admin'), valid('query', TimeframeQuery), async (c) => {
    const s = await summarise(c.var.deps.db, c.req.valid('query').timeframe)
    return c.json({ totalRevenue: s.totalRevenue, totalBookings: s.totalBookings, avgTransactionValue: s.avgTransactionValue, pendingPayments: s.pendingPayments })
  })
  .get('/transactions', requireAuth('admin'), valid('query', TimeframeQuery), async (c) => c.json({ transactions: await transactions(c.var.deps.db, c.req.valid('query').timeframe) }))
  .get('/report', requireAuth('admin'), valid('query', ReportQuery), async (c) => {
    const { timeframe, type, lang } = c.req.valid('query')
    const language = reportLanguage(lang, c.req.header('Accept-Language'))
    const bytes = await buildReport(c.var.deps.db, timeframe, type, language)
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': XLSX_MIME,
      'Content-Disposition': `attachment; filename="${reportFileName(timeframe, language)}"`,
    })
  })
  .post('/initiate', requireAuth('client'), idempotent, stkPush)
  .get('/my', requireAuth(), async (c) =>
    c.json({
      payments: (await paymentsOf(c.var.deps.db, c.var.user.id)).map(({ payment, deceasedFirstName, deceasedLastName }) => ({
        ...toWirePayment(payment),
        deceased_first_name: deceasedFirstName ?? '',
        deceased_last_name: deceasedLastName ?? '',
      })),
    }),
  )
  .get('/pending', requireAuth(), async (c) => c.json({ bookings: await pendingBookings(c.var.deps.db, c.var.user.id) }))
  .get('/mpesa/verify/:checkoutRequestId', requireAuth(), async (c) => {
    const { db, log } = c.var.deps
    const user = c.var.user
    const [req] = await db.select().from(mpesaRequests).where(eq(mpesaRequests.checkoutRequestId, c.req.param('checkoutRequestId')))
    if (!req || (req.clientId !== user.id && user.role !== 'admin')) throw new ApiError(404, MSG_CHECKOUT_NOT_FOUND)
    return c.json({ data: await verifyPush(db, log, darajaOf(c.var.deps), req, new Date(), c.var.deps.darajaQueryEveryMs ?? DARAJA_QUERY_EVERY_MS) })
  })
  .get('/:id', requireAuth(), async (c) => {
    const user = c.var.user
    const [payment] = await c.var.deps.db.select().from(payments).where(eq(payments.id, pathId(c, MSG_PAYMENT_NOT_FOUND)))
    if (!payment || (user.role !== 'admin' && payment.clientId !== user.id)) throw new ApiError(404, MSG_PAYMENT_NOT_FOUND)
    return c.json({ payment: toWirePayment(payment) })
  })

/** POST /stk-push: the same as /payments/initiate. */
export const stkPushRoutes = new Hono<AppEnv>().post('/', requireAuth('client'), idempotent, stkPush)

