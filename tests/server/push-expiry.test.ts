/**
 * A push nobody answers, on the real server over PGlite with the Daraja simulator over HTTP: the
 * reconciliation job, driven by a clock the test moves (no waiting), queries it and closes it as
 * expired at MPESA_PUSH_EXPIRY_MS; a success that comes after that is still recorded, once; a push
 * completed by the STK query alone gets its receipt from the callback that follows.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { and, eq, like } from 'drizzle-orm'
import pino from 'pino'
import { createApp } from '../../server/app'
import { openDatabase, type Database } from '../../server/db/client'
import { insertDemo, truncateAll } from '../../server/seed'
import { activities, mpesaRequests, payments } from '../../server/db/schema'
import { callbackPath, newCallbackSecret } from '../../server/daraja/callback'
import { createDarajaClient, type Daraja } from '../../server/daraja/client'
import { simulatorDarajaConfig } from '../../server/daraja/config'
import { startDarajaSimulator, type DarajaSimulator } from '../../server/daraja/simulator'
import { reconcileOnce } from '../../server/reconcile'
import { DARAJA_QUERY_EVERY_MS } from '../../server/limits'
import { MPESA_PUSH_EXPIRY_MS } from '../../shared/contracts/payments'
import { phoneFor } from '../contract/payment-helpers'
import { emptyDatabaseDump } from './pglite-template.mjs'

const log = pino({ level: 'silent' })
const MINUTE = 60_000
let database: Database
let simulator: DarajaSimulator
let daraja: Daraja
let app: ReturnType<typeof createApp>
let secret: string
const jwtSecret = randomBytes(32)

/** The job's clock: the wall clock moved on by `offset` (pushes are stamped by the database's own clock). */
const clock = { offset: 0, now: () => new Date(Date.now() + clock.offset) }
const job = () => reconcileOnce(database.db, log, daraja, { now: clock.now })

beforeAll(async () => {
  database = await openDatabase({ loadDataDir: emptyDatabaseDump() })
  secret = newCallbackSecret()
  // Daraja's callbacks come into the app in-process, as in the contract suite.
  simulator = await startDarajaSimulator({ fetch: (input, init) => Promise.resolve(app.fetch(new Request(input, init))) })
  daraja = createDarajaClient(simulatorDarajaConfig(simulator.url, 'http://localhost:3000', secret))
  app = createApp({ db: database.db, secret: jwtSecret, log, dev: true, trustProxy: 0, darajaQueryEveryMs: 0, daraja, darajaCallbackSecret: secret })
}, 60_000)
afterAll(async () => {
  await simulator.close()
  await database.close()
})
beforeEach(async () => {
  await simulator.idle()
  simulator.setCallbackPlan({ mode: 'deliver' })
  clock.offset = 0
  await truncateAll(database.db)
  await insertDemo(database.db)
})

