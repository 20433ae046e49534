import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDarajaClient, darajaPassword, darajaTimestamp, DarajaError, pushOutcomeUnknown, type DarajaConfig, type DarajaOptions, type StkPushInput } from '../../server/daraja/client'
import { matchUnclaimedCallback, parseStkCallback } from '../../server/daraja/callback'
import { startDarajaSimulator, type DarajaSimulator, type DarajaSimulatorOptions } from '../../server/daraja/simulator'
import { MPESA_PROCESSING, MPESA_PUSH_REJECTED_MESSAGE, MPESA_SCENARIOS, MPESA_TEST_NUMBERS, scenarioById } from '../../shared/mpesa-scenarios'
import { closedPortUrl, fakeClock, startCallbackReceiver, startFaultyDaraja, tokenFromMemory } from './helpers'

const CREDENTIALS = { consumerKey: 'test-consumer-key', consumerSecret: 'test-consumer-secret', shortcode: '174379', passkey: 'test-passkey-bfb279f9aa9bdbcf' }

const push = (phone: string, amount = 8000): StkPushInput => ({ phone, amount, accountReference: 'BK-0042', transactionDesc: 'Funeral services' })

let clock: ReturnType<typeof fakeClock>
let sim: DarajaSimulator
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>
const logs: Array<{ event: string; details: Record<string, unknown> }> = []

async function setUp(simOptions: DarajaSimulatorOptions = {}) {
  sim = await startDarajaSimulator({ ...CREDENTIALS, now: clock.now, ...simOptions })
}

function client(overrides: Partial<DarajaConfig> = {}, options: DarajaOptions = {}) {
  return createDarajaClient(
    { baseUrl: sim.url, callbackUrl: receiver.url, ...CREDENTIALS, ...overrides },
    { now: clock.now, timeoutMs: 5000, log: (event, details) => logs.push({ event, details }), ...options },
  )
}

async function expectDarajaError(work: Promise<unknown>, kind: DarajaError['kind']): Promise<DarajaError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(DarajaError)
  expect((error as DarajaError).kind).toBe(kind)
  return error as DarajaError
}

beforeEach(async () => {
  clock = fakeClock()
  logs.length = 0
  receiver = await startCallbackReceiver()
})

afterEach(async () => {
  await sim?.close()
  await receiver.close()
})

describe('Daraja request credentials', () => {
  it('writes the timestamp as wall time in Africa/Nairobi, whatever the server zone', () => {
    expect(darajaTimestamp(new Date('2026-01-15T21:30:05Z'))).toBe('20260116003005')
    expect(darajaTimestamp(new Date('2026-12-31T20:59:59Z'))).toBe('20261231235959')
    expect(darajaTimestamp(new Date('2026-12-31T21:00:00Z'))).toBe('20270101000000')
  })

  it('makes the password as base64 of shortcode, passkey and timestamp', () => {
    const password = darajaPassword('174379', 'pk', '20260116003005')
    expect(Buffer.from(password, 'base64').toString('utf8')).toBe('174379pk20260116003005')
  })
})

