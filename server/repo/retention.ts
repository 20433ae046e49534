/**
 * The rows the retention job deletes and the scheduled-run record it keeps (server/retention.ts
 * decides what and when). A booking's own history, custody events, messages and payments are
 * records, never deleted here.
 */
import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm'
import type { Db } from '../db/client'
import { activities, idempotencyKeys, mailOutbox, passwordResets, scheduledRuns, signInCodes, signInDelays, smsOutbox } from '../db/schema'

/** Deletes the log rows older than `cutoff`; how many of each. */
export async function deleteLogsBefore(db: Db, cutoff: Date) {
  const count = async (rows: Promise<unknown[]>) => (await rows).length
  return {
    activities: await count(db.delete(activities).where(lt(activities.time, cutoff)).returning({ id: activities.id })),
    // An account's sign-in delay not touched for that long is forgotten (its next try waits for nothing).
    signInDelays: await count(db.delete(signInDelays).where(lt(signInDelays.lastAt, cutoff)).returning({ key: signInDelays.key })),
    // Only finished answers: one still running belongs to a request under way.
    idempotencyKeys: await count(
      db
        .delete(idempotencyKeys)
        .where(and(lt(idempotencyKeys.createdAt, cutoff), isNotNull(idempotencyKeys.status)))
        .returning({ id: idempotencyKeys.id }),
    ),
    // Queued SMS wait for the sender whatever their age; sent, failed and skipped ones are a record only.
    sms: await count(
      db
        .delete(smsOutbox)
        .where(and(lt(smsOutbox.createdAt, cutoff), inArray(smsOutbox.status, ['sent', 'failed', 'skipped'])))
        .returning({ id: smsOutbox.id }),
    ),
    // Likewise e-mails: a queued one still waits for the sender; the rest are a record only.
    mail: await count(
      db
        .delete(mailOutbox)
        .where(and(lt(mailOutbox.createdAt, cutoff), inArray(mailOutbox.status, ['sent', 'failed', 'skipped'])))
        .returning({ id: mailOutbox.id }),
    ),
    passwordResets: await count(db.delete(passwordResets).where(lt(passwordResets.expiresAt, cutoff)).returning({ id: passwordResets.id })),
    signInCodes: await count(db.delete(signInCodes).where(lt(signInCodes.expiresAt, cutoff)).returning({ id: signInCodes.id })),
  }
}

/**
 * Takes the job's run when the last is at least `everyMs` before `now`: the row is read FOR UPDATE
 * SKIP LOCKED (another instance holding it is deciding) and moved to `now` in the same transaction.
 * The previous run's time, or null when it is not due or not ours.
 */
export async function takeDueRun(db: Db, job: string, now: Date, everyMs: number): Promise<Date | null> {
  await db.insert(scheduledRuns).values({ job, lastRunAt: new Date(0) }).onConflictDoNothing()
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(scheduledRuns).where(eq(scheduledRuns.job, job)).for('update', { skipLocked: true })
    if (!row || now.getTime() - row.lastRunAt.getTime() < everyMs) return null
    await tx.update(scheduledRuns).set({ lastRunAt: now }).where(eq(scheduledRuns.job, job))
    return row.lastRunAt
  })
}

/** A run that failed gives its time back (unless another run has been taken since). */
export async function giveBackRun(db: Db, job: string, taken: Date, previous: Date): Promise<void> {
  await db
    .update(scheduledRuns)
    .set({ lastRunAt: previous })
    .where(and(eq(scheduledRuns.job, job), eq(scheduledRuns.lastRunAt, taken)))
}
