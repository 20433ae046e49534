/**
 * Rate limits on the public doors, kept in the database so they hold across parallel requests and
 * across instances: each try bumps a counter per key (door + who: an address, an account, a phone)
 * and window with one atomic INSERT … ON CONFLICT DO UPDATE … RETURNING, before the work is
 * done; over the limit it is a 429 with a clear message and Retry-After (seconds). The README's
 * "Limits" table lists every door, its key and its numbers.
 *
 * Sign-in has its own rule per account (signInTry): a few failures are free, then each further try
 * waits, the wait doubling up to 15 minutes; no hard lock that a stranger can put on an account.
 *
 * Time is Date.now() (tests move it with vi.setSystemTime), never the database's now().
 */
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { Db } from './db/client'
import { rateLimits, signInDelays } from './db/schema'
import { ApiError } from './http'
import type { AppEnv } from './types'
import { STK_PUSHES_PER_PHONE, STK_PUSHES_PER_USER, STK_PUSH_WINDOW_MS } from '../shared/contracts/payments'

export interface Rule {
  max: number
  windowMs: number
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** Every limit's numbers, in one place (the README's table says the same). */
export const LIMITS = {
  /** Failed (and in-flight) sign-ins from one address; a success gives its try back. */
  signInPerAddress: { max: 30, windowMs: 15 * MINUTE },
  register: { max: 10, windowMs: HOUR },
  forgotPerAddress: { max: 10, windowMs: 15 * MINUTE },
  /** Reset links asked for one e-mail (whoever asks): the account's inbox is not flooded. */
  forgotPerEmail: { max: 5, windowMs: HOUR },
  contact: { max: 5, windowMs: HOUR },
  /** Above one link's own limit (20 in 10 min): relatives at one gathering may share an address (and mobile networks share theirs). */
  contributionPushPerAddress: { max: 30, windowMs: 15 * MINUTE },
  /** A relative's page polls every 5 s, at most 10 times per push. */
  contributionVerifyPerAddress: { max: 300, windowMs: 15 * MINUTE },
  stkPerUser: { max: STK_PUSHES_PER_USER, windowMs: STK_PUSH_WINDOW_MS },
  stkPerPhone: { max: STK_PUSHES_PER_PHONE, windowMs: STK_PUSH_WINDOW_MS },
} satisfies Record<string, Rule>

/** The family's dialog and a relative's page poll every 5 s: Daraja is asked about one push at most this often (server/mpesa.ts, verifyPush). */
export const DARAJA_QUERY_EVERY_MS = 15_000

/** Sign-in per account: this many failures are free; then each try waits, doubling from SIGN_IN_FIRST_DELAY_MS up to SIGN_IN_MAX_DELAY_MS. */
export const SIGN_IN_FREE_FAILURES = 5
export const SIGN_IN_FIRST_DELAY_MS = 15_000
export const SIGN_IN_MAX_DELAY_MS = 15 * MINUTE
/** Failures older than this (with no try since) are forgotten. */
const SIGN_IN_FORGET_MS = HOUR

export const MSG_TOO_MANY_REQUESTS = 'Too many requests in a short time. Please wait a few minutes and try again.'
export const MSG_TOO_MANY_SIGN_INS = 'Too many failed sign-in attempts. Please wait a few minutes and try again, or reset your password.'

/** The 429: its message, and how long to wait in the Retry-After header. */
export function tooMany(message: string, retryAfterMs: number): ApiError {
  const error = new ApiError(429, message)
  error.headers = { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) }
  return error
}

/**
 * The client's address. With TRUST_PROXY=N (N proxies in front of us, each appending the address
 * it saw to X-Forwarded-For), the N-th entry from the right: entries further left were written by
 * the client and prove nothing. Without it, the socket's address.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const proxies = c.var.deps.trustProxy
  if (proxies > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    // Fewer entries than proxies: every entry was written by one of ours; the left-most is the client.
    if (hops.length) return hops[Math.max(0, hops.length - proxies)] ?? 'unknown'
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'local' // in-process requests (tests) have no socket
  }
}

/**
 * Counts one try for `key`: its window starts at the key's first try and lasts rule.windowMs (a
 * try after it starts a new one). Returns the count including this try and when the window ends.
 */
