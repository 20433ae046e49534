import type { Booking } from '../../../../shared/contracts/bookings'
import { CLIENT_RECENT_BOOKINGS } from '../../../../shared/constants'
import { newestFirst } from '../my-bookings'

/** The most recent bookings (by created_at), at most 5 (SPEC.md section 9). */
export function recentBookings(bookings: readonly Booking[], limit = CLIENT_RECENT_BOOKINGS): Booking[] {
  return newestFirst(bookings).slice(0, limit)
}
