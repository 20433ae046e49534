/**
 * The server's payment use cases: a family's STK push (and a relative's, once claimed), its verify,
 * the family's lists and the admin's figures. The rules are shared/payments.ts's (the mock follows
 * the same ones); the tables are server/repo/payments.ts's; settling a push is server/mpesa.ts's.
 */
import { randomUUID } from 'node:crypto'
import { MPESA_PUSH_ACCEPTED, MPESA_PUSH_REJECTED_MESSAGE, scenarioForPhone } from '../../shared/mpesa-scenarios'
import { MSG_CHECKOUT_NOT_FOUND, MSG_PAYMENT_IN_PROGRESS, MSG_PAYMENT_NOT_FOUND, MSG_SAFARICOM_NUMBER, StkPushRequest, normaliseKenyanPhone } from '../../shared/contracts/payments'
import { MSG_TOO_MANY_PUSHES, maskPhone } from '../../shared/contracts/contributions'
import { checkAmountDue, checkFamilyPush, openPushBlocks, refuseForeignPhone, refuseWhilePaying } from '../../shared/payments'
import { ApiError, describeError, parse, toIntId } from '../http'
import type { Deps } from '../types'
import type { Db } from '../db/client'
import { findBooking, toWireBooking, toWireBookings, type BookingRow } from '../repo/bookings'
import { amountDueNow, isPayableNow, pendingPaymentRow } from '../../shared/urgency'
import * as repo from '../repo/payments'
import { pushOutcomeUnknown, type Daraja } from '../daraja/client'
import { expirePush, settleOrExpire, verifyPush } from '../mpesa'
import { DARAJA_QUERY_EVERY_MS, LIMITS, type Rule } from '../limits'
import { MSG_BOOKING_NOT_FOUND } from '../../shared/contracts/bookings'

export const MSG_NOT_YET = 'Payments through M-Pesa are not available on this server yet'
export const MSG_PUSH_FAILED = 'Failed to initiate M-Pesa payment. Please try again.'

export function darajaOf(deps: Deps): Daraja {
  if (!deps.daraja) throw new ApiError(501, MSG_NOT_YET)
  return deps.daraja
}

/** Counts one prompt against a limit (the route's rate limiter); `release` undoes a count taken. */
export interface PushLimits {
  take(key: string, rule: Rule, message: string): Promise<void>
  release(key: string): Promise<void>
}

/**
 * POST /stk-push (and /payments/initiate): the mock's answers, through Daraja. The booking's open
 * request row is claimed first (a unique index allows one open request per booking, across
 * instances), then Daraja is asked; a refusal frees the claim, an unknown outcome (timeout, answer
 * lost) keeps it open for the callback or the STK query to settle, never "not sent".
 */