describe('OAuth token', () => {
  it('fetches one token for many calls, even concurrent ones', async () => {
    await setUp()
    const daraja = client()
    const first = await daraja.stkPush(push('0712345678'))
    expect(first.status).toBe('accepted')
    await Promise.all([daraja.stkPush(push('0712340001')), daraja.stkPush(push('0712341032')), daraja.stkPush(push('0712342001'))])
    expect(sim.tokensIssued()).toBe(1)
  })

  it('fetches a new token once the cached one expires', async () => {
    await setUp({ tokenTtlSeconds: 60 })
    const daraja = client()
    await daraja.stkPush(push('0712345678'))
    clock.advance(50_000)
    await daraja.stkPush(push('0712345678'))
    expect(sim.tokensIssued()).toBe(1)
    // Past Daraja's expiry less the client's margin: a new token before Daraja would refuse it.
    clock.advance(5_000)
    await daraja.stkPush(push('0712345678'))
    expect(sim.tokensIssued()).toBe(2)
  })

  it('replaces a token Daraja refuses (revoked, expired early) once and the call goes through', async () => {
    await setUp()
    const daraja = client()
    await daraja.stkPush(push('0712345678'))
    sim.revokeTokens()
    const again = await daraja.stkPush(push('0712345678'))
    expect(again.status).toBe('accepted')
    expect(sim.tokensIssued()).toBe(2)
    expect(logs.map((l) => l.event)).toContain('daraja.token.invalid')
  })

  it('replaces the token once on a plain HTTP 401 too', async () => {
    await setUp()
    let refused = 0
    const unauthorisedOnce: typeof fetch = async (input, init) => {
      if (String(input).endsWith('/processrequest') && refused++ === 0) return new Response('', { status: 401 })
      return fetch(input, init)
    }
    expect((await client({}, { fetch: unauthorisedOnce }).stkPush(push('0712345678'))).status).toBe('accepted')
    expect(sim.tokensIssued()).toBe(2)
  })

  it('writes no key, secret, passkey or token in its logs', async () => {
    await setUp({ tokenTtlSeconds: 60 })
    const tokens: string[] = []
    const watching: typeof fetch = async (input, init) => {
      const response = await fetch(input, init)
      if (String(input).includes('/oauth/')) tokens.push(((await response.clone().json()) as { access_token: string }).access_token)
      return response
    }
    const daraja = client({}, { fetch: watching })
    await daraja.stkPush(push('0712345678'))
    sim.revokeTokens()
    await daraja.stkQuery(sim.pushes()[0]?.checkoutRequestId ?? '')
    expect(tokens).toHaveLength(2)
    expect(logs.map((l) => l.event)).toEqual(['daraja.token.fetched', 'daraja.token.invalid', 'daraja.token.fetched'])
    const written = JSON.stringify(logs)
    for (const secret of [CREDENTIALS.consumerKey, CREDENTIALS.consumerSecret, CREDENTIALS.passkey, ...tokens]) expect(written).not.toContain(secret)
  })

  it('fails as auth when even a fresh token is refused, after one retry only', async () => {
    await setUp({ tokenTtlSeconds: 0 })
    const error = await expectDarajaError(client().stkPush(push('0712345678')), 'auth')
    expect(error.errorCode).toBe('404.001.03')
    expect(sim.tokensIssued()).toBe(2)
    expect(sim.pushes()).toHaveLength(0)
  })

  it('fails as auth on a wrong consumer secret, and no secret reaches the logs or the error', async () => {
    await setUp()
    const error = await expectDarajaError(client({ consumerSecret: 'wrong-secret' }).stkPush(push('0712345678')), 'auth')
    expect(error.status).toBe(400)
    const written = JSON.stringify([logs, error.message, String(error.cause ?? '')])
    for (const secret of ['wrong-secret', CREDENTIALS.consumerKey, CREDENTIALS.passkey]) expect(written).not.toContain(secret)
  })
})

