import { describe, expect, it } from 'vitest'
import { db, snapshot, restore, resetDatabase } from '../../mocks/db'
import { BOOKING_STATUSES, PAYMENT_STATUSES } from '../../shared/contracts/bookings'
import { DEMO_ACCOUNTS } from '../../shared/demo-accounts'
import { useMockBackend } from './helpers'

useMockBackend()

describe('seed', () => {
  it('creates the demo accounts first, with ids 1, 2, 3 in their listed order (the journeys rely on it)', () => {
    DEMO_ACCOUNTS.forEach((a, i) => {
      expect(db.user.findFirst((q) => q.where({ email: a.email }))?.id).toBe(i + 1)
    })
  })

  it('is rich: demo accounts, ~28 users, ~40 bookings in every status, 12 months of payments', () => {
    const users = db.user.all()
    expect(users.length).toBeGreaterThanOrEqual(28)
    for (const email of ['admin@funeral.test', 'attendant@funeral.test', 'family@funeral.test']) {
      expect(users.some((u) => u.email === email)).toBe(true)
    }
    expect(users.filter((u) => u.role === 'morgue_attendant').length).toBeGreaterThanOrEqual(4)
    const bookings = db.booking.all()
    expect(bookings.length).toBeGreaterThanOrEqual(38)
    for (const s of BOOKING_STATUSES) expect(bookings.some((b) => b.status === s), s).toBe(true)
    for (const s of PAYMENT_STATUSES) expect(bookings.some((b) => b.payment_status === s), s).toBe(true)
    const mary = users.find((u) => u.email === 'family@funeral.test')
    const own = bookings.filter((b) => b.client_id === mary?.id)
    expect(own.length).toBe(4)
    expect(own.some((b) => b.status === 'pending' && b.payment_status === 'pending')).toBe(true)
    expect(own.some((b) => b.status === 'confirmed')).toBe(true)
    expect(own.some((b) => b.status === 'completed' && b.payment_status === 'paid')).toBe(true)
    expect(own.some((b) => b.has_notifications)).toBe(true)
    const months = new Set(db.payment.all().filter((p) => p.status === 'completed').map((p) => p.payment_date.slice(0, 7)))
    expect(months.size).toBeGreaterThanOrEqual(11)
    const docs = db.document.all()
    for (const s of ['pending', 'approved', 'rejected']) expect(docs.some((d) => d.status === s), s).toBe(true)
  })

  it('is deterministic (apart from the current date) and snapshot/restore round-trips', async () => {
    type B = { id: number; client_id: number; status: string; payment_status: string; total_amount: number; lines: Array<{ service_id: number }> }
    const strip = (s: ReturnType<typeof snapshot>) =>
      JSON.stringify((s.collections.booking as B[]).map((b) => [b.id, b.client_id, b.status, b.payment_status, b.total_amount, b.lines.map((l) => l.service_id)])) +
      JSON.stringify(s.collections.payment?.map((p) => (p as { amount: number; transaction_id: string | null }).transaction_id))
    const first = snapshot()
    await resetDatabase()
    const second = snapshot()
    expect(strip(second)).toBe(strip(first))
    db.booking.clear()
    expect(await restore(JSON.parse(JSON.stringify(first)))).toBe(true)
    expect(db.booking.count()).toBe(first.collections.booking?.length)
    expect(await restore({ version: 99 })).toBe(false)
  })
})
