/**
 * Money and the secrets that guard it, on the real server over the Daraja simulator: the callback
 * path's secret never reaches a log line, a "success" callback counts only when Daraja's STK query
 * agrees, and a relative's push with a field the database cannot hold is refused before any
 * prompt goes out.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startServerTarget } from '../contract/server-target'
import { callbackPath } from '../../server/daraja/callback'
import { MPESA_TEST_NUMBERS } from '../../shared/mpesa-scenarios'
import { eq } from 'drizzle-orm'
import { payments } from '../../server/db/schema'

type Target = Awaited<ReturnType<typeof startServerTarget>>
let target: Target

/** The payment rows that existed when each push left for Daraja, by the push's booking. */
const rowsAtPush: Array<{ bookingId: string; statuses: string[] }> = []

beforeAll(async () => {
  target = await startServerTarget({
    wrapDaraja: (daraja, db) => ({
      ...daraja,
      async stkPush(input, options) {
        const bookingId = input.accountReference.replace(/^BK/, '')
        const rows = await db.select({ status: payments.status }).from(payments).where(eq(payments.bookingId, Number(bookingId)))
        rowsAtPush.push({ bookingId, statuses: rows.map((r) => r.status) })
        return daraja.stkPush(input, options)
      },
    }),
  })
}, 60_000)
afterAll(async () => {
  await target.close()
})
beforeEach(async () => {
  target.simulator.setCallbackPlan({ mode: 'deliver' })
  await target.reset()
})

const SUCCESS_PHONE = MPESA_TEST_NUMBERS.find((n) => n.scenario === 'success')!.phone

