/** The mock's own M-Pesa simulation: its callbacks delivered on list reads, settling once inside the mock. */
import { describe, expect, it } from 'vitest'
import { phoneFor, push, verifyUntilFinal } from '../contract/payment-helpers'
import { call, login, loginAs, useMockBackend } from './helpers'
import { db } from '../../mocks/db'
import { deliverCallbacks, scenarioOutcome, settle } from '../../mocks/mpesa'
import { amountDue } from '../../mocks/serialize'
import { SEED_USER_PASSWORD } from '../../shared/demo-accounts'
import { MPESA_PUSH_EXPIRY_MS, PendingPaymentList, StkPushResponse, VerifyResponse } from '../../shared/contracts/payments'
import { BookingResponse } from '../../shared/contracts/bookings'

useMockBackend()





const completedFor = (bookingId: string) =>
  db.payment.findMany((q) => q.where({ booking_id: Number(bookingId), status: 'completed' }))

// The API behaviour of pushes, verifies and the rules on amounts lives in tests/contract/payments.test.ts (both backends).

const IN_PROGRESS = 'A payment for this booking is already in progress. Please wait for it to finish before paying again.'

/** The payment rows a push made (linked by its checkout request id). */
const rowsOf = (checkoutId: string | undefined) => db.payment.findMany((q) => q.where({ checkout_request_id: checkoutId ?? '' }))
const activitiesAbout = (bookingId: string, text: string) =>
  db.activity.findMany((q) => q.where({ type: 'payment' })).filter((a) => a.message.includes(`booking #${bookingId}`) && a.message.includes(text))
const bookingRecord = (id: string) => db.booking.findFirst((q) => q.where({ id: Number(id) }))

interface WirePayment {
  id: number
  booking_id: number
  transaction_id: string | null
  payment_method: string
  status: string
  amount: number
  payment_date: string
  description: string | null
}
const myPayments = async (token: string) => (await call<{ payments: WirePayment[] }>('GET', '/payments/my', { token })).json.payments
const verifyOnce = async (token: string, checkoutId: string | undefined) =>
  VerifyResponse.parse((await call('GET', `/payments/mpesa/verify/${checkoutId}`, { token })).json).data