async function api<T = Record<string, unknown>>(method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await app.fetch(
    new Request(`http://localhost:3000/api${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
  return { status: res.status, json: (await res.json()) as T }
}

async function family() {
  const { json } = await api<{ token: string }>('POST', '/auth/login', undefined, { email: 'family@funeral.test', password: 'Family#2026' })
  const pending = await api<{ bookings: Array<{ id: number; amount_due: number; payment_status: string }> }>('GET', '/payments/pending', json.token)
  const booking = pending.json.bookings.find((b) => b.payment_status === 'pending')!
  return { token: json.token, booking }
}

async function pushFor(token: string, bookingId: number, phone: string, amount: number) {
  const res = await api<{ data: { CheckoutRequestID: string } }>('POST', '/stk-push', token, { phoneNumber: phone, amount, bookingId })
  expect(res.status).toBe(200)
  return res.json.data.CheckoutRequestID
}

const paymentOf = async (checkoutRequestId: string) => (await database.db.select().from(payments).where(eq(payments.checkoutRequestId, checkoutRequestId)))[0]
const requestOf = async (checkoutRequestId: string) => (await database.db.select().from(mpesaRequests).where(eq(mpesaRequests.checkoutRequestId, checkoutRequestId)))[0]
const bookingStatus = async (token: string, id: number) => (await api<{ booking: { payment_status: string } }>('GET', `/bookings/${id}`, token)).json.booking.payment_status

/** Daraja's success callback for a push, as the simulator would send it (posted by hand: a callback that comes late). */
function successCallback(checkoutRequestId: string, amount: number, receipt: string, phone = 254712349999) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: 'm-late',
        CheckoutRequestID: checkoutRequestId,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: { Item: [{ Name: 'Amount', Value: amount }, { Name: 'MpesaReceiptNumber', Value: receipt }, { Name: 'PhoneNumber', Value: phone }] },
      },
    },
  }
}
/** The money moved after all: Daraja's STK query says so from now on (the callback is posted by hand). */
function darajaSaysPaid(checkoutRequestId: string) {
  simulator.setCallbackPlan({ mode: 'drop' })
  simulator.finish(checkoutRequestId, 'success')
  simulator.setCallbackPlan({ mode: 'deliver' })
}
const callBack = (body: unknown) => app.fetch(new Request(`http://localhost:3000${callbackPath(secret)}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }))

describe('a push nobody answers expires', () => {
  it('the job asks at 1, 3 and 5 minutes, then closes it as expired; the booking may be paid again', async () => {
    const { token, booking } = await family()
    const id = await pushFor(token, booking.id, phoneFor('never_completes'), booking.amount_due)
    const queries = () => simulator.pushes().find((p) => p.checkoutRequestId === id)?.queries
    expect(await job()).toBe(0)
    for (const [at, expected] of [[1, 1], [2, 1], [3, 2], [4.5, 2]] as const) {
      clock.offset = at * MINUTE + 1_000
      await job()
      expect(queries(), `at ${at} min`).toBe(expected)
      expect((await paymentOf(id))?.status).toBe('processing')
      expect((await api('POST', '/stk-push', token, { phoneNumber: phoneFor('success'), amount: booking.amount_due, bookingId: booking.id })).status).toBe(409)
    }
    clock.offset = MPESA_PUSH_EXPIRY_MS + 1_000
    expect(await job()).toBe(1)
    expect(queries()).toBe(3)
    expect(await paymentOf(id)).toMatchObject({ status: 'failed', resultDesc: 'The transaction has expired', transactionId: null })
    expect(await requestOf(id)).toMatchObject({ resultCode: '1019' })
    // Closed: the job leaves it alone from now on.
    clock.offset = 60 * MINUTE
    expect(await job()).toBe(0)
    expect(await bookingStatus(token, booking.id)).toBe('pending')
    expect((await api<{ data: unknown }>('GET', `/payments/mpesa/verify/${id}`, token)).json.data).toEqual({ ResultCode: '1019', ResultDesc: 'The transaction has expired' })
    expect((await api('POST', '/stk-push', token, { phoneNumber: phoneFor('success'), amount: booking.amount_due, bookingId: booking.id })).status).toBe(200)
  })

  it('expires at 5 minutes even when Daraja never answers the queries', async () => {
    const { token, booking } = await family()
    const id = await pushFor(token, booking.id, phoneFor('never_completes'), booking.amount_due)
    // Exactly the job's three queries (a fault outlives its test).
    simulator.injectFault({ endpoint: 'stkQuery', fault: 'reset', times: 3 })
    for (const at of [1, 3]) {
      clock.offset = at * MINUTE + 1_000
      await job()
      expect((await paymentOf(id))?.status).toBe('processing')
    }
    clock.offset = MPESA_PUSH_EXPIRY_MS + 1_000
    await job()
    expect(await paymentOf(id)).toMatchObject({ status: 'failed', resultDesc: 'The transaction has expired' })
  })

  it('an answer that comes by the last query wins over the expiry', async () => {
    const { token, booking } = await family()
    simulator.setCallbackPlan({ mode: 'drop' })
    // The success number answers on its third query: the one made at the expiry.
    const id = await pushFor(token, booking.id, phoneFor('success'), booking.amount_due)
    for (const at of [1, 3]) {
      clock.offset = at * MINUTE + 1_000
      await job()
    }
    clock.offset = MPESA_PUSH_EXPIRY_MS + 1_000
    await job()
    expect(simulator.pushes().find((p) => p.checkoutRequestId === id)?.queries).toBe(3)
    expect(await paymentOf(id)).toMatchObject({ status: 'completed' })
    expect(await bookingStatus(token, booking.id)).toBe('paid')
  })

  it('an attempt whose push answer was lost (it cannot be queried) is closed at its expiry too', async () => {
    const { token, booking } = await family()
    simulator.injectFault({ endpoint: 'stkPush', fault: 'reset', afterProcessing: true })
    simulator.setCallbackPlan({ mode: 'drop' })
    const claim = await pushFor(token, booking.id, phoneFor('never_completes'), booking.amount_due)
    expect(claim).toMatch(/^claim-/)
    clock.offset = MPESA_PUSH_EXPIRY_MS - MINUTE
    await job()
    expect((await paymentOf(claim))?.status).toBe('processing')
    expect(simulator.pushes().at(-1)?.queries).toBe(0)
    clock.offset = MPESA_PUSH_EXPIRY_MS + 1_000
    await job()
    expect(await paymentOf(claim)).toMatchObject({ status: 'failed', resultDesc: 'The transaction has expired' })
    expect((await api('POST', '/stk-push', token, { phoneNumber: phoneFor('success'), amount: booking.amount_due, bookingId: booking.id })).status).toBe(200)
  })
})

describe('a pass of the job while Daraja is still answering the push', () => {
  it("does not put the push's first check off to its expiry once Daraja's id is known", async () => {
    const { token, booking } = await family()
    // Daraja takes its time to answer the push: the test says when.
    let answer!: () => void
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const slow: Daraja = { ...daraja, stkPush: async (input) => (await answered, daraja.stkPush(input)) }
    const slowApp = createApp({ db: database.db, secret: jwtSecret, log, dev: true, trustProxy: 0, darajaQueryEveryMs: 0, daraja: slow, darajaCallbackSecret: secret })
    const pushing = slowApp.fetch(
      new Request('http://localhost:3000/api/stk-push', { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ phoneNumber: phoneFor('success'), amount: booking.amount_due, bookingId: booking.id }) }),
    )
    // The claim is in the table and due: the pass takes it while the push is still out (it cannot ask about a claim).
    await expect.poll(async () => (await database.db.select().from(mpesaRequests).where(like(mpesaRequests.checkoutRequestId, 'claim-%'))).length).toBe(1)
    clock.offset = 2 * MINUTE
    expect(await job()).toBe(1)
    answer()
    const res = await pushing
    expect(res.status).toBe(200)
    const id = ((await res.json()) as { data: { CheckoutRequestID: string } }).data.CheckoutRequestID
    expect(id).not.toMatch(/^claim-/)
    // Due again a minute after it got its id (not at the expiry, 5 minutes after the push).
    clock.offset = 2 * MINUTE
    expect(await job()).toBe(1)
    expect(simulator.pushes().find((p) => p.checkoutRequestId === id)?.queries).toBe(1)
  })
})

describe('money that moves after the expiry is still recorded, once', () => {
  async function expiredPush() {
    const { token, booking } = await family()
    const id = await pushFor(token, booking.id, phoneFor('never_completes'), booking.amount_due)
    clock.offset = MPESA_PUSH_EXPIRY_MS + 1_000
    await job()
    expect((await paymentOf(id))?.status).toBe('failed')
    return { token, booking, id }
  }

  it('a late success completes the expired push with its receipt, the booking is paid; repeats change nothing', async () => {
    const { token, booking, id } = await expiredPush()
    darajaSaysPaid(id)
    for (let i = 0; i < 3; i++) expect((await callBack(successCallback(id, booking.amount_due, 'LATE123456'))).status).toBe(200)
    expect(await paymentOf(id)).toMatchObject({ status: 'completed', transactionId: 'LATE123456', resultDesc: null })
    const rows = await database.db.select().from(payments).where(and(eq(payments.bookingId, booking.id), eq(payments.status, 'completed')))
    expect(rows).toHaveLength(1)
    expect(await bookingStatus(token, booking.id)).toBe('paid')
    expect((await api<{ data: { ResultCode: string } }>('GET', `/payments/mpesa/verify/${id}`, token)).json.data.ResultCode).toBe('0')
    const notes = await database.db.select().from(activities).where(like(activities.message, `%booking #${booking.id} after its request had expired%`))
    expect(notes).toHaveLength(1)
  })

  it('a late success for another amount, or a late failure, changes nothing', async () => {
    const { booking, id } = await expiredPush()
    await callBack(successCallback(id, booking.amount_due - 1, 'LATE000001'))
    await callBack({ Body: { stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: id, ResultCode: 1032, ResultDesc: 'Request cancelled by user' } } })
    expect(await paymentOf(id)).toMatchObject({ status: 'failed', resultDesc: 'The transaction has expired', transactionId: null })
  })

  it('when the family paid again meanwhile, the late money is recorded and flagged for a refund', async () => {
    const { token, booking, id } = await expiredPush()
    const again = await pushFor(token, booking.id, phoneFor('success'), booking.amount_due)
    for (let i = 0; i < 3; i++) await api('GET', `/payments/mpesa/verify/${again}`, token)
    await simulator.idle()
    expect(await bookingStatus(token, booking.id)).toBe('paid')
    darajaSaysPaid(id)
    await callBack(successCallback(id, booking.amount_due, 'LATE999999'))
    const completed = await database.db.select().from(payments).where(and(eq(payments.bookingId, booking.id), eq(payments.status, 'completed')))
    expect(completed.map((p) => p.transactionId).sort()).toEqual(['LATE999999', (await paymentOf(again))?.transactionId].sort())
    const [note] = await database.db.select().from(activities).where(like(activities.message, `%booking #${booking.id} after its request had expired%`))
    expect(note?.message).toContain(`KSH ${booking.amount_due.toLocaleString('en-KE')} more than the booking's total, refund due`)
  })

  it('a lost-answer attempt closed as expired is still matched by its late callback and completed', async () => {
    const { token, booking } = await family()
    simulator.injectFault({ endpoint: 'stkPush', fault: 'reset', afterProcessing: true })
    simulator.setCallbackPlan({ mode: 'drop' })
    const claim = await pushFor(token, booking.id, phoneFor('success'), booking.amount_due)
    clock.offset = MPESA_PUSH_EXPIRY_MS + 1_000
    await job()
    expect((await paymentOf(claim))?.status).toBe('failed')
    // The customer had answered; Daraja's callback comes now, with the id we never learnt.
    simulator.setCallbackPlan({ mode: 'deliver' })
    const sent = simulator.pushes().at(-1)!
    simulator.finish(sent.checkoutRequestId)
    await simulator.idle()
    expect(await paymentOf(claim)).toBeUndefined()
    expect(await paymentOf(sent.checkoutRequestId)).toMatchObject({ status: 'completed', transactionId: sent.receipt })
    expect(await bookingStatus(token, booking.id)).toBe('paid')
  })
})

