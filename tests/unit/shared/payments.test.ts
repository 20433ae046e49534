/** The M-Pesa payment rules both backends follow (shared/payments.ts), over plain data. */
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../shared/errors'
import { MPESA_MAX_ATTEMPTS } from '../../../shared/constants'
import { MPESA_PUSH_EXPIRY_MS, MSG_ALREADY_PAID, MSG_AMOUNT_TOO_HIGH, MSG_BOOKING_CANCELLED, MSG_PAYMENT_IN_PROGRESS, MSG_SAFARICOM_NUMBER } from '../../../shared/contracts/payments'
import { CONTRIBUTION_RESERVATION_MS, msgAmountAboveDue } from '../../../shared/contracts/contributions'
import {
  checkAmountDue,
  checkFamilyPush,
  isPushOverdue,
  isSuccessCode,
  openPushBlocks,
  refuseForeignPhone,
  refuseWhilePaying,
  reservedAmount,
  scenarioAnswerAfter,
  scenarioOutcome,
} from '../../../shared/payments'

/** What a rule threw: its status, message and field messages (or null when it did not throw). */
function refusal(run: () => void) {
  try {
    run()
    return null
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { status: error.status, message: error.message, errors: error.errors }
  }
}

const open = { status: 'confirmed', paymentStatus: 'pending' }

describe('a family push', () => {
  it('refuses a phone that is not a Kenyan mobile number with the field named, and lets other bodies through to validation', () => {
    expect(refusal(() => refuseForeignPhone({ phoneNumber: '12345' }))).toEqual({ status: 400, message: MSG_SAFARICOM_NUMBER, errors: { phoneNumber: MSG_SAFARICOM_NUMBER } })
    expect(refusal(() => refuseForeignPhone({ phoneNumber: '0712345678' }))).toBeNull()
    expect(refusal(() => refuseForeignPhone({ phoneNumber: 712345678 }))).toBeNull()
    expect(refusal(() => refuseForeignPhone(null))).toBeNull()
  })

  it('refuses a cancelled or refunded booking, and charges no more than is due (instalments up to it)', () => {
    expect(refusal(() => checkFamilyPush({ status: 'cancelled', paymentStatus: 'pending' }, 1000, 0, 10))).toMatchObject({ status: 409, message: MSG_BOOKING_CANCELLED })
    // Marked paid, yet storage ran past the booked days: the amount due decides, not the status.
    expect(refusal(() => checkFamilyPush({ status: 'confirmed', paymentStatus: 'paid' }, 1000, 0, 1000))).toBeNull()
    expect(refusal(() => checkFamilyPush({ status: 'confirmed', paymentStatus: 'paid' }, 1000, 0, 1001))).toMatchObject({ status: 422, message: MSG_AMOUNT_TOO_HIGH })
    expect(refusal(() => checkFamilyPush({ status: 'confirmed', paymentStatus: 'paid' }, 0, 0, 10))).toMatchObject({ status: 409, message: MSG_ALREADY_PAID })
    expect(refusal(() => checkFamilyPush({ status: 'confirmed', paymentStatus: 'refunded' }, 1000, 0, 10))).toMatchObject({ status: 409, message: MSG_ALREADY_PAID })
    expect(refusal(() => checkFamilyPush(open, 0, 0, 10))).toMatchObject({ status: 409, message: MSG_ALREADY_PAID })
    expect(refusal(() => checkFamilyPush(open, 1000, 0, 1001))).toEqual({ status: 422, message: MSG_AMOUNT_TOO_HIGH, errors: { amount: MSG_AMOUNT_TOO_HIGH } })
    expect(refusal(() => checkFamilyPush(open, 1000, 0, 1000))).toBeNull()
    expect(refusal(() => checkFamilyPush(open, 1000, 0, 1))).toBeNull()
  })

  it("leaves room for relatives' pushes under way: no more than what their holds leave", () => {
    expect(refusal(() => checkFamilyPush(open, 1000, 600, 401))).toEqual({ status: 422, message: msgAmountAboveDue(400), errors: { amount: msgAmountAboveDue(400) } })
    expect(refusal(() => checkFamilyPush(open, 1000, 600, 400))).toBeNull()
    expect(refusal(() => checkFamilyPush(open, 1000, 1000, 1))).toMatchObject({ status: 422, message: msgAmountAboveDue(0) })
  })

  it('checks again what is due after an overdue push was closed (it may have paid)', () => {
    expect(refusal(() => checkAmountDue(0, 5))).toMatchObject({ status: 409 })
    expect(refusal(() => checkAmountDue(4, 5))).toMatchObject({ status: 422 })
    expect(refusal(() => checkAmountDue(5, 5))).toBeNull()
  })
})

