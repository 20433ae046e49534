import type { Booking } from '../../shared/contracts/bookings'

/** A plain pending booking of Samuel Ouma, created on a fixed day; tests change what they test. */
export function aBooking(id: string, changes: Partial<Booking> = {}): Booking {
  return {
    id,
    status: 'pending',
    payment_status: 'pending',
    total_amount: 5000,
    venue: '',
    created_at: '2026-01-01T10:00:00.000Z',
    deceased_first_name: 'Samuel',
    deceased_last_name: 'Ouma',
    services: [],
    required_documents: [],
    has_notifications: false,
    amount_paid: 0,
    audit: [],
    ...changes,
  }
}
