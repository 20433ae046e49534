import { describe, expect, it } from 'vitest'
import readXlsxFile from 'read-excel-file/node'
import { call, login, loginAs, useMockBackend } from './helpers'
import { db } from '../../mocks/db'
import { deliverCallbacks, scenarioOutcome, settle } from '../../mocks/mpesa'
import { amountDue } from '../../mocks/serialize'
import { MPESA_TEST_NUMBERS } from '../../mocks/mpesa-scenarios'
import { SEED_USER_PASSWORD } from '../../mocks/seed-shared'
import { PaymentList, PaymentSummary, PendingPaymentList, StkPushResponse, TransactionList, VerifyResponse, amountToPay } from '../../src/api/contracts/payments'
import { BookingResponse } from '../../src/api/contracts/bookings'

useMockBackend()

const phoneFor = (scenario: string) => {
  const n = MPESA_TEST_NUMBERS.find((t) => t.scenario === scenario)
  if (!n) throw new Error(scenario)
  return n.phone
}

async function unpaidBooking(token: string) {
  const pending = PendingPaymentList.parse((await call('GET', '/payments/pending', { token })).json)
  const b = pending.find((p) => (p as { payment_status?: string }).payment_status === 'pending')
  if (!b) throw new Error('no unpaid booking')
  return b
}

async function push(token: string, phoneNumber: string) {
  const booking = await unpaidBooking(token)
  const res = await call('POST', '/stk-push', { token, body: { phoneNumber, amount: booking.total_amount, bookingId: booking.id } })
  expect(res.status).toBe(200)
  return { booking, data: StkPushResponse.parse(res.json).data }
}

