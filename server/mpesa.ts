/**
 * M-Pesa on the server: the payment row of a push and how it is settled, once, by whichever of
 * Daraja's callback, the app's verify (an STK query) or the reconciliation comes first. The
 * decisions are server/daraja/callback.ts's (settle, settleFromQuery); this file applies them so
 * that each takes effect at most once even across instances: every change is one UPDATE guarded
 * by the payment still being `processing` (or its receipt still empty).
 */
import { CONTRIBUTION_SMS, CONTRIBUTION_SMS_SW, contributorSms } from '../shared/contracts/contributions'
import { MPESA_EXPIRED } from '../shared/contracts/payments'
import { MPESA_PROCESSING, MPESA_QUERY_ACCEPTED } from '../shared/mpesa-scenarios'
import { queueSms, queueSmsTo } from './sms'
import { storedSettings } from './domain/settings'
import type { Logger } from 'pino'
import { hit } from './limits'
import { describeError } from './http'
import type { Db } from './db/client'
import { isPushOverdue } from '../shared/payments'
import { amountDueNow, paymentStatusAfterPayment } from '../shared/urgency'
import { findBooking, toWireBooking } from './repo/bookings'
import * as repo from './repo/mpesa'
import type { MpesaRequestRow, PaymentRow } from './repo/payments'
import { logActivity } from './repo/users'
import { ignoredCallbackLog, matchUnclaimedCallback, settle, settleFromQuery, type PushRecord, type SettleDecision, type StkCallback } from './daraja/callback'
import type { Daraja, StkQueryResult } from './daraja/client'

// The family's open push is read here too by the booking routes (a cancellation waits for it).
export { openRequestOf } from './repo/payments'

/** The push as the settle decisions see it, from its payment row (and its request's result: expired or not). */
export async function pushRecord(db: Db, checkoutRequestId: string): Promise<PushRecord | null> {
  const row = await repo.paymentOfPush(db, checkoutRequestId)
  const p = row?.p
  if (!p || p.status === 'pending') return null
  return { checkoutRequestId, amount: p.amount, status: p.status, transactionId: p.transactionId, expired: p.status === 'failed' && row.resultCode === MPESA_EXPIRED.resultCode }
}

/** The booking's payment status from the money as it stands today (completed payments, storage to date counted), as the mock decides it. */
async function refreshPaymentStatus(db: Db, bookingId: number): Promise<void> {
  const booking = await findBooking(db, bookingId)
  if (!booking) return
  const status = paymentStatusAfterPayment(await toWireBooking(db, booking))
  if (booking.paymentStatus === status) return
  await repo.setBookingPaymentStatus(db, bookingId, status)
}

/**
 * Applies a decision to the push `checkoutRequestId`. Returns true when this call changed it. Safe
 * to run concurrently from several places: only the first UPDATE finds the row still processing.
 */
export async function applyDecision(db: Db, log: Logger, checkoutRequestId: string, decision: SettleDecision, source: 'callback' | 'query' | 'expiry'): Promise<boolean> {
  if (decision.action === 'ignore') return false
  if (decision.action === 'add-receipt') {
    const done = await repo.addReceipt(db, checkoutRequestId, decision.transactionId)
    const row = done[0]
    if (row?.contributionLinkId) await receiptForThanks(db, log, row)
    return done.length > 0
  }
  let completed: PaymentRow | null = null
  const changed = await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    const complete = decision.action === 'complete'
    // The request row is locked first: concurrent settlements of one push (callback, verify, job,
    // another instance) take turns, and each sees what the one before it recorded.
    const resultCode = await repo.lockRequestResult(t, checkoutRequestId)
    // A success also completes a push we closed as expired: the money moved. Never a completed one, never twice.
    const wasExpired = complete && resultCode === MPESA_EXPIRED.resultCode
    const row = await repo.settlePayment(t, checkoutRequestId, complete ? { complete, transactionId: decision.transactionId, fromExpired: wasExpired } : { complete, resultDesc: decision.resultDesc })
    if (!row) return false
    await repo.setRequestResult(t, checkoutRequestId, { resultCode: decision.resultCode, resultDesc: decision.resultDesc })
    if (complete) {
      completed = row
      await refreshPaymentStatus(t, row.bookingId)
      await logActivity(t, 'payment', wasExpired ? await lateMoneyMessage(t, row) : `M-Pesa payment of KSH ${row.amount.toLocaleString('en-KE')} received for booking #${row.bookingId}`, row.clientId)
      if (wasExpired) log.warn({ checkoutRequestId, bookingId: row.bookingId, source }, 'M-Pesa success for a push closed as expired: recorded')
    }
    log.info({ checkoutRequestId, action: decision.action, source }, 'M-Pesa push settled')
    return true
  })
  const done = completed as PaymentRow | null
  if (done?.contributionLinkId) await contributionReceived(db, log, done)
  return changed
}

