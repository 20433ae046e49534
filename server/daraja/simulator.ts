/**
 * A Daraja stand-in for everyone without Safaricom credentials (development, demos, tests): an HTTP
 * service with Daraja's three endpoints and bodies (./wire.ts), so the server's client talks to
 * it exactly as it would to Safaricom. It follows the mock's test numbers (mocks/mpesa-scenarios.ts:
 * the phone's last four digits choose the outcome, the Nth STK query gives the final answer) and,
 * like Daraja, POSTs the outcome to the push's CallBackURL when the push finishes.
 *
 * A push finishes (the "customer answers") when its final query is made, when `finish()` is called,
 * or `answerAfterMs` after the push when that option is set (the server's dev mode). Callbacks can
 * be delayed, duplicated or dropped, tokens made short-lived or revoked, and calls made to hang,
 * drop their connection or meet a bad gateway (injectFault), to test the server's side.
 *
 * State is in memory: the simulator is one process whatever the number of server instances.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { HttpBindings } from '@hono/node-server'
import { Hono, type Context } from 'hono'
import { MPESA_PROCESSING, MPESA_PUSH_ACCEPTED, MPESA_PUSH_REJECTED_MESSAGE, MPESA_QUERY_ACCEPTED, scenarioById, scenarioForPhone, type MpesaScenario } from '../../shared/mpesa-scenarios'
import { callbackUrlProblem } from './callback'
import { darajaPassword, darajaTimestamp, MAX_ACCOUNT_REFERENCE, MAX_STK_AMOUNT, MAX_TRANSACTION_DESC, MIN_STK_AMOUNT } from './client'
import { DARAJA_ERRORS, DARAJA_PATHS, StkPushBodySchema, StkQueryBodySchema } from './wire'

export interface CallbackPlan {
  /** deliver: one POST; duplicate: `copies` POSTs of the same body; drop: none (as when our server was down). */
  mode: 'deliver' | 'duplicate' | 'drop'
  /** Wait before posting (ms of wall time; 0 posts at once). */
  delayMs?: number
  /** For duplicate: how many POSTs in all (default 2). */
  copies?: number
}

export type SimulatedEndpoint = 'token' | 'stkPush' | 'stkQuery'

/**
 * A fault for the next call(s) to an endpoint:
 * - hang: never answers (until the simulator closes): the client's timeout;
 * - reset: the connection is dropped once the request has arrived;
 * - bad-gateway: HTTP 502 with an HTML page, as a proxy in front of Daraja answers.
 * With `afterProcessing` (push only) the push is made first, so the prompt goes out, the customer
 * answers and the callback comes, but its answer is lost: a push "not sent" while money moves.
 */
export interface SimulatedFault {
  endpoint: SimulatedEndpoint
  fault: 'hang' | 'reset' | 'bad-gateway'
  afterProcessing?: boolean
  /** How many calls it affects (default 1). */
  times?: number
}

export interface DarajaSimulatorOptions {
  /** 0 (default) takes a free port. */
  port?: number
  hostname?: string
  /** When given, OAuth refuses other credentials (HTTP 400, as Daraja does). */
  consumerKey?: string
  consumerSecret?: string
  /** When given, a push or query with another shortcode or a Password not made from this passkey is refused. */
  shortcode?: string
  passkey?: string
  /** Lifetime of an access token (Daraja: 3599 s). */
  tokenTtlSeconds?: number
  /** The simulator's clock (token expiry, TransactionDate); share a fake one with the client in tests. */
  now?: () => Date
  /** The customer answers this long after the push (wall time); null (default): only by query or finish(). */
  answerAfterMs?: number | null
  callbacks?: CallbackPlan
  /** How callbacks are posted (default: global fetch). */
  fetch?: typeof fetch
}

export interface SimulatedPush {
  checkoutRequestId: string
  merchantRequestId: string
  scenario: MpesaScenario['id']
  phone: string
  amount: number
  accountReference: string
  callbackUrl: string
  queries: number
  /** The final outcome was reached (and its callback handed to the delivery plan). */
  finished: boolean
  receipt: string | null
  /** An outcome given to finish(), instead of the number's scenario. */
  outcome?: MpesaScenario['id']
}

export interface CallbackDelivery {
  checkoutRequestId: string
  url: string
  body: unknown
  /** HTTP status of our server's answer; null when the POST failed or was dropped. */
  status: number | null
  dropped: boolean
}

