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
import type { Db } from './db/client'
import * as repo from './repo/retention'
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
export function pruneLogs(db: Db, days: number, now: Date): Promise<PrunedLogs> {
  return repo.deleteLogsBefore(db, new Date(now.getTime() - days * DAY_MS))
}

/**
 * Runs `backup` when the last one is `frequency` old (or there was none), unless another instance
 * holds the job's row: then that instance is deciding, and this one does nothing. The run is
 * recorded before the backup starts, so a second instance does not start one too; a backup that
 * fails puts the previous time back and is tried again on the next pass.
 */
export async function backupIfDue(db: Db, frequency: RetentionSettings['backupFrequency'], now: Date, backup: (now: Date) => Promise<BackupResult>): Promise<BackupResult | null> {
  const previous = await repo.takeDueRun(db, BACKUP_JOB, now, BACKUP_EVERY_MS[frequency])
  if (!previous) return null
  try {
    return await backup(now)
  } catch (error) {
    await repo.giveBackRun(db, BACKUP_JOB, now, previous)
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
