/** The SMS outbox: queued rows, the sender's claims and outcomes, and what deciding them reads. */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Db } from '../db/types'
import { chatMessages, deceased, messageReads, smsOutbox, users } from '../db/schema'

export type SmsRow = typeof smsOutbox.$inferSelect

/** Where and how a user wants their SMS: phone, whether they are on, language. */
export async function smsRecipient(db: Db, userId: number) {
  const [user] = await db.select({ phone: users.phone, on: users.smsNotifications, language: users.language }).from(users).where(eq(users.id, userId))
  return user
}

/** The administrators' ids, oldest account first. */
export async function adminIds(db: Db): Promise<number[]> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id))).map((u) => u.id)
}

export async function insertSms(
  db: Db,
  sms: { toPhone: string; body: string; kind: string; bookingId: number | null; messageId: number | null; userId: number | null; delayMs: number; dedupeKey?: string | null },
): Promise<boolean> {
  const { delayMs, ...row } = sms
  // A keyed SMS (a reminder) already queued, by this pass or another instance's, is not queued again.
  const kept = await db
    .insert(smsOutbox)
    .values({ ...row, sendAfter: sql`now() + ${`${delayMs} milliseconds`}::interval` })
    .onConflictDoNothing({ target: smsOutbox.dedupeKey })
    .returning({ id: smsOutbox.id })
  return kept.length > 0
}

/** Claims up to `batch` due SMS, pushed out while this instance sends them so another instance does not take them meanwhile. */
export async function claimDueSms(db: Db, batch: number): Promise<SmsRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.status, 'queued'), lte(smsOutbox.sendAfter, sql`now()`)))
      .orderBy(asc(smsOutbox.sendAfter))
      .limit(batch)
      .for('update', { skipLocked: true })
    if (due.length) {
      await tx
        .update(smsOutbox)
        .set({ sendAfter: sql`now() + interval '10 minutes'` })
        .where(inArray(smsOutbox.id, due.map((r) => r.id)))
    }
    return due
  })
}

export async function markSmsSkipped(db: Db, id: number, reason: string): Promise<void> {
  await db.update(smsOutbox).set({ status: 'skipped', lastError: reason }).where(eq(smsOutbox.id, id))
}

export async function markSmsSent(db: Db, id: number, provider: string, attempts: number): Promise<void> {
  await db.update(smsOutbox).set({ status: 'sent', provider, attempts, sentAt: sql`now()`, lastError: null }).where(eq(smsOutbox.id, id))
}

/** A failed try: given up (failed) or queued again after `retryInMs`. */
export async function markSmsTryFailed(db: Db, id: number, outcome: { failed: boolean; provider: string; attempts: number; reason: string; retryInMs: number }): Promise<void> {
  await db
    .update(smsOutbox)
    .set({ status: outcome.failed ? 'failed' : 'queued', provider: outcome.provider, attempts: outcome.attempts, lastError: outcome.reason, sendAfter: sql`now() + ${`${outcome.retryInMs} milliseconds`}::interval` })
    .where(eq(smsOutbox.id, id))
}

/** Whether the user has read the message in the app (their read mark is at or past it). */
export async function hasRead(db: Db, userId: number, messageId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`1` })
    .from(messageReads)
    .innerJoin(chatMessages, eq(chatMessages.threadId, messageReads.threadId))
    .where(and(eq(messageReads.userId, userId), eq(chatMessages.id, messageId), sql`${messageReads.lastReadId} >= ${messageId}`))
  return row !== undefined
}

/** The deceased's full name, or null. */
export async function deceasedName(db: Db, id: number): Promise<string | null> {
  const [d] = await db.select({ first: deceased.firstName, last: deceased.lastName }).from(deceased).where(eq(deceased.id, id))
  return d ? `${d.first} ${d.last}` : null
}
