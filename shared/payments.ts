/**
 * The rules of an M-Pesa payment that both backends follow, as plain functions over plain data:
 * whether a booking may be charged and how much, which result a test number's scenario reaches,
 * when a push is overdue or no longer blocks the booking and what a contribution push may hold.
 * Each backend reads its own store, calls these, and writes what they decide; "now" is always a
 * parameter. The booking's payment status after a payment is shared/urgency.ts's, beside what is due.
 */
import { ApiError } from './errors'
import { MPESA_MAX_ATTEMPTS } from './constants'
import {
  MPESA_PUSH_EXPIRY_MS,
  MSG_ALREADY_PAID,
  MSG_AMOUNT_TOO_HIGH,
  MSG_BOOKING_CANCELLED,
  MSG_PAYMENT_IN_PROGRESS,
  MSG_SAFARICOM_NUMBER,
  normaliseKenyanPhone,
} from './contracts/payments'
import { CONTRIBUTION_RESERVATION_MS, msgAmountAboveDue } from './contracts/contributions'
import { scenarioById } from './mpesa-scenarios'

/** A push's final answer: Daraja's result code ('0' is success) and its words. */
export interface MpesaOutcome {
  resultCode: string
  resultDesc: string
}

/** Whether a result code means the money moved. */
export const isSuccessCode = (resultCode: string): boolean => resultCode === '0'

/**
 * A body whose phone is not a Kenyan mobile number is a bad request (400) with the field named, as
 * Daraja answers, before the rest of the body is validated.
 */
export function refuseForeignPhone(raw: unknown): void {
  if (typeof raw === 'object' && raw !== null && 'phoneNumber' in raw && typeof raw.phoneNumber === 'string' && normaliseKenyanPhone(raw.phoneNumber) === null) {
    throw new ApiError(400, MSG_SAFARICOM_NUMBER, { phoneNumber: MSG_SAFARICOM_NUMBER })
  }
}

/**
 * Whether the family may be charged `amount` on this booking now: not cancelled or refunded, no more
 * than is due today (instalments: any whole amount up to it) and, while relatives are paying through
 * the family's link, no more than what their pushes leave (`reserved`). The payment status does not
 * decide: a booking marked paid still owes the storage for the days its body stayed beyond those
 * booked, and the family pays that balance the same way.
 */
export function checkFamilyPush(booking: { status: string; paymentStatus: string }, due: number, reserved: number, amount: number): void {
  if (booking.status === 'cancelled') throw new ApiError(409, MSG_BOOKING_CANCELLED)
  if (booking.paymentStatus === 'refunded') throw new ApiError(409, MSG_ALREADY_PAID)
  checkAmountDue(due, amount)
  if (reserved > 0 && amount > due - reserved) throw new ApiError(422, msgAmountAboveDue(due - reserved), { amount: msgAmountAboveDue(due - reserved) })
}

/** Only what is still due may be charged: a partly paid booking is never charged its full total again. */
export function checkAmountDue(due: number, amount: number): void {
  if (due === 0) throw new ApiError(409, MSG_ALREADY_PAID)
  if (amount > due) throw new ApiError(422, MSG_AMOUNT_TOO_HIGH, { amount: MSG_AMOUNT_TOO_HIGH })
}

/** The final outcome a test number's scenario reaches, or null when it never completes. */
export function scenarioOutcome(scenarioId: string): MpesaOutcome | null {
  const scenario = scenarioById(scenarioId)
  if (scenario.finalOnVerify === null || scenario.resultCode === null) return null
  return { resultCode: scenario.resultCode, resultDesc: scenario.resultDesc ?? '' }
}

/** A scenario's answer after `checks` verify calls (or STK queries): its outcome from its final call on, else null (still processing). */
export function scenarioAnswerAfter(scenarioId: string, checks: number): MpesaOutcome | null {
  const { finalOnVerify } = scenarioById(scenarioId)
  const outcome = scenarioOutcome(scenarioId)
  return outcome !== null && finalOnVerify !== null && checks >= finalOnVerify ? outcome : null
}

/** A push sent MPESA_PUSH_EXPIRY_MS ago or more and still without a final answer (by `now`, ms). */
export function isPushOverdue(push: { resultCode: string | null; sentAt: number }, now: number): boolean {
  return push.resultCode === null && now - push.sentAt >= MPESA_PUSH_EXPIRY_MS
}

/**
 * One payment in progress per booking: an open push of the family blocks a new one (409) unless it
 * is overdue, or the app gave up on it (verified MPESA_MAX_ATTEMPTS times) and it is not known to
 * be on its way to an answer (`willComplete`: the mock knows its scenario; the server never does).
 */
export function openPushBlocks(push: { overdue: boolean; verifyCount: number; willComplete: boolean }): boolean {
  if (push.overdue) return false
  return push.willComplete || push.verifyCount < MPESA_MAX_ATTEMPTS
}

/** Throws 409 MSG_PAYMENT_IN_PROGRESS when an open push blocks the booking (openPushBlocks). */
export function refuseWhilePaying(blocked: boolean): void {
  if (blocked) throw new ApiError(409, MSG_PAYMENT_IN_PROGRESS)
}

/** What relatives' open pushes hold on a booking (a push unanswered for CONTRIBUTION_RESERVATION_MS holds nothing). */
export function reservedAmount(requests: ReadonlyArray<{ amount: number; resultCode: string | null; contributionLinkId: number | null; sentAt: number }>, now: number): number {
  return requests.filter((r) => r.resultCode === null && r.contributionLinkId !== null && now - r.sentAt < CONTRIBUTION_RESERVATION_MS).reduce((n, r) => n + r.amount, 0)
}
