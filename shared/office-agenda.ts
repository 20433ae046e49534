/**
 * The office's agenda, as plain functions over bookings as the app reads them, with "now" as a
 * parameter: "Needs attention" (services in the next 48 hours with anything missing) and "Upcoming
 * services" (the next 7 days, by date). Both backends answer with these on the admin's dashboard.
 * The rules are the attendant's and the status change's (shared/urgency.ts, shared/bookings.ts):
 * what blocks a service here is what would block marking it Completed or releasing the body.
 */
import type { Booking } from './contracts/bookings'
import type { AgendaGap, AgendaItem } from './contracts/admin'
import { preparationDone } from './bookings'
import { compareIso } from './dates'
import { SOON_HOURS, amountDueNow, isServiceSoon, papersToDo, serviceAt } from './urgency'

/** How far "Upcoming services" looks ahead. */
export const UPCOMING_DAYS = 7

/** What a booking still lacks before its service, in the order the line names them. */
export function agendaGaps(b: Booking): AgendaGap[] {
  const papers = papersToDo(b)
  const gaps: AgendaGap[] = []
  if (!b.assignedAttendant) gaps.push('attendant')
  if (papers.some((p) => p.state !== 'pending')) gaps.push('documents')
  if (papers.some((p) => p.state === 'pending')) gaps.push('review')
  if (!preparationDone(b)) gaps.push('preparation')
  // What is owed today (storage to date counted, the office's cash counted), as the release form says it.
  if (amountDueNow(b) > 0) gaps.push('payment')
  // Asked of the family, never a reason to hold up the body's care: said, so the office can ask.
  if (b.agreement_signed === false) gaps.push('agreement')
  return gaps
}

/** One line of the agenda: which service, when, where, and what it lacks. */
export function agendaItem(b: Booking): AgendaItem {
  const at = serviceAt(b) ?? ''
  const first = b.services.find((s) => s.scheduled_date === at)
  return {
    booking_id: b.id,
    deceased_name: `${b.deceased_first_name} ${b.deceased_last_name}`.trim(),
    service_at: at,
    service_name: first?.service_name ?? '',
    venue: b.venue,
    status: b.status,
    attendant_name: b.assignedAttendant?.name ?? null,
    gaps: agendaGaps(b),
    papers: papersToDo(b).map(({ type, state }) => ({ type, state })),
    balance_due: amountDueNow(b),
  }
}

const byDate = (a: AgendaItem, b: AgendaItem) => compareIso(a.service_at, b.service_at) || Number(a.booking_id) - Number(b.booking_id)

/** Open services in the next 7 days, soonest first. */
export function upcomingServices(bookings: readonly Booking[], now: Date): AgendaItem[] {
  return bookings.filter((b) => isServiceSoon(b, now, UPCOMING_DAYS * 24)).map(agendaItem).sort(byDate)
}

/** Services in the next 48 hours that lack anything, soonest first. */
export function needsAttention(bookings: readonly Booking[], now: Date): AgendaItem[] {
  return bookings.filter((b) => isServiceSoon(b, now, SOON_HOURS)).map(agendaItem).filter((i) => i.gaps.length > 0).sort(byDate)
}

/** Both lists of the dashboard at once. */
export function officeAgenda(bookings: readonly Booking[], now: Date): { attention: AgendaItem[]; upcoming: AgendaItem[] } {
  return { attention: needsAttention(bookings, now), upcoming: upcomingServices(bookings, now) }
}

/**
 * The Nairobi local time ('YYYY-MM-DDTHH:mm:00', as service lines store it) of an instant: a
 * backend picks the bookings worth reading with it before the rules above decide.
 */
export const nairobiLocal = (at: Date): string => new Date(at.getTime() + 3 * 60 * 60 * 1000).toISOString().slice(0, 16) + ':00'
