/**
 * A staff member's private calendar feed (iCal), for both backends: a secret address per person,
 * revocable, that their phone's calendar subscribes to. An admin's feed holds every event, an
 * attendant's the events of the bookings assigned to them; from a week back to 60 days ahead.
 */
import ical from 'ical-generator'

const DAY_MS = 86_400_000
export const FEED_WINDOW_DAYS = { before: 7, after: 60 } as const

/** The instants a feed covers at `now`. */
export const feedWindow = (now: Date) => ({ start: new Date(now.getTime() - FEED_WINDOW_DAYS.before * DAY_MS), end: new Date(now.getTime() + FEED_WINDOW_DAYS.after * DAY_MS) })

/** A new secret (256 bits of Web Crypto randomness, hex), in the mock and on the server alike. */
export function newFeedToken(): string {
  const bytes = new Uint8Array(32)
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** The feed's address (under the API), and the token it names, or null when it is not a feed's. */
export const feedPath = (token: string) => `/api/calendar/feed/${token}.ics`
export const feedToken = (file: string): string | null => (/^[0-9a-f]{64}\.ics$/.test(file) ? file.slice(0, 64) : null)

export interface FeedEvent {
  id: number
  title: string
  start: number
  end: number
  booking_id: number | null
  /** The hearse or rooms it holds, as the location. */
  where: string
}

/**
 * Which events go in a person's feed: all for an admin; for an attendant, those of their bookings and
 * those holding them as staff on the calendar (`ownResourceIds`: the resources linked to their account).
 */
export function feedEventsFor<E extends { booking_id: number | null; resource_ids: readonly number[] }>(role: string, events: readonly E[], assignedBookingIds: ReadonlySet<number>, ownResourceIds: ReadonlySet<number> = new Set()): E[] {
  if (role === 'admin') return [...events]
  return events.filter((e) => (e.booking_id !== null && assignedBookingIds.has(e.booking_id)) || e.resource_ids.some((id) => ownResourceIds.has(id)))
}

/** The resources linked to a person's account (a driver or attendant on the calendar). */
export const ownResources = (resources: ReadonlyArray<{ id: number; user_id?: number | null }>, userId: number): Set<number> => new Set(resources.filter((r) => r.user_id === userId).map((r) => r.id))

/** The iCal text (RFC 5545, by ical-generator): one VEVENT per event, in UTC, with a stable UID. */
export function feedIcs(args: { home: string; events: readonly FeedEvent[]; now: Date }): string {
  const calendar = ical({ name: args.home, prodId: { company: 'Funeral home', product: 'Calendar' }, ttl: 60 * 15 })
  for (const e of args.events) {
    calendar.createEvent({ id: `calendar-event-${e.id}`, start: new Date(e.start), end: new Date(e.end), summary: e.title, location: e.where || null, stamp: args.now })
  }
  return calendar.toString()
}
