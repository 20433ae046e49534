import { compareIso } from './dates'

/**
 * The admin's booking search, as the mock applies it (the server's SQL in server/repo/bookings.ts
 * says the same): the words, trimmed and case aside, found anywhere in "First Last" of the deceased
 * (or "Booking #id" when there is none) followed by the family's name.
 */
export function bookingMatches(b: { id: number | string; deceased_first_name: string; deceased_last_name: string; client_name: string }, search: string): boolean {
  const words = search.trim().toLowerCase()
  if (!words) return true
  const deceased = `${b.deceased_first_name} ${b.deceased_last_name}`.trim() || `Booking #${b.id}`
  return `${deceased} ${b.client_name}`.toLowerCase().includes(words)
}

/**
 * The orders of the admin's list: by the day the booking was made (newest or oldest first), or by
 * its service date (the first service line's, soonest or latest first; a booking with no date last
 * either way). Ties go by id, in the same direction.
 */
export const BOOKING_SORTS = ['newest', 'oldest', 'service_soonest', 'service_latest'] as const
export type BookingSort = (typeof BOOKING_SORTS)[number]
export const MSG_BOOKING_SORT = `sort must be one of ${BOOKING_SORTS.join(', ')}`

/** What the order looks at: when made, when served (null: no date), the id. */
export interface SortFacts {
  id: number | string
  created_at: string
  service_at: string | null
}

/** The comparator of an order (the mock's; the server's SQL says the same). */
export function compareBookings(sort: BookingSort): (a: SortFacts, b: SortFacts) => number {
  const desc = sort === 'newest' || sort === 'service_latest'
  const dir = desc ? -1 : 1
  const byId = (a: SortFacts, b: SortFacts) => dir * (Number(a.id) - Number(b.id))
  if (sort === 'newest' || sort === 'oldest') return (a, b) => dir * compareIso(a.created_at, b.created_at) || byId(a, b)
  return (a, b) => {
    if (a.service_at === b.service_at) return byId(a, b)
    if (a.service_at === null) return 1
    if (b.service_at === null) return -1
    return dir * compareIso(a.service_at, b.service_at)
  }
}
