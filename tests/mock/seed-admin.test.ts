import { describe, expect, it } from 'vitest'
import { db } from '../../mocks/db'
import { BOOKING_STATUSES, PAYMENT_STATUSES } from '../../shared/contracts/bookings'

const DAY = 24 * 60 * 60 * 1000

describe('admin seed', () => {
  it('is big enough for paging and trends: 25+ users, 3+ attendants, ~60 bookings over 14 months in every status', () => {
    const users = db.user.all()
    expect(users.length).toBeGreaterThanOrEqual(25)
    expect(users.filter((u) => u.role === 'morgue_attendant').length).toBeGreaterThanOrEqual(3)
    const bookings = db.booking.all()
    expect(bookings.length).toBeGreaterThanOrEqual(58)
    for (const s of BOOKING_STATUSES) expect(bookings.some((b) => b.status === s), s).toBe(true)
    for (const s of PAYMENT_STATUSES) expect(bookings.some((b) => b.payment_status === s), s).toBe(true)
    const oldest = Math.min(...bookings.map((b) => new Date(b.created_at).getTime()))
    expect(Date.now() - oldest).toBeGreaterThan(13 * 30 * DAY)
    expect(Date.now() - oldest).toBeLessThan(15 * 31 * DAY)
  })

  it('every paid, partly paid or refunded booking has its completed payments to match', () => {
    for (const b of db.booking.all()) {
      const paid = db.payment.findMany((q) => q.where({ booking_id: b.id, status: 'completed' })).reduce((s, p) => s + p.amount, 0)
      if (b.payment_status === 'paid' || b.payment_status === 'refunded') expect(paid, `booking ${b.id}`).toBe(b.total_amount)
      if (b.payment_status === 'partial') expect(paid, `booking ${b.id}`).toBeGreaterThan(0)
      if (b.payment_status === 'pending') expect(paid, `booking ${b.id}`).toBe(0)
    }
  })

  it('leaves the demo family with its four bookings', () => {
    const family = db.user.findFirst((q) => q.where({ email: 'family@funeral.test' }))
    expect(db.booking.findMany((q) => q.where({ client_id: family?.id ?? -1 }))).toHaveLength(4)
  })
})
