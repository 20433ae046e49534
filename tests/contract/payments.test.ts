/**
 * M-Pesa and the family's payments on both backends: the mock's simulation and the server through
 * its Daraja client against the Daraja simulator over HTTP. Both follow the same test numbers and
 * counts (mocks/README.md: the Nth verify gives the final answer).
 */
import { describe, expect, it } from 'vitest'
import { pendingList, phoneFor, push, unpaidBooking, verifyUntilFinal } from './payment-helpers'
import { call, callbacksDelivered, darajaSimulator, fixtures, login, loginAs, seed, serverOnly, useBackend } from './target'
import { SEED_USER_PASSWORD } from '../../shared/demo-accounts'
import { MPESA_PUSH_EXPIRY_MS, PaymentList, STK_PUSHES_PER_PHONE, STK_PUSHES_PER_USER, StkPushResponse, VerifyResponse, amountToPay } from '../../shared/contracts/payments'
import { MSG_TOO_MANY_PUSHES } from '../../shared/contracts/contributions'
import { BookingResponse } from '../../shared/contracts/bookings'
import { amountDueNow } from '../../shared/urgency'

useBackend()

const IN_PROGRESS = 'A payment for this booking is already in progress. Please wait for it to finish before paying again.'






async function paymentsOf(token: string, bookingId: string | number) {
  return PaymentList.parse((await call('GET', '/payments/my', { token })).json).filter((p) => String(p.booking_id) === String(bookingId))
}