async function api<T = Record<string, unknown>>(method: string, path: string, token?: string, body?: unknown) {
  const res = await target.fetch(
    new Request(`http://localhost:3000${path.startsWith('/api/hooks') ? '' : '/api'}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    }),
  )
  return { status: res.status, json: (await res.json()) as T }
}

async function family() {
  const { json } = await api<{ token: string }>('POST', '/auth/login', undefined, { email: 'family@funeral.test', password: 'Family#2026' })
  const pending = await api<{ bookings: Array<{ id: number; amount_due: number; payment_status: string }> }>('GET', '/payments/pending', json.token)
  return { token: json.token, booking: pending.json.bookings.find((b) => b.payment_status === 'pending')! }
}

const paymentsOf = async (token: string, bookingId: number) =>
  (await api<{ payments: Array<{ booking_id: number; status: string; transaction_id: string | null; amount: number; contributor_name: string | null }> }>('GET', '/payments/my', token)).json.payments.filter(
    (p) => p.booking_id === bookingId,
  )

function successCallback(checkoutRequestId: string, amount: number, receipt: string) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: 'forged',
        CheckoutRequestID: checkoutRequestId,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: { Item: [{ Name: 'Amount', Value: amount }, { Name: 'MpesaReceiptNumber', Value: receipt }, { Name: 'PhoneNumber', Value: 254712345678 }] },
      },
    },
  }
}

describe("the callback path's secret", () => {
  it('never appears in a log line, through a whole push, its verifies, its callback and a wrong guess', async () => {
    const stop = target.listenToLog()
    const { token, booking } = await family()
    const pushed = await api<{ data: { CheckoutRequestID: string } }>('POST', '/stk-push', token, { phoneNumber: SUCCESS_PHONE, amount: booking.amount_due, bookingId: booking.id })
    expect(pushed.status).toBe(200)
    // The simulator calls back once the customer has answered (the 3rd verify for this number).
    for (let i = 0; i < 3; i++) await api('GET', `/payments/mpesa/verify/${pushed.json.data.CheckoutRequestID}`, token)
    await target.simulator.idle()
    expect(target.simulator.deliveries().at(-1)).toMatchObject({ status: 200, dropped: false })
    expect((await api('POST', `${callbackPath('0'.repeat(48))}`, undefined, {})).status).toBe(404)
    const lines = stop()
    expect((await paymentsOf(token, booking.id)).map((p) => p.status)).toEqual(['completed'])
    expect(lines.some((l) => l.includes('/api/hooks/daraja/stk/:secret'))).toBe(true)
    expect(lines.filter((l) => l.includes(target.callbackSecret) || l.includes('0'.repeat(48)))).toEqual([])
  })
})

describe('a success callback counts only when Daraja confirms it', () => {
  it("a forged success for a push Daraja still has pending records nothing; Daraja's own callback then records it", async () => {
    const { token, booking } = await family()
    const pushed = await api<{ data: { CheckoutRequestID: string } }>('POST', '/stk-push', token, { phoneNumber: SUCCESS_PHONE, amount: booking.amount_due, bookingId: booking.id })
    const id = pushed.json.data.CheckoutRequestID
    // Whoever read the secret (a log, a proxy) forges "paid" with the right id, amount and secret.
    const forged = await api('POST', callbackPath(target.callbackSecret), undefined, successCallback(id, booking.amount_due, 'FAKE000001'))
    expect(forged.status).toBe(200)
    expect(await paymentsOf(token, booking.id)).toMatchObject([{ status: 'processing', transaction_id: null }])
    const status = await api<{ booking: { payment_status: string } }>('GET', `/bookings/${booking.id}`, token)
    expect(status.json.booking.payment_status).toBe('pending')

    target.simulator.finish(id)
    await target.simulator.idle()
    const receipt = target.simulator.pushes().find((p) => p.checkoutRequestId === id)?.receipt
    expect(receipt).toMatch(/^[A-Z0-9]{10}$/)
    expect(await paymentsOf(token, booking.id)).toMatchObject([{ status: 'completed', transaction_id: receipt }])
  })

  it('a forged failure for a push Daraja says succeeded records the success, not the failure', async () => {
    const { token, booking } = await family()
    target.simulator.setCallbackPlan({ mode: 'drop' })
    const pushed = await api<{ data: { CheckoutRequestID: string } }>('POST', '/stk-push', token, { phoneNumber: SUCCESS_PHONE, amount: booking.amount_due, bookingId: booking.id })
    const id = pushed.json.data.CheckoutRequestID
    target.simulator.finish(id)
    const cancel = { Body: { stkCallback: { MerchantRequestID: 'forged', CheckoutRequestID: id, ResultCode: 1032, ResultDesc: 'Request cancelled by user' } } }
    expect((await api('POST', callbackPath(target.callbackSecret), undefined, cancel)).status).toBe(200)
    expect(await paymentsOf(token, booking.id)).toMatchObject([{ status: 'completed' }])
  })
})

describe('a relative\'s push with a field the database cannot hold', () => {
  it('is refused with a 422 before any prompt goes out, and stores nothing', async () => {
    const { token, booking } = await family()
    const link = await api<{ link: { token: string } }>('POST', `/bookings/${booking.id}/contributions/link`, token, {})
    expect(link.status).toBe(201)
    const before = target.simulator.pushes().length
    for (const body of [
      { name: 'Otieno\u0000Odhiambo', phoneNumber: SUCCESS_PHONE, amount: 100 },
      { name: 'Otieno', phoneNumber: SUCCESS_PHONE, amount: 100, message: 'Pole\u0000' },
    ]) {
      const res = await api<{ message: string; errors: Record<string, string> }>('POST', `/contributions/${link.json.link.token}/push`, undefined, body)
      expect(res.status).toBe(422)
      expect(res.json.message).toMatch(/must not contain a NUL character/)
    }
    expect(target.simulator.pushes().length).toBe(before)
    expect(await paymentsOf(token, booking.id)).toEqual([])
  })

  it('the payment row is written before the prompt goes out, then carries Daraja\'s id', async () => {
    const { token, booking } = await family()
    const link = await api<{ link: { token: string } }>('POST', `/bookings/${booking.id}/contributions/link`, token, {})
    rowsAtPush.length = 0
    const res = await api<{ data: { CheckoutRequestID: string } }>('POST', `/contributions/${link.json.link.token}/push`, undefined, { name: 'Otieno', phoneNumber: SUCCESS_PHONE, amount: 100 })
    expect(res.status).toBe(200)
    expect(rowsAtPush).toEqual([{ bookingId: String(booking.id), statuses: ['processing'] }])
    expect(res.json.data.CheckoutRequestID).toMatch(/^ws_CO_/)
    expect(await paymentsOf(token, booking.id)).toMatchObject([{ status: 'processing', amount: 100, contributor_name: 'Otieno' }])
    // Verified by its CheckoutRequestID: the row took Daraja's id.
    for (let i = 0; i < 3; i++) await api('GET', `/contributions/${link.json.link.token}/verify/${res.json.data.CheckoutRequestID}`)
    await target.simulator.idle()
    expect(await paymentsOf(token, booking.id)).toMatchObject([{ status: 'completed', amount: 100 }])
  })
})
