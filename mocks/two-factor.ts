/**
 * Two-step sign-in for staff, as the server does it (server/two-factor.ts): a 6-digit code by SMS
 * (the mock's SMS outbox, where Demo tools and "Messages sent" show it), kept only as SHA-256
 * hashes, 10 minutes, 5 tries, used once. Held in memory: a reload of the mock forgets them.
 */
import type { UserRecord } from './db'
import { db } from './db'
import { ApiError } from './http'
import { queueMockSmsTo } from './messages'
import { randomHex } from './passwords'
import { storedSettings } from './settings-store'
import { normaliseKenyanPhone } from '../shared/contracts/payments'
import { smsLanguage } from '../shared/contracts/messages'
import {
  MSG_CODE_SENT,
  MSG_NO_PHONE,
  SIGN_IN_CODE_SMS,
  SIGN_IN_CODE_WORDS,
  SIGN_IN_SMS_KIND,
  challengeKey,
  codeExpiresAt,
  codeOpen,
  needsSignInCode,
  wrongCodeMessage,
  type CodeRequiredResponse,
  type OneTimeCodeWords,
} from '../shared/contracts/two-factor'

interface Pending {
  userId: number
  codeHash: string
  attempts: number
  expiresAt: number
  used: boolean
}
const pending = new Map<string, Pending>()

async function sha256(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

function sixDigits(): string {
  const a = new Uint32Array(1)
  globalThis.crypto.getRandomValues(a)
  return String((a[0] ?? 0) % 1_000_000).padStart(6, '0')
}


/** Makes a one-time code for `scope`, keeps its hashes and queues the SMS (server/two-factor.ts's sendOneTimeCode). */
export async function mockSendOneTimeCode(user: UserRecord, phone: string, use: { scope: string; kind: string; body: (code: string) => string }): Promise<{ challenge: string; phoneEnding: string }> {
  const challenge = randomHex(32)
  const code = sixDigits()
  const challengeHash = await sha256(challengeKey(use.scope, challenge))
  pending.set(challengeHash, { userId: user.id, codeHash: await sha256(`code:${challengeHash}:${code}`), attempts: 0, expiresAt: codeExpiresAt(Date.now()), used: false })
  await queueMockSmsTo(phone, { userId: user.id, kind: use.kind, body: use.body(code) })
  return { challenge, phoneEnding: phone.slice(-4) }
}

/** The account a right code of `scope` belongs to; a wrong one counts a try (5 in all) and is refused with the use's words. */
export async function mockCheckOneTimeCode(scope: string, challenge: string, code: string, words: OneTimeCodeWords): Promise<UserRecord> {
  const challengeHash = await sha256(challengeKey(scope, challenge))
  const entry = pending.get(challengeHash)
  if (!entry || !codeOpen(entry, Date.now())) throw new ApiError(words.status, words.expired)
  entry.attempts += 1
  if ((await sha256(`code:${challengeHash}:${code}`)) !== entry.codeHash) throw new ApiError(words.status, wrongCodeMessage(entry.attempts, words))
  entry.used = true
  const user = db.user.findFirst((q) => q.where({ id: entry.userId }))
  if (!user) throw new ApiError(words.status, words.expired)
  return user
}

/** The second step this sign-in needs, or null (not staff, or the setting is off). */
export async function mockCodeStep(user: UserRecord): Promise<CodeRequiredResponse | null> {
  const { security, general } = storedSettings()
  if (!needsSignInCode(user.role, security.twoFactor)) return null
  const phone = user.phone ? normaliseKenyanPhone(user.phone) : null
  if (!phone) throw new ApiError(403, MSG_NO_PHONE)
  const sent = await mockSendOneTimeCode(user, phone, { scope: '', kind: SIGN_IN_SMS_KIND, body: (code) => SIGN_IN_CODE_SMS[smsLanguage(user.language)](general.facilityName, code) })
  return { codeRequired: true, ...sent, message: MSG_CODE_SENT }
}

/** The account a right code signs in; a wrong one counts a try (5 in all) and answers 401. */
export const mockVerifyCode = (challenge: string, code: string): Promise<UserRecord> => mockCheckOneTimeCode('', challenge, code, SIGN_IN_CODE_WORDS)
