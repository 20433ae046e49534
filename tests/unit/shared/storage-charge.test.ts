import { describe, expect, it } from 'vitest'
import { bookingCharges, chargeForDays, storageCharge } from '../../../shared/storage-charge'

const rates = [{ from: '0000-01-01', daily_rate: 1000 }]
const stay = (receivedAt: string, releasedAt: string | null, now: string) => storageCharge({ serviceName: 'Storage', receivedAt, releasedAt, rates, now: new Date(now) })

describe('storage charged for the days in care', () => {
  it('counts Nairobi days: the receipt day is day 1, day 6 five days later', () => {
    const s = stay('2026-03-01T09:00:00Z', null, '2026-03-06T12:00:00Z')
    expect(s).toMatchObject({ from: '2026-03-01', until: null, in_care: true, days: 6, daily_rate: 1000, amount: 6000, tomorrow_amount: 7000 })
  })

  it('turns the day at midnight in Nairobi (21:00 UTC), not at UTC midnight', () => {
    // Received 23:30 Nairobi on 1 March (20:30 UTC).
    expect(stay('2026-03-01T20:30:00Z', null, '2026-03-01T20:59:59Z').days).toBe(1)
    expect(stay('2026-03-01T20:30:00Z', null, '2026-03-01T21:00:00Z').days).toBe(2)
    // Received 00:30 Nairobi on 2 March (21:30 UTC on 1 March): a new day already.
    expect(stay('2026-03-01T21:30:00Z', null, '2026-03-01T23:00:00Z')).toMatchObject({ from: '2026-03-02', days: 1 })
  })

  it('stops at the release day, whatever the clock says later', () => {
    const s = stay('2026-03-01T09:00:00Z', '2026-03-03T20:59:00Z', '2030-01-01T00:00:00Z')
    expect(s).toMatchObject({ until: '2026-03-03', in_care: false, days: 3, amount: 3000, tomorrow_amount: 3000 })
  })

  it('holds with dates years ahead (leap days included)', () => {
    const s = stay('2039-12-31T08:00:00Z', null, '2041-01-01T08:00:00Z')
    // 2040 is a leap year: 1 + 366 + 1 days.
    expect(s.days).toBe(368)
    expect(s.amount).toBe(368_000)
  })

  it('a receipt after the reading (a clock behind) counts no day', () => {
    expect(stay('2026-03-05T09:00:00Z', null, '2026-03-01T09:00:00Z')).toMatchObject({ days: 0, amount: 0 })
  })

  it('applies a price change from its day', () => {
    const history = [{ from: '2026-01-01', daily_rate: 1000 }, { from: '2026-03-04', daily_rate: 1500 }]
    expect(chargeForDays(history, '2026-03-01', '2026-03-06')).toBe(3 * 1000 + 3 * 1500)
    expect(storageCharge({ serviceName: 'S', receivedAt: '2026-03-01T09:00:00Z', releasedAt: null, rates: history, now: new Date('2026-03-06T09:00:00Z') })).toMatchObject({ daily_rate: 1500, amount: 7500, tomorrow_amount: 9000 })
  })

  it("a booking's charges: fixed lines at their price, storage for the days in care", () => {
    const lines = [
      { service_name: 'Viewing', quantity: 1, price_at_booking: 5000 },
      { service_name: 'Storage', quantity: 3, price_at_booking: 1000, per_day: true },
    ]
    const read = bookingCharges({ lines, receivedAt: '2026-03-01T09:00:00Z', releasedAt: null, now: new Date('2026-03-06T09:00:00Z') })
    expect(read.storage?.days).toBe(6)
    expect(read.charges_to_date).toBe(5000 + 6000)
    expect(bookingCharges({ lines: lines.slice(0, 1), receivedAt: '2026-03-01T09:00:00Z', releasedAt: null, now: new Date('2026-03-06T09:00:00Z') })).toEqual({ storage: null, charges_to_date: 5000 })
  })
})
