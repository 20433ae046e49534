import type { Booking } from '../../api/contracts/bookings'
import { PREP_TASKS } from '../../api/contracts/morgue'
import { nairobiDay } from '../../lib/dates'
import { preparationOf } from '../../components/preparation'

/** Days in care after which a body still in storage raises a storage alert. */
export const STORAGE_ALERT_DAYS = 14
const DAY_MS = 24 * 60 * 60 * 1000

/** The earliest service line's date and time ('YYYY-MM-DDTHH:mm:00', Nairobi local), if any. */
export function serviceAt(b: Booking): string | null {
  const dates = b.services.map((s) => s.scheduled_date).filter((d): d is string => !!d)
  return dates.sort()[0] ?? null
}

const isOpen = (b: Booking) => b.status !== 'completed' && b.status !== 'cancelled'

/** Still in the cold room: an open booking whose body has not been released. */
export function inStorage(b: Booking): boolean {
  return isOpen(b) && !b.morgue?.released_at
}

export function daysInCare(b: Booking, now: Date): number {
  const from = Date.parse(b.morgue?.received_at ?? b.created_at)
  return Number.isFinite(from) ? Math.max(0, Math.floor((now.getTime() - from) / DAY_MS)) : 0
}

/** In storage too long, or its service date has passed while it is still here. */
export function storageAlert(b: Booking, now: Date): string | null {
  if (!inStorage(b)) return null
  const at = serviceAt(b)
  if (at && at.slice(0, 10) < nairobiDay(now)) return 'Service date has passed'
  if (daysInCare(b, now) > STORAGE_ALERT_DAYS) return `In care more than ${STORAGE_ALERT_DAYS} days`
  return null
}

/** A transfer to the service still to happen (or under way): open, not delivered, service today or later. */
export function isScheduledTransfer(b: Booking, now: Date): boolean {
  const at = serviceAt(b)
  return isOpen(b) && b.morgue?.transport_status !== 'delivered' && !!at && at.slice(0, 10) >= nairobiDay(now)
}

export function doneTasks(b: Booking): string[] {
  return preparationOf(b).done
}

export function pendingTaskCount(b: Booking): number {
  return inStorage(b) ? PREP_TASKS.length - doneTasks(b).length : 0
}

/** The four numbers of the morgue dashboard, from the attendant's own bookings. */
export function caseloadCounts(bookings: readonly Booking[], now: Date) {
  return {
    bodiesInStorage: bookings.filter(inStorage).length,
    pendingTasks: bookings.reduce((n, b) => n + pendingTaskCount(b), 0),
    scheduledTransfers: bookings.filter((b) => isScheduledTransfer(b, now)).length,
    storageAlerts: bookings.filter((b) => storageAlert(b, now) !== null).length,
  }
}

/** In storage first, then by service date (soonest first). */
export const BODY_FILTERS = ['active', 'released', 'all'] as const
export type BodyFilter = (typeof BODY_FILTERS)[number]

/**
 * Body management's filter: active = still in care (open, not released); released = handed over;
 * all = every case, completed and cancelled included (hidden by default, they are done).
 */
export function bodiesShown(bookings: readonly Booking[], filter: BodyFilter): Booking[] {
  if (filter === 'all') return [...bookings]
  if (filter === 'released') return bookings.filter((b) => !!b.morgue?.released_at)
  return bookings.filter(inStorage)
}

export function byServiceDate(bookings: readonly Booking[]): Booking[] {
  return [...bookings].sort((a, b) => Number(inStorage(b)) - Number(inStorage(a)) || (serviceAt(a) ?? '9999').localeCompare(serviceAt(b) ?? '9999'))
}

export function isServiceToday(b: Booking, now: Date): boolean {
  return serviceAt(b)?.slice(0, 10) === nairobiDay(now)
}

export function deceasedName(b: Booking): string {
  return `${b.deceased_first_name} ${b.deceased_last_name}`.trim() || `Booking #${b.id}`
}