describe('STK push', () => {
  it('sends CustomerPayBillOnline with the normalised phone, the amount, the reference and our callback URL', async () => {
    await setUp()
    const result = await client().stkPush({ phone: '+254 712-345-678', amount: 250_000, accountReference: ' BK-2026-0042 ', transactionDesc: 'Funeral services' })
    expect(result).toMatchObject({ status: 'accepted', phone: '254712345678', responseDescription: 'Success. Request accepted for processing' })
    const [sent] = sim.pushes()
    expect(sent).toMatchObject({ phone: '254712345678', amount: 250_000, accountReference: 'BK-2026-0042', callbackUrl: receiver.url, scenario: 'success' })
    if (result.status === 'accepted') expect(result.checkoutRequestId).toBe(sent?.checkoutRequestId)
  })

  it('is refused by Daraja when the password was made from another passkey', async () => {
    await setUp()
    const result = await client({ passkey: 'not-the-passkey' }).stkPush(push('0712345678'))
    expect(result).toEqual({ status: 'rejected', code: '400.002.02', description: 'Bad Request - Invalid Password' })
  })

  it.each([
    ['an amount of 0', { amount: 0 }],
    ['an amount over 250,000', { amount: 250_001 }],
    ['a fractional amount', { amount: 10.5 }],
    ['a number that is not Kenyan', { phone: '0812345678' }],
    ['a reference longer than 12 characters', { accountReference: 'BOOKING-00042' }],
    ['an empty reference', { accountReference: '  ' }],
  ])('refuses %s before anything is sent', async (_, change) => {
    await setUp()
    await expectDarajaError(client().stkPush({ ...push('0712345678'), ...change }), 'invalid-input')
    expect(sim.tokensIssued()).toBe(0)
    expect(sim.pushes()).toHaveLength(0)
  })

  it('accepts the smallest amount, 1 shilling, and a 01… number', async () => {
    await setUp()
    expect(await client().stkPush(push('0110345678', 1))).toMatchObject({ status: 'accepted', phone: '254110345678' })
  })

  it('reads a push Daraja refuses (number ending 0000) as rejected, with Daraja\u2019s reason', async () => {
    await setUp()
    expect(await client().stkPush(push('0712340000'))).toEqual({ status: 'rejected', code: '500.001.1001', description: MPESA_PUSH_REJECTED_MESSAGE })
    expect(sim.pushes()).toHaveLength(0)
  })

  it('gives up after the timeout when Daraja does not answer the push (outcome unknown, typed timeout)', async () => {
    const silent = await startFaultyDaraja('silent')
    try {
      const daraja = createDarajaClient({ baseUrl: silent.url, callbackUrl: receiver.url, ...CREDENTIALS }, { now: clock.now, timeoutMs: 100, fetch: tokenFromMemory })
      const error = await expectDarajaError(daraja.stkPush(push('0712345678')), 'timeout')
      expect(error.phase).toBe('call')
      expect(pushOutcomeUnknown(error)).toBe(true)
    } finally {
      await silent.close()
    }
  })

  it('a timeout while getting the token: the push never left', async () => {
    const silent = await startFaultyDaraja('silent')
    try {
      const daraja = createDarajaClient({ baseUrl: silent.url, callbackUrl: receiver.url, ...CREDENTIALS }, { now: clock.now, timeoutMs: 100 })
      const error = await expectDarajaError(daraja.stkPush(push('0712345678')), 'timeout')
      expect(error.phase).toBe('token')
      expect(pushOutcomeUnknown(error)).toBe(false)
    } finally {
      await silent.close()
    }
  })

  it('fails as network when Daraja cannot be reached, and then the push surely did not go out', async () => {
    const daraja = createDarajaClient({ baseUrl: await closedPortUrl(), callbackUrl: receiver.url, ...CREDENTIALS }, { now: clock.now })
    const error = await expectDarajaError(daraja.stkPush(push('0712345678')), 'network')
    expect(pushOutcomeUnknown(error)).toBe(false)
  })

  it('fails as network when the connection drops after the request left: the push may have gone out', async () => {
    const resetting = await startFaultyDaraja('reset')
    try {
      const daraja = createDarajaClient({ baseUrl: resetting.url, callbackUrl: receiver.url, ...CREDENTIALS }, { now: clock.now, fetch: tokenFromMemory })
      const error = await expectDarajaError(daraja.stkPush(push('0712345678')), 'network')
      expect(error.phase).toBe('call')
      expect(pushOutcomeUnknown(error)).toBe(true)
    } finally {
      await resetting.close()
    }
  })

  it('knows a push refused before sending, or for want of a token, did not go out', async () => {
    await setUp()
    expect(pushOutcomeUnknown(await expectDarajaError(client().stkPush(push('0712345678', 0)), 'invalid-input'))).toBe(false)
    expect(pushOutcomeUnknown(await expectDarajaError(client({ consumerKey: 'nobody' }).stkPush(push('0712345678')), 'auth'))).toBe(false)
    expect(pushOutcomeUnknown(new Error('anything else'))).toBe(false)
  })

  it('stops when the caller aborts, without calling it a Daraja failure', async () => {
    await setUp()
    const controller = new AbortController()
    controller.abort()
    await expect(client().stkQuery('ws_CO_x', { signal: controller.signal })).rejects.not.toBeInstanceOf(DarajaError)
  })
})

