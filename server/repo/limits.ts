/**
 * The rate limits' counters, kept in the database so they hold across parallel requests and across
 * instances: each try bumps a counter per key and window with one atomic INSERT … ON CONFLICT DO
 * UPDATE … RETURNING. The numbers and the delay's arithmetic are shared/contracts/limits.ts; the
 * 429s are server/limits.ts. Time is Date.now() (tests move it with vi.setSystemTime), never the
 * database's now().
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/types'
import { rateLimits, signInDelays } from '../db/schema'
import { SIGN_IN_FIRST_DELAY_MS, SIGN_IN_FORGET_MS, SIGN_IN_FREE_FAILURES, SIGN_IN_MAX_DELAY_MS, signInDelayMs, type Rule } from '../../shared/contracts/limits'

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

async function prune(db: Db, now: number): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expiresAt, new Date(now)))
  await db.delete(signInDelays).where(lt(signInDelays.lastAt, new Date(now - SIGN_IN_FORGET_MS - SIGN_IN_MAX_DELAY_MS)))
}

/**
 * Claims a sign-in try for one account (key: the e-mail, whether or not it has an account) before
 * its password is checked: counted as a failure at once, and the account's next try pushed out by
 * the wait that failure would earn; a success then clears it (signInSucceeded). Parallel tries
 * cannot slip past: a try is allowed only while next_at has passed, in the same statement that
 * moves it. Null when claimed, else the time left (ms).
 */
export async function claimSignInTry(db: Db, key: string, now = Date.now()): Promise<number | null> {
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
  if (claimed) return null
  const [row] = await db.select({ nextAt: signInDelays.nextAt }).from(signInDelays).where(eq(signInDelays.key, key))
  return (row?.nextAt.getTime() ?? now) - now
}

/** The password was right: the account's failures are forgotten. Also after a password reset. */
export async function signInSucceeded(db: Db, key: string): Promise<void> {
  await db.delete(signInDelays).where(eq(signInDelays.key, key))
}