export async function familyPush(deps: Deps, limits: PushLimits, user: { id: number }, raw: unknown): Promise<Record<string, string>> {
  const { db, log } = deps
  darajaOf(deps)
  refuseForeignPhone(raw)
  const input = parse(StkPushRequest, raw)
  const phone = normaliseKenyanPhone(input.phoneNumber)
  if (phone === null) throw new ApiError(400, MSG_SAFARICOM_NUMBER)
  const bookingId = toIntId(input.bookingId)
  const booking = bookingId === null ? undefined : await findBooking(db, bookingId)
  if (!booking || booking.clientId !== user.id) throw new ApiError(404, MSG_BOOKING_NOT_FOUND)
  const due = await dueToday(db, booking)
  checkFamilyPush(booking, due, await repo.reservedFor(db, booking.id), input.amount)

  const open = await repo.openRequestOf(db, booking.id)
  if (open) {
    // A push past its expiry, or one the app gave up on (never answered, checked MPESA_MAX_ATTEMPTS
    // times), no longer blocks the booking: it is closed as expired (a late success still counts).
    const closed = await settleOrExpire(db, log, deps.daraja, open, new Date())
    if (!closed) {
      refuseWhilePaying(openPushBlocks({ overdue: false, verifyCount: open.verifyCount, willComplete: false }))
      await expirePush(db, log, open.checkoutRequestId)
    }
    // The overdue push's last query may have completed it, and paid the booking.
    checkAmountDue(await dueToday(db, booking), input.amount)
  }
  // Each prompt that would go out counts, per family and per phone (a stranger's number is not to be flooded).
  // A prompt refused for its phone is not one of the family's.
  await limits.take(`stk:user:${user.id}`, LIMITS.stkPerUser, MSG_TOO_MANY_PUSHES)
  await limits.take(`stk:phone:${phone}`, LIMITS.stkPerPhone, MSG_TOO_MANY_PUSHES).catch(async (error: unknown) => {
    await limits.release(`stk:user:${user.id}`)
    throw error
  })
  const claimId = `claim-${randomUUID()}`
  try {
    // Its reconciliation job (server/reconcile.ts) is due once the app has had time to verify it itself.
    await repo.claimPush(
      db,
      { checkoutRequestId: claimId, merchantRequestId: '', bookingId: booking.id, clientId: user.id, phone, amount: input.amount, scenario: scenarioForPhone(phone).id },
      deps.reconcileFirstMs ?? 60_000,
    )
  } catch {
    // The unique index: another push for this booking is open (maybe through another instance).
    throw new ApiError(409, MSG_PAYMENT_IN_PROGRESS)
  }
  return pushAfterClaim(deps, claimId, { bookingId: booking.id, clientId: user.id, phone, amount: input.amount })
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
  // The payment row exists before the prompt goes out: whatever happens next (a crash, a lost
  // answer, a database error), money that arrives for this push has a row to be recorded on.
  // A contributor's number is theirs: the family's history shows it masked.
  await repo.recordProcessingPayment(db, claimId, {
    bookingId: push.bookingId,
    clientId: push.clientId,
    amount: push.amount,
    phone: push.contribution ? maskPhone(push.phone) : push.phone,
    ...contributor,
  })
  let result: Awaited<ReturnType<Daraja['stkPush']>>
  try {
    result = await daraja.stkPush({ phone: push.phone, amount: push.amount, accountReference: `BK${push.bookingId}`.slice(0, 12), transactionDesc: `Funeral booking ${push.bookingId}` })
  } catch (error) {
    if (pushOutcomeUnknown(error)) {
      // The prompt may be on the phone: the attempt stays open (its callback is matched back by phone and amount).
      log.warn({ bookingId: push.bookingId, claimId }, 'STK push outcome unknown (no answer from Daraja); kept open for the callback or the query')
      return { MerchantRequestID: '', CheckoutRequestID: claimId, ResponseCode: '0', ResponseDescription: MPESA_PUSH_ACCEPTED, CustomerMessage: MPESA_PUSH_ACCEPTED }
    }
    await repo.forgetClaim(db, claimId)
    log.warn({ bookingId: push.bookingId, err: describeError(error) }, 'STK push failed')
    // The app shows SPEC.md's own words; Daraja's are in the log only.
    throw new ApiError(502, MSG_PUSH_FAILED)
  }
  if (result.status === 'rejected') {
    await repo.forgetClaim(db, claimId)
    return { MerchantRequestID: '', ResponseCode: '1', ResponseDescription: 'Rejected', CustomerMessage: MPESA_PUSH_REJECTED_MESSAGE }
  }
  // A callback that came first found the claim (matched by phone and amount) and took the ids already.
  await repo.adoptDarajaIds(db, claimId, { checkoutRequestId: result.checkoutRequestId, merchantRequestId: result.merchantRequestId }, deps.reconcileFirstMs ?? 60_000)
  return {
    MerchantRequestID: result.merchantRequestId,
    CheckoutRequestID: result.checkoutRequestId,
    ResponseCode: '0',
    ResponseDescription: result.responseDescription,
    CustomerMessage: result.customerMessage,
  }
}

/** A verify by the family (or an admin): the push's answer now, as Daraja's STK query shapes it. */
export async function verifyFor(deps: Deps, user: { id: number; role: string }, checkoutRequestId: string): Promise<Record<string, string>> {
  const req = await repo.findRequest(deps.db, checkoutRequestId)
  if (!req || (req.clientId !== user.id && user.role !== 'admin')) throw new ApiError(404, MSG_CHECKOUT_NOT_FOUND)
  return verifyPush(deps.db, deps.log, darajaOf(deps), req, new Date(), deps.darajaQueryEveryMs ?? DARAJA_QUERY_EVERY_MS)
}

/** A relative's verify, through the link the push was made with. */
export async function verifyForLink(deps: Deps, linkId: number, checkoutRequestId: string): Promise<Record<string, string>> {
  const req = await repo.findRequest(deps.db, checkoutRequestId, linkId)
  if (!req) throw new ApiError(404, MSG_CHECKOUT_NOT_FOUND)
  return verifyPush(deps.db, deps.log, deps.daraja, req, new Date(), deps.darajaQueryEveryMs ?? DARAJA_QUERY_EVERY_MS)
}

/** The family's payment history, each naming the deceased it was for. */
export async function familyPayments(db: Db, clientId: number) {
  return (await repo.paymentsOf(db, clientId)).map(({ payment, deceasedFirstName, deceasedLastName }) => ({
    ...repo.toWirePayment(payment),
    deceased_first_name: deceasedFirstName ?? '',
    deceased_last_name: deceasedLastName ?? '',
  }))
}

/** What the family owes today as the invoice has it: charges to date (storage for the days in care so far) less all paid. */
async function dueToday(db: Db, booking: BookingRow): Promise<number> {
  return amountDueNow(await toWireBooking(db, booking))
}

/**
 * The family's bookings to pay: every one not cancelled with something owed today (storage to date
 * counted), whatever its payment status; the rule and the row are shared/urgency.ts's, as the mock's.
 */
export async function pendingBookings(db: Db, clientId: number) {
  const wire = await toWireBookings(db, await repo.openBookingsOf(db, clientId))
  return wire.filter(isPayableNow).map(pendingPaymentRow)
}

/** One payment, for its family or an admin. */
export async function paymentFor(db: Db, user: { id: number; role: string }, id: number) {
  const payment = await repo.findPayment(db, id)
  if (!payment || (user.role !== 'admin' && payment.clientId !== user.id)) throw new ApiError(404, MSG_PAYMENT_NOT_FOUND)
  return repo.toWirePayment(payment)
}

export { buildReport, summarise, transactions } from '../repo/reports'
