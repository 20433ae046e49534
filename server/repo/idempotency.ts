/** The idempotency_keys table: one row per owner and key, its answer stored once the request has one. */
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/client'
import { idempotencyKeys } from '../db/schema'

/** Claims the key for this request; null when it is taken already (by a first request, maybe on another instance). */
export async function claimKey(db: Db, userId: number, key: string, route: string): Promise<number | null> {
  const [claimed] = await db.insert(idempotencyKeys).values({ userId, key, route }).onConflictDoNothing().returning({ id: idempotencyKeys.id })
  return claimed?.id ?? null
}

/** The first request kept under this owner and key (status null while it is still being answered). */
export async function keptAnswer(db: Db, userId: number, key: string) {
  const [first] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
  return first
}

/** The claim goes (its request was refused); `onlyUnanswered` leaves a row that has an answer already. */
export async function releaseKey(db: Db, id: number, onlyUnanswered = false): Promise<void> {
  await db.delete(idempotencyKeys).where(onlyUnanswered ? and(eq(idempotencyKeys.id, id), isNull(idempotencyKeys.status)) : eq(idempotencyKeys.id, id))
}

export async function keepAnswer(db: Db, id: number, status: number, body: unknown): Promise<void> {
  await db.update(idempotencyKeys).set({ status, body }).where(eq(idempotencyKeys.id, id))
}
