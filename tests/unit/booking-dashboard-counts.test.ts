import { describe, expect, it } from 'vitest'
import type { Booking } from '../../shared/contracts/bookings'
import { dashboardCounts, recentBookings } from '../../src/features/client/dashboard/dashboard-counts'

const booking = (id: string, status: string, created_at: string, extra: Partial<Booking> = {}): Booking => ({
  id,
  status,
  venue: '',
  payment_status: 'pending',
  total_amount: 1000,
  created_at,
  deceased_first_name: 'A',
  deceased_last_name: 'B',
  services: [],
  required_documents: [],
  has_notifications: false,
    amount_paid: 0,
    audit: [],
  ...extra,
})

describe('client dashboard counters', () => {
  it('counts active or pending, completed, bookings still needing documents, and bookings with notifications', () => {
    const counts = dashboardCounts([
      booking('1', 'active', '2026-01-01T00:00:00Z', { required_documents: ['death_certificate'] }),
      booking('2', 'pending', '2026-01-02T00:00:00Z', { has_notifications: true }),
      booking('3', 'completed', '2026-01-03T00:00:00Z', { has_notifications: true, required_documents: ['burial_permit'] }),
      booking('4', 'confirmed', '2026-01-04T00:00:00Z', { has_notifications: true }),
      booking('5', 'cancelled', '2026-01-05T00:00:00Z'),
      booking('6', 'in_progress', '2026-01-06T00:00:00Z', { required_documents: ['death_certificate', 'burial_permit'] }),
    ])
    expect(counts).toEqual({ activeBookings: 2, completedServices: 1, pendingDocuments: 3, notifications: 3 })
  })

  it('is all zeros for no bookings', () => {
    expect(dashboardCounts([])).toEqual({ activeBookings: 0, completedServices: 0, pendingDocuments: 0, notifications: 0 })
  })

  it('keeps the 5 most recent by created_at, newest first, whatever order they came in', () => {
    const list = ['2026-03-01', '2026-01-01', '2026-05-01', '2026-02-01', '2026-06-01', '2026-04-01', '2025-12-01'].map((d, i) =>
      booking(String(i), 'pending', `${d}T08:00:00.000Z`),
    )
    expect(recentBookings(list).map((b) => b.created_at.slice(0, 10))).toEqual(['2026-06-01', '2026-05-01', '2026-04-01', '2026-03-01', '2026-02-01'])
  })
})
