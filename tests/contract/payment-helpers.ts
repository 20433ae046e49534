/** What the payment tests of both suites (the contract's and the mock's own) do to reach a push. */
import { expect } from 'vitest'
import { call } from './target'
import { MPESA_TEST_NUMBERS } from '../../shared/mpesa-scenarios'
import { PendingPaymentList, StkPushResponse, VerifyResponse } from '../../shared/contracts/payments'

export const phoneFor = (scenario: string) => {
  const n = MPESA_TEST_NUMBERS.find((t) => t.scenario === scenario)
  if (!n) throw new Error(scenario)
  return n.phone
}

export async function pendingList(token: string) {
  return PendingPaymentList.parse((await call('GET', '/payments/pending', { token })).json)
}

export async function unpaidBooking(token: string) {
  const b = (await pendingList(token)).find((p) => (p as { payment_status?: string }).payment_status === 'pending')
  if (!b) throw new Error('no unpaid booking')
  return b
}

export async function push(token: string, phoneNumber: string, headers: Record<string, string> = {}) {
  const booking = await unpaidBooking(token)
  const res = await call('POST', '/stk-push', { token, headers, body: { phoneNumber, amount: booking.total_amount, bookingId: booking.id } })
  expect(res.status).toBe(200)
  return { booking, data: StkPushResponse.parse(res.json).data }
}

export async function verifyUntilFinal(token: string, checkoutId: string, max = 20) {
  for (let i = 1; i <= max; i++) {
    const res = await call('GET', `/payments/mpesa/verify/${checkoutId}`, { token })
    expect(res.status).toBe(200)
    const { data } = VerifyResponse.parse(res.json)
    if (data.ResultCode !== undefined) return { attempts: i, data }
    expect(data).toMatchObject({ errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' })
  }
  return { attempts: Infinity, data: null }
}