/**
 * The activity line of money that came for a push already closed as expired: the family may have
 * paid again or cancelled meanwhile, so it says when the admin has a refund to make.
 */
async function lateMoneyMessage(db: Db, p: PaymentRow): Promise<string> {
  const said = `M-Pesa payment of KSH ${p.amount.toLocaleString('en-KE')} received for booking #${p.bookingId} after its request had expired`
  const b = await repo.bookingMoney(db, p.bookingId)
  if (!b) return said
  if (b.status === 'cancelled') return `${said}: the booking is cancelled, refund due`
  const over = b.completed - b.total
  return over > 0 ? `${said}: KSH ${over.toLocaleString('en-KE')} more than the booking's total, refund due` : said
}

/**
 * How long a contributor's thanks wait for the M-Pesa receipt when the push was settled by the
 * status query (which carries none): Daraja's callback, with the receipt, usually follows within
 * seconds and then sends the thanks at once with it; without it they go anyway.
 */
export const THANKS_WAIT_FOR_RECEIPT_MS = 2 * 60_000

async function bookingForSms(db: Db, bookingId: number) {
  const b = await repo.bookingForSms(db, bookingId)
  return b ? { ...b, home: (await storedSettings(db)).general.facilityName } : null
}

/** The receipt came after the contribution was settled: the thanks still waiting take it and go now. Never throws. */
async function receiptForThanks(db: Db, log: Logger, p: PaymentRow): Promise<void> {
  try {
    const b = p.contributorPhone ? await bookingForSms(db, p.bookingId) : null
    if (!b || !p.contributorPhone) return
    const words = contributorSms(p.contributorLanguage)
    await repo.receiptIntoQueuedThanks(db, p.bookingId, words.thanks(b.home, b.deceased, p.amount, null), words.thanks(b.home, b.deceased, p.amount, p.transactionId))
  } catch (error) {
    log.warn({ err: describeError(error) }, 'could not add the receipt to the thanks')
  }
}

/** A relative's contribution arrived: a thank-you to them (with the receipt) and a word to the family. Never throws. */
async function contributionReceived(db: Db, log: Logger, p: PaymentRow): Promise<void> {
  try {
    const b = await bookingForSms(db, p.bookingId)
    if (!b) return
    const { home, deceased: name } = b
    if (p.contributorPhone) {
      // The receipt as it is now: a callback may have brought it since the payment was settled.
      const receipt = (await repo.receiptOf(db, p.id)) ?? p.transactionId
      await queueSmsTo(db, log, p.contributorPhone, {
        kind: 'contribution',
        bookingId: p.bookingId,
        body: contributorSms(p.contributorLanguage).thanks(home, name, p.amount, receipt),
        delayMs: receipt ? 0 : THANKS_WAIT_FOR_RECEIPT_MS,
      })
    }
    // What is still due as the family's screens and the harambee page have it (storage to date counted).
    const row = await findBooking(db, p.bookingId)
    const due = row ? amountDueNow(await toWireBooking(db, row)) : 0
    await queueSms(db, log, { userId: b.clientId, kind: 'contribution', bookingId: p.bookingId, body: (language) => (language === 'sw' ? CONTRIBUTION_SMS_SW : CONTRIBUTION_SMS).family(p.contributorName, p.amount, due) })
  } catch (error) {
    log.warn({ err: describeError(error) }, 'could not queue the contribution SMS')
  }
}

