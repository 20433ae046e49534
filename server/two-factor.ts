/**
 * Two-step sign-in for staff when the Settings ask for it: after the right password, a one-time
 * 6-digit code goes by SMS (through the SMS outbox) to the staff member's phone, and
 * POST /auth/login/verify exchanges it for the token. Only keyed hashes (HMAC with the token secret)
 * of the challenge and the code are stored, so the table alone opens nothing; a code lives 10
 * minutes, allows 5 tries and is used once.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { Logger } from 'pino'
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from './db/client'
import { signInCodes, users } from './db/schema'
import type { UserRow } from './types'
import { ApiError } from './http'
import { storedSettings } from './repo/settings'
import { queueSmsTo, smsPhone } from './sms'
import { smsLanguage } from '../shared/contracts/messages'
import {
  CODE_MAX_TRIES,
  CODE_TTL_MINUTES,
  MSG_CODE_EXPIRED,
  MSG_CODE_SENT,
  MSG_CODE_WRONG,
  MSG_NO_PHONE,
  SIGN_IN_CODE_SMS,
  isStaffRole,
  type CodeRequiredResponse,
} from '../shared/contracts/two-factor'

const keyed = (secret: Uint8Array, text: string) => createHmac('sha256', secret).update(text).digest('hex')

/**
 * The second step this sign-in needs, or null (not staff, or the setting is off): the code is made,
 * stored hashed and queued by SMS. A staff member without a mobile number cannot receive it: 403.
 */
export async function codeStep(db: Db, secret: Uint8Array, log: Logger, user: UserRow, now = new Date()): Promise<CodeRequiredResponse | null> {
  if (!isStaffRole(user.role)) return null
  const { security, general } = await storedSettings(db)
  if (!security.twoFactor) return null
  const phone = smsPhone(user.phone)
  if (!phone) throw new ApiError(403, MSG_NO_PHONE)
  const challenge = randomBytes(32).toString('base64url')
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const challengeHash = keyed(secret, `challenge:${challenge}`)
  await db.insert(signInCodes).values({
    userId: user.id,
    challengeHash,
    codeHash: keyed(secret, `code:${challengeHash}:${code}`),
    expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
  })
  // Sent whatever the SMS preference: it is the sign-in itself, not a notification.
  const queued = await queueSmsTo(db, log, phone, { userId: user.id, kind: 'sign-in', body: SIGN_IN_CODE_SMS[smsLanguage(user.language)](general.facilityName, code) })
  if (!queued) throw new ApiError(503, 'The sign-in code could not be sent. Please try again.')
  return { codeRequired: true, challenge, phoneEnding: phone.slice(-4), message: MSG_CODE_SENT }
}

/**
 * The account a right code signs in; a wrong one counts a try (5 in all) and answers 401. Each try
 * is counted before the code is compared, in one statement, so parallel guesses cannot exceed five.
 */
export async function verifyCode(db: Db, secret: Uint8Array, challenge: string, code: string, now = new Date()): Promise<UserRow> {
  const challengeHash = keyed(secret, `challenge:${challenge}`)
  const [row] = await db
    .update(signInCodes)
    .set({ attempts: sql`${signInCodes.attempts} + 1` })
    .where(and(eq(signInCodes.challengeHash, challengeHash), isNull(signInCodes.usedAt), gt(signInCodes.expiresAt, now), lt(signInCodes.attempts, CODE_MAX_TRIES)))
    .returning()
  if (!row) throw new ApiError(401, MSG_CODE_EXPIRED)
  const expected = Buffer.from(row.codeHash, 'hex')
  const given = Buffer.from(keyed(secret, `code:${challengeHash}:${code}`), 'hex')
  if (!timingSafeEqual(expected, given)) {
    throw new ApiError(401, row.attempts >= CODE_MAX_TRIES ? MSG_CODE_EXPIRED : MSG_CODE_WRONG)
  }
  // Single use: of two requests with the right code, one signs in.
  const [used] = await db.update(signInCodes).set({ usedAt: now }).where(and(eq(signInCodes.id, row.id), isNull(signInCodes.usedAt))).returning({ id: signInCodes.id })
  if (!used) throw new ApiError(401, MSG_CODE_EXPIRED)
  const [user] = await db.select().from(users).where(eq(users.id, row.userId))
  if (!user) throw new ApiError(401, MSG_CODE_EXPIRED)
  return user
}