async function verifyUntilFinal(token: string, checkoutId: string, max = 20) {
  for (let i = 1; i <= max; i++) {
    const res = await call('GET', `/payments/mpesa/verify/${checkoutId}`, { token })
    expect(res.status).toBe(200)
    const { data } = VerifyResponse.parse(res.json)
    if (data.ResultCode !== undefined) return { attempts: i, data }
    expect(data).toMatchObject({ errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' })
  }
  return { attempts: Infinity, data: null }
}

const completedFor = (bookingId: string) =>
  db.payment.findMany((q) => q.where({ booking_id: Number(bookingId), status: 'completed' }))

describe('payments', () => {
  it('pending lists the caller\'s unpaid/partial, not cancelled bookings', async () => {
    const token = await loginAs('client')
    const pending = PendingPaymentList.parse((await call('GET', '/payments/pending', { token })).json)
    expect(pending.length).toBe(2)
    const mary = db.user.findFirst((q) => q.where({ email: 'family@funeral.test' }))
    for (const p of pending) {
      const b = db.booking.findFirst((q) => q.where({ id: Number(p.id) }))
      expect(b?.client_id).toBe(mary?.id)
      expect(['pending', 'partial']).toContain(b?.payment_status)
      expect(b?.status).not.toBe('cancelled')
    }
    expect((await call('GET', '/payments/pending')).status).toBe(401)
  })

  it('pending lists what is still due: the total less the completed payments (Rose Achieng is partly paid)', async () => {
    const token = await loginAs('client')
    const pending = PendingPaymentList.parse((await call('GET', '/payments/pending', { token })).json)
    for (const p of pending) {
      const paid = completedFor(p.id).reduce((s, x) => s + x.amount, 0)
      expect(p.amount_due, `booking ${p.id}`).toBe(p.total_amount - paid)
    }
    const samuel = pending.find((p) => p.deceased_first_name === 'Samuel')!
    expect(samuel.amount_due).toBe(samuel.total_amount)
    const rose = pending.find((p) => p.deceased_first_name === 'Rose')!
    expect((rose as { payment_status?: string }).payment_status).toBe('partial')
    expect(completedFor(rose.id).length).toBe(1)
    expect(rose.amount_due).toBeGreaterThan(0)
    expect(rose.amount_due).toBeLessThan(rose.total_amount)
    expect(amountToPay(rose)).toBe(rose.amount_due)
  })

  it('a partly paid booking is charged only what is due, then it is paid and leaves pending', async () => {
    const token = await loginAs('client')
    const pending = PendingPaymentList.parse((await call('GET', '/payments/pending', { token })).json)
    const rose = pending.find((p) => p.deceased_first_name === 'Rose')!
    const due = rose.amount_due!
    const body = { phoneNumber: phoneFor('success'), bookingId: rose.id }

    const full = await call('POST', '/stk-push', { token, body: { ...body, amount: rose.total_amount } })
    expect(full.status).toBe(422)
    expect(full.json).toMatchObject({ message: 'Amount does not match the amount due', errors: { amount: 'Amount does not match the amount due' } })
    expect(db.mpesaRequest.findMany((q) => q.where({ booking_id: Number(rose.id) }))).toHaveLength(0)

    const res = await call('POST', '/stk-push', { token, body: { ...body, amount: due } })
    expect(res.status).toBe(200)
    const { data } = StkPushResponse.parse(res.json)
    expect((await verifyUntilFinal(token, data.CheckoutRequestID ?? '')).data).toMatchObject({ ResultCode: '0' })

    const completed = completedFor(rose.id)
    expect(completed).toHaveLength(2)
    expect(completed.map((p) => p.amount).sort((a, b) => a - b)).toEqual([rose.total_amount - due, due].sort((a, b) => a - b))
    expect(completed.reduce((s, p) => s + p.amount, 0)).toBe(rose.total_amount)
    expect(BookingResponse.parse((await call('GET', `/bookings/${rose.id}`, { token })).json).payment_status).toBe('paid')
    const after = PendingPaymentList.parse((await call('GET', '/payments/pending', { token })).json)
    expect(after.map((p) => p.id)).not.toContain(rose.id)
    // Nothing more can be charged.
    expect((await call('POST', '/stk-push', { token, body: { ...body, amount: due } })).status).toBe(409)
  })

  it('a payment that leaves something due keeps the booking partial', async () => {
    const token = await loginAs('client')
    const { booking, data } = await push(token, phoneFor('success'))
    // The booking's total grows while the family is paying (e.g. a service added by the office).
    await db.booking.update((q) => q.where({ id: Number(booking.id) }), {
      data(b) {
        b.total_amount += 1000
      },
    })
    expect((await verifyUntilFinal(token, data.CheckoutRequestID ?? '')).data).toMatchObject({ ResultCode: '0' })
    expect(db.booking.findFirst((q) => q.where({ id: Number(booking.id) }))?.payment_status).toBe('partial')
    const after = PendingPaymentList.parse((await call('GET', '/payments/pending', { token })).json)
    expect(after.find((p) => p.id === booking.id)?.amount_due).toBe(1000)
  })

  it('my payments are the caller\'s, newest first; another client\'s payment is 404', async () => {
    const token = await loginAs('client')
    const mine = PaymentList.parse((await call('GET', '/payments/my', { token })).json)
    expect(mine.length).toBeGreaterThan(0)
    const dates = mine.map((p) => p.payment_date ?? '')
    expect([...dates].sort().reverse()).toEqual(dates)
    const mary = db.user.findFirst((q) => q.where({ email: 'family@funeral.test' }))
    const other = db.payment.findFirst((q) => q.where({ client_id: (id) => id !== mary?.id }))
    expect((await call('GET', `/payments/${other?.id}`, { token })).status).toBe(404)
    expect((await call('GET', `/payments/${mine[0]?.id}`, { token })).status).toBe(200)
    expect((await call('GET', `/payments/${other?.id}`, { token: await loginAs('admin') })).status).toBe(200)
  })

  it('success: final on the 3rd verify, exactly one completed payment, booking paid; repeats are idempotent', async () => {
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
    const completed = completedFor(booking.id)
    expect(completed.length).toBe(1)
    expect(completed[0]).toMatchObject({ amount: booking.total_amount, payment_method: 'mpesa' })
    expect(completed[0]?.transaction_id).toMatch(/^[A-Z0-9]{10}$/)
    const b = BookingResponse.parse((await call('GET', `/bookings/${booking.id}`, { token })).json)
    expect(b.payment_status).toBe('paid')
    const mine = PaymentList.parse((await call('GET', '/payments/my', { token })).json)
    expect(mine[0]).toMatchObject({ status: 'completed', booking_id: booking.id })
    // Paid: a second push is refused.
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
      const { booking, data } = await push(token, phoneFor(f.scenario))
      const failedBefore = db.payment.findMany((q) => q.where({ booking_id: Number(booking.id), status: 'failed' })).length
      const result = await verifyUntilFinal(token, data.CheckoutRequestID ?? '')
      expect(result.attempts).toBe(f.attempts)
      expect(result.data).toMatchObject({ ResultCode: f.code, ResultDesc: f.desc })
      await call('GET', `/payments/mpesa/verify/${data.CheckoutRequestID}`, { token })
      expect(completedFor(booking.id).length).toBe(0)
      expect(db.payment.findMany((q) => q.where({ booking_id: Number(booking.id), status: 'failed' })).length).toBe(failedBefore + 1)
      expect(db.booking.findFirst((q) => q.where({ id: Number(booking.id) }))?.payment_status).toBe('pending')
    })
  }

  it('never completes: still processing after 20 verifies', async () => {
    const token = await loginAs('client')
    const { booking, data } = await push(token, phoneFor('never_completes'))
    const result = await verifyUntilFinal(token, data.CheckoutRequestID ?? '', 20)
    expect(result.attempts).toBe(Infinity)
    expect(completedFor(booking.id).length).toBe(0)
  })

  it('push rejected: ResponseCode 1 and no checkout to verify', async () => {
    const token = await loginAs('client')
    const { data } = await push(token, phoneFor('push_rejected'))
    expect(data.ResponseCode).toBe('1')
    expect(data.CheckoutRequestID).toBeUndefined()
    expect(data.CustomerMessage).toMatch(/Unable to lock subscriber/)
  })

  it('stk-push validation: phone formats, amount, ownership', async () => {
    const token = await loginAs('client')
    const booking = await unpaidBooking(token)
    const base = { phoneNumber: '+254712345678', amount: booking.total_amount, bookingId: booking.id }
    // Every accepted format (the insufficient-funds number, so the booking stays unpaid). Reading
    // the pending list between pushes lets the callback settle each one, so the next may start.
    for (const phoneNumber of ['0712340001', '254712340001', '+254712340001', '0112340001', '0712 340 001']) {
      const res = await call('POST', '/stk-push', { token, body: { ...base, phoneNumber } })
      expect(res.status, phoneNumber).toBe(200)
      expect((await call('GET', '/payments/pending', { token })).status).toBe(200)
    }
    expect(db.mpesaRequest.findMany((q) => q.where({ booking_id: Number(booking.id) })).map((r) => r.phone)).toEqual([
      '254712340001',
      '254712340001',
      '254712340001',
      '254112340001',
      '254712340001',
    ])
    for (const phoneNumber of ['12345', '0812345678', '+1555123456']) {
      expect((await call('POST', '/stk-push', { token, body: { ...base, phoneNumber } })).status, phoneNumber).toBe(400)
    }
    const wrongAmount = await call('POST', '/stk-push', { token, body: { ...base, amount: booking.total_amount - 1 } })
    expect(wrongAmount.status).toBe(422)
    expect(wrongAmount.json.message).toBe('Amount does not match the amount due')
    expect((await call('POST', '/stk-push', { token, body: { ...base, amount: 1.5 } })).status).toBe(422)
    expect((await call('POST', '/stk-push', { token, body: { ...base, amount: 300000 } })).status).toBe(422)
    const john = await login('john.mwangi@example.co.ke', SEED_USER_PASSWORD)
    expect((await call('POST', '/stk-push', { token: john, body: base })).status).toBe(404)
    // initiate is an alias
    expect((await call('POST', '/payments/initiate', { token, body: { ...base, phoneNumber: '0712340001' } })).status).toBe(200)
    // Someone else's checkout id is 404 as well.
    const { data } = await push(token, '0712345678')
    expect((await call('GET', `/payments/mpesa/verify/${data.CheckoutRequestID}`, { token: john })).status).toBe(404)
    expect((await call('GET', '/payments/mpesa/verify/ws_CO_unknown', { token })).status).toBe(404)
  })

  it('summary and transactions agree with the seeded payments', async () => {
    const admin = await loginAs('admin')
    const DAY = 86_400_000
    for (const [timeframe, days] of [['week', 7], ['month', 30], ['quarter', 90], ['half_year', 182], ['year', 365]] as const) {
      const from = new Date(Date.now() - days * DAY).toISOString()
      const completed = db.payment.findMany((q) => q.where({ status: 'completed', payment_date: (d) => d >= from }))
      const revenue = completed.reduce((s, p) => s + p.amount, 0)
      const summary = PaymentSummary.parse((await call('GET', `/payments/summary?timeframe=${timeframe}`, { token: admin })).json)
      expect(summary.totalRevenue).toBe(revenue)
      expect(summary.avgTransactionValue).toBe(completed.length ? Math.round(revenue / completed.length) : 0)
      expect(summary.totalBookings).toBe(db.booking.findMany((q) => q.where({ created_at: (d) => d >= from })).length)
      const tx = TransactionList.parse((await call('GET', `/payments/transactions?timeframe=${timeframe}`, { token: admin })).json)
      expect(tx.filter((t) => t.status === 'completed').reduce((s, t) => s + t.amount, 0)).toBe(revenue)
      if (timeframe === 'year') {
        expect(revenue).toBeGreaterThan(0)
        expect(summary.totalBookings).toBeGreaterThanOrEqual(35)
      }
    }
    const week = PaymentSummary.parse((await call('GET', '/payments/summary?timeframe=week', { token: admin })).json)
    expect(week.totalRevenue).toBeGreaterThan(0)
    expect((await call('GET', '/payments/summary?timeframe=decade', { token: admin })).status).toBe(422)
    expect((await call('GET', '/payments/summary?timeframe=week', { token: await loginAs('client') })).status).toBe(403)
  })

  it('report is a real xlsx with a Summary sheet and detail sheets', async () => {
    const admin = await loginAs('admin')
    const res = await fetch('http://localhost:3000/api/payments/report?timeframe=year&type=all', { headers: { Authorization: `Bearer ${admin}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="financial-report-last-12-months.xlsx"')
    const buffer = Buffer.from(await res.arrayBuffer())
    expect(buffer.subarray(0, 2).toString()).toBe('PK')
    const sheets = await readXlsxFile(buffer)
    // The Summary sheet names the period as the page and the file name do.
    expect(sheets[0]?.data.find((r) => r[0] === 'Timeframe')?.[1]).toBe('Last 12 months')
    expect(sheets.map((s) => s.sheet)).toEqual(['Summary', 'Payments', 'Services'])
    const summary = sheets[0]?.data ?? []
    expect(summary.length).toBeGreaterThan(3)
    const revenueRow = summary.find((r) => r[0] === 'Total revenue')
    const year = PaymentSummary.parse((await call('GET', '/payments/summary?timeframe=year', { token: admin })).json)
    expect(revenueRow?.[1]).toBe(year.totalRevenue)
    expect((sheets[1]?.data.length ?? 0)).toBeGreaterThan(10)

    const servicesOnly = await fetch('http://localhost:3000/api/payments/report?timeframe=week&type=services', { headers: { Authorization: `Bearer ${admin}` } })
    const s2 = await readXlsxFile(Buffer.from(await servicesOnly.arrayBuffer()))
    expect(s2.map((s) => s.sheet)).toEqual(['Summary', 'Services'])
    expect((await call('GET', '/payments/report?timeframe=year&type=everything', { token: admin })).status).toBe(422)
    expect((await call('GET', '/payments/report?timeframe=year&type=all', { token: await loginAs('client') })).status).toBe(403)
  })
})

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
})

describe('users and admin statistics', () => {
  it('lists users with paging and role filter', async () => {
    const admin = await loginAs('admin')
    const res = await call<{ users: Array<{ role: string }>; pagination: { total: number; pages: number } }>('GET', '/users?page=1&limit=10', { token: admin })
    expect(res.status).toBe(200)
    expect(res.json.users.length).toBe(10)
    expect(res.json.pagination.total).toBe(db.user.count())
    expect(res.json.pagination.pages).toBe(Math.ceil(db.user.count() / 10))
    expect(JSON.stringify(res.json)).not.toMatch(/password|salt/)
    const att = await call<{ users: Array<{ role: string }> }>('GET', '/users?role=morgue_attendant', { token: admin })
    expect(att.json.users.length).toBeGreaterThanOrEqual(4)
    expect(att.json.users.every((u) => u.role === 'morgue_attendant')).toBe(true)
    expect((await call('GET', '/users?page=0', { token: admin })).status).toBe(422)
    expect((await call('GET', '/users?limit=1000', { token: admin })).status).toBe(422)
    expect((await call('GET', '/users', { token: await loginAs('client') })).status).toBe(403)
  })

  it('updates and deletes users; refuses deleting yourself', async () => {
    const admin = await loginAs('admin')
    const john = db.user.findFirst((q) => q.where({ email: 'john.mwangi@example.co.ke' }))
    const upd = await call('PUT', `/users/${john?.id}`, { token: admin, body: { name: 'John K. Mwangi', role: 'morgueAttendant', password: '' } })
    expect(upd.status).toBe(200)
    expect(upd.json).toMatchObject({ user: { name: 'John K. Mwangi', role: 'morgue_attendant' } })
    await login('john.mwangi@example.co.ke', SEED_USER_PASSWORD)
    const me = db.user.findFirst((q) => q.where({ email: 'admin@funeral.test' }))
    const self = await call('DELETE', `/users/${me?.id}`, { token: admin })
    expect(self.status).toBe(400)
    expect(typeof self.json.message).toBe('string')
    expect((await call('DELETE', `/users/${john?.id}`, { token: admin })).status).toBe(200)
    expect((await call('DELETE', `/users/${john?.id}`, { token: admin })).status).toBe(404)
  })

  it('admin statistics are computed from the data', async () => {
    const admin = await loginAs('admin')
    const res = await call<{ stats: Record<string, number>; recentActivities: Array<{ id: number; type: string; message: string; time: string }> }>(
      'GET',
      '/users/admin/statistics',
      { token: admin },
    )
    expect(res.status).toBe(200)
    expect(res.json.stats.totalUsers).toBe(db.user.count())
    expect(res.json.stats.monthlyRevenue).toBeGreaterThan(0)
    expect(res.json.stats.activeBookings).toBeGreaterThan(0)
    for (const k of ['usersTrend', 'bookingsTrend', 'revenueTrend', 'pendingApprovals']) expect(typeof res.json.stats[k]).toBe('number')
    expect(res.json.recentActivities.length).toBe(10)
    const times = res.json.recentActivities.map((a) => a.time)
    expect([...times].sort().reverse()).toEqual(times)
  })
})
