import type { Booking } from '../../../shared/contracts/bookings'
import type { CalendarEvent, Resource } from '../../../shared/contracts/calendar'
import { PREP_TASKS, type PrepTask } from '../../../shared/contracts/morgue'
import { addDays, compareIso, nairobiDay } from '../../../shared/dates'
import { inCare, isOpenBooking, releaseBlocked, serviceAt } from '../../../shared/urgency'
import { preparationOf } from '../../components/preparation-words'
import { MORGUE_TEXT } from './morgue-words'

/** Days in care after which a body still in storage raises a storage alert. */
export const STORAGE_ALERT_DAYS = 14
const DAY_MS = 24 * 60 * 60 * 1000

// The urgency rule is shared with the family's side (what the attendant cannot release is the family's red banner).
export { serviceAt, servicesSoon } from '../../../shared/urgency'
const isOpen = isOpenBooking

/** Still in the cold room: an open booking whose body has not been released. */
export const inStorage = inCare

export function daysInCare(b: Booking, now: Date): number {
  const from = Date.parse(b.morgue?.received_at ?? b.created_at)
  return Number.isFinite(from) ? Math.max(0, Math.floor((now.getTime() - from) / DAY_MS)) : 0
}

/** In storage too long, or its service date has passed while it is still here. */
export function storageAlert(b: Booking, now: Date): string | null {
  if (!inStorage(b)) return null
  const at = serviceAt(b)
  if (at && at.slice(0, 10) < nairobiDay(now)) return MORGUE_TEXT.serviceDatePassed
  if (daysInCare(b, now) > STORAGE_ALERT_DAYS) return MORGUE_TEXT.inCareMoreThan(STORAGE_ALERT_DAYS)
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
  return [...bookings].sort((a, b) => Number(inStorage(b)) - Number(inStorage(a)) || compareIso(serviceAt(a) ?? '9999', serviceAt(b) ?? '9999'))
}

export function isServiceToday(b: Booking, now: Date): boolean {
  return serviceAt(b)?.slice(0, 10) === nairobiDay(now)
}

export function deceasedName(b: Booking): string {
  return `${b.deceased_first_name} ${b.deceased_last_name}`.trim() || MORGUE_TEXT.bookingNumber(b.id)
}

/** Bodies in care that cannot be released because the family's burial permit is missing or was rejected. */
export function blockedReleases(bookings: readonly Booking[]): Booking[] {
  return byServiceDate(bookings.filter(releaseBlocked))
}

/** The office's reason for rejecting the newest burial permit, when the permit stands rejected. */
export function permitRejection(b: Booking): string | null {
  if (b.morgue?.burial_permit !== 'rejected') return null
  const newest = (b.morgue.documents ?? []).filter((d) => d.document_type === 'burial_permit').sort((x, y) => compareIso(y.created_at, x.created_at))[0]
  return newest?.review_notes?.trim() || null
}

/**
 * The unticked steps that are late. A body is logged as received on the day it arrives, so
 * 'Received' is late from the next day; every other step is due the day before the service, when
 * families come for the viewing, and late from that day on.
 */
export function overdueSteps(b: Booking, now: Date): PrepTask[] {
  if (!inStorage(b)) return []
  const today = nairobiDay(now)
  const done = doneTasks(b)
  const at = serviceAt(b)
  const receivedDay = nairobiDay(new Date(b.morgue?.received_at ?? b.created_at))
  return PREP_TASKS.filter((t) => {
    if (done.includes(t)) return false
    if (t === 'received') return today > receivedDay
    return !!at && today >= addDays(at.slice(0, 10), -1)
  })
}

/** Bodies with late preparation steps, soonest service first. */
export function overduePreparation(bookings: readonly Booking[], now: Date): Array<{ booking: Booking; steps: PrepTask[] }> {
  return byServiceDate(bookings)
    .map((booking) => ({ booking, steps: overdueSteps(booking, now) }))
    .filter((x) => x.steps.length > 0)
}

/** Transfers whose service is today, by time. */
export function transfersToday(bookings: readonly Booking[], now: Date): Booking[] {
  return bookings.filter((b) => isScheduledTransfer(b, now) && isServiceToday(b, now)).sort((a, b) => compareIso(serviceAt(a) ?? '', serviceAt(b) ?? ''))
}

/**
 * Where the body is collected for its transfer: the place the attendant named, else the mortuary
 * once the body is received, else where the person died (the body is still to be fetched).
 */
export function pickupOf(b: Booking): string {
  return b.morgue?.pickup_location?.trim() || usualPickupOf(b)
}

/** The pickup when the attendant names none. */
export function usualPickupOf(b: Booking): string {
  // Read when asked, not at load: the words follow the language in use.
  if (doneTasks(b).includes('received')) return MORGUE_TEXT.ourMortuary
  return b.morgue?.place_of_death?.trim() || MORGUE_TEXT.ourMortuary
}

/** Where the service or burial is held (the booking's venue), if the family gave it. */
export function destinationOf(b: Booking): string | null {
  return b.venue?.trim() || null
}

/** One event of the attendant's day: the event, the case it serves and the names of what it holds. */
export interface DayItem {
  event: CalendarEvent
  /** The case, when it is one of theirs (an event holding them as staff may serve someone else's). */
  booking: Booking | undefined
  where: string
}

/**
 * The attendant's day: the calendar's events that serve one of their cases (as their calendar feed
 * holds), and those holding them as staff on the calendar (`userId`'s own resource: a driver's
 * trip), earliest first, each with its case and the hearse or rooms it holds.
 */
export function myDay(events: readonly CalendarEvent[], resources: readonly Resource[], bookings: readonly Booking[], userId?: string | null): DayItem[] {
  const mine = new Set(resources.filter((r) => userId != null && r.user_id === userId).map((r) => r.id))
  const items: DayItem[] = []
  for (const event of events) {
    const booking = event.booking_id === null ? undefined : bookings.find((b) => b.id === event.booking_id)
    if (!booking && !event.resource_ids.some((id) => mine.has(id))) continue
    // Held as staff: the booking's other events at that time say with what (a booking holds each resource with an event of its own).
    const alongside = booking || event.booking_id === null ? [] : events.filter((o) => o.id !== event.id && o.booking_id === event.booking_id && o.start < event.end && event.start < o.end).flatMap((o) => o.resource_ids)
    const where = resources.filter((r) => (event.resource_ids.includes(r.id) || alongside.includes(r.id)) && !mine.has(r.id)).map((r) => r.name).join(', ')
    items.push({ event, booking, where })
  }
  return items.sort((a, b) => Date.parse(a.event.start) - Date.parse(b.event.start))
}