describe('payments', () => {
  it("pending lists the caller's not cancelled bookings with something owed today, whatever their payment status, with what is still due", async () => {
    const token = await loginAs('client')
    const pending = await pendingList(token)
    // Samuel (nothing paid), Rose (half paid) and Teresia (paid, but in care longer than the storage booked).
    expect(pending.map((p) => p.deceased_first_name).sort()).toEqual(['Rose', 'Samuel', 'Teresia'])
    const mary = seed.user.findFirst((q) => q.where({ email: 'family@funeral.test' }))
    for (const p of pending) {
      const b = seed.booking.findFirst((q) => q.where({ id: Number(p.id) }))
      expect(b?.client_id).toBe(mary?.id)
      expect(b?.status).not.toBe('cancelled')
      // What the invoice says is owed today (storage for the days in care so far, less all paid), not the booked total.
      const booking = BookingResponse.parse((await call('GET', `/bookings/${p.id}`, { token })).json)
      expect(p.amount_due, `booking ${p.id}`).toBe(amountDueNow(booking))
    }
    const rose = pending.find((p) => p.deceased_first_name === 'Rose')!
    expect((rose as { payment_status?: string }).payment_status).toBe('partial')
    expect(rose.amount_due).toBeLessThan(rose.total_amount)
    expect(amountToPay(rose)).toBe(rose.amount_due)
    expect((await call('GET', '/payments/pending')).status).toBe(401)
  })

  it('instalments: any whole amount up to what is due; more is 422; the booking is partial, then paid, and leaves pending', async () => {
    const token = await loginAs('client')
    const rose = (await pendingList(token)).find((p) => p.deceased_first_name === 'Rose')!
    const due = rose.amount_due!
    const body = { phoneNumber: phoneFor('success'), bookingId: rose.id }
    const tooMuch = await call('POST', '/stk-push', { token, body: { ...body, amount: due + 1 } })
    expect(tooMuch.status).toBe(422)
    expect(tooMuch.json).toMatchObject({ message: 'Amount cannot be more than the amount due', errors: { amount: 'Amount cannot be more than the amount due' } })

    const first = StkPushResponse.parse((await call('POST', '/stk-push', { token, body: { ...body, amount: 1000 } })).json).data
    expect((await verifyUntilFinal(token, first.CheckoutRequestID ?? '')).data).toMatchObject({ ResultCode: '0' })
    const middle = (await pendingList(token)).find((p) => p.id === rose.id)
    expect(middle).toMatchObject({ amount_due: due - 1000, payment_status: 'partial' })

    const rest = StkPushResponse.parse((await call('POST', '/stk-push', { token, body: { ...body, amount: due - 1000 } })).json).data
    expect((await verifyUntilFinal(token, rest.CheckoutRequestID ?? '')).data).toMatchObject({ ResultCode: '0' })
    expect(BookingResponse.parse((await call('GET', `/bookings/${rose.id}`, { token })).json).payment_status).toBe('paid')
    expect((await pendingList(token)).map((p) => p.id)).not.toContain(rose.id)
    expect((await call('POST', '/stk-push', { token, body: { ...body, amount: 1 } })).status).toBe(409)
  })

  it("my payments are the caller's, newest first; another client's payment is 404", async () => {
    const token = await loginAs('client')
    const mine = PaymentList.parse((await call('GET', '/payments/my', { token })).json)
    expect(mine.length).toBeGreaterThan(0)
    const dates = mine.map((p) => p.payment_date ?? '')
    expect([...dates].sort().reverse()).toEqual(dates)
    // Each payment names the deceased its booking is for, as that booking does.
    const first = mine[0]!
    const booking = BookingResponse.parse((await call('GET', `/bookings/${first.booking_id}`, { token })).json)
    expect(first.deceased_first_name).not.toBe('')
    expect([first.deceased_first_name, first.deceased_last_name]).toEqual([booking.deceased_first_name, booking.deceased_last_name])
    const mary = seed.user.findFirst((q) => q.where({ email: 'family@funeral.test' }))
    const other = seed.payment.findFirst((q) => q.where({ client_id: (id) => id !== mary?.id }))
    expect((await call('GET', `/payments/${other?.id}`, { token })).status).toBe(404)
    expect((await call('GET', `/payments/${mine[0]?.id}`, { token })).status).toBe(200)
    expect((await call('GET', `/payments/${other?.id}`, { token: await loginAs('admin') })).status).toBe(200)
  })

  it('success: final on the 3rd verify, exactly one completed payment with its receipt, booking paid; repeats change nothing', async () => {
    const token = await loginAs('client')
    const { booking, data } = await push(token, phoneFor('success'))
    expect(data).toMatchObject({ ResponseCode: '0', ResponseDescription: 'Success. Request accepted for processing', CustomerMessage: 'Success. Request accepted for processing' })
    expect(data.CheckoutRequestID).toMatch(/^ws_CO_/)
    const result = await verifyUntilFinal(token, data.CheckoutRequestID ?? '')
    expect(result.attempts).toBe(3)
    expect(result.data).toMatchObject({ ResultCode: '0', ResultDesc: 'The service request is processed successfully.' })
    for (let i = 0; i < 3; i++) {
      const again = VerifyResponse.parse((await call('GET', `/payments/mpesa/verify/${data.CheckoutRequestID}`, { token })).json)
      expect(again.data.ResultCode).toBe('0')
    }
    // On the server the receipt comes with Daraja's callback (the STK query carries none): wait until it has been delivered.
    await callbacksDelivered()
    const completed = (await paymentsOf(token, booking.id)).filter((p) => p.status === 'completed')
    expect(completed.length).toBe(1)
    expect(completed[0]).toMatchObject({ amount: booking.total_amount, payment_method: 'mpesa' })
    expect(completed[0]?.transaction_id).toMatch(/^[A-Z0-9]{10}$/)
    expect(BookingResponse.parse((await call('GET', `/bookings/${booking.id}`, { token })).json).payment_status).toBe('paid')
    const second = await call('POST', '/stk-push', { token, body: { phoneNumber: phoneFor('success'), amount: booking.total_amount, bookingId: booking.id } })
    expect(second.status).toBe(409)
  })

  const failures = [
    { scenario: 'insufficient_funds', code: '1', desc: 'The balance is insufficient for the transaction.', attempts: 2 },
    { scenario: 'cancelled', code: '1032', desc: 'Request cancelled by user', attempts: 2 },
    { scenario: 'timeout', code: '1037', desc: 'DS timeout user cannot be reached', attempts: 3 },
    { scenario: 'wrong_pin', code: '2001', desc: 'The initiator information is invalid.', attempts: 2 },
  ]
  for (const f of failures) {
    it(`${f.scenario}: ResultCode ${f.code} on verify ${f.attempts}, nothing paid, one failed row`, async () => {
      const token = await loginAs('client')
      const failedBefore = (await paymentsOf(token, (await unpaidBooking(token)).id)).filter((p) => p.status === 'failed').length
      // No list read until the final verify: the mock settles a caller's pushes on list reads (its simulated callback).
      const { booking, data } = await push(token, phoneFor(f.scenario))
      const result = await verifyUntilFinal(token, data.CheckoutRequestID ?? '')
      expect(result.attempts).toBe(f.attempts)
      expect(result.data).toMatchObject({ ResultCode: f.code, ResultDesc: f.desc })
      await call('GET', `/payments/mpesa/verify/${data.CheckoutRequestID}`, { token })
      const rows = await paymentsOf(token, booking.id)
      expect(rows.filter((p) => p.status === 'completed').length).toBe(0)
      expect(rows.filter((p) => p.status === 'failed').length).toBe(failedBefore + 1)
      expect(BookingResponse.parse((await call('GET', `/bookings/${booking.id}`, { token })).json).payment_status).toBe('pending')
    })
  }

  it('never completes: still processing after 20 verifies; blocks a new push until the app gave up, and that push expires it', async () => {
    const token = await loginAs('client')
    const { booking, data } = await push(token, phoneFor('never_completes'))
    const body = { phoneNumber: phoneFor('success'), amount: booking.total_amount, bookingId: booking.id }
    const blocked = await call('POST', '/stk-push', { token, body })
    expect([blocked.status, blocked.json.message]).toEqual([409, IN_PROGRESS])
    const result = await verifyUntilFinal(token, data.CheckoutRequestID ?? '', 20)
    expect(result.attempts).toBe(Infinity)
    expect((await paymentsOf(token, booking.id)).filter((p) => p.status === 'completed').length).toBe(0)
    expect((await call('POST', '/stk-push', { token, body })).status).toBe(200)
    const old = VerifyResponse.parse((await call('GET', `/payments/mpesa/verify/${data.CheckoutRequestID}`, { token })).json).data
    expect(old).toMatchObject({ ResultCode: '1019', ResultDesc: 'The transaction has expired' })
  })

  it('a push without a final answer expires after 5 minutes: its verify says so, the history shows it failed, the booking may be paid again', async () => {
    const token = await loginAs('client')
    const { booking, data } = await push(token, phoneFor('never_completes'))
    const id = data.CheckoutRequestID ?? ''
    // The family closed the page after two checks, far short of the app's ten.
    expect((await verifyUntilFinal(token, id, 2)).attempts).toBe(Infinity)
    const body = { phoneNumber: phoneFor('success'), amount: booking.total_amount, bookingId: booking.id }
    await fixtures.agePush(id, MPESA_PUSH_EXPIRY_MS - 60_000)
    expect((await call('POST', '/stk-push', { token, body })).status).toBe(409)
    expect(VerifyResponse.parse((await call('GET', `/payments/mpesa/verify/${id}`, { token })).json).data.ResultCode).toBeUndefined()
    await fixtures.agePush(id, 60_000)
    const expired = { ResultCode: '1019', ResultDesc: 'The transaction has expired' }
    expect(VerifyResponse.parse((await call('GET', `/payments/mpesa/verify/${id}`, { token })).json).data).toMatchObject(expired)
    expect(VerifyResponse.parse((await call('GET', `/payments/mpesa/verify/${id}`, { token })).json).data).toMatchObject(expired)
    const rows = await paymentsOf(token, booking.id)
    expect(rows.filter((p) => p.status === 'processing')).toHaveLength(0)
    expect(rows.find((p) => p.status === 'failed' && p.transaction_id == null && (p as { description?: string }).description === expired.ResultDesc)).toBeTruthy()
    expect(BookingResponse.parse((await call('GET', `/bookings/${booking.id}`, { token })).json).payment_status).toBe('pending')
    expect((await call('POST', '/stk-push', { token, body })).status).toBe(200)
  })

  it('an expired push no longer blocks the next push even when nobody verified it: the push closes it', async () => {
    const token = await loginAs('client')
    const { booking, data } = await push(token, phoneFor('never_completes'))
    const id = data.CheckoutRequestID ?? ''
    await fixtures.agePush(id, MPESA_PUSH_EXPIRY_MS)
    const next = await call('POST', '/stk-push', { token, body: { phoneNumber: phoneFor('insufficient_funds'), amount: booking.total_amount, bookingId: booking.id } })
    expect(next.status).toBe(200)
    expect(VerifyResponse.parse((await call('GET', `/payments/mpesa/verify/${id}`, { token })).json).data).toMatchObject({ ResultCode: '1019', ResultDesc: 'The transaction has expired' })
    // The cancellation rule follows the new push, not the expired one.
    expect((await call('PATCH', `/bookings/${booking.id}/status`, { token, body: { status: 'cancelled' } })).status).toBe(409)
  })

  it('an expired push no longer stops the family cancelling the booking', async () => {
    const token = await loginAs('client')
    const { booking, data } = await push(token, phoneFor('never_completes'))
    expect((await call('PATCH', `/bookings/${booking.id}/status`, { token, body: { status: 'cancelled' } })).status).toBe(409)
    await fixtures.agePush(data.CheckoutRequestID ?? '', MPESA_PUSH_EXPIRY_MS)
    expect((await call('PATCH', `/bookings/${booking.id}/status`, { token, body: { status: 'cancelled' } })).status).toBe(200)
    expect(VerifyResponse.parse((await call('GET', `/payments/mpesa/verify/${data.CheckoutRequestID}`, { token })).json).data.ResultCode).toBe('1019')
  })

  it('push rejected: ResponseCode 1 and no checkout to verify; the booking may be paid again at once', async () => {
    const token = await loginAs('client')
    const { booking, data } = await push(token, phoneFor('push_rejected'))
    expect(data.ResponseCode).toBe('1')
    expect(data.CheckoutRequestID).toBeUndefined()
    expect(data.CustomerMessage).toMatch(/Unable to lock subscriber/)
    expect((await call('POST', '/stk-push', { token, body: { phoneNumber: phoneFor('success'), amount: booking.total_amount, bookingId: booking.id } })).status).toBe(200)
  })

  it('one payment in progress per booking (409); the booking cannot be cancelled meanwhile; once it finished, both are allowed', async () => {
    const token = await loginAs('client')
    const { booking, data } = await push(token, phoneFor('insufficient_funds'))
    const again = await call('POST', '/stk-push', { token, body: { phoneNumber: phoneFor('success'), amount: booking.total_amount, bookingId: booking.id } })
    expect([again.status, again.json.message]).toEqual([409, IN_PROGRESS])
    const cancel = await call('PATCH', `/bookings/${booking.id}/status`, { token, body: { status: 'cancelled' } })
    expect(cancel.status).toBe(409)
    expect(String(cancel.json.message)).toMatch(/payment .*in progress/i)
    await verifyUntilFinal(token, data.CheckoutRequestID ?? '')
    expect((await call('PATCH', `/bookings/${booking.id}/status`, { token, body: { status: 'cancelled' } })).status).toBe(200)
    const cancelled = await call('POST', '/stk-push', { token, body: { phoneNumber: phoneFor('success'), amount: booking.total_amount, bookingId: booking.id } })
    expect(cancelled.status).toBe(409)
  })

  it('the same Idempotency-Key on a repeated push answers the first push again: one prompt, one payment row', async () => {
    const token = await loginAs('client')
    const booking = await unpaidBooking(token)
    const body = { phoneNumber: phoneFor('success'), amount: booking.total_amount, bookingId: booking.id }
    const headers = { 'Idempotency-Key': 'pay-once-7f3a' }
    const before = (await paymentsOf(token, booking.id)).length
    const first = await call('POST', '/stk-push', { token, headers, body })
    const retry = await call('POST', '/stk-push', { token, headers, body })
    expect(first.status).toBe(200)
    expect(retry.status).toBe(200)
    expect(StkPushResponse.parse(retry.json).data.CheckoutRequestID).toBe(StkPushResponse.parse(first.json).data.CheckoutRequestID)
    expect((await paymentsOf(token, booking.id)).length).toBe(before + 1)
  })

  it(`a family sends at most ${STK_PUSHES_PER_PHONE} prompts an hour to one phone and ${STK_PUSHES_PER_USER} in all; then 429 with Retry-After, and no prompt goes out`, async () => {
    const token = await loginAs('client')
    const booking = await unpaidBooking(token)
    const body = (phoneNumber: string) => ({ phoneNumber, amount: booking.total_amount, bookingId: booking.id })
    // Numbers of the "cancelled" scenario (the last four digits choose it): the booking stays unpaid, each push ends on its 2nd verify.
    const pushAndFinish = async (phoneNumber: string) => {
      const res = await call('POST', '/stk-push', { token, body: body(phoneNumber) })
      expect(res.status, phoneNumber).toBe(200)
      await verifyUntilFinal(token, StkPushResponse.parse(res.json).data.CheckoutRequestID ?? '')
    }
    for (let i = 0; i < STK_PUSHES_PER_PHONE; i++) await pushAndFinish('0711111032')
    const rowsBefore = (await paymentsOf(token, booking.id)).length
    const perPhone = await call<{ message: string }>('POST', '/stk-push', { token, body: body('0711111032') })
    expect(perPhone.status).toBe(429)
    expect(perPhone.json.message).toBe(MSG_TOO_MANY_PUSHES)
    expect(Number(perPhone.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await paymentsOf(token, booking.id)).length).toBe(rowsBefore)
    // Another number is still allowed, up to the family's limit.
    for (let i = STK_PUSHES_PER_PHONE; i < STK_PUSHES_PER_USER; i++) await pushAndFinish('0722221032')
    const perFamily = await call<{ message: string }>('POST', '/payments/initiate', { token, body: body('0733331032') })
    expect(perFamily.status).toBe(429)
    expect(perFamily.json.message).toBe(MSG_TOO_MANY_PUSHES)
  })

  it('stk-push validation: phone formats, amount, ownership', async () => {
    const token = await loginAs('client')
    const booking = await unpaidBooking(token)
    const base = { phoneNumber: '+254712345678', amount: booking.total_amount, bookingId: booking.id }
    // Every accepted format (the insufficient-funds number, so the booking stays unpaid), each pushed and verified to its end.
    for (const phoneNumber of ['0712340001', '254712340001', '+254712340001', '0112340001', '0712 340 001']) {
      const res = await call('POST', '/stk-push', { token, body: { ...base, phoneNumber } })
      expect(res.status, phoneNumber).toBe(200)
      await verifyUntilFinal(token, StkPushResponse.parse(res.json).data.CheckoutRequestID ?? '')
    }
    const phones = (await paymentsOf(token, booking.id)).map((p) => (p as { phone?: string | null }).phone).filter((p) => p?.endsWith('0001'))
    expect(phones.sort()).toEqual(['254112340001', '254712340001', '254712340001', '254712340001', '254712340001'])
    for (const phoneNumber of ['12345', '0812345678', '+1555123456']) {
      expect((await call('POST', '/stk-push', { token, body: { ...base, phoneNumber } })).status, phoneNumber).toBe(400)
    }
    expect((await call('POST', '/stk-push', { token, body: { ...base, amount: 0 } })).status).toBe(422)
    expect((await call('POST', '/stk-push', { token, body: { ...base, amount: 1.5 } })).status).toBe(422)
    expect((await call('POST', '/stk-push', { token, body: { ...base, amount: 300000 } })).status).toBe(422)
    const john = await login('john.mwangi@example.co.ke', SEED_USER_PASSWORD)
    expect((await call('POST', '/stk-push', { token: john, body: base })).status).toBe(404)
    expect((await call('POST', '/stk-push', { token: await loginAs('admin'), body: base })).status).toBe(403)
    // initiate is an alias
    const alias = await call('POST', '/payments/initiate', { token, body: { ...base, phoneNumber: '0712345678' } })
    expect(alias.status).toBe(200)
    const checkout = StkPushResponse.parse(alias.json).data.CheckoutRequestID
    expect((await call('GET', `/payments/mpesa/verify/${checkout}`, { token: john })).status).toBe(404)
    expect((await call('GET', '/payments/mpesa/verify/ws_CO_unknown', { token })).status).toBe(404)
  })

  serverOnly.it('a push whose answer from Daraja was lost is kept open (never "not sent"), and its callback settles it', async () => {
    const simulator = darajaSimulator()
    const token = await loginAs('client')
    const booking = await unpaidBooking(token)
    simulator.injectFault({ endpoint: 'stkPush', fault: 'reset', afterProcessing: true })
    const res = await call('POST', '/stk-push', { token, body: { phoneNumber: phoneFor('success'), amount: booking.total_amount, bookingId: booking.id } })
    expect(res.status).toBe(200)
    expect(StkPushResponse.parse(res.json).data.ResponseCode).toBe('0')
    const blocked = await call('POST', '/stk-push', { token, body: { phoneNumber: phoneFor('success'), amount: booking.total_amount, bookingId: booking.id } })
    expect(blocked.status).toBe(409)
    const sent = simulator.pushes().at(-1)!
    simulator.finish(sent.checkoutRequestId)
    await simulator.idle()
    const rows = await paymentsOf(token, booking.id)
    expect(rows.filter((p) => p.status === 'completed')).toHaveLength(1)
    expect(rows.find((p) => p.status === 'completed')?.transaction_id).toBe(sent.receipt)
    expect(BookingResponse.parse((await call('GET', `/bookings/${booking.id}`, { token })).json).payment_status).toBe('paid')
  })

  serverOnly.it('a push whose answer from Daraja was lost, sent again with its Idempotency-Key, is recognised: the same answer, one prompt, one payment', async () => {
    const simulator = darajaSimulator()
    const token = await loginAs('client')
    const booking = await unpaidBooking(token)
    const before = simulator.pushes().length
    const paymentsBefore = (await paymentsOf(token, booking.id)).length
    simulator.injectFault({ endpoint: 'stkPush', fault: 'reset', afterProcessing: true })
    const body = { phoneNumber: phoneFor('success'), amount: booking.total_amount, bookingId: booking.id }
    const headers = { 'Idempotency-Key': 'pay-lost-answer-1' }
    const first = await call('POST', '/stk-push', { token, headers, body })
    const retry = await call('POST', '/stk-push', { token, headers, body })
    expect([first.status, retry.status]).toEqual([200, 200])
    expect(retry.json).toEqual(first.json)
    expect(simulator.pushes().length).toBe(before + 1)
    expect((await paymentsOf(token, booking.id)).length).toBe(paymentsBefore + 1)
    // The money moves: its callback settles that one payment.
    simulator.finish(simulator.pushes().at(-1)!.checkoutRequestId)
    await simulator.idle()
    expect((await paymentsOf(token, booking.id)).filter((p) => p.status === 'completed')).toHaveLength(1)
  })

  serverOnly.it("Daraja's callback: a wrong secret is 404; malformed, unknown, other-amount and repeated callbacks are accepted and settle nothing twice", async () => {
    const simulator = darajaSimulator()
    simulator.setCallbackPlan({ mode: 'drop' })
    try {
      const token = await loginAs('client')
      const { booking, data } = await push(token, phoneFor('success'))
      const sent = simulator.pushes().at(-1)!
      const path = new URL(sent.callbackUrl).pathname.replace(/^\/api/, '')
      const accepted = { ResultCode: 0, ResultDesc: 'Accepted' }
      const body = (amount: number, id = data.CheckoutRequestID) => ({
        Body: {
          stkCallback: {
            MerchantRequestID: data.MerchantRequestID,
            CheckoutRequestID: id,
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            CallbackMetadata: { Item: [{ Name: 'Amount', Value: amount }, { Name: 'MpesaReceiptNumber', Value: 'TST1234567' }, { Name: 'PhoneNumber', Value: 254712345678 }] },
          },
        },
      })
      expect((await call('POST', '/hooks/daraja/stk/00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff00ff', { body: body(booking.total_amount) })).status).toBe(404)
      for (const bad of [{ rawBody: '{"Body":' }, { body: { hello: 'world' } }, { body: body(booking.total_amount, 'ws_CO_not_ours') }, { body: body(booking.total_amount + 1) }]) {
        const res = await call('POST', path, bad)
        expect([res.status, res.json]).toEqual([200, accepted])
      }
      expect((await paymentsOf(token, booking.id)).filter((p) => p.status === 'completed')).toHaveLength(0)
      for (let i = 0; i < 3; i++) expect((await call('POST', path, { body: body(booking.total_amount) })).json).toEqual(accepted)
      const rows = (await paymentsOf(token, booking.id)).filter((p) => p.status === 'completed')
      expect(rows).toHaveLength(1)
      expect(rows[0]?.transaction_id).toBe('TST1234567')
      expect(BookingResponse.parse((await call('GET', `/bookings/${booking.id}`, { token })).json).payment_status).toBe('paid')
      // The verify then reads the settled answer.
      expect(VerifyResponse.parse((await call('GET', `/payments/mpesa/verify/${data.CheckoutRequestID}`, { token })).json).data.ResultCode).toBe('0')
    } finally {
      simulator.setCallbackPlan({ mode: 'deliver' })
    }
  })
})
