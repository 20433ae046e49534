/**
 * The Daraja client: what the server uses to ask M-Pesa for money (STK push) and to ask how a
 * push ended (STK query). The same client talks to Safaricom (sandbox or production) and to the
 * simulator (./simulator.ts); only `baseUrl` and the credentials differ.
 *
 * Money rules enforced before anything is sent: whole shillings 1–250,000 (one M-Pesa transaction),
 * a Kenyan mobile number normalised to 2547…/2541…, an account reference of at most 12 characters.
 * Secrets (consumer key and secret, passkey, the token, the Password) never reach a log line or an
 * error message.
 */
import { normaliseKenyanPhone } from '../../shared/contracts/payments'
import { DARAJA_ERRORS, DARAJA_PATHS, ErrorResponse, StkPushResponse, StkQueryResponse, TokenResponse, type StkPushBody, type StkQueryBody } from './wire'

export interface DarajaConfig {
  /** e.g. https://sandbox.safaricom.co.ke, https://api.safaricom.co.ke, or the simulator's URL. */
  baseUrl: string
  consumerKey: string
  consumerSecret: string
  /** The paybill (BusinessShortCode and PartyB). */
  shortcode: string
  passkey: string
  /** Where Daraja POSTs the outcome of a push (see callbackUrlProblem in ./callback.ts). */
  callbackUrl: string
}

export interface DarajaOptions {
  /** The clock (token expiry, the request Timestamp); tests inject one. */
  now?: () => Date
  /** Per-request limit; a call that takes longer fails with kind 'timeout'. */
  timeoutMs?: number
  fetch?: typeof fetch
  /** Structured events without secrets (token fetched, token refused, …). */
  log?: (event: string, details: Record<string, unknown>) => void
}

/** The smallest and largest amount of one M-Pesa STK push, in whole shillings. */
export const MIN_STK_AMOUNT = 1
export const MAX_STK_AMOUNT = 250_000
export const MAX_ACCOUNT_REFERENCE = 12
/** Daraja refuses a longer TransactionDesc on some channels; it is only shown on statements. */
export const MAX_TRANSACTION_DESC = 182

export interface StkPushInput {
  /** Any accepted Kenyan format: 07…, 01…, 2547…, +2547… (spaces and dashes ignored). */
  phone: string
  /** Whole shillings, 1–250,000. */
  amount: number
  /** What the payer sees as the account, e.g. the booking number; at most 12 characters. */
  accountReference: string
  transactionDesc: string
}

export type StkPushResult =
  | {
      status: 'accepted'
      merchantRequestId: string
      checkoutRequestId: string
      /** The normalised number the prompt went to. */
      phone: string
      responseDescription: string
      customerMessage: string
    }
  /** Daraja answered and refused the push: nothing was sent to the phone, no money can move. */
  | { status: 'rejected'; code: string; description: string }

export type StkQueryResult =
  /** The customer has not answered yet (Daraja's 500.001.1001, or an answer without ResultCode). Never a failure. */
  | { status: 'pending'; description: string }
  | { status: 'final'; resultCode: string; resultDesc: string; merchantRequestId: string | null; checkoutRequestId: string }

/**
 * - network: Daraja could not be reached (DNS, refused connection, reset).
 * - timeout: no answer within timeoutMs. For a push the outcome is unknown: the prompt may have
 *   gone out, so the caller must not report "not sent" (reconcile by query or callback instead).
 * - auth: no token could be obtained (wrong key or secret), or Daraja refused a fresh token.
 * - rejected: Daraja answered a query with an error other than "still processing".
 * - protocol: an answer that is not Daraja's shape.
 * - invalid-input: refused here, before anything was sent (amount, phone, reference).
 */
export type DarajaErrorKind = 'network' | 'timeout' | 'auth' | 'rejected' | 'protocol' | 'invalid-input'

/** Where it failed: getting the token (the call itself never left) or the call. */
export type DarajaPhase = 'input' | 'token' | 'call'

