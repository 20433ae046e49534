/**
 * Two-step sign-in for staff when the Settings ask for it: after the right password, a one-time
 * 6-digit code goes by SMS (through the SMS outbox) to the staff member's phone, and
 * POST /auth/login/verify exchanges it for the token. Only keyed hashes (HMAC with the token secret)
 * of the challenge and the code are stored, so the table alone opens nothing; a code lives 10
 * minutes, allows 5 tries and is used once. The same code path signs the service agreement
 * (domain/agreement.ts), with a scope of its own.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { Logger } from 'pino'
import type { Db } from './db/client'
import { countCodeTry, keepSignInCode, useCode } from './repo/sign-in-codes'
import type { UserRow } from './types'
import { ApiError } from './http'
import { storedSettings } from './domain/settings'
import { queueSmsTo, smsPhone, type QueueSms } from './sms'
import { smsLanguage } from '../shared/contracts/messages'
import {
  MSG_CODE_NOT_SENT,
  MSG_CODE_SENT,
  MSG_NO_PHONE,
  SIGN_IN_CODE_SMS,
  SIGN_IN_CODE_WORDS,
  SIGN_IN_SMS_KIND,
  challengeKey,
  codeExpiresAt,
  needsSignInCode,
  wrongCodeMessage,
  type CodeRequiredResponse,
  type OneTimeCodeWords,
} from '../shared/contracts/two-factor'

const keyed = (secret: Uint8Array, text: string) => createHmac('sha256', secret).update(text).digest('hex')

/**
 * Makes a one-time code for `scope`, keeps only its keyed hashes and queues the SMS (whatever the
 * SMS preference: the code is the act itself, not a notification). The challenge goes back to the
 * caller, who sends it with the code. 503 when the SMS could not be queued.
 */
export async function sendOneTimeCode(
  db: Db,
  secret: Uint8Array,
  log: Logger,
  user: UserRow,
  phone: string,
  use: { scope: string; kind: QueueSms['kind']; body: (code: string) => string },
  now = new Date(),
): Promise<{ challenge: string; phoneEnding: string }> {
  const challenge = randomBytes(32).toString('base64url')
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const challengeHash = keyed(secret, challengeKey(use.scope, challenge))
  await keepSignInCode(db, { userId: user.id, challengeHash, codeHash: keyed(secret, `code:${challengeHash}:${code}`), expiresAt: new Date(codeExpiresAt(now.getTime())) })
  const queued = await queueSmsTo(db, log, phone, { userId: user.id, kind: use.kind, body: use.body(code) })
  if (!queued) throw new ApiError(503, MSG_CODE_NOT_SENT)
  return { challenge, phoneEnding: phone.slice(-4) }
}

/**
 * The account a right code of `scope` belongs to; a wrong one counts a try (5 in all) and is
 * refused with the use's words. Each try is counted before the code is compared, in one statement,
 * so parallel guesses cannot exceed five; a right code is used once.
 */
export async function checkOneTimeCode(db: Db, secret: Uint8Array, scope: string, challenge: string, code: string, words: OneTimeCodeWords, now = new Date()): Promise<UserRow> {
  const challengeHash = keyed(secret, challengeKey(scope, challenge))
  const row = await countCodeTry(db, challengeHash, now)
  if (!row) throw new ApiError(words.status, words.expired)
  const expected = Buffer.from(row.codeHash, 'hex')
  const given = Buffer.from(keyed(secret, `code:${challengeHash}:${code}`), 'hex')
  if (!timingSafeEqual(expected, given)) throw new ApiError(words.status, wrongCodeMessage(row.attempts, words))
  // Single use: of two requests with the right code, one goes through.
  const user = await useCode(db, row.id, now)
  if (!user) throw new ApiError(words.status, words.expired)
  return user
}

/**
 * The second step this sign-in needs, or null (not staff, or the setting is off): the code is made,
 * stored hashed and queued by SMS. A staff member without a mobile number cannot receive it: 403.
 */
export async function codeStep(db: Db, secret: Uint8Array, log: Logger, user: UserRow, now = new Date()): Promise<CodeRequiredResponse | null> {
  const { security, general } = await storedSettings(db)
  if (!needsSignInCode(user.role, security.twoFactor)) return null
  const phone = smsPhone(user.phone)
  if (!phone) throw new ApiError(403, MSG_NO_PHONE)
  const sent = await sendOneTimeCode(db, secret, log, user, phone, { scope: '', kind: SIGN_IN_SMS_KIND, body: (code) => SIGN_IN_CODE_SMS[smsLanguage(user.language)](general.facilityName, code) }, now)
  return { codeRequired: true, ...sent, message: MSG_CODE_SENT }
}

/** The account a right sign-in code signs in; a wrong one counts a try (5 in all) and answers 401. */
export const verifyCode = (db: Db, secret: Uint8Array, challenge: string, code: string, now = new Date()): Promise<UserRow> =>
  checkOneTimeCode(db, secret, '', challenge, code, SIGN_IN_CODE_WORDS, now)
