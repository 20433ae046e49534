/**
 * The day-before reminders (shared/reminders.ts decides who, when and the text: the family and the
 * attendant of each booking, and each staff member the calendar holds, drivers among them): a pass queues them
 * into the SMS outbox, which the SMS job sends. Exactly once per person, booking and day, even with
 * several instances: a pass holds the job's row in scheduled_runs (another instance's pass at the
 * same moment skips), and each reminder carries a unique key in sms_outbox, so a later pass (a
 * booking made in the afternoon, the next instance's turn) queues only what is not there yet.
 */
import type { Logger } from 'pino'
import type { Db } from './db/client'
import { bookingsOnDay, whileHoldingJob } from './repo/reminders'
import { storedSettings } from './domain/settings'
import { dueReminders, reminderDay, reminderWindow, staffReminders } from '../shared/reminders'
import { eventsBetween, listResources, slotOf } from './repo/calendar'
import { queueSms } from './sms'
import { repeatEvery } from './repeat'

export const REMINDER_JOB = 'day-before-reminders'

/** One pass at `now`: queues the reminders due and not yet queued; returns how many it queued (null: another instance was at it). */
export async function remindersPass(db: Db, log: Logger, now: Date): Promise<number | null> {
  const day = reminderDay(now)
  if (!day) return 0
  return whileHoldingJob(db, REMINDER_JOB, now, async (tx) => {
    const home = (await storedSettings(tx)).general.facilityName
    const window = reminderWindow(now)
    const events = window ? (await eventsBetween(tx, new Date(window.start), new Date(window.end))).map(slotOf) : []
    const due = [...dueReminders({ now, home, bookings: await bookingsOnDay(tx, day) }), ...staffReminders({ now, home, events, resources: await listResources(tx) })]
    let queued = 0
    for (const r of due) {
      if (await queueSms(tx, log, { userId: r.user_id, kind: 'reminder', bookingId: r.booking_id, body: r.body, dedupeKey: r.key })) queued++
    }
    return queued
  })
}

/** The job: a pass every `pollMs` (a quarter of an hour), so a booking made during the day before is reminded too. */
export function startReminderJob(db: Db, log: Logger, pollMs = 15 * 60_000, firstMs = 60_000): { stop(): Promise<void> } {
  return repeatEvery(
    pollMs,
    async () => {
      const queued = await remindersPass(db, log, new Date())
      if (queued) log.info({ queued }, 'day-before reminders queued')
    },
    log,
    'reminder pass failed',
    firstMs,
  )
}