export class DarajaError extends Error {
  readonly kind: DarajaErrorKind
  readonly phase: DarajaPhase
  readonly status: number | null
  readonly errorCode: string | null
  constructor(kind: DarajaErrorKind, message: string, details: { phase: DarajaPhase; status?: number | null; errorCode?: string | null; cause?: unknown }) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.name = 'DarajaError'
    this.kind = kind
    this.phase = details.phase
    this.status = details.status ?? null
    this.errorCode = details.errorCode ?? null
  }
}

/** Connection failures that happen before a byte of the request leaves: the push cannot have reached Daraja. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'])

/**
 * After an STK push failed with this error, may the prompt still have reached the phone? True for
 * a timeout, a connection lost after sending, or an answer that is not Daraja's shape (a gateway's
 * 502 page), during the push call itself: the caller must keep the attempt open (see
 * matchUnclaimedCallback in ./callback.ts) and must not tell the family "not sent". False when
 * nothing left (no connection, no token: a failure while getting the token, input refused) or
 * when Daraja itself refused.
 */
export function pushOutcomeUnknown(error: unknown): boolean {
  if (!(error instanceof DarajaError) || error.phase !== 'call') return false
  if (error.kind === 'timeout' || error.kind === 'protocol') return true
  if (error.kind !== 'network') return false
  const code = (error.cause as { cause?: { code?: unknown } } | undefined)?.cause?.code
  return !(typeof code === 'string' && NEVER_SENT.has(code))
}

export interface Daraja {
  stkPush(input: StkPushInput, options?: { signal?: AbortSignal }): Promise<StkPushResult>
  stkQuery(checkoutRequestId: string, options?: { signal?: AbortSignal }): Promise<StkQueryResult>
}

const nairobiParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Nairobi',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

/** Daraja's Timestamp: YYYYMMDDHHmmss, wall time in Africa/Nairobi whatever the server's zone. */
export function darajaTimestamp(at: Date): string {
  const parts = Object.fromEntries(nairobiParts.formatToParts(at).map((p) => [p.type, p.value]))
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}`
}

/** Daraja's Password: base64 of shortcode + passkey + timestamp. */
export function darajaPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`, 'utf8').toString('base64')
}

/** Why this push input is refused before sending, or null when it may be sent. */
export function stkPushInputProblem(input: StkPushInput): string | null {
  if (!Number.isInteger(input.amount)) return 'Amount must be whole shillings'
  if (input.amount < MIN_STK_AMOUNT || input.amount > MAX_STK_AMOUNT) return `Amount must be between ${MIN_STK_AMOUNT} and ${MAX_STK_AMOUNT.toLocaleString('en-US')}`
  if (normaliseKenyanPhone(input.phone) === null) return 'Phone must be a Kenyan mobile number (07…, 01…, 2547…, 2541…)'
  const reference = input.accountReference.trim()
  if (reference.length === 0 || reference.length > MAX_ACCOUNT_REFERENCE) return `Account reference must be 1 to ${MAX_ACCOUNT_REFERENCE} characters`
  const desc = input.transactionDesc.trim()
  if (desc.length === 0 || desc.length > MAX_TRANSACTION_DESC) return `Transaction description must be 1 to ${MAX_TRANSACTION_DESC} characters`
  return null
}

interface CachedToken {
  value: string
  /** Epoch ms (on the injected clock) after which it is not used any more. */
  usableUntil: number
}

/** Refresh a little before Daraja's expiry (a minute, or a tenth of a short lifetime). */
const expiryMargin = (lifetimeMs: number) => Math.min(60_000, lifetimeMs / 10)