/**
 * Daraja does not sign its callbacks: the secret in the path is all that marks one as Daraja's, and
 * a secret can leak. So a callback that would change a payment is first checked with Daraja's own
 * STK query for the same CheckoutRequestID, and it counts only when the query gives the same final
 * outcome (success, or the same failure). Otherwise nothing changes here: a query that is final
 * and says otherwise is applied as the query's answer; a pending or failed query leaves the push
 * open for the reconciliation job, which asks again.
 */
async function confirmByQuery(log: Logger, daraja: Daraja | undefined, callback: StkCallback): Promise<StkQueryResult | 'agrees' | null> {
  if (!daraja) {
    log.warn({ checkoutRequestId: callback.checkoutRequestId }, 'Daraja callback not confirmed (no Daraja client): not recorded')
    return null
  }
  let result: StkQueryResult
  try {
    result = await daraja.stkQuery(callback.checkoutRequestId)
  } catch (error) {
    log.warn({ checkoutRequestId: callback.checkoutRequestId, err: describeError(error) }, 'Daraja callback could not be confirmed by the STK query: left for the reconciliation')
    return null
  }
  if (result.status === 'final' && result.checkoutRequestId === callback.checkoutRequestId && result.resultCode === callback.resultCode) return 'agrees'
  log.warn(
    { checkoutRequestId: callback.checkoutRequestId, callbackResultCode: callback.resultCode, queryResult: result.status === 'final' ? result.resultCode : 'pending' },
    'Daraja callback contradicted by the STK query: the callback is not recorded',
  )
  return result
}

/** Daraja's callback: settles a push of ours once, after Daraja's STK query confirms it; anything else is logged and changes nothing. */
export async function onDarajaCallback(db: Db, log: Logger, daraja: Daraja | undefined, callback: StkCallback): Promise<void> {
  let push = await pushRecord(db, callback.checkoutRequestId)
  let confirmed = false
  if (!push && callback.resultCode === '0') {
    // An attempt whose answer was lost takes this id only when Daraja knows the id and says it succeeded.
    if ((await confirmByQuery(log, daraja, callback)) !== 'agrees') return
    confirmed = true
    if (await claimLostPush(db, log, callback)) push = await pushRecord(db, callback.checkoutRequestId)
  }
  const decision = settle(push, callback)
  const note = ignoredCallbackLog(decision, callback)
  // A repeat that agrees with the settled payment is routine (the simulator and Daraja call back after a verify settled it).
  const routine = decision.action === 'ignore' && decision.reason === 'already-settled' && !decision.conflicting
  if (note) log[routine ? 'debug' : 'warn']({ checkoutRequestId: callback.checkoutRequestId }, note)
  if (decision.action === 'ignore') return
  if (!confirmed) {
    const check = await confirmByQuery(log, daraja, callback)
    if (check === null) return
    if (check !== 'agrees') {
      // Daraja's own answer wins over the callback's (a forged or garbled callback).
      await applyDecision(db, log, callback.checkoutRequestId, settleFromQuery(await pushRecord(db, callback.checkoutRequestId), check), 'query')
      return
    }
  }
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
  // Open attempts, and those closed as expired meanwhile (their success still counts).
  const open = await repo.unclaimedAttempts(db, MPESA_EXPIRED.resultCode)
  const match = matchUnclaimedCallback(
    callback,
    open.map((r) => ({ ...r, sentAt: r.createdAt })),
    { receivedAt: new Date() },
  )
  if (!match) return false
  await repo.adoptCallbackIds(db, match, { checkoutRequestId: callback.checkoutRequestId, merchantRequestId: callback.merchantRequestId })
  log.warn({ checkoutRequestId: callback.checkoutRequestId, bookingId: match.bookingId }, 'Daraja callback matched to a push whose answer was lost')
  return true
}

/** One STK query for an open push, applied. A query that fails (network, Daraja down) changes nothing. */
export async function queryAndSettle(db: Db, log: Logger, daraja: Daraja, checkoutRequestId: string): Promise<StkQueryResult | null> {
  let result: StkQueryResult
  try {
    result = await daraja.stkQuery(checkoutRequestId)
  } catch (error) {
    log.warn({ checkoutRequestId, err: describeError(error) }, 'STK query failed; the push stays open')
    return null
  }
  const decision = settleFromQuery(await pushRecord(db, checkoutRequestId), result)
  await applyDecision(db, log, checkoutRequestId, decision, 'query')
  return result
}