describe('STK query and callbacks for every test number', () => {
  const finals = MPESA_SCENARIOS.filter((s) => s.finalOnVerify !== null && s.resultCode !== null)

  it.each(finals.map((s) => [MPESA_TEST_NUMBERS.find((n) => n.scenario === s.id)?.phone ?? '', s.id] as const))(
    '%s (%s): pending until the final query, the same final answer after it, and one callback',
    async (phone, scenarioId) => {
      await setUp()
      const scenario = scenarioById(scenarioId)
      const daraja = client()
      const pushed = await daraja.stkPush(push(phone))
      if (pushed.status !== 'accepted') throw new Error('push refused')
      const finalOn = scenario.finalOnVerify ?? 0
      for (let n = 1; n < finalOn; n++) {
        expect(await daraja.stkQuery(pushed.checkoutRequestId)).toEqual({ status: 'pending', description: MPESA_PROCESSING.errorMessage })
      }
      const final = { status: 'final', resultCode: scenario.resultCode, resultDesc: scenario.resultDesc, checkoutRequestId: pushed.checkoutRequestId, merchantRequestId: pushed.merchantRequestId }
      expect(await daraja.stkQuery(pushed.checkoutRequestId)).toEqual(final)
      expect(await daraja.stkQuery(pushed.checkoutRequestId)).toEqual(final)

      await sim.idle()
      expect(receiver.bodies).toHaveLength(1)
      const parsed = parseStkCallback(receiver.bodies[0]?.body)
      if (!parsed.ok) throw new Error(parsed.problem)
      expect(parsed.callback).toMatchObject({ checkoutRequestId: pushed.checkoutRequestId, merchantRequestId: pushed.merchantRequestId, resultCode: scenario.resultCode, resultDesc: scenario.resultDesc })
      if (scenario.resultCode === '0') {
        expect(parsed.callback).toMatchObject({ amount: 8000, phoneNumber: pushed.phone, transactionDate: darajaTimestamp(clock.now()) })
        expect(parsed.callback.mpesaReceiptNumber).toMatch(/^[A-Z0-9]{10}$/)
      } else {
        expect(parsed.callback.mpesaReceiptNumber).toBeNull()
      }
    },
  )

  it('0712349999 never completes: always still processing, never a failure, no callback', async () => {
    await setUp()
    const daraja = client()
    const pushed = await daraja.stkPush(push('0712349999'))
    if (pushed.status !== 'accepted') throw new Error('push refused')
    for (let n = 1; n <= 12; n++) expect((await daraja.stkQuery(pushed.checkoutRequestId)).status).toBe('pending')
    sim.finish(pushed.checkoutRequestId)
    await sim.idle()
    expect(receiver.bodies).toHaveLength(0)
  })

  it('a customer who answers before any query: the callback comes and the first query is final', async () => {
    await setUp()
    const daraja = client()
    const pushed = await daraja.stkPush(push('0712341032'))
    if (pushed.status !== 'accepted') throw new Error('push refused')
    sim.finish(pushed.checkoutRequestId)
    await sim.idle()
    expect(receiver.bodies).toHaveLength(1)
    expect(await daraja.stkQuery(pushed.checkoutRequestId)).toMatchObject({ status: 'final', resultCode: '1032' })
  })

  it('in dev mode the customer answers by themselves after a while, and the callback comes unasked', async () => {
    await setUp({ answerAfterMs: 20 })
    const pushed = await client().stkPush(push('0712345678'))
    await vi.waitFor(() => expect(receiver.bodies).toHaveLength(1), { timeout: 5000, interval: 10 })
    expect(parseStkCallback(receiver.bodies[0]?.body)).toMatchObject({ ok: true, callback: { resultCode: '0' } })
    if (pushed.status === 'accepted') expect(await client().stkQuery(pushed.checkoutRequestId)).toMatchObject({ status: 'final', resultCode: '0' })
  })

  it('reads an answer without ResultCode as still processing', async () => {
    await setUp()
    const withoutResult: typeof fetch = async (input, init) => {
      if (String(input).endsWith('/mpesa/stkpushquery/v1/query')) return Response.json({ ResponseCode: '0', ResponseDescription: 'The service request has been accepted successsfully' })
      return fetch(input, init)
    }
    expect(await client({}, { fetch: withoutResult }).stkQuery('ws_CO_any')).toEqual({ status: 'pending', description: 'The service request has been accepted successsfully' })
  })

  it('reports a query Daraja refuses for another reason (unknown CheckoutRequestID) as rejected', async () => {
    await setUp()
    const error = await expectDarajaError(client().stkQuery('ws_CO_unknown'), 'rejected')
    expect(error.errorCode).toBe('400.002.02')
  })
})

