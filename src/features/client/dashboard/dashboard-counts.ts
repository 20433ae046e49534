import type { Booking } from '../../../../shared/contracts/bookings'
import { CLIENT_RECENT_BOOKINGS } from '../../../../shared/constants'
import { newestFirst } from '../my-bookings'

/** The most recent bookings (by created_at), at most 5 (SPEC.md section 9). */
export function recentBookings(bookings: readonly Booking[], limit = CLIENT_RECENT_BOOKINGS): Booking[] {
  return newestFirst(bookings).slice(0, limit)
}

/** How long an account counts as new: the day a family registers, they are welcomed, not welcomed back. */
export const NEW_FAMILY_MS = 24 * 60 * 60 * 1000

/** Registered less than a day before `now` (an unknown date counts as an earlier visit). */
export function isNewFamily(createdAt: string | null | undefined, now: Date): boolean {
  const at = createdAt ? Date.parse(createdAt) : Number.NaN
  return Number.isFinite(at) && now.getTime() - at < NEW_FAMILY_MS
}
