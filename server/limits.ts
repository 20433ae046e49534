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
import type { Db } from './db/client'
import { claimSignInTry, hit } from './repo/limits'
import { ApiError } from './http'
import type { AppEnv } from './types'
import { MSG_TOO_MANY_REQUESTS, MSG_TOO_MANY_SIGN_INS, retryAfterSeconds, type Rule } from '../shared/contracts/limits'

export { hit, signInSucceeded, unhit } from './repo/limits'
// The numbers and words live in shared/contracts/limits.ts; the routes and tests read them here too.
export { LIMITS, MSG_TOO_MANY_REQUESTS, MSG_TOO_MANY_SIGN_INS, SIGN_IN_FIRST_DELAY_MS, SIGN_IN_FREE_FAILURES, SIGN_IN_MAX_DELAY_MS, signInDelayMs, signInKey, type Rule } from '../shared/contracts/limits'

/** The family's dialog and a relative's page poll every 5 s: Daraja is asked about one push at most this often (server/mpesa.ts, verifyPush). */
export const DARAJA_QUERY_EVERY_MS = 15_000

/** The 429: its message, and how long to wait in the Retry-After header. */
export function tooMany(message: string, retryAfterMs: number): ApiError {
  const error = new ApiError(429, message)
  error.headers = { 'Retry-After': String(retryAfterSeconds(retryAfterMs)) }
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

/** Counts a try and refuses it (429, Retry-After) when it is over the rule's maximum in its window. */
export async function limit(c: Context<AppEnv>, key: string, rule: Rule, message = MSG_TOO_MANY_REQUESTS): Promise<void> {
  const { hits, retryAfterMs } = await hit(c.var.deps.db, key, rule)
  if (hits > rule.max) throw tooMany(message, retryAfterMs)
}

/** limit() keyed by the client's address: `door:ip:address`. */
export const limitByAddress = (c: Context<AppEnv>, door: string, rule: Rule, message?: string) => limit(c, `${door}:ip:${clientAddress(c)}`, rule, message)

/**
 * Claims a sign-in try for one account (key: the e-mail, whether or not it has an account) before
 * its password is checked (repo/limits.ts claimSignInTry); the 429 with the time left when the
 * account must wait.
 */
export async function signInTry(db: Db, key: string, now = Date.now()): Promise<void> {
  const waitMs = await claimSignInTry(db, key, now)
  if (waitMs !== null) throw tooMany(MSG_TOO_MANY_SIGN_INS, waitMs)
}