export interface DarajaSimulator {
  /** Base URL to give the client, e.g. http://127.0.0.1:41234 */
  url: string
  close(): Promise<void>
  /**
   * The customer answers now: the push reaches its scenario's outcome (or `outcome`, whatever its
   * number) and its callback is sent (if it ever completes); STK queries answer the same from then on.
   */
  finish(checkoutRequestId: string, outcome?: MpesaScenario['id']): void
  setCallbackPlan(plan: CallbackPlan): void
  /** Every token issued so far stops working (Daraja answers 404.001.03). */
  revokeTokens(): void
  injectFault(fault: SimulatedFault): void
  /** Resolves when every callback started so far has been delivered (or failed). */
  idle(): Promise<void>
  pushes(): readonly SimulatedPush[]
  deliveries(): readonly CallbackDelivery[]
  tokensIssued(): number
}

const RECEIPT_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/** A receipt like Daraja's MpesaReceiptNumber (e.g. NLJ7RT61SV): ten capitals and digits. */
function receiptNumber(): string {
  return [...randomBytes(10)].map((b) => RECEIPT_CHARS[b % RECEIPT_CHARS.length]).join('')
}

function requestId(): string {
  return `${randomBytes(4).readUInt32BE() % 100000}-${randomBytes(4).readUInt32BE() % 100000000}-1`
}