export function createDarajaClient(config: DarajaConfig, options: DarajaOptions = {}): Daraja {
  const now = options.now ?? (() => new Date())
  const timeoutMs = options.timeoutMs ?? 15_000
  const doFetch = options.fetch ?? fetch
  const log = options.log ?? (() => {})
  const base = config.baseUrl.replace(/\/+$/, '')

  let token: CachedToken | null = null
  /** A token request under way: concurrent calls share it instead of asking Daraja several times. */
  let tokenRequest: Promise<string> | null = null

  /**
   * One HTTP exchange with the per-request timeout and the caller's own signal, the body read
   * within the same limit; every failure becomes a DarajaError of this phase.
   */
  async function exchange(path: string, init: RequestInit, signal: AbortSignal | undefined, phase: DarajaPhase): Promise<{ status: number; ok: boolean; body: unknown }> {
    const timeout = AbortSignal.timeout(timeoutMs)
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout
    const name = path.split('?')[0]
    let response: Response
    let text: string
    try {
      response = await doFetch(`${base}${path}`, { ...init, signal: combined })
      text = await response.text()
    } catch (error) {
      if (timeout.aborted) throw new DarajaError('timeout', `Daraja did not answer ${name} within ${timeoutMs} ms`, { cause: error, phase })
      if (signal?.aborted) throw error
      throw new DarajaError('network', `Daraja could not be reached (${name})`, { cause: error, phase })
    }
    try {
      return { status: response.status, ok: response.ok, body: text === '' ? null : (JSON.parse(text) as unknown) }
    } catch (error) {
      throw new DarajaError('protocol', `Daraja answered ${name} with HTTP ${response.status} and a body that is not JSON`, { status: response.status, cause: error, phase })
    }
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${config.consumerKey}:${config.consumerSecret}`, 'utf8').toString('base64')
    const path = `${DARAJA_PATHS.token}?grant_type=client_credentials`
    // Not tied to one caller's signal: concurrent calls share this request.
    const response = await exchange(path, { method: 'GET', headers: { Authorization: `Basic ${basic}` } }, undefined, 'token').catch((error: unknown) => {
      // Daraja answers wrong credentials with HTTP 400 and sometimes an empty or non-JSON body.
      if (error instanceof DarajaError && error.kind === 'protocol') return { status: error.status ?? 0, ok: false, body: null }
      throw error
    })
    // A 5xx is Daraja (or a gateway before it) being down, not our credentials being wrong.
    if (response.status >= 500) throw new DarajaError('network', `Daraja's OAuth answered HTTP ${response.status}`, { status: response.status, phase: 'token' })
    const parsed = TokenResponse.safeParse(response.body)
    if (!response.ok || !parsed.success || !Number.isFinite(parsed.data.expires_in)) {
      log('daraja.token.refused', { status: response.status })
      throw new DarajaError('auth', `Daraja refused the consumer key and secret (HTTP ${response.status})`, { status: response.status, phase: 'token' })
    }
    const lifetimeMs = parsed.data.expires_in * 1000
    token = { value: parsed.data.access_token, usableUntil: now().getTime() + lifetimeMs - expiryMargin(lifetimeMs) }
    log('daraja.token.fetched', { expiresInSeconds: parsed.data.expires_in })
    return token.value
  }

  function accessToken(): Promise<string> {
    if (token && now().getTime() < token.usableUntil) return Promise.resolve(token.value)
    token = null
    tokenRequest ??= fetchToken().finally(() => {
      tokenRequest = null
    })
    return tokenRequest
  }

  const isTokenRefusal = (status: number, body: unknown) => {
    const error = ErrorResponse.safeParse(body)
    return status === 401 || (error.success && error.data.errorCode === DARAJA_ERRORS.invalidToken)
  }

  /** POST with the bearer token; a refused token (expired early, revoked) is replaced once. */
  async function authorisedPost(path: string, payload: object, signal: AbortSignal | undefined): Promise<{ status: number; body: unknown }> {
    for (let attempt = 1; ; attempt++) {
      const bearer = await accessToken()
      const { status, body } = await exchange(path, { method: 'POST', headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' }, body: JSON.stringify(payload) }, signal, 'call')
      if (!isTokenRefusal(status, body)) return { status, body }
      log('daraja.token.invalid', { path, attempt })
      if (token?.value === bearer) token = null
      if (attempt >= 2) throw new DarajaError('auth', `Daraja refused a fresh access token on ${path}`, { status, errorCode: DARAJA_ERRORS.invalidToken, phase: 'call' })
    }
  }

  function credentials(): Pick<StkQueryBody, 'BusinessShortCode' | 'Password' | 'Timestamp'> {
    const timestamp = darajaTimestamp(now())
    return { BusinessShortCode: config.shortcode, Password: darajaPassword(config.shortcode, config.passkey, timestamp), Timestamp: timestamp }
  }

  return {
    async stkPush(input, { signal } = {}) {
      const problem = stkPushInputProblem(input)
      const phone = normaliseKenyanPhone(input.phone)
      if (problem || phone === null) throw new DarajaError('invalid-input', problem ?? 'Invalid phone', { phase: 'input' })
      const body: StkPushBody = {
        ...credentials(),
        TransactionType: 'CustomerPayBillOnline',
        Amount: input.amount,
        PartyA: phone,
        PartyB: config.shortcode,
        PhoneNumber: phone,
        CallBackURL: config.callbackUrl,
        AccountReference: input.accountReference.trim(),
        TransactionDesc: input.transactionDesc.trim(),
      }
      const answer = await authorisedPost(DARAJA_PATHS.stkPush, body, signal)
      const accepted = StkPushResponse.safeParse(answer.body)
      if (answer.status === 200 && accepted.success) {
        const a = accepted.data
        if (a.ResponseCode !== '0') return { status: 'rejected', code: a.ResponseCode, description: a.ResponseDescription ?? a.CustomerMessage ?? '' }
        return {
          status: 'accepted',
          merchantRequestId: a.MerchantRequestID,
          checkoutRequestId: a.CheckoutRequestID,
          phone,
          responseDescription: a.ResponseDescription ?? '',
          customerMessage: a.CustomerMessage ?? '',
        }
      }
      const error = ErrorResponse.safeParse(answer.body)
      // Daraja answered with its error shape: the push was refused, the phone got no prompt.
      if (error.success) return { status: 'rejected', code: error.data.errorCode, description: error.data.errorMessage ?? '' }
      throw new DarajaError('protocol', `Daraja answered the STK push with HTTP ${answer.status} and an unexpected body`, { status: answer.status, phase: 'call' })
    },

    async stkQuery(checkoutRequestId, { signal } = {}) {
      const body: StkQueryBody = { ...credentials(), CheckoutRequestID: checkoutRequestId }
      const answer = await authorisedPost(DARAJA_PATHS.stkQuery, body, signal)
      const error = ErrorResponse.safeParse(answer.body)
      if (error.success) {
        if (error.data.errorCode === DARAJA_ERRORS.processing) return { status: 'pending', description: error.data.errorMessage ?? '' }
        throw new DarajaError('rejected', `Daraja refused the STK query: ${error.data.errorCode} ${error.data.errorMessage ?? ''}`.trim(), {
          status: answer.status,
          errorCode: error.data.errorCode,
          phase: 'call',
        })
      }
      const result = StkQueryResponse.safeParse(answer.body)
      if (answer.status !== 200 || !result.success) {
        throw new DarajaError('protocol', `Daraja answered the STK query with HTTP ${answer.status} and an unexpected body`, { status: answer.status, phase: 'call' })
      }
      const r = result.data
      // Without a ResultCode Daraja has not decided: still processing, never a failure.
      if (r.ResultCode === undefined) return { status: 'pending', description: r.ResponseDescription ?? '' }
      return { status: 'final', resultCode: r.ResultCode, resultDesc: r.ResultDesc ?? '', merchantRequestId: r.MerchantRequestID ?? null, checkoutRequestId: r.CheckoutRequestID ?? checkoutRequestId }
    },
  }
}
