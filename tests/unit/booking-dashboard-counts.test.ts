import { describe, expect, it } from 'vitest'
import type { Booking } from '../../shared/contracts/bookings'
import { isNewFamily, recentBookings } from '../../src/features/client/dashboard/dashboard-counts'

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

describe('client dashboard recent bookings', () => {
  it('keeps the 5 most recent by created_at, newest first, whatever order they came in', () => {
    const list = ['2026-03-01', '2026-01-01', '2026-05-01', '2026-02-01', '2026-06-01', '2026-04-01', '2025-12-01'].map((d, i) =>
      booking(String(i), 'pending', `${d}T08:00:00.000Z`),
    )
    expect(recentBookings(list).map((b) => b.created_at.slice(0, 10))).toEqual(['2026-06-01', '2026-05-01', '2026-04-01', '2026-03-01', '2026-02-01'])
  })
})

describe('client dashboard greeting', () => {
  it('welcomes a family registered within the day, and welcomes back one registered earlier or unknown', () => {
    const now = new Date('2026-06-01T12:00:00.000Z')
    expect(isNewFamily('2026-06-01T11:50:00.000Z', now)).toBe(true)
    expect(isNewFamily('2026-05-31T12:00:01.000Z', now)).toBe(true)
    expect(isNewFamily('2026-05-31T12:00:00.000Z', now)).toBe(false)
    expect(isNewFamily(null, now)).toBe(false)
    expect(isNewFamily('not a date', now)).toBe(false)
  })
})
