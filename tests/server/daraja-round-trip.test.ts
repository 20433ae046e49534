/**
 * The whole M-Pesa loop as the server will run it, on loopback: our client pushes to the simulator,
 * the simulator calls our callback route back, the route's handler settles the push with settle().
 * The push store here is a Map standing in for the payments table.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { darajaCallbackRoute } from '../../server/daraja/callback-route'
import { callbackPath, newCallbackSecret, settle, type PushRecord, type SettleDecision } from '../../server/daraja/callback'
import { createDarajaClient, type Daraja } from '../../server/daraja/client'
import { SIMULATOR_CREDENTIALS, simulatorDarajaConfig } from '../../server/daraja/config'
import { startDarajaSimulator, type DarajaSimulator, type DarajaSimulatorOptions } from '../../server/daraja/simulator'
import { serveApp } from './helpers'

interface PaymentRow extends PushRecord {
  transactionId: string | null
  resultDesc: string | null
}

let secret: string
let payments: Map<string, PaymentRow>
let decisions: SettleDecision[]
let logs: string[]
let failHandler: boolean
let server: Awaited<ReturnType<typeof serveApp>>
let sim: DarajaSimulator
let daraja: Daraja

async function start(simOptions: DarajaSimulatorOptions = {}) {
  sim = await startDarajaSimulator({ ...SIMULATOR_CREDENTIALS, ...simOptions })
  daraja = createDarajaClient(simulatorDarajaConfig(sim.url, server.origin, secret))
}

/** What the server's handler does, minus the database transaction around it. */
async function onCallback(callback: Parameters<typeof settle>[1]) {
  if (failHandler) throw new Error('database unavailable')
  const row = payments.get(callback.checkoutRequestId)
  const decision = settle(row, callback)
  decisions.push(decision)
  if (!row) return
  if (decision.action === 'complete') Object.assign(row, { status: 'completed', transactionId: decision.transactionId, resultDesc: decision.resultDesc })
  if (decision.action === 'fail') Object.assign(row, { status: 'failed', resultDesc: decision.resultDesc })
}

async function pay(phone: string, amount = 8000): Promise<string> {
  const pushed = await daraja.stkPush({ phone, amount, accountReference: 'BK-0042', transactionDesc: 'Funeral services' })
  if (pushed.status !== 'accepted') throw new Error('push refused')
  payments.set(pushed.checkoutRequestId, { checkoutRequestId: pushed.checkoutRequestId, amount, status: 'processing', transactionId: null, resultDesc: null })
  return pushed.checkoutRequestId
}

beforeEach(async () => {
  secret = newCallbackSecret()
  payments = new Map()
  decisions = []
  logs = []
  failHandler = false
  server = await serveApp(darajaCallbackRoute({ secret, onCallback, log: (event, details) => logs.push(`${event} ${JSON.stringify(details)}`) }))
})

afterEach(async () => {
  await sim?.close()
  await server.close()
})

const post = (path: string, body: string) => fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })

describe('push, callback, settled', () => {
  it('a family who answers the prompt is paid by the callback alone, with the receipt as transaction id', async () => {
    await start()
    const id = await pay('0712345678')
    sim.finish(id)
    await sim.idle()
    const receipt = sim.pushes()[0]?.receipt
    expect(receipt).toMatch(/^[A-Z0-9]{10}$/)
    expect(payments.get(id)).toMatchObject({ status: 'completed', transactionId: receipt })
    expect(sim.deliveries()).toMatchObject([{ status: 200 }])
  })

  it('settles once when Daraja calls back three times', async () => {
    await start({ callbacks: { mode: 'duplicate', copies: 3 } })
    const id = await pay('0712345678')
    sim.finish(id)
    await sim.idle()
    expect(decisions.map((d) => (d.action === 'ignore' ? d.reason : d.action))).toEqual(['complete', 'already-settled', 'already-settled'])
    expect(payments.get(id)?.status).toBe('completed')
  })

  it('a family who cancels: the query that reaches the final answer also brings the callback, failed once', async () => {
    await start()
    const id = await pay('0712341032')
    expect((await daraja.stkQuery(id)).status).toBe('pending')
    expect(await daraja.stkQuery(id)).toMatchObject({ status: 'final', resultCode: '1032' })
    await sim.idle()
    expect(payments.get(id)).toMatchObject({ status: 'failed', resultDesc: 'Request cancelled by user' })
    expect(decisions).toMatchObject([{ action: 'fail', meaning: 'cancelled' }])
  })

  it('a callback for a push we do not know changes nothing and is still answered as accepted', async () => {
    await start()
    const id = await pay('0712345678')
    payments.clear()
    sim.finish(id)
    await sim.idle()
    expect(decisions).toEqual([{ action: 'ignore', reason: 'unknown-push' }])
    expect(sim.deliveries()).toMatchObject([{ status: 200 }])
  })
})

describe('the callback route under bad input', () => {
  const success = (id: string, amount: number) =>
    JSON.stringify({
      Body: {
        stkCallback: {
          MerchantRequestID: 'm-1',
          CheckoutRequestID: id,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: { Item: [{ Name: 'Amount', Value: amount }, { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' }, { Name: 'PhoneNumber', Value: 254712345678 }] },
        },
      },
    })

  it('answers Daraja’s accepted shape to a malformed body, and logs it', async () => {
    for (const body of ['{"Body":', '[]', '{"Body":{"stkCallback":{}}}', '']) {
      const response = await post(callbackPath(secret), body)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' })
    }
    expect(decisions).toEqual([])
    expect(logs.filter((l) => l.startsWith('daraja.callback.malformed'))).toHaveLength(4)
  })

  it('answers 404 to a wrong secret, without reading the body', async () => {
    payments.set('ws_CO_1', { checkoutRequestId: 'ws_CO_1', amount: 8000, status: 'processing', transactionId: null, resultDesc: null })
    const response = await post(callbackPath(newCallbackSecret()), success('ws_CO_1', 8000))
    expect(response.status).toBe(404)
    expect(payments.get('ws_CO_1')?.status).toBe('processing')
  })

  it('does not settle a callback for another amount', async () => {
    payments.set('ws_CO_1', { checkoutRequestId: 'ws_CO_1', amount: 8000, status: 'processing', transactionId: null, resultDesc: null })
    expect((await post(callbackPath(secret), success('ws_CO_1', 1))).status).toBe(200)
    expect(payments.get('ws_CO_1')?.status).toBe('processing')
    expect(decisions).toEqual([{ action: 'ignore', reason: 'amount-mismatch', expected: 8000, received: 1 }])
  })

  it('still answers accepted when settling fails, and logs it', async () => {
    failHandler = true
    const response = await post(callbackPath(secret), success('ws_CO_1', 8000))
    expect(response.status).toBe(200)
    expect(logs.some((l) => l.startsWith('daraja.callback.failed') && l.includes('database unavailable'))).toBe(true)
  })

  it('refuses an oversized body', async () => {
    expect((await post(callbackPath(secret), `{"pad":"${'x'.repeat(32 * 1024)}"}`)).status).toBe(413)
    expect(decisions).toEqual([])
  })
})
