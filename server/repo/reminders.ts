/** What the day-before reminders read: the bookings still on with a service that day, and the job's claim. */
import { and, eq, inArray, like } from 'drizzle-orm'
import type { Db } from '../db/client'
import { bookingLines, bookings, deceased, scheduledRuns } from '../db/schema'
import type { ReminderBooking } from '../../shared/reminders'

/** The bookings with a service on a Nairobi day ('YYYY-MM-DD'), whatever their status (the rule decides), with all their lines of that day. */
export async function bookingsOnDay(db: Db, day: string): Promise<ReminderBooking[]> {
  const rows = await db
    .select({ id: bookings.id, status: bookings.status, clientId: bookings.clientId, attendantId: bookings.attendantId, venue: bookings.venue, first: deceased.firstName, last: deceased.lastName, serviceName: bookingLines.serviceName, scheduledDate: bookingLines.scheduledDate })
    .from(bookingLines)
    .innerJoin(bookings, eq(bookings.id, bookingLines.bookingId))
    .innerJoin(deceased, eq(deceased.id, bookings.deceasedId))
    .where(and(like(bookingLines.scheduledDate, `${day}T%`), inArray(bookings.status, ['pending', 'confirmed', 'in_progress'])))
    .orderBy(bookings.id, bookingLines.scheduledDate)
  const byId = new Map<number, ReminderBooking & { lines: Array<{ service_name: string; scheduled_date: string }> }>()
  for (const r of rows) {
    const b = byId.get(r.id) ?? { id: r.id, status: r.status, client_id: r.clientId, attendant_id: r.attendantId, deceased: `${r.first} ${r.last}`, venue: r.venue, lines: [] }
    b.lines.push({ service_name: r.serviceName, scheduled_date: r.scheduledDate })
    byId.set(r.id, b)
  }
  return [...byId.values()]
}

/**
 * Runs `work` holding a scheduled job's row (SELECT … FOR UPDATE SKIP LOCKED, as the backup's), and
 * records the run; null without running when another instance holds it at this moment.
 */
export async function whileHoldingJob<T>(db: Db, job: string, now: Date, work: (tx: Db) => Promise<T>): Promise<T | null> {
  await db.insert(scheduledRuns).values({ job, lastRunAt: new Date(0) }).onConflictDoNothing()
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(scheduledRuns).where(eq(scheduledRuns.job, job)).for('update', { skipLocked: true })
    if (!row) return null
    const result = await work(tx as unknown as Db)
    await tx.update(scheduledRuns).set({ lastRunAt: now }).where(eq(scheduledRuns.job, job))
    return result
  })
}
