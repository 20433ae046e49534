/**
 * The mock's Daraja side of an M-Pesa payment: the payment row a push creates, how a request
 * reaches its final outcome (the app's verify calls, or the simulated callback) and the "one
 * payment in progress per booking" rule. The HTTP handlers (handlers/payments.ts,
 * handlers/bookings.ts) call these; nothing here depends on wall time.
 */
import { db, logActivity, nextId } from './db'
import type { MpesaRequestRecord } from './db'
import { ApiError } from './http'
import { cryptoRandom } from './passwords'
import { receiptNumber } from '../shared/demo/random'
import { amountDueToday, toWireBooking } from './serialize'
import { paymentStatusAfterPayment } from '../shared/urgency'
import { CONTRIBUTION_SMS, CONTRIBUTION_SMS_SW, contributorSms, maskPhone } from '../shared/contracts/contributions'
import { MPESA_EXPIRED, MSG_PAYMENT_IN_PROGRESS } from '../shared/contracts/payments'
import { isPushOverdue, isSuccessCode, openPushBlocks, refuseWhilePaying, reservedAmount, scenarioOutcome as outcomeOf, type MpesaOutcome } from '../shared/payments'
import type { PaymentRecord } from './db'
import { queueMockSms, queueMockSmsTo } from './messages'
import { storedSettings } from './handlers/settings'

export type { MpesaOutcome }

let onChange: (() => void) | null = null

/** Called after a request was settled (the browser persists the database: a GET may have written). */
export function setMpesaChangeListener(listener: (() => void) | null): void {
  onChange = listener
}

/** The final outcome the request's scenario reaches, or null when it never completes. */
export const scenarioOutcome = (req: Pick<MpesaRequestRecord, 'scenario'>): MpesaOutcome | null => outcomeOf(req.scenario)

const isOutstanding = (r: MpesaRequestRecord) => r.result_code === null

/** Sent MPESA_PUSH_EXPIRY_MS ago or more and still without a final answer (the wall clock, as the contribution holds). */
const isOverdue = (r: MpesaRequestRecord, now = Date.now()) => isPushOverdue({ resultCode: r.result_code, sentAt: Date.parse(r.created_at) }, now)

/**
 * An overdue request reaches its end: the outcome of a scenario that finishes (its callback would
 * have come long before), else it is closed as expired (failed, MPESA_EXPIRED), as the server's
 * reconciliation does. Returns whether it was overdue.
 */
export async function closeIfOverdue(r: MpesaRequestRecord): Promise<boolean> {
  if (!isOverdue(r)) return false
  await settle(r.id, scenarioOutcome(r) ?? MPESA_EXPIRED)
  return true
}

/** Bookings with a push being handled right now (a concurrent second push is refused). */
const pushing = new Set<number>()

/**
 * Runs `push` (the rest of an STK push for this booking) unless the booking has a payment in
 * progress (shared/payments.ts's openPushBlocks): an outstanding request answers 409
 * MSG_PAYMENT_IN_PROGRESS unless it is overdue or never completes and the app gave up on it. Those
 * are closed and the new push goes ahead (`push` checks again what is due: the closed one may have paid).
 */
export async function whenNoPaymentInProgress<T>(bookingId: number, push: () => Promise<T>): Promise<T> {
  if (pushing.has(bookingId)) throw new ApiError(409, MSG_PAYMENT_IN_PROGRESS)
  pushing.add(bookingId)
  try {
    // Relatives' contributions are held to what is due by reservation, not by this rule.
    const outstanding = db.mpesaRequest.findMany((q) => q.where({ booking_id: bookingId })).filter((r) => isOutstanding(r) && !r.contribution_link_id)
    refuseWhilePaying(outstanding.some((r) => openPushBlocks({ overdue: isOverdue(r), verifyCount: r.verify_count, willComplete: scenarioOutcome(r) !== null })))
    for (const r of outstanding) if (!(await closeIfOverdue(r))) await settle(r.id, MPESA_EXPIRED)
    return await push()
  } finally {
    pushing.delete(bookingId)
  }
}

export type NewMpesaRequest = Pick<MpesaRequestRecord, 'checkout_request_id' | 'merchant_request_id' | 'booking_id' | 'client_id' | 'phone' | 'amount' | 'scenario' | 'contribution_link_id'>

/** Who a relative's push is from (a contribution through the family's link). */
export interface PushContributor {
  name: string
  message: string | null
  anonymous: boolean
  /** The page's language: the thank-you SMS is in it. */
  language?: 'en' | 'sw' | undefined
}

/**
 * Records an STK push M-Pesa accepted: a `processing` payment row (no transaction id yet), so the
 * family's history shows it at once, and the M-Pesa request linked to it (`payment_id`).
 */
export async function recordPush(request: NewMpesaRequest, contributor?: PushContributor): Promise<void> {
  const now = new Date().toISOString()
  const payment = await db.payment.create({
    id: nextId('payment'),
    booking_id: request.booking_id,
    client_id: request.client_id,
    transaction_id: null,
    payment_method: 'mpesa',
    status: 'processing',
    amount: request.amount,
    payment_date: now,
    // A contributor's number is theirs: the family's history shows it masked.
    phone: contributor ? maskPhone(request.phone) : request.phone,
    checkout_request_id: request.checkout_request_id,
    result_desc: null,
    ...(contributor
      ? {
          contribution_link_id: request.contribution_link_id ?? null,
          contributor_name: contributor.name,
          contributor_message: contributor.message,
          contributor_anonymous: contributor.anonymous,
          contributor_phone: request.phone,
          contributor_language: contributor.language ?? null,
          thanked_at: null,
        }
      : {}),
  })
  await db.mpesaRequest.create({
    ...request,
    id: nextId('mpesaRequest'),
    verify_count: 0,
    result_code: null,
    result_desc: null,
    payment_id: payment.id,
    created_at: now,
  })
}