describe('one payment in progress per booking', () => {
  it('an open push blocks until it is overdue, or the app gave up on one not known to be on its way', () => {
    expect(openPushBlocks({ overdue: false, verifyCount: 0, willComplete: false })).toBe(true)
    expect(openPushBlocks({ overdue: false, verifyCount: MPESA_MAX_ATTEMPTS - 1, willComplete: false })).toBe(true)
    expect(openPushBlocks({ overdue: false, verifyCount: MPESA_MAX_ATTEMPTS, willComplete: false })).toBe(false)
    expect(openPushBlocks({ overdue: false, verifyCount: MPESA_MAX_ATTEMPTS, willComplete: true })).toBe(true)
    expect(openPushBlocks({ overdue: true, verifyCount: 0, willComplete: true })).toBe(false)
    expect(refusal(() => refuseWhilePaying(true))).toMatchObject({ status: 409, message: MSG_PAYMENT_IN_PROGRESS })
    expect(refusal(() => refuseWhilePaying(false))).toBeNull()
  })

  it('a push is overdue MPESA_PUSH_EXPIRY_MS after it was sent, and only while it has no answer', () => {
    const sentAt = 1_000_000
    expect(isPushOverdue({ resultCode: null, sentAt }, sentAt + MPESA_PUSH_EXPIRY_MS - 1)).toBe(false)
    expect(isPushOverdue({ resultCode: null, sentAt }, sentAt + MPESA_PUSH_EXPIRY_MS)).toBe(true)
    expect(isPushOverdue({ resultCode: '0', sentAt }, sentAt + 10 * MPESA_PUSH_EXPIRY_MS)).toBe(false)
  })
})

describe('what a result means', () => {
  it("only '0' is money moved", () => {
    expect(isSuccessCode('0')).toBe(true)
    expect(isSuccessCode('1032')).toBe(false)
  })

  it("a test number's scenario reaches its outcome on its final verify call, and never-completes never does", () => {
    expect(scenarioOutcome('success')).toEqual({ resultCode: '0', resultDesc: 'The service request is processed successfully.' })
    expect(scenarioOutcome('cancelled')).toMatchObject({ resultCode: '1032' })
    expect(scenarioOutcome('never_completes')).toBeNull()
    expect(scenarioOutcome('push_rejected')).toBeNull()
    expect(scenarioAnswerAfter('success', 2)).toBeNull()
    expect(scenarioAnswerAfter('success', 3)).toMatchObject({ resultCode: '0' })
    expect(scenarioAnswerAfter('insufficient_funds', 2)).toMatchObject({ resultCode: '1' })
    expect(scenarioAnswerAfter('never_completes', 100)).toBeNull()
  })
})

describe("relatives' holds", () => {
  it('an open contribution push holds its amount for CONTRIBUTION_RESERVATION_MS; answered pushes and the family’s hold nothing', () => {
    const now = 10_000_000
    const requests = [
      { amount: 100, resultCode: null, contributionLinkId: 1, sentAt: now - 1000 },
      { amount: 200, resultCode: null, contributionLinkId: 1, sentAt: now - CONTRIBUTION_RESERVATION_MS },
      { amount: 400, resultCode: '0', contributionLinkId: 1, sentAt: now - 1000 },
      { amount: 800, resultCode: null, contributionLinkId: null, sentAt: now - 1000 },
      { amount: 1600, resultCode: null, contributionLinkId: 2, sentAt: now - CONTRIBUTION_RESERVATION_MS + 1 },
    ]
    expect(reservedAmount(requests, now)).toBe(1700)
    expect(reservedAmount([], now)).toBe(0)
  })
})