export async function hit(db: Db, key: string, rule: Rule, now = Date.now()): Promise<{ hits: number; retryAfterMs: number }> {
  const at = new Date(now)
  const end = new Date(now + rule.windowMs)
  const over = sql`${rateLimits.expiresAt} <= ${at.toISOString()}::timestamptz`
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, windowStart: at, expiresAt: end })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`CASE WHEN ${over} THEN 1 ELSE ${rateLimits.hits} + 1 END`,
        windowStart: sql`CASE WHEN ${over} THEN ${at.toISOString()}::timestamptz ELSE ${rateLimits.windowStart} END`,
        expiresAt: sql`CASE WHEN ${over} THEN ${end.toISOString()}::timestamptz ELSE ${rateLimits.expiresAt} END`,
      },
    })
    .returning({ hits: rateLimits.hits, expiresAt: rateLimits.expiresAt })
  const hits = row?.hits ?? 1
  // A new window: a good moment to drop the windows that are over (of every key).
  if (hits === 1) await prune(db, now)
  return { hits, retryAfterMs: (row?.expiresAt.getTime() ?? end.getTime()) - now }
}

/** Gives a try back (a sign-in that succeeded counts nothing against its address). */
export async function unhit(db: Db, key: string, now = Date.now()): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`${rateLimits.hits} - 1` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.expiresAt, new Date(now)), gt(rateLimits.hits, 0)))
}

/** Counts a try and refuses it (429, Retry-After) when it is over the rule's maximum in its window. */
export async function limit(c: Context<AppEnv>, key: string, rule: Rule, message = MSG_TOO_MANY_REQUESTS): Promise<void> {
  const { hits, retryAfterMs } = await hit(c.var.deps.db, key, rule)
  if (hits > rule.max) throw tooMany(message, retryAfterMs)
}

/** limit() keyed by the client's address: `door:ip:address`. */
export const limitByAddress = (c: Context<AppEnv>, door: string, rule: Rule, message?: string) => limit(c, `${door}:ip:${clientAddress(c)}`, rule, message)

async function prune(db: Db, now: number): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expiresAt, new Date(now)))
  await db.delete(signInDelays).where(lt(signInDelays.lastAt, new Date(now - SIGN_IN_FORGET_MS - SIGN_IN_MAX_DELAY_MS)))
}

/** The wait after a try that makes `failures` failures (if it fails). */
export function signInDelayMs(failures: number): number {
  if (failures < SIGN_IN_FREE_FAILURES) return 0
  return Math.min(SIGN_IN_MAX_DELAY_MS, SIGN_IN_FIRST_DELAY_MS * 2 ** (failures - SIGN_IN_FREE_FAILURES))
}

/**
 * Claims a sign-in try for one account (key: the e-mail, whether or not it has an account) before
 * its password is checked: counted as a failure at once, and the account's next try pushed out by
 * the wait that failure would earn; a success then clears it (signInSucceeded). Parallel tries
 * cannot slip past: a try is allowed only while next_at has passed, in the same statement that
 * moves it. Throws the 429 with the time left otherwise.
 */
export async function signInTry(db: Db, key: string, now = Date.now()): Promise<void> {
  const at = new Date(now)
  const forgetBefore = new Date(now - SIGN_IN_FORGET_MS)
  const failures = sql`(CASE WHEN ${signInDelays.lastAt} < ${forgetBefore.toISOString()}::timestamptz THEN 1 ELSE ${signInDelays.failures} + 1 END)`
  // signInDelayMs in SQL, for the failures this try makes.
  const delaySeconds = sql`(CASE WHEN ${failures} < ${SIGN_IN_FREE_FAILURES} THEN 0 ELSE least(${SIGN_IN_MAX_DELAY_MS / 1000}, ${SIGN_IN_FIRST_DELAY_MS / 1000} * power(2, ${failures} - ${SIGN_IN_FREE_FAILURES})) END)`
  const [claimed] = await db
    .insert(signInDelays)
    .values({ key, failures: 1, nextAt: new Date(now + signInDelayMs(1)), lastAt: at })
    .onConflictDoUpdate({
      target: signInDelays.key,
      set: {
        failures,
        nextAt: sql`${at.toISOString()}::timestamptz + make_interval(secs => ${delaySeconds})`,
        lastAt: at,
      },
      setWhere: sql`${signInDelays.nextAt} <= ${at.toISOString()}::timestamptz`,
    })
    .returning({ failures: signInDelays.failures })
  if (claimed) return
  const [row] = await db.select({ nextAt: signInDelays.nextAt }).from(signInDelays).where(eq(signInDelays.key, key))
  throw tooMany(MSG_TOO_MANY_SIGN_INS, (row?.nextAt.getTime() ?? now) - now)
}

/** The password was right: the account's failures are forgotten. Also after a password reset. */
export async function signInSucceeded(db: Db, key: string): Promise<void> {
  await db.delete(signInDelays).where(eq(signInDelays.key, key))
}

/** The sign-in key of an e-mail (known or not). */
export const signInKey = (email: string) => `email:${email.trim().toLowerCase()}`
