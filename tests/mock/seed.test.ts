import { describe, expect, it } from 'vitest'
import { db, snapshot, restore, resetDatabase } from '../../mocks/db'
import { DEMO_ACCOUNTS, SEED_USER_PASSWORD } from '../../shared/demo-accounts'
import { demoData } from '../../shared/demo/data'
import { verifyPassword } from '../../mocks/passwords'
import { useMockBackend } from './helpers'

useMockBackend()

describe('seed', () => {
  it('creates the demo accounts first, with ids 1, 2, 3 in their listed order (the journeys rely on it)', () => {
    DEMO_ACCOUNTS.forEach((a, i) => {
      expect(db.user.findFirst((q) => q.where({ email: a.email }))?.id).toBe(i + 1)
    })
  })

  it('stores every row of the demo data (shared/demo/data.ts, tested in tests/unit/shared/demo.test.ts), each account with a hash of its published password', async () => {
    const data = demoData({ now: new Date() })
    expect(db.user.count()).toBe(data.users.length)
    expect(db.booking.count()).toBe(data.bookings.length)
    expect(db.payment.count()).toBe(data.payments.length)
    expect(db.document.count()).toBe(data.documents.length)
    expect(db.activity.count()).toBe(data.activities.length)
    expect(db.custodyEvent.count()).toBe(data.custodyEvents.length)
    expect([db.calendarResource.count(), db.calendarEvent.count()]).toEqual([data.calendarResources.length, data.calendarEvents.length])
    const john = db.user.findFirst((q) => q.where({ email: 'john.mwangi@example.co.ke' }))
    expect(john && (await verifyPassword(SEED_USER_PASSWORD, john.password_salt, john.password_hash))).toBe(true)
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
