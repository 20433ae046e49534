/**
 * Two-step sign-in for staff when the Settings ask for it: after the right password, a one-time
 * 6-digit code goes by SMS (through the SMS outbox) to the staff member's phone, and
 * POST /auth/login/verify exchanges it for the token. Only keyed hashes (HMAC with the token secret)
 * of the challenge and the code are stored, so the table alone opens nothing; a code lives 10
 * minutes, allows 5 tries and is used once.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { Logger } from 'pino'
import type { Db } from './db/client'
import { countCodeTry, keepSignInCode, useCode } from './repo/sign-in-codes'
import type { UserRow } from './types'
import { ApiError } from './http'
import { storedSettings } from './domain/settings'
import { queueSmsTo, smsPhone } from './sms'
import { smsLanguage } from '../shared/contracts/messages'
import {
  MSG_CODE_EXPIRED,
  MSG_CODE_NOT_SENT,
  MSG_CODE_SENT,
  MSG_NO_PHONE,
  SIGN_IN_CODE_SMS,
  codeExpiresAt,
  needsSignInCode,
  wrongCodeMessage,
  type CodeRequiredResponse,
} from '../shared/contracts/two-factor'

const keyed = (secret: Uint8Array, text: string) => createHmac('sha256', secret).update(text).digest('hex')

/**
 * The second step this sign-in needs, or null (not staff, or the setting is off): the code is made,
 * stored hashed and queued by SMS. A staff member without a mobile number cannot receive it: 403.
 */
export async function codeStep(db: Db, secret: Uint8Array, log: Logger, user: UserRow, now = new Date()): Promise<CodeRequiredResponse | null> {
  const { security, general } = await storedSettings(db)
  if (!needsSignInCode(user.role, security.twoFactor)) return null
  const phone = smsPhone(user.phone)
  if (!phone) throw new ApiError(403, MSG_NO_PHONE)
  const challenge = randomBytes(32).toString('base64url')
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const challengeHash = keyed(secret, `challenge:${challenge}`)
  await keepSignInCode(db, { userId: user.id, challengeHash, codeHash: keyed(secret, `code:${challengeHash}:${code}`), expiresAt: new Date(codeExpiresAt(now.getTime())) })
  // Sent whatever the SMS preference: it is the sign-in itself, not a notification.
  const queued = await queueSmsTo(db, log, phone, { userId: user.id, kind: 'sign-in', body: SIGN_IN_CODE_SMS[smsLanguage(user.language)](general.facilityName, code) })
  if (!queued) throw new ApiError(503, MSG_CODE_NOT_SENT)
  return { codeRequired: true, challenge, phoneEnding: phone.slice(-4), message: MSG_CODE_SENT }
}

/**
 * The account a right code signs in; a wrong one counts a try (5 in all) and answers 401. Each try
 * is counted before the code is compared, in one statement, so parallel guesses cannot exceed five.
 */
export async function verifyCode(db: Db, secret: Uint8Array, challenge: string, code: string, now = new Date()): Promise<UserRow> {
  const challengeHash = keyed(secret, `challenge:${challenge}`)
  const row = await countCodeTry(db, challengeHash, now)
  if (!row) throw new ApiError(401, MSG_CODE_EXPIRED)
  const expected = Buffer.from(row.codeHash, 'hex')
  const given = Buffer.from(keyed(secret, `code:${challengeHash}:${code}`), 'hex')
  if (!timingSafeEqual(expected, given)) {
    throw new ApiError(401, wrongCodeMessage(row.attempts))
  }
  // Single use: of two requests with the right code, one signs in.
  const user = await useCode(db, row.id, now)
  if (!user) throw new ApiError(401, MSG_CODE_EXPIRED)
  return user
}