export async function startDarajaSimulator(options: DarajaSimulatorOptions = {}): Promise<DarajaSimulator> {
  const now = options.now ?? (() => new Date())
  const ttlMs = (options.tokenTtlSeconds ?? 3599) * 1000
  const post = options.fetch ?? fetch
  let plan: CallbackPlan = options.callbacks ?? { mode: 'deliver' }

  const tokens = new Map<string, number>()
  let issued = 0
  const pushes = new Map<string, SimulatedPush>()
  const deliveries: CallbackDelivery[] = []
  const inFlight = new Set<Promise<void>>()
  const timers = new Set<NodeJS.Timeout>()
  const faults: SimulatedFault[] = []
  /** Requests held by a 'hang' fault, released (with a 504) when the simulator closes. */
  const hanging = new Set<() => void>()

  const daraja = (c: Context, status: 400 | 404 | 500, errorCode: string, errorMessage: string) => c.json({ requestId: requestId(), errorCode, errorMessage }, status)
  const badRequest = (c: Context, field: string) => daraja(c, 400, DARAJA_ERRORS.badRequest, `Bad Request - Invalid ${field}`)

  function authorised(c: Context): boolean {
    const bearer = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1]
    const until = bearer === undefined ? undefined : tokens.get(bearer)
    return until !== undefined && now().getTime() < until
  }

  /** Shortcode and Password as Daraja checks them; the field at fault, or null. */
  function credentialsProblem(body: { BusinessShortCode: string; Password: string; Timestamp: string }): string | null {
    if (!/^\d{5,7}$/.test(body.BusinessShortCode) || (options.shortcode !== undefined && body.BusinessShortCode !== options.shortcode)) return 'BusinessShortCode'
    if (!/^\d{14}$/.test(body.Timestamp)) return 'Timestamp'
    if (options.passkey !== undefined && body.Password !== darajaPassword(body.BusinessShortCode, options.passkey, body.Timestamp)) return 'Password'
    return null
  }

  function callbackBody(push: SimulatedPush, scenario: MpesaScenario) {
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResultCode: Number(scenario.resultCode),
      ResultDesc: scenario.resultDesc,
    }
    if (scenario.resultCode === '0') {
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: push.amount },
          { Name: 'MpesaReceiptNumber', Value: push.receipt },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: Number(darajaTimestamp(now())) },
          { Name: 'PhoneNumber', Value: Number(push.phone) },
        ],
      }
    }
    return { Body: { stkCallback } }
  }

  function track(work: Promise<void>) {
    inFlight.add(work)
    void work.finally(() => inFlight.delete(work))
  }

  async function postOnce(push: SimulatedPush, body: unknown): Promise<void> {
    const delivery: CallbackDelivery = { checkoutRequestId: push.checkoutRequestId, url: push.callbackUrl, body, status: null, dropped: false }
    deliveries.push(delivery)
    try {
      const response = await post(push.callbackUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) })
      delivery.status = response.status
      await response.body?.cancel()
    } catch {
      // Daraja does not retry a callback our server failed to take: the STK query is the safety net.
      delivery.status = null
    }
  }

  function sendCallback(push: SimulatedPush, scenario: MpesaScenario) {
    const body = callbackBody(push, scenario)
    const current = plan
    if (current.mode === 'drop') {
      deliveries.push({ checkoutRequestId: push.checkoutRequestId, url: push.callbackUrl, body, status: null, dropped: true })
      return
    }
    const copies = current.mode === 'duplicate' ? Math.max(1, current.copies ?? 2) : 1
    const run = async () => {
      for (let i = 0; i < copies; i++) await postOnce(push, body)
    }
    const delay = current.delayMs ?? 0
    if (delay <= 0) return track(run())
    track(
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer)
          void run().finally(resolve)
        }, delay)
        timers.add(timer)
      }),
    )
  }

  /** The push's outcome: the one finish() was given, else its number's. The callback and every query agree on it. */
  const scenarioOf = (push: SimulatedPush): MpesaScenario => (push.outcome ? scenarioById(push.outcome) : scenarioForPhone(push.phone))

  /** The customer answered: the final outcome is fixed now and Daraja calls back. */
  function finishPush(push: SimulatedPush) {
    const scenario = scenarioOf(push)
    if (push.finished || scenario.finalOnVerify === null || scenario.resultCode === null) return
    push.finished = true
    if (scenario.resultCode === '0') push.receipt = receiptNumber()
    sendCallback(push, scenario)
  }

  /** The fault planned for this call, used up by one. */
  function takeFault(endpoint: SimulatedEndpoint, afterProcessing: boolean): SimulatedFault | null {
    const index = faults.findIndex((f) => f.endpoint === endpoint && Boolean(f.afterProcessing) === afterProcessing)
    const fault = faults[index]
    if (!fault) return null
    const left = (fault.times ?? 1) - 1
    if (left <= 0) faults.splice(index, 1)
    else faults[index] = { ...fault, times: left }
    return fault
  }

  /** Answers as the fault says, or null to answer normally. */
  async function faulty(c: Context<{ Bindings: HttpBindings }>, endpoint: SimulatedEndpoint, afterProcessing = false): Promise<Response | null> {
    const fault = takeFault(endpoint, afterProcessing)
    if (!fault) return null
    switch (fault.fault) {
      case 'bad-gateway':
        return c.html('<html><body><h1>502 Bad Gateway</h1></body></html>', 502)
      case 'reset':
        c.env.incoming.socket.destroy()
        return c.body(null, 502)
      case 'hang':
        await new Promise<void>((resolve) => hanging.add(resolve))
        return c.body(null, 504)
    }
  }

  const app = new Hono<{ Bindings: HttpBindings }>()

  app.get(DARAJA_PATHS.token, async (c) => {
    const fault = await faulty(c, 'token')
    if (fault) return fault
    if (c.req.query('grant_type') !== 'client_credentials') return badRequest(c, 'grant type passed')
    const basic = /^Basic (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1]
    const [key, secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : []
    const known = (expected: string | undefined, given: string | undefined) => (expected === undefined ? Boolean(given) : given === expected)
    if (!known(options.consumerKey, key) || !known(options.consumerSecret, secret)) return badRequest(c, 'Authentication passed')
    const token = randomBytes(18).toString('base64url')
    tokens.set(token, now().getTime() + ttlMs)
    issued++
    return c.json({ access_token: token, expires_in: String(Math.round(ttlMs / 1000)) })
  })

  app.post(DARAJA_PATHS.stkPush, async (c) => {
    const fault = await faulty(c, 'stkPush')
    if (fault) return fault
    if (!authorised(c)) return daraja(c, 404, DARAJA_ERRORS.invalidToken, 'Invalid Access Token')
    const parsed = StkPushBodySchema.safeParse(await c.req.json().catch(() => null))
    if (!parsed.success) return badRequest(c, 'Request')
    const body = parsed.data
    const credentials = credentialsProblem(body)
    if (credentials) return badRequest(c, credentials)
    if (body.TransactionType !== 'CustomerPayBillOnline' && body.TransactionType !== 'CustomerBuyGoodsOnline') return badRequest(c, 'TransactionType')
    if (!Number.isInteger(body.Amount) || body.Amount < MIN_STK_AMOUNT || body.Amount > MAX_STK_AMOUNT) return badRequest(c, 'Amount')
    if (!/^254[17]\d{8}$/.test(body.PhoneNumber)) return badRequest(c, 'PhoneNumber')
    if (body.PartyA !== body.PhoneNumber) return badRequest(c, 'PartyA')
    if (body.PartyB !== body.BusinessShortCode) return badRequest(c, 'PartyB')
    if (callbackUrlProblem(body.CallBackURL, { requireHttps: false })) return badRequest(c, 'CallBackURL')
    if (body.AccountReference.length === 0 || body.AccountReference.length > MAX_ACCOUNT_REFERENCE) return badRequest(c, 'AccountReference')
    if (body.TransactionDesc.length === 0 || body.TransactionDesc.length > MAX_TRANSACTION_DESC) return badRequest(c, 'TransactionDesc')

    const scenario = scenarioForPhone(body.PhoneNumber)
    // Daraja's answer when the subscriber cannot take a prompt: HTTP 500 with its error body.
    if (scenario.id === 'push_rejected') return daraja(c, 500, DARAJA_ERRORS.processing, MPESA_PUSH_REJECTED_MESSAGE)

    const push: SimulatedPush = {
      checkoutRequestId: `ws_CO_${darajaTimestamp(now())}${randomUUID().replaceAll('-', '').slice(0, 12)}`,
      merchantRequestId: requestId(),
      scenario: scenario.id,
      phone: body.PhoneNumber,
      amount: body.Amount,
      accountReference: body.AccountReference,
      callbackUrl: body.CallBackURL,
      queries: 0,
      finished: false,
      receipt: null,
    }
    pushes.set(push.checkoutRequestId, push)
    if (options.answerAfterMs != null) {
      const timer = setTimeout(() => {
        timers.delete(timer)
        finishPush(push)
      }, options.answerAfterMs)
      timers.add(timer)
    }
    const lost = await faulty(c, 'stkPush', true)
    if (lost) return lost
    return c.json({
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: MPESA_PUSH_ACCEPTED,
      CustomerMessage: MPESA_PUSH_ACCEPTED,
    })
  })

  app.post(DARAJA_PATHS.stkQuery, async (c) => {
    const fault = await faulty(c, 'stkQuery')
    if (fault) return fault
    if (!authorised(c)) return daraja(c, 404, DARAJA_ERRORS.invalidToken, 'Invalid Access Token')
    const parsed = StkQueryBodySchema.safeParse(await c.req.json().catch(() => null))
    if (!parsed.success) return badRequest(c, 'Request')
    const credentials = credentialsProblem(parsed.data)
    if (credentials) return badRequest(c, credentials)
    const push = pushes.get(parsed.data.CheckoutRequestID)
    if (!push) return badRequest(c, 'CheckoutRequestID')
    push.queries++
    const scenario = scenarioOf(push)
    if (!push.finished && scenario.finalOnVerify !== null && push.queries >= scenario.finalOnVerify) finishPush(push)
    if (!push.finished) return daraja(c, 500, MPESA_PROCESSING.errorCode, MPESA_PROCESSING.errorMessage)
    return c.json({
      ResponseCode: '0',
      ResponseDescription: MPESA_QUERY_ACCEPTED,
      MerchantRequestID: push.merchantRequestId,
      CheckoutRequestID: push.checkoutRequestId,
      ResultCode: scenario.resultCode,
      ResultDesc: scenario.resultDesc,
    })
  })

  app.notFound((c) => daraja(c, 404, '404.001.01', 'Resource not found'))

  const hostname = options.hostname ?? '127.0.0.1'
  const { server, port } = await new Promise<{ server: Server; port: number }>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, port: options.port ?? 0, hostname }, (info: AddressInfo) => resolve({ server: started as Server, port: info.port }))
    started.once('error', reject)
  })

  return {
    url: `http://${hostname}:${port}`,
    async close() {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      for (const release of hanging) release()
      hanging.clear()
      await Promise.allSettled([...inFlight])
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
    finish(checkoutRequestId, outcome) {
      const push = pushes.get(checkoutRequestId)
      if (push && outcome && !push.finished) push.outcome = outcome
      if (push) finishPush(push)
    },
    setCallbackPlan(next) {
      plan = next
    },
    revokeTokens() {
      tokens.clear()
    },
    injectFault(fault) {
      faults.push(fault)
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight])
    },
    pushes: () => [...pushes.values()],
    deliveries: () => deliveries,
    tokensIssued: () => issued,
  }
}