/** Settlements under way, by request id: a concurrent caller waits for the same one. */
const settling = new Map<number, Promise<void>>()

/**
 * Records a request's final outcome, exactly once (later and concurrent calls change nothing):
 * its payment row becomes `completed` (receipt-like transaction id) or `failed`; on success the
 * booking becomes `paid` when nothing is left due, else `partial`; an activity is logged.
 */
export function settle(requestId: number, outcome: MpesaOutcome): Promise<void> {
  const running = settling.get(requestId)
  if (running) return running
  const work = settleOnce(requestId, outcome).finally(() => settling.delete(requestId))
  settling.set(requestId, work)
  return work
}

async function settleOnce(requestId: number, { resultCode, resultDesc }: MpesaOutcome): Promise<void> {
  const req = db.mpesaRequest.findFirst((q) => q.where({ id: requestId }))
  if (!req || !isOutstanding(req)) return
  const success = isSuccessCode(resultCode)
  const fields = {
    status: success ? ('completed' as const) : ('failed' as const),
    transaction_id: success ? receiptNumber(cryptoRandom) : null,
    result_desc: resultDesc,
  }
  const paymentId = req.payment_id
  const linked = paymentId === null ? undefined : db.payment.findFirst((q) => q.where({ id: paymentId }))
  const payment = linked
    ? await db.payment.update((q) => q.where({ id: linked.id }), {
        data(p) {
          p.status = fields.status
          p.transaction_id = fields.transaction_id
          p.result_desc = fields.result_desc
        },
      })
    : // A request recorded before pushes created their row (an older persisted demo database).
      await db.payment.create({
        id: nextId('payment'),
        booking_id: req.booking_id,
        client_id: req.client_id,
        payment_method: 'mpesa',
        amount: req.amount,
        payment_date: new Date().toISOString(),
        phone: req.phone,
        checkout_request_id: req.checkout_request_id,
        ...fields,
      })
  await db.mpesaRequest.update((q) => q.where({ id: req.id }), {
    data(r) {
      r.result_code = resultCode
      r.result_desc = resultDesc
      r.payment_id = payment?.id ?? r.payment_id
    },
  })
  if (success) {
    // The status from the money as it stands today (storage to date counted), as the server decides it.
    const current = db.booking.findFirst((q) => q.where({ id: req.booking_id }))
    const status = current ? paymentStatusAfterPayment(toWireBooking(current)) : null
    await db.booking.update((q) => q.where({ id: req.booking_id }), {
      data(b) {
        if (status) b.payment_status = status
      },
    })
    await logActivity('payment', `M-Pesa payment of KSH ${req.amount.toLocaleString('en-US')} received for booking #${req.booking_id} (${fields.transaction_id ?? ''})`, req.client_id)
    if (payment?.contribution_link_id) await contributionReceived(payment)
  } else {
    await logActivity('payment', `M-Pesa payment for booking #${req.booking_id} failed: ${resultDesc}`, req.client_id)
  }
  onChange?.()
}

/**
 * The simulated Daraja callback: every outstanding request of this client that would finish
 * (every scenario but never-completes) reaches its final outcome now, as if M-Pesa had called
 * back while the family was away; a never-completes one past its expiry is closed as expired.
 * Called before the family's lists are read.
 */
export async function deliverCallbacks(clientId: number): Promise<void> {
  const outstanding = db.mpesaRequest.findMany((q) => q.where({ client_id: clientId })).filter(isOutstanding)
  for (const r of outstanding) {
    const outcome = scenarioOutcome(r)
    // A request that never completes is closed once it is overdue (the server's reconciliation does the same).
    if (outcome) await settle(r.id, outcome)
    else await closeIfOverdue(r)
  }
}

/** What open contribution pushes of this booking hold (an unanswered push holds nothing after CONTRIBUTION_RESERVATION_MS). */
export function reservedFor(bookingId: number, now = Date.now()): number {
  const requests = db.mpesaRequest.findMany((q) => q.where({ booking_id: bookingId }))
  return reservedAmount(
    requests.map((r) => ({ amount: r.amount, resultCode: r.result_code, contributionLinkId: r.contribution_link_id ?? null, sentAt: Date.parse(r.created_at) })),
    now,
  )
}

/** A relative's contribution arrived: a thank-you to them (with the receipt) and a word to the family. */
async function contributionReceived(p: PaymentRecord): Promise<void> {
  const booking = db.booking.findFirst((q) => q.where({ id: p.booking_id }))
  if (!booking) return
  const d = db.deceased.findFirst((q) => q.where({ id: booking.deceased_id }))
  const home = storedSettings().general.facilityName
  const name = d ? `${d.first_name} ${d.last_name}` : ''
  if (p.contributor_phone) await queueMockSmsTo(p.contributor_phone, { kind: 'contribution', bookingId: booking.id, body: contributorSms(p.contributor_language).thanks(home, name, p.amount, p.transaction_id) })
  await queueMockSms({ userId: booking.client_id, kind: 'contribution', bookingId: booking.id, body: (language) => (language === 'sw' ? CONTRIBUTION_SMS_SW : CONTRIBUTION_SMS).family(p.contributor_name ?? null, p.amount, amountDueToday(booking)) })
}
