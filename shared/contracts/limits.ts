/**
 * The rate limits on the public doors and the sign-in delay per account: their numbers, their words
 * and the delay's arithmetic, as plain values and functions. The server counts the tries in its
 * database (server/limits.ts); the README's "Limits" table lists the same numbers.
 */
import { STK_PUSHES_PER_PHONE, STK_PUSHES_PER_USER, STK_PUSH_WINDOW_MS } from './payments'

export interface Rule {
  max: number
  windowMs: number
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** Every limit's numbers, in one place. */
export const LIMITS = {
  /** Failed (and in-flight) sign-ins from one address; a success gives its try back. */
  signInPerAddress: { max: 30, windowMs: 15 * MINUTE },
  register: { max: 10, windowMs: HOUR },
  forgotPerAddress: { max: 10, windowMs: 15 * MINUTE },
  /** Reset links asked for one e-mail (whoever asks): the account's inbox is not flooded. */
  forgotPerEmail: { max: 5, windowMs: HOUR },
  contact: { max: 5, windowMs: HOUR },
  /** Each code to sign an agreement is an SMS the home pays for. */
  agreementCodePerUser: { max: 5, windowMs: HOUR },
  /** Above one link's own limit (20 in 10 min): relatives at one gathering may share an address (and mobile networks share theirs). */
  contributionPushPerAddress: { max: 30, windowMs: 15 * MINUTE },
  /** A relative's page polls every 5 s, at most 10 times per push. */
  contributionVerifyPerAddress: { max: 300, windowMs: 15 * MINUTE },
  /** Condolences from one address on one tribute page (relatives at one gathering may share an address). */
  condolencePerAddressAndPage: { max: 10, windowMs: HOUR },
  /** Condolences on one page from everyone: a page shared to a large group still cannot be flooded. */
  condolencePerPage: { max: 200, windowMs: HOUR },
  /** Condolences from one address on any page. */
  condolencePerAddress: { max: 30, windowMs: HOUR },
  stkPerUser: { max: STK_PUSHES_PER_USER, windowMs: STK_PUSH_WINDOW_MS },
  stkPerPhone: { max: STK_PUSHES_PER_PHONE, windowMs: STK_PUSH_WINDOW_MS },
} satisfies Record<string, Rule>

/** Sign-in per account: this many failures are free; then each try waits, doubling from SIGN_IN_FIRST_DELAY_MS up to SIGN_IN_MAX_DELAY_MS. */
export const SIGN_IN_FREE_FAILURES = 5
export const SIGN_IN_FIRST_DELAY_MS = 15_000
export const SIGN_IN_MAX_DELAY_MS = 15 * MINUTE
/** Failures older than this (with no try since) are forgotten. */
export const SIGN_IN_FORGET_MS = HOUR

export const MSG_TOO_MANY_REQUESTS = 'Too many requests in a short time. Please wait a few minutes and try again.'
export const MSG_TOO_MANY_SIGN_INS = 'Too many failed sign-in attempts. Please wait a few minutes and try again, or reset your password.'

/** The wait after a try that makes `failures` failures (if it fails): none while free, then doubling up to the cap. */
export function signInDelayMs(failures: number): number {
  if (failures < SIGN_IN_FREE_FAILURES) return 0
  return Math.min(SIGN_IN_MAX_DELAY_MS, SIGN_IN_FIRST_DELAY_MS * 2 ** (failures - SIGN_IN_FREE_FAILURES))
}

/** Retry-After, in whole seconds (at least 1), for a wait of `ms`. */
export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

/** The sign-in key of an e-mail (known or not). */
export const signInKey = (email: string) => `email:${email.trim().toLowerCase()}`