describe('callback delivery plans', () => {
  async function finishedPush(phone = '0712345678') {
    const pushed = await client().stkPush(push(phone))
    if (pushed.status !== 'accepted') throw new Error('push refused')
    sim.finish(pushed.checkoutRequestId)
    await sim.idle()
    return pushed
  }

  it('duplicates a callback when asked: the same body several times', async () => {
    await setUp({ callbacks: { mode: 'duplicate', copies: 3 } })
    await finishedPush()
    expect(receiver.bodies).toHaveLength(3)
    expect(new Set(receiver.bodies.map((b) => JSON.stringify(b.body))).size).toBe(1)
    expect(sim.deliveries().map((d) => d.status)).toEqual([200, 200, 200])
  })

  it('drops a callback when asked: nothing arrives, the query still gives the outcome', async () => {
    await setUp({ callbacks: { mode: 'drop' } })
    const pushed = await finishedPush('0712340001')
    expect(receiver.bodies).toHaveLength(0)
    expect(sim.deliveries()).toMatchObject([{ dropped: true, status: null }])
    expect(await client().stkQuery(pushed.checkoutRequestId)).toMatchObject({ status: 'final', resultCode: '1' })
  })

  it('delays a callback when asked, and idle() waits for it', async () => {
    await setUp({ callbacks: { mode: 'deliver', delayMs: 30 } })
    const pushed = await client().stkPush(push('0712345678'))
    if (pushed.status !== 'accepted') throw new Error('push refused')
    sim.finish(pushed.checkoutRequestId)
    expect(receiver.bodies).toHaveLength(0)
    await sim.idle()
    expect(receiver.bodies).toHaveLength(1)
  })

  it('records a callback our server could not take, without retrying it', async () => {
    await setUp()
    const pushed = await createDarajaClient({ baseUrl: sim.url, callbackUrl: `${await closedPortUrl()}/api/hooks/daraja/stk/ab12`, ...CREDENTIALS }, { now: clock.now }).stkPush(push('0712345678'))
    if (pushed.status !== 'accepted') throw new Error('push refused')
    sim.finish(pushed.checkoutRequestId)
    await sim.idle()
    expect(sim.deliveries()).toMatchObject([{ status: null, dropped: false }])
  })

  it('the simulator refuses a callback URL Safaricom would filter', async () => {
    await setUp()
    const result = await client({ callbackUrl: `${receiver.url}/mpesa` }).stkPush(push('0712345678'))
    expect(result).toEqual({ status: 'rejected', code: '400.002.02', description: 'Bad Request - Invalid CallBackURL' })
  })
})

describe('faults injected in the simulator', () => {
  it('a push whose answer is lost after it went out: unknown outcome, and its callback is matched back to the attempt', async () => {
    await setUp()
    sim.injectFault({ endpoint: 'stkPush', fault: 'reset', afterProcessing: true })
    const error = await expectDarajaError(client().stkPush(push('0712345678')), 'network')
    expect(pushOutcomeUnknown(error)).toBe(true)
    const [made] = sim.pushes()
    expect(made).toBeDefined()
    const attempt = { phone: '254712345678', amount: 8000, sentAt: clock.now() }
    sim.finish(made?.checkoutRequestId ?? '')
    await sim.idle()
    const parsed = parseStkCallback(receiver.bodies[0]?.body)
    if (!parsed.ok) throw new Error(parsed.problem)
    expect(matchUnclaimedCallback(parsed.callback, [attempt], { receivedAt: clock.now() })).toBe(attempt)
  })

  it('a query that hangs times out; the next one is answered', async () => {
    await setUp()
    const pushed = await client().stkPush(push('0712345678'))
    if (pushed.status !== 'accepted') throw new Error('push refused')
    sim.injectFault({ endpoint: 'stkQuery', fault: 'hang' })
    await expectDarajaError(client({}, { timeoutMs: 150 }).stkQuery(pushed.checkoutRequestId), 'timeout')
    // Answered: the limit is generous, as on a machine busy with other tests an answer can take seconds.
    expect((await client({}, { timeoutMs: 30_000 }).stkQuery(pushed.checkoutRequestId)).status).toBe('pending')
  })

  it('a bad gateway before OAuth is an outage (network, while getting the token), not wrong credentials', async () => {
    await setUp()
    sim.injectFault({ endpoint: 'token', fault: 'bad-gateway', times: 2 })
    const daraja = client()
    const error = await expectDarajaError(daraja.stkPush(push('0712345678')), 'network')
    expect([error.phase, error.status, pushOutcomeUnknown(error)]).toEqual(['token', 502, false])
    await expectDarajaError(daraja.stkPush(push('0712345678')), 'network')
    expect((await daraja.stkPush(push('0712345678'))).status).toBe('accepted')
  })

  it('a bad gateway answering the push leaves its outcome unknown', async () => {
    await setUp()
    sim.injectFault({ endpoint: 'stkPush', fault: 'bad-gateway' })
    const error = await expectDarajaError(client().stkPush(push('0712345678')), 'protocol')
    expect([error.status, pushOutcomeUnknown(error)]).toEqual([502, true])
  })
})
