/** The e-mail outbox and the reset requests it sends: queued rows, the sender's claims and outcomes, the links' token hashes. */
import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm'
import type { Db } from '../db/types'
import { mailOutbox, passwordResets, users } from '../db/schema'

export type MailRow = typeof mailOutbox.$inferSelect

/** A reset request with no token yet (until `expiresAt` it may be sent), and the outbox row that will mint it. */
export async function insertResetRequest(db: Db, user: { id: number; email: string }, language: 'en' | 'sw', now: Date, expiresAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [reset] = await tx.insert(passwordResets).values({ tokenHash: null, userId: user.id, expiresAt }).returning({ id: passwordResets.id })
    await tx.insert(mailOutbox).values({ kind: 'password_reset', userId: user.id, toAddress: user.email, language, passwordResetId: reset!.id, sendAfter: now, createdAt: now })
  })
}

/**
 * Gives a reset request its token (by hash) and the link's expiry, while it is unused, unexpired and
 * its account exists: its id, or undefined.
 */
export async function armResetRequest(db: Db, id: number, tokenHash: string, now: Date, expiresAt: Date): Promise<number | undefined> {
  const [reset] = await db
    .update(passwordResets)
    .set({ tokenHash, expiresAt })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now), inArray(passwordResets.userId, db.select({ id: users.id }).from(users))))
    .returning({ id: passwordResets.id })
  return reset?.id
}

/** Ends the link of a mail that was not sent. */
export async function disarmResetRequest(db: Db, id: number): Promise<void> {
  await db.update(passwordResets).set({ tokenHash: null }).where(eq(passwordResets.id, id))
}

/** Claims up to `batch` due mails, pushed out to `claimUntil` so another instance does not take them meanwhile. */
export async function claimDueMail(db: Db, now: Date, batch: number, claimUntil: Date): Promise<MailRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.sendAfter, now)))
      .orderBy(asc(mailOutbox.sendAfter))
      .limit(batch)
      .for('update', { skipLocked: true })
    if (due.length) {
      await tx
        .update(mailOutbox)
        .set({ sendAfter: claimUntil })
        .where(inArray(mailOutbox.id, due.map((r) => r.id)))
    }
    return due
  })
}

export async function markMailSkipped(db: Db, id: number, reason: string): Promise<void> {
  await db.update(mailOutbox).set({ status: 'skipped', lastError: reason }).where(eq(mailOutbox.id, id))
}

export async function markMailSent(db: Db, id: number, transport: string, attempts: number, at: Date): Promise<void> {
  await db.update(mailOutbox).set({ status: 'sent', transport, attempts, sentAt: at, lastError: null }).where(eq(mailOutbox.id, id))
}

/** A failed try: given up (failed) or queued again at `retryAt`. */
export async function markMailTryFailed(db: Db, id: number, outcome: { failed: boolean; transport: string; attempts: number; reason: string; retryAt: Date }): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: outcome.failed ? 'failed' : 'queued', transport: outcome.transport, attempts: outcome.attempts, lastError: outcome.reason, sendAfter: outcome.retryAt })
    .where(eq(mailOutbox.id, id))
}