describe('payments: the row of a push, the simulated callback, one payment in progress', () => {
  it('an accepted push records one processing payment at once; the final answer updates that same row', async () => {
    const token = await loginAs('client')
    const mary = db.user.findFirst((q) => q.where({ email: 'family@funeral.test' }))!
    const before = db.payment.findMany((q) => q.where({ client_id: mary.id })).length
    const startedAt = Date.now()
    const { booking, data } = await push(token, phoneFor('success'))

    const rows = rowsOf(data.CheckoutRequestID)
    expect(rows).toHaveLength(1)
    const row = rows[0]!
    expect(row).toMatchObject({ booking_id: Number(booking.id), client_id: mary.id, payment_method: 'mpesa', status: 'processing', amount: booking.total_amount, transaction_id: null })
    expect(Date.parse(row.payment_date)).toBeGreaterThanOrEqual(startedAt - 1000)
    expect(Date.parse(row.payment_date)).toBeLessThanOrEqual(Date.now())
    expect(db.mpesaRequest.findFirst((q) => q.where({ checkout_request_id: data.CheckoutRequestID ?? '' }))?.payment_id).toBe(row.id)

    // Shown at once, newest first, as processing (no receipt yet); the booking is not paid yet.
    // (A verify below the scenario's final call leaves it processing.)
    expect(await verifyOnce(token, data.CheckoutRequestID)).toMatchObject({ errorCode: '500.001.1001' })
    expect(await verifyOnce(token, data.CheckoutRequestID)).toMatchObject({ errorCode: '500.001.1001' })
    expect(rowsOf(data.CheckoutRequestID)[0]?.status).toBe('processing')
    expect(bookingRecord(booking.id)?.payment_status).toBe('pending')

    expect(await verifyOnce(token, data.CheckoutRequestID)).toMatchObject({ ResultCode: '0' })
    const after = rowsOf(data.CheckoutRequestID)
    expect(after).toHaveLength(1)
    expect(after[0]).toMatchObject({ id: row.id, status: 'completed', amount: booking.total_amount, result_desc: 'The service request is processed successfully.' })
    expect(after[0]?.transaction_id).toMatch(/^[A-Z0-9]{10}$/)
    expect(db.payment.findMany((q) => q.where({ client_id: mary.id }))).toHaveLength(before + 1)
    const mine = await myPayments(token)
    expect(mine.filter((p) => p.id === row.id)).toEqual([expect.objectContaining({ status: 'completed', transaction_id: after[0]?.transaction_id })])
    expect(bookingRecord(booking.id)?.payment_status).toBe('paid')
    expect(activitiesAbout(booking.id, 'received')).toHaveLength(1)
  })

  it('the history lists a new push as processing before any verify', async () => {
    const token = await loginAs('client')
    const { booking, data } = await push(token, phoneFor('never_completes'))
    const newest = (await myPayments(token))[0]
    expect(newest).toMatchObject({ id: rowsOf(data.CheckoutRequestID)[0]?.id, booking_id: Number(booking.id), status: 'processing', transaction_id: null, payment_method: 'mpesa', amount: booking.total_amount })
  })

  const reads = [
    { name: 'GET /payments/my', path: () => '/payments/my' },
    { name: 'GET /payments/pending', path: () => '/payments/pending' },
    { name: 'GET /bookings/my', path: () => '/bookings/my' },
    { name: 'GET /bookings/:id', path: (bookingId: string) => `/bookings/${bookingId}` },
  ]
  for (const read of reads) {
    it(`closed mid-way with the success number: ${read.name} first settles it as paid (the callback), without any verify`, async () => {
      const token = await loginAs('client')
      const { booking, data } = await push(token, phoneFor('success'))
      const rowId = rowsOf(data.CheckoutRequestID)[0]?.id
      expect(rowsOf(data.CheckoutRequestID)[0]?.status).toBe('processing')

      expect((await call('GET', read.path(booking.id), { token })).status).toBe(200)
      const rows = rowsOf(data.CheckoutRequestID)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ id: rowId, status: 'completed', amount: booking.total_amount })
      expect(rows[0]?.transaction_id).toMatch(/^[A-Z0-9]{10}$/)
      expect(bookingRecord(booking.id)?.payment_status).toBe('paid')
      expect(db.mpesaRequest.findFirst((q) => q.where({ checkout_request_id: data.CheckoutRequestID ?? '' }))?.verify_count).toBe(0)

      // What the family sees agrees.
      expect(BookingResponse.parse((await call('GET', `/bookings/${booking.id}`, { token })).json).payment_status).toBe('paid')
      const pending = PendingPaymentList.parse((await call('GET', '/payments/pending', { token })).json)
      expect(pending.map((p) => p.id)).not.toContain(booking.id)
      expect((await myPayments(token)).find((p) => p.id === rowId)).toMatchObject({ status: 'completed', transaction_id: rows[0]?.transaction_id })
      // Settled once: reading again changes nothing; the first verify already has the final answer.
      expect(rowsOf(data.CheckoutRequestID)).toHaveLength(1)
      expect(activitiesAbout(booking.id, 'received')).toHaveLength(1)
      expect(await verifyOnce(token, data.CheckoutRequestID)).toMatchObject({ ResultCode: '0', ResultDesc: 'The service request is processed successfully.' })
      expect(rowsOf(data.CheckoutRequestID)[0]?.transaction_id).toBe(rows[0]?.transaction_id)
      // Paid: nothing more to push.
      expect((await call('POST', '/stk-push', { token, body: { phoneNumber: phoneFor('success'), amount: booking.total_amount, bookingId: booking.id } })).status).toBe(409)
    })
  }

  it('closed mid-way with the insufficient-funds number: reading the history settles it as failed, the booking stays unpaid', async () => {
    const token = await loginAs('client')
    const { booking, data } = await push(token, phoneFor('insufficient_funds'))
    const rowId = rowsOf(data.CheckoutRequestID)[0]?.id
    const mine = await myPayments(token)
    expect(mine.find((p) => p.id === rowId)).toMatchObject({ status: 'failed', transaction_id: null, description: 'The balance is insufficient for the transaction.' })
    expect(rowsOf(data.CheckoutRequestID)).toHaveLength(1)
    expect(completedFor(booking.id)).toHaveLength(0)
    expect(bookingRecord(booking.id)?.payment_status).toBe('pending')
    const pending = PendingPaymentList.parse((await call('GET', '/payments/pending', { token })).json)
    expect(pending.find((p) => p.id === booking.id)?.amount_due).toBe(booking.total_amount)
    expect(activitiesAbout(booking.id, 'failed: The balance is insufficient')).toHaveLength(1)
    expect(await verifyOnce(token, data.CheckoutRequestID)).toMatchObject({ ResultCode: '1', ResultDesc: 'The balance is insufficient for the transaction.' })
    // Finished: the family may pay again.
    expect((await call('POST', '/stk-push', { token, body: { phoneNumber: phoneFor('success'), amount: booking.total_amount, bookingId: booking.id } })).status).toBe(200)
  })

  it('the callback settles only the reader\'s own payments', async () => {
    const token = await loginAs('client')
    const { booking, data } = await push(token, phoneFor('success'))
    const john = await login('john.mwangi@example.co.ke', SEED_USER_PASSWORD)
    expect((await call('GET', '/payments/my', { token: john })).status).toBe(200)
    expect((await call('GET', '/bookings/my', { token: john })).status).toBe(200)
    expect(rowsOf(data.CheckoutRequestID)[0]?.status).toBe('processing')
    expect(bookingRecord(booking.id)?.payment_status).toBe('pending')
  })

  it('reads at the same moment settle a payment once', async () => {
    const token = await loginAs('client')
    const { booking, data } = await push(token, phoneFor('success'))
    const answers = await Promise.all([
      call('GET', '/payments/my', { token }),
      call('GET', '/payments/pending', { token }),
      call('GET', '/bookings/my', { token }),
      call('GET', `/payments/mpesa/verify/${data.CheckoutRequestID}`, { token }),
    ])
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200])
    const rows = rowsOf(data.CheckoutRequestID)
    expect(rows).toHaveLength(1)
    expect(rows[0]?.status).toBe('completed')
    expect(activitiesAbout(booking.id, 'received')).toHaveLength(1)
    expect(bookingRecord(booking.id)?.payment_status).toBe('paid')
  })

  it('settling is once only, even when the verify and the callback overlap', async () => {
    const token = await loginAs('client')
    const { booking, data } = await push(token, phoneFor('success'))
    const req = db.mpesaRequest.findFirst((q) => q.where({ checkout_request_id: data.CheckoutRequestID ?? '' }))!
    const outcome = scenarioOutcome(req)!
    await Promise.all([settle(req.id, outcome), deliverCallbacks(req.client_id), settle(req.id, outcome), deliverCallbacks(req.client_id)])
    const rows = rowsOf(data.CheckoutRequestID)
    expect(rows).toHaveLength(1)
    expect(rows[0]?.status).toBe('completed')
    expect(activitiesAbout(booking.id, 'received')).toHaveLength(1)
    expect(activitiesAbout(booking.id, rows[0]?.transaction_id ?? '?')).toHaveLength(1)
    // A later settlement with another outcome changes nothing either.
    await settle(req.id, { resultCode: '1', resultDesc: 'too late' })
    expect(rowsOf(data.CheckoutRequestID)).toEqual([expect.objectContaining({ status: 'completed', transaction_id: rows[0]?.transaction_id })])
  })

  it('a second push while one is processing is 409, for that booking only; once it finished, the family may pay again', async () => {
    const token = await loginAs('client')
    const { booking, data } = await push(token, phoneFor('wrong_pin'))
    const body = { phoneNumber: phoneFor('success'), amount: booking.total_amount, bookingId: booking.id }
    for (const path of ['/stk-push', '/payments/initiate']) {
      const second = await call('POST', path, { token, body })
      expect(second.status, path).toBe(409)
      expect(second.json).toEqual({ message: IN_PROGRESS })
    }
    // Also with the push-rejected number: nothing reaches M-Pesa while one is in progress.
    expect((await call('POST', '/stk-push', { token, body: { ...body, phoneNumber: phoneFor('push_rejected') } })).status).toBe(409)
    expect(db.mpesaRequest.findMany((q) => q.where({ booking_id: Number(booking.id) }))).toHaveLength(1)
    expect(db.payment.findMany((q) => q.where({ booking_id: Number(booking.id), status: 'processing' }))).toHaveLength(1)

    // Another booking of the family can be paid meanwhile (found without reading a list, which
    // would deliver the callback).
    const roseDeceased = db.deceased.findFirst((q) => q.where({ first_name: 'Rose', client_id: bookingRecord(booking.id)?.client_id ?? -1 }))
    const rose = db.booking.findFirst((q) => q.where({ deceased_id: roseDeceased?.id ?? -1 }))!
    expect((await call('POST', '/stk-push', { token, body: { phoneNumber: phoneFor('never_completes'), amount: amountDue(rose), bookingId: rose.id } })).status).toBe(200)

    // A push is not a read: the first is still in progress until verified to its end (or a list is read).
    expect((await call('POST', '/stk-push', { token, body })).status).toBe(409)
    expect((await verifyUntilFinal(token, data.CheckoutRequestID ?? '')).data).toMatchObject({ ResultCode: '2001' })
    expect((await call('POST', '/stk-push', { token, body })).status).toBe(200)
  })

  it('never completes: stays processing through reads and verifies, and blocks a new push until the app gave up (10 checks); that push expires it', async () => {
    const token = await loginAs('client')
    const { booking, data } = await push(token, phoneFor('never_completes'))
    const body = { phoneNumber: phoneFor('success'), amount: booking.total_amount, bookingId: booking.id }
    for (const path of ['/payments/my', '/payments/pending', '/bookings/my', `/bookings/${booking.id}`]) await call('GET', path, { token })
    expect(rowsOf(data.CheckoutRequestID)).toEqual([expect.objectContaining({ status: 'processing', transaction_id: null })])

    for (let i = 1; i <= 9; i++) expect(await verifyOnce(token, data.CheckoutRequestID)).toMatchObject({ errorCode: '500.001.1001' })
    const early = await call('POST', '/stk-push', { token, body })
    expect(early.status).toBe(409)
    expect(early.json).toEqual({ message: IN_PROGRESS })
    expect(rowsOf(data.CheckoutRequestID)[0]?.status).toBe('processing')

    // The 10th check (the app's last): the app times out and offers "Pay again".
    expect(await verifyOnce(token, data.CheckoutRequestID)).toMatchObject({ errorCode: '500.001.1001' })
    expect(rowsOf(data.CheckoutRequestID)[0]?.status).toBe('processing')
    const again = await call('POST', '/stk-push', { token, body })
    expect(again.status).toBe(200)
    const next = StkPushResponse.parse(again.json).data
    expect(rowsOf(data.CheckoutRequestID)).toEqual([expect.objectContaining({ status: 'failed', transaction_id: null, result_desc: 'The transaction has expired' })])
    expect(await verifyOnce(token, data.CheckoutRequestID)).toMatchObject({ ResultCode: '1019', ResultDesc: 'The transaction has expired' })
    expect(rowsOf(next.CheckoutRequestID)).toEqual([expect.objectContaining({ status: 'processing' })])
    expect(bookingRecord(booking.id)?.payment_status).toBe('pending')
    expect(db.payment.findMany((q) => q.where({ booking_id: Number(booking.id), status: 'completed' }))).toHaveLength(0)
  })

  it('past its expiry: a never-completes push is closed as expired by the family reading a list (the mock\'s stand-in for the server\'s job); a push that finishes reaches its own outcome', async () => {
    const token = await loginAs('client')
    const { booking, data } = await push(token, phoneFor('never_completes'))
    const age = (id: string | undefined) =>
      db.mpesaRequest.update((q) => q.where({ checkout_request_id: id ?? '' }), { data: (r) => void (r.created_at = new Date(Date.parse(r.created_at) - MPESA_PUSH_EXPIRY_MS).toISOString()) })
    await age(data.CheckoutRequestID)
    await call('GET', '/payments/my', { token })
    expect(rowsOf(data.CheckoutRequestID)).toEqual([expect.objectContaining({ status: 'failed', result_desc: 'The transaction has expired' })])
    expect(activitiesAbout(booking.id, 'The transaction has expired')).toHaveLength(1)

    // A success number's push was answered long before: past its expiry its verify gives the outcome, not "expired".
    const paid = await call('POST', '/stk-push', { token, body: { phoneNumber: phoneFor('success'), amount: booking.total_amount, bookingId: booking.id } })
    const id = StkPushResponse.parse(paid.json).data.CheckoutRequestID
    await age(id)
    expect(await verifyOnce(token, id)).toMatchObject({ ResultCode: '0' })
    expect(bookingRecord(booking.id)?.payment_status).toBe('paid')
  })
})
