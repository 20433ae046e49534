/** The admin's dashboard on the server: the statistics, and the agenda decided by shared/office-agenda.ts. */
import type { Db } from '../db/client'
import { adminStatistics } from '../repo/reports'
import { openWithServiceBetween, wireBookingsWhere } from '../repo/bookings'
import { unansweredUrgentThreads } from '../repo/messages'
import { Booking } from '../../shared/contracts/bookings'
import { UPCOMING_DAYS, nairobiLocal, officeAgenda } from '../../shared/office-agenda'

const DAY = 24 * 60 * 60 * 1000

export async function adminDashboard(db: Db, now = new Date()) {
  // A booking's service is its first line: one with an earlier line is read, then left out by the rule.
  const window = openWithServiceBetween(nairobiLocal(new Date(now.getTime() - DAY)), nairobiLocal(new Date(now.getTime() + (UPCOMING_DAYS + 1) * DAY)))
  const [statistics, soon, urgent] = await Promise.all([adminStatistics(db, now), wireBookingsWhere(db, window), unansweredUrgentThreads(db)])
  return { ...statistics, ...officeAgenda(soon.map((b) => Booking.parse(b)), now), urgent }
}