/** Whether a push has gone MPESA_PUSH_EXPIRY_MS without a final answer (by `now`). */
export function isOverdue(request: Pick<MpesaRequestRow, 'resultCode' | 'createdAt'>, now: Date): boolean {
  return isPushOverdue({ resultCode: request.resultCode, sentAt: new Date(request.createdAt).getTime() }, now.getTime())
}

/**
 * Closes an open push as expired (failed, MPESA_EXPIRED): no answer came in time. The booking is
 * free to be paid again and a relative's hold ends; a success that still comes completes it
 * (applyDecision). Returns whether this call closed it.
 */
export async function expirePush(db: Db, log: Logger, checkoutRequestId: string): Promise<boolean> {
  const changed = await applyDecision(db, log, checkoutRequestId, { action: 'fail', ...MPESA_EXPIRED, meaning: 'other' }, 'expiry')
  // An attempt with no payment row yet (its push still in flight when it was recorded) is closed too.
  const request = await repo.closeOpenRequest(db, checkoutRequestId, { resultCode: MPESA_EXPIRED.resultCode, resultDesc: MPESA_EXPIRED.resultDesc })
  if (changed || request) log.warn({ checkoutRequestId }, 'M-Pesa push closed as expired: no answer in time')
  return changed || Boolean(request)
}

/**
 * An open push past MPESA_PUSH_EXPIRY_MS: asked once more (an answer that came meanwhile wins),
 * then closed as expired when still nothing is final, or when Daraja does not answer at all. An
 * attempt whose push answer was lost (claim-…) cannot be asked and is closed straight away.
 * Returns whether the push is settled now.
 */
export async function settleOrExpire(db: Db, log: Logger, daraja: Daraja | undefined, request: MpesaRequestRow, now: Date): Promise<boolean> {
  if (!isOverdue(request, now)) return false
  if (daraja && !request.checkoutRequestId.startsWith('claim-')) {
    const result = await queryAndSettle(db, log, daraja, request.checkoutRequestId)
    if (result?.status === 'final') return true
  }
  await expirePush(db, log, request.checkoutRequestId)
  return true
}

/**
 * A verify of the app (the family's dialog, a relative's page): counted, then the push's final
 * answer when it has one, else an STK query (at most one per push every queryEveryMs; an overdue
 * push is closed as expired), else "still processing". Answers Daraja's shapes, as the mock does.
 */
export async function verifyPush(db: Db, log: Logger, daraja: Daraja | undefined, request: MpesaRequestRow, now = new Date(), queryEveryMs = 0): Promise<Record<string, string>> {
  await repo.countVerify(db, request.id)
  if (request.resultCode !== null) return { ResultCode: request.resultCode, ResultDesc: request.resultDesc ?? '' }
  const reread = () => repo.requestById(db, request.id)
  if (await settleOrExpire(db, log, daraja, request, now)) {
    const closed = await reread()
    if (closed?.resultCode != null) return { ResultCode: closed.resultCode, ResultDesc: closed.resultDesc ?? '' }
  }
  // An attempt whose push answer was lost has no CheckoutRequestID to ask about: processing until its callback is matched.
  if (!daraja || request.checkoutRequestId.startsWith('claim-')) return { ...MPESA_PROCESSING }
  // However many pages poll, Daraja is asked about a push at most once every queryEveryMs (counted
  // in the database, across instances); in between the answer is the database's. The callback and
  // the reconciliation job (server/reconcile.ts) settle it meanwhile.
  if (queryEveryMs > 0 && (await hit(db, `daraja-query:${request.checkoutRequestId}`, { max: 1, windowMs: queryEveryMs }, now.getTime())).hits > 1) {
    return { ...MPESA_PROCESSING }
  }
  const result = await queryAndSettle(db, log, daraja, request.checkoutRequestId)
  const settled = await reread()
  if (!result || result.status === 'pending' || !settled || settled.resultCode === null) return { ...MPESA_PROCESSING }
  return {
    MerchantRequestID: settled.merchantRequestId,
    CheckoutRequestID: settled.checkoutRequestId,
    ResponseCode: '0',
    ResponseDescription: MPESA_QUERY_ACCEPTED,
    ResultCode: settled.resultCode,
    ResultDesc: settled.resultDesc ?? '',
  }
}