describe('a push completed by the STK query alone', () => {
  it('has no receipt until its callback comes; the callback fills it in without settling twice', async () => {
    const { token, booking } = await family()
    simulator.setCallbackPlan({ mode: 'drop' })
    const id = await pushFor(token, booking.id, phoneFor('success'), booking.amount_due)
    let last: Record<string, unknown> = {}
    for (let i = 0; i < 3; i++) last = (await api<{ data: Record<string, unknown> }>('GET', `/payments/mpesa/verify/${id}`, token)).json.data
    expect(last).toMatchObject({ ResultCode: '0' })
    const mine = async () => (await api<{ payments: Array<{ status: string; transaction_id: string | null; booking_id: number }> }>('GET', '/payments/my', token)).json.payments.filter((p) => p.booking_id === booking.id && p.status === 'completed')
    expect(await mine()).toMatchObject([{ transaction_id: null }])
    const receipt = simulator.pushes().find((p) => p.checkoutRequestId === id)!.receipt!
    await callBack(successCallback(id, booking.amount_due, receipt, 254712345678))
    await callBack(successCallback(id, booking.amount_due, 'OTHER00001', 254712345678))
    expect(await mine()).toMatchObject([{ transaction_id: receipt }])
    const received = await database.db.select().from(activities).where(like(activities.message, `%received for booking #${booking.id}%`))
    expect(received).toHaveLength(1)
    expect(await bookingStatus(token, booking.id)).toBe('paid')
  })
})

