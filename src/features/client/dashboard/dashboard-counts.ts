import type { Booking } from '../../../../shared/contracts/bookings'
import { CLIENT_RECENT_BOOKINGS } from '../../../../shared/constants'
import { newestFirst } from '../my-bookings'

export interface DashboardCounts {
  activeBookings: number
  completedServices: number
  pendingDocuments: number
  notifications: number
}

/** The four counters of SPEC.md section 4 ("Client dashboard counters"). */
export function dashboardCounts(bookings: readonly Booking[]): DashboardCounts {
  return {
    activeBookings: bookings.filter((b) => b.status === 'active' || b.status === 'pending').length,
    completedServices: bookings.filter((b) => b.status === 'completed').length,
    pendingDocuments: bookings.filter((b) => b.required_documents.length > 0).length,
    notifications: bookings.filter((b) => b.has_notifications).length,
  }
}

/** The most recent bookings (by created_at), at most 5 (SPEC.md section 9). */
export function recentBookings(bookings: readonly Booking[], limit = CLIENT_RECENT_BOOKINGS): Booking[] {
  return newestFirst(bookings).slice(0, limit)
}
