import type { Booking } from '../../shared/contracts/bookings'
import type { MorgueCare } from '../../shared/contracts/morgue'

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

/** The morgue's record of a body just received: nothing ticked, nothing released. */
export function aCare(changes: Partial<MorgueCare> = {}): MorgueCare {
  return {
    received_at: '2026-01-01T10:00:00.000Z',
    tasks: [],
    transport_status: 'scheduled',
    released_at: null,
    pickup_location: null,
    date_of_death: null,
    place_of_death: null,
    client_phone: null,
    burial_permit: 'missing',
    documents: [],
    ...changes,
  }
}
