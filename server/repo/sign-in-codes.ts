/** The pending codes of two-step sign-in: only keyed hashes of the challenge and the code are stored. */
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/types'
import { signInCodes, users } from '../db/schema'
import type { UserRow } from '../types'
import { CODE_MAX_TRIES } from '../../shared/contracts/two-factor'

export async function keepSignInCode(db: Db, code: { userId: number; challengeHash: string; codeHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(signInCodes).values(code)
}

/**
 * Counts one try of the challenge's code, in one statement (parallel guesses cannot exceed the
 * tries), while it is unused, unexpired and has tries left: the code with the tries counted, or
 * undefined.
 */
export async function countCodeTry(db: Db, challengeHash: string, now: Date) {
  const [row] = await db
    .update(signInCodes)
    .set({ attempts: sql`${signInCodes.attempts} + 1` })
    .where(and(eq(signInCodes.challengeHash, challengeHash), isNull(signInCodes.usedAt), gt(signInCodes.expiresAt, now), lt(signInCodes.attempts, CODE_MAX_TRIES)))
    .returning()
  return row
}

/** Uses the code (once: of two requests with the right code, one gets its account). */
export async function useCode(db: Db, id: number, now: Date): Promise<UserRow | undefined> {
  const [used] = await db.update(signInCodes).set({ usedAt: now }).where(and(eq(signInCodes.id, id), isNull(signInCodes.usedAt))).returning({ userId: signInCodes.userId })
  if (!used) return undefined
  const [user] = await db.select().from(users).where(eq(users.id, used.userId))
  return user
}
