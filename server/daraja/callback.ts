/**
 * Daraja's STK callback: the POST M-Pesa makes to our CallBackURL when a push ends. Everything
 * here is pure (no database, no HTTP), so the route stays thin and the money decisions are tested
 * on their own:
 * - parseStkCallback: any body → a typed callback or a typed "malformed" (never a throw, so a
 *   hostile or broken body cannot turn into a 500 that Daraja would retry forever);
 * - settle: what a callback may change on the push it names (once, the right amount, only ours);
 * - the callback path and the check of a configured callback URL against Safaricom's URL filter.
 *
 * Daraja does not sign callbacks, so a callback is trusted only through the secret in its path
 * (a push we made carries it) and only for a CheckoutRequestID we recorded.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { z } from 'zod/mini'
import { MPESA_SCENARIOS, type MpesaScenarioId } from '../../shared/mpesa-scenarios'
import type { StkQueryResult } from './client'

/** What the callback route answers Daraja at once, whatever it did with the body. */
export const CALLBACK_ACCEPTED = { ResultCode: 0, ResultDesc: 'Accepted' } as const

const Value = z.optional(z.nullable(z.union([z.string(), z.number()])))

const StkCallbackBody = z.looseObject({
  Body: z.looseObject({
    stkCallback: z.looseObject({
      MerchantRequestID: z.string(),
      CheckoutRequestID: z.string().check(z.minLength(1)),
      ResultCode: z.union([z.number(), z.string().check(z.regex(/^\d+$/))]),
      ResultDesc: z.string(),
      CallbackMetadata: z.optional(
        z.looseObject({
          Item: z.array(z.looseObject({ Name: z.string(), Value })),
        }),
      ),
    }),
  }),
})

export interface StkCallback {
  merchantRequestId: string
  checkoutRequestId: string
  /** As a string ('0', '1032', …), the way the app and the mock compare it. */
  resultCode: string
  resultDesc: string
  /** Only on success: what M-Pesa moved, the receipt (our transaction id), the payer, when. */
  amount: number | null
  mpesaReceiptNumber: string | null
  phoneNumber: string | null
  /** YYYYMMDDHHmmss in Africa/Nairobi, as Daraja sends it. */
  transactionDate: string | null
}

export type ParsedStkCallback = { ok: true; callback: StkCallback } | { ok: false; kind: 'malformed'; problem: string }

/** Reads a callback body (already JSON-decoded, or anything else); a body that is not Daraja's shape is "malformed". */
export function parseStkCallback(body: unknown): ParsedStkCallback {
  const parsed = StkCallbackBody.safeParse(body)
  if (!parsed.success) {
    const first = parsed.error.issues[0]
    const where = first ? first.path.map(String).join('.') || '(body)' : '(body)'
    return { ok: false, kind: 'malformed', problem: `${where}: ${first?.code ?? 'invalid'}` }
  }
  const cb = parsed.data.Body.stkCallback
  const items = new Map((cb.CallbackMetadata?.Item ?? []).map((item) => [item.Name, item.Value]))
  const text = (name: string) => {
    const v = items.get(name)
    return v === undefined || v === null || v === '' ? null : String(v)
  }
  const amountText = text('Amount')
  const amount = amountText === null ? null : Number(amountText)
  return {
    ok: true,
    callback: {
      merchantRequestId: cb.MerchantRequestID,
      checkoutRequestId: cb.CheckoutRequestID,
      resultCode: String(cb.ResultCode),
      resultDesc: cb.ResultDesc,
      amount: amount !== null && Number.isFinite(amount) ? amount : null,
      mpesaReceiptNumber: text('MpesaReceiptNumber'),
      phoneNumber: text('PhoneNumber'),
      transactionDate: text('TransactionDate'),
    },
  }
}

/** What a result code means, in the mock's words (its scenario ids); 'other' for codes the mock does not simulate. */
export type ResultMeaning = Exclude<MpesaScenarioId, 'never_completes' | 'push_rejected'> | 'other'

export function resultMeaning(resultCode: string): ResultMeaning {
  const scenario = MPESA_SCENARIOS.find((s) => s.resultCode === resultCode)
  if (!scenario || scenario.id === 'never_completes' || scenario.id === 'push_rejected') return 'other'
  return scenario.id
}

/** The push a callback may settle, as the server recorded it. */
export interface PushRecord {
  checkoutRequestId: string
  /** Whole shillings asked for in the push. */
  amount: number
  /** The payment row of the push: open while `processing`. */
  status: 'processing' | 'completed' | 'failed'
  /** The M-Pesa receipt; null for a payment the STK query completed before its callback came (the callback may fill it in). */
  transactionId?: string | null
  /**
   * Failed only because no answer came in time (ResultCode 1019, closed by us or by Daraja): a
   * success that arrives later means the money moved after all, and completes it.
   */
  expired?: boolean
}

