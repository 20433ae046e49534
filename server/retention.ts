/**
 * The Settings' data retention, on its schedule (a job started by main.ts, a pass every few minutes):
 * - log retention: rows that are only a record of what happened, older than `logRetentionDays`, are
 *   deleted: the activity log (the admin dashboard's recent activity), failed sign-ins, finished
 *   idempotency answers, SMS no longer waiting to be sent, and reset links and sign-in codes long expired. A booking's
 *   own history (booking_audit), custody events, messages and payments are records, not logs: kept.
 * - backup frequency: when the last backup (kept in `scheduled_runs`) is a day, a week or a month
 *   old, a backup runs (server/backup.ts, which also prunes backups older than `backupRetentionDays`).
 *   Of several instances only one takes the due run: its row is read FOR UPDATE SKIP LOCKED and
 *   moved to now before the backup starts.
 * Every pass takes its `now`, so the tests move the clock instead of waiting.
 */
import type { Logger } from 'pino'
import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm'
import type { Db } from './db/client'
import { activities, idempotencyKeys, mailOutbox, passwordResets, scheduledRuns, signInCodes, signInDelays, smsOutbox } from './db/schema'
import { storedSettings } from './repo/settings'
import type { BackupResult } from './backup'
import type { RetentionSettings } from '../shared/contracts/settings'
import { repeatEvery } from './repeat'

const DAY_MS = 86_400_000
/** How old the last backup is when the next is due. A month is 30 days: a backup never waits for a calendar date. */
export const BACKUP_EVERY_MS: Record<RetentionSettings['backupFrequency'], number> = { daily: DAY_MS, weekly: 7 * DAY_MS, monthly: 30 * DAY_MS }
const BACKUP_JOB = 'backup'

export interface PrunedLogs {
  activities: number
  signInDelays: number
  mail: number
  idempotencyKeys: number
  sms: number
  passwordResets: number
  signInCodes: number
}

/** Deletes log rows older than `days` days before `now`; how many of each. */
export async function pruneLogs(db: Db, days: number, now: Date): Promise<PrunedLogs> {
  const cutoff = new Date(now.getTime() - days * DAY_MS)
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
 * Runs `backup` when the last one is `frequency` old (or there was none), unless another instance
 * holds the job's row: then that instance is deciding, and this one does nothing. The run is
 * recorded before the backup starts, so a second instance does not start one too; a backup that
 * fails puts the previous time back and is tried again on the next pass.
 */
export async function backupIfDue(db: Db, frequency: RetentionSettings['backupFrequency'], now: Date, backup: (now: Date) => Promise<BackupResult>): Promise<BackupResult | null> {
  await db.insert(scheduledRuns).values({ job: BACKUP_JOB, lastRunAt: new Date(0) }).onConflictDoNothing()
  const previous = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(scheduledRuns).where(eq(scheduledRuns.job, BACKUP_JOB)).for('update', { skipLocked: true })
    if (!row || now.getTime() - row.lastRunAt.getTime() < BACKUP_EVERY_MS[frequency]) return null
    await tx.update(scheduledRuns).set({ lastRunAt: now }).where(eq(scheduledRuns.job, BACKUP_JOB))
    return row.lastRunAt
  })
  if (!previous) return null
  try {
    return await backup(now)
  } catch (error) {
    await db
      .update(scheduledRuns)
      .set({ lastRunAt: previous })
      .where(and(eq(scheduledRuns.job, BACKUP_JOB), eq(scheduledRuns.lastRunAt, now)))
    throw error
  }
}

/** One pass: the logs past retention go, and a due backup runs. */
export async function retentionPass(db: Db, now: Date, backup: (now: Date) => Promise<BackupResult>): Promise<{ pruned: PrunedLogs; backup: BackupResult | null }> {
  const { retention } = await storedSettings(db)
  const pruned = await pruneLogs(db, Number(retention.logRetentionDays), now)
  return { pruned, backup: await backupIfDue(db, retention.backupFrequency, now, backup) }
}

/** The job: a pass every `pollMs` (the first a little after start, not in the way of the start itself). */
export function startRetentionJob(db: Db, log: Logger, backup: (now: Date) => Promise<BackupResult>, pollMs = 10 * 60_000, firstMs = 2 * 60_000): { stop(): Promise<void> } {
  return repeatEvery(
    pollMs,
    async () => {
      const { pruned, backup: done } = await retentionPass(db, new Date(), backup)
      const deleted = Object.values(pruned).reduce((a, b) => a + b, 0)
      if (deleted > 0) log.info({ ...pruned }, 'log retention: old rows deleted')
      if (done) log.info({ kind: done.kind, deleted: done.deleted.length }, 'scheduled backup')
    },
    log,
    'retention pass failed',
    firstMs,
  )
}
