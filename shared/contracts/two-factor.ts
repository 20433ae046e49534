import { z } from 'zod/mini'
import { AGREEMENT_SMS_KIND } from './agreement'

/**
 * Two-step sign-in for staff (Settings, security, two-factor): after the password, a one-time
 * 6-digit code sent by SMS to the staff member's phone; POST /auth/login/verify exchanges it for the
 * token. The words both backends answer, and the SMS in English and Kiswahili.
 */
export const CODE_TTL_MINUTES = 10
export const CODE_MAX_TRIES = 5
/** A code's challenge is hashed with its scope, so a code made for one use (signing one booking's agreement) opens no other (signing in). */
export const challengeKey = (scope: string, challenge: string) => (scope ? `challenge:${scope}:${challenge}` : `challenge:${challenge}`)

/** POST /auth/login's answer when a code is needed (instead of the token). */
export const CodeRequiredResponse = z.object({
  codeRequired: z.literal(true),
  /** Opaque: sent back with the code. */
  challenge: z.string().check(z.minLength(1)),
  /** The last digits of the phone the code went to. */
  phoneEnding: z.string(),
  message: z.string(),
})
export type CodeRequiredResponse = z.infer<typeof CodeRequiredResponse>

export const VerifyCodeRequest = z.object({
  challenge: z.string().check(z.minLength(1, 'Please sign in again'), z.maxLength(200, 'Please sign in again')),
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code from the SMS')),
})
export type VerifyCodeRequest = z.infer<typeof VerifyCodeRequest>

export const MSG_CODE_SENT = 'A sign-in code has been sent by SMS'
export const MSG_CODE_WRONG = 'The code is incorrect'
export const MSG_CODE_EXPIRED = 'This sign-in code has expired or was used too many times. Please sign in again.'
export const MSG_NO_PHONE = 'Two-step sign-in needs a mobile number on your account. Ask an administrator to add one.'
export const MSG_ADMIN_NEEDS_PHONE = 'Add your mobile number to your profile before turning on two-step sign-in'

export const SIGN_IN_CODE_SMS = {
  en: (home: string, code: string) => `${home}: your sign-in code is ${code}. It expires in ${CODE_TTL_MINUTES} minutes. Never share it.`,
  sw: (home: string, code: string) => `${home}: nambari yako ya kuingia ni ${code}. Itaisha baada ya dakika ${CODE_TTL_MINUTES}. Usimpe mtu yeyote.`,
} as const

/** The SMS kind that carries a one-time sign-in code. */
export const SIGN_IN_SMS_KIND = 'sign-in'
/** What stands in for the code wherever someone other than its owner sees the SMS (the admin's "Messages sent"). */
export const MASKED_CODE = '••••••'

/**
 * The SMS body as the admin's "Messages sent" shows it: a sign-in SMS with its code masked (another
 * staff member's live code must not be readable there); every other SMS as it was sent.
 */
export const maskSignInCode = (kind: string, body: string) => (kind === SIGN_IN_SMS_KIND || kind === AGREEMENT_SMS_KIND ? body.replace(/\d{6}/g, MASKED_CODE) : body)

/** Whether this role signs in in two steps when the setting is on: staff only (families never). */
export const isStaffRole = (role: string) => role === 'admin' || role === 'morgue_attendant'

/** The server could not queue the SMS that carries the code (503). */
export const MSG_CODE_NOT_SENT = 'The sign-in code could not be sent. Please try again.'

/** Whether this sign-in takes a code too: staff, while the Settings ask for two-step sign-in. */
export const needsSignInCode = (role: string, twoFactor: boolean) => twoFactor && isStaffRole(role)

/** A pending code still takes a try: not used, not expired, tries left. */
export const codeOpen = (code: { used: boolean; expiresAt: number; attempts: number }, now: number) => !code.used && code.expiresAt > now && code.attempts < CODE_MAX_TRIES

/**
 * What a refused one-time code answers, per use: signing in says 401 (there is no session yet);
 * signing the agreement says 422, since a 401 would end the family's session.
 */
export interface OneTimeCodeWords {
  status: 401 | 422
  expired: string
  wrong: string
}
export const SIGN_IN_CODE_WORDS: OneTimeCodeWords = { status: 401, expired: MSG_CODE_EXPIRED, wrong: MSG_CODE_WRONG }

/** The words for a wrong code, once this try is counted: the last one ends the code. */
export const wrongCodeMessage = (attemptsCounted: number, words: OneTimeCodeWords = SIGN_IN_CODE_WORDS) => (attemptsCounted >= CODE_MAX_TRIES ? words.expired : words.wrong)

/** When a code made at `now` (epoch ms) expires. */
export const codeExpiresAt = (now: number) => now + CODE_TTL_MINUTES * 60_000