export type SettleDecision =
  /**
   * transactionId null: completed by the STK query, which carries no receipt; the callback may add it later.
   * late: the push had been closed as expired and this success comes after all (the money moved).
   */
  | { action: 'complete'; transactionId: string | null; amount: number; resultCode: '0'; resultDesc: string; late?: boolean }
  | { action: 'fail'; resultCode: string; resultDesc: string; meaning: ResultMeaning }
  /** A payment the query completed gets its receipt from the late callback: the only change after settlement. */
  | { action: 'add-receipt'; transactionId: string }
  /** Not a push of ours (or not this one): changes nothing, logged, answered as accepted. */
  | { action: 'ignore'; reason: 'unknown-push' }
  /**
   * Settled before (a duplicate, a late callback after a query settled it). `conflicting` when
   * this answer says otherwise, e.g. success for a push we closed as failed: money may have moved
   * and someone must look.
   */
  | { action: 'ignore'; reason: 'already-settled'; conflicting: boolean }
  /** The STK query has no final answer yet. */
  | { action: 'ignore'; reason: 'still-processing' }
  /** Success for another amount than the push asked: changes nothing, logged for the admin. */
  | { action: 'ignore'; reason: 'amount-mismatch'; expected: number; received: number | null }
  /** Success without a receipt number: nothing to record as the transaction id; the STK query settles it. */
  | { action: 'ignore'; reason: 'missing-receipt' }

const alreadySettled = (push: PushRecord, success: boolean): SettleDecision => ({
  action: 'ignore',
  reason: 'already-settled',
  conflicting: success ? push.status !== 'completed' : push.status === 'completed',
})

/**
 * What this callback does to this push, decided once: a push settles exactly once whatever the
 * number, order or timing of callbacks and queries. The caller applies 'complete'/'fail' only
 * while the row is still `processing`, in one statement (`UPDATE … SET status = … WHERE
 * checkout_request_id = $1 AND status = 'processing'`; no row updated = another instance settled
 * it first), and 'add-receipt' only while the transaction id is still empty.
 */
export function settle(push: PushRecord | null | undefined, callback: StkCallback): SettleDecision {
  if (!push || push.checkoutRequestId !== callback.checkoutRequestId) return { action: 'ignore', reason: 'unknown-push' }
  const success = callback.resultCode === '0'
  const amountOk = callback.amount === push.amount
  if (push.status === 'completed' && success && push.transactionId === null && amountOk && callback.mpesaReceiptNumber) {
    return { action: 'add-receipt', transactionId: callback.mpesaReceiptNumber }
  }
  // A push closed as expired is still completed by a success that comes late: the money moved.
  const late = push.status === 'failed' && push.expired === true && success
  if (push.status !== 'processing' && !late) return alreadySettled(push, success)
  if (!success) return { action: 'fail', resultCode: callback.resultCode, resultDesc: callback.resultDesc, meaning: resultMeaning(callback.resultCode) }
  if (!amountOk) return { action: 'ignore', reason: 'amount-mismatch', expected: push.amount, received: callback.amount }
  if (!callback.mpesaReceiptNumber) return { action: 'ignore', reason: 'missing-receipt' }
  return { action: 'complete', transactionId: callback.mpesaReceiptNumber, amount: push.amount, resultCode: '0', resultDesc: callback.resultDesc, ...(late ? { late: true } : {}) }
}

/**
 * What an STK query answer does to its push (the reconciliation job, for a push with no callback):
 * the same rules as a callback. The query carries neither the amount nor the receipt: a success
 * completes the push's own amount without a transaction id, which its callback may add later.
 */
export function settleFromQuery(push: PushRecord | null | undefined, result: StkQueryResult): SettleDecision {
  if (!push || (result.status === 'final' && result.checkoutRequestId !== push.checkoutRequestId)) return { action: 'ignore', reason: 'unknown-push' }
  if (result.status === 'pending') return push.status === 'processing' ? { action: 'ignore', reason: 'still-processing' } : { action: 'ignore', reason: 'already-settled', conflicting: false }
  const success = result.resultCode === '0'
  const late = push.status === 'failed' && push.expired === true && success
  if (push.status !== 'processing' && !late) return alreadySettled(push, success)
  if (!success) return { action: 'fail', resultCode: result.resultCode, resultDesc: result.resultDesc, meaning: resultMeaning(result.resultCode) }
  return { action: 'complete', transactionId: null, amount: push.amount, resultCode: '0', resultDesc: result.resultDesc, ...(late ? { late: true } : {}) }
}