describe("the family's verifies and Daraja", () => {
  it('however often a page polls, Daraja is asked about a push at most once every 15 s; in between the database answers', async () => {
    // The server as it runs (the suite's other apps let every verify ask, as the mock's scenarios count verifies).
    const throttled = createApp({ db: database.db, secret: jwtSecret, log, dev: true, trustProxy: 0, daraja, darajaCallbackSecret: secret })
    const { token, booking } = await family()
    simulator.setCallbackPlan({ mode: 'drop' })
    const id = await pushFor(token, booking.id, phoneFor('success'), booking.amount_due)
    const queries = () => simulator.pushes().find((p) => p.checkoutRequestId === id)!.queries
    const verify = async () => {
      const res = await throttled.fetch(new Request(`http://localhost:3000/api/payments/mpesa/verify/${id}`, { headers: { Authorization: `Bearer ${token}` } }))
      expect(res.status).toBe(200)
      return ((await res.json()) as { data: Record<string, unknown> }).data
    }
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const start = Date.now()
      for (let i = 0; i < 10; i++) expect(await verify()).toMatchObject({ errorMessage: 'The transaction is being processed' })
      expect(queries()).toBe(1)
      vi.setSystemTime(start + DARAJA_QUERY_EVERY_MS)
      await verify()
      await verify()
      expect(queries()).toBe(2)
      // The scenario's final answer comes on Daraja's 3rd query.
      vi.setSystemTime(start + 2 * DARAJA_QUERY_EVERY_MS)
      expect(await verify()).toMatchObject({ ResultCode: '0' })
      expect(queries()).toBe(3)
      // Settled: every further verify is the database's answer.
      for (let i = 0; i < 5; i++) expect(await verify()).toMatchObject({ ResultCode: '0' })
      expect(queries()).toBe(3)
    } finally {
      vi.useRealTimers()
    }
  })
})