/** A push attempt whose answer was lost (timeout, broken connection): we never learnt its CheckoutRequestID. */
export interface UnclaimedPush {
  /** Normalised, 2547…/2541…. */
  phone: string
  amount: number
  sentAt: Date
}

/** Daraja may mask part of the payer's number in a callback (e.g. 2547******78); a masked digit matches any. */
function samePhone(pushed: string, reported: string): boolean {
  return pushed.length === reported.length && [...reported].every((ch, i) => ch === '*' || ch === pushed[i])
}

/**
 * The attempt a success callback with an unknown CheckoutRequestID belongs to, when exactly one
 * unclaimed attempt has its phone and amount and was sent within `windowMs` before it arrived;
 * otherwise null (none, or too many to tell: logged and left for the admin). The caller then
 * records the callback's CheckoutRequestID on that attempt and settles it as usual.
 */
export function matchUnclaimedCallback<T extends UnclaimedPush>(
  callback: StkCallback,
  candidates: readonly T[],
  { receivedAt, windowMs = 15 * 60 * 1000 }: { receivedAt: Date; windowMs?: number },
): T | null {
  if (callback.resultCode !== '0' || callback.amount === null || callback.phoneNumber === null) return null
  const reported = callback.phoneNumber
  const matches = candidates.filter((c) => {
    const age = receivedAt.getTime() - c.sentAt.getTime()
    return c.amount === callback.amount && samePhone(c.phone, reported) && age >= 0 && age <= windowMs
  })
  return matches.length === 1 ? (matches[0] ?? null) : null
}

/** A log line for a decision that changed nothing (no secret in it: ids and amounts only). */
export function ignoredCallbackLog(decision: SettleDecision, callback: StkCallback): string | null {
  if (decision.action !== 'ignore') return null
  const id = callback.checkoutRequestId
  switch (decision.reason) {
    case 'unknown-push':
      return `Daraja callback for an unknown CheckoutRequestID ${id}: ignored`
    case 'already-settled':
      return decision.conflicting
        ? `Daraja callback ${id} (ResultCode ${callback.resultCode}) contradicts its settled payment: not changed, needs a look`
        : `Daraja callback ${id} repeated after settlement: ignored`
    case 'amount-mismatch':
      return `Daraja callback ${id} reports KSH ${decision.received ?? 'none'} for a push of KSH ${decision.expected}: not settled`
    case 'missing-receipt':
      return `Daraja callback ${id} reports success without MpesaReceiptNumber: left for the STK query`
    case 'still-processing':
      return null
  }
}

/** The route the server mounts for Daraja's callback (Hono syntax). */
export const CALLBACK_ROUTE = '/api/hooks/daraja/stk/:secret'

/** Safaricom's URL filter refuses a CallBackURL containing any of these (case-insensitive, anywhere in the URL). */
export const CALLBACK_URL_FORBIDDEN_WORDS = ['mpesa', 'safaricom', 'sql', 'query', 'exec', 'cmd', 'exe'] as const

/** A fresh callback secret: hex, so it can never spell a forbidden word. */
export function newCallbackSecret(): string {
  return randomBytes(24).toString('hex')
}

export function callbackPath(secret: string): string {
  return CALLBACK_ROUTE.replace(':secret', encodeURIComponent(secret))
}

/** The public CallBackURL for a public origin (e.g. https://funeral.example.co.ke) and a secret. */
export function callbackUrl(publicOrigin: string, secret: string): string {
  return `${publicOrigin.replace(/\/+$/, '')}${callbackPath(secret)}`
}

/**
 * Why Daraja would not call this URL back, or null when it would: it must be an absolute http(s)
 * URL (https for Safaricom itself) and contain none of the filtered words.
 */
export function callbackUrlProblem(url: string, { requireHttps = true }: { requireHttps?: boolean } = {}): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'The callback URL is not an absolute URL'
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && !requireHttps)) return `The callback URL must use ${requireHttps ? 'https' : 'http or https'}`
  const lower = url.toLowerCase()
  const word = CALLBACK_URL_FORBIDDEN_WORDS.find((w) => lower.includes(w))
  if (word) return `The callback URL contains "${word}", which Safaricom's URL filter rejects`
  return null
}

/** Compares the secret of a callback's path with ours in constant time. */
export function callbackSecretMatches(expected: string, given: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest()
  return expected.length > 0 && timingSafeEqual(digest(expected), digest(given))
}
