/** The financial report's rows (shared/report.ts): from plain payments, bookings and lines, as both backends call them. */
import { describe, expect, it } from 'vitest'
import { serviceRows, summaryOf, transactionRows, type PaymentOfReport } from '../../../shared/report'
import { reportWindow } from '../../../shared/rules'

const payment = (p: Partial<PaymentOfReport> & { id: number }): PaymentOfReport => ({
  bookingId: 1,
  date: '2026-03-01T10:00:00.000Z',
  method: 'mpesa',
  status: 'completed',
  amount: 100,
  receipt: 'QK1',
  contributorName: null,
  clientName: 'Jane Wanjiru',
  ...p,
})

describe('report periods', () => {
  const iso = (w: { from: Date; to: Date }) => [w.from.toISOString(), w.to.toISOString()]
  it("calendar months and years on Nairobi's calendar: the current one up to now, the one before whole", () => {
    // 00:30 on 1 March in Nairobi is still 28 February in UTC.
    const now = Date.parse('2026-02-28T21:30:00.000Z')
    expect(iso(reportWindow('this_month', now))).toEqual(['2026-02-28T21:00:00.000Z', '2026-02-28T21:30:00.000Z'])
    expect(iso(reportWindow('last_month', now))).toEqual(['2026-01-31T21:00:00.000Z', '2026-02-28T20:59:59.999Z'])
    expect(iso(reportWindow('this_year', now))).toEqual(['2025-12-31T21:00:00.000Z', '2026-02-28T21:30:00.000Z'])
    expect(iso(reportWindow('last_year', now))).toEqual(['2024-12-31T21:00:00.000Z', '2025-12-31T20:59:59.999Z'])
    // In January, last month is December of the year before.
    expect(iso(reportWindow('last_month', Date.parse('2026-01-15T09:00:00.000Z')))).toEqual(['2025-11-30T21:00:00.000Z', '2025-12-31T20:59:59.999Z'])
    // The rolling windows end now.
    expect(iso(reportWindow('month', now))).toEqual(['2026-01-29T21:30:00.000Z', '2026-02-28T21:30:00.000Z'])
  })
})

describe('report rows', () => {
  it('the summary: revenue and average of the completed payments; the balances still owed counted and summed, never a count times an average, and aged in Nairobi days', () => {
    const now = new Date('2026-05-01T06:00:00Z')
    const old = '2026-01-01T00:00:00Z'
    const figures = summaryOf(
      [{ amount: 1000 }, { amount: 2001 }],
      [
        // Made at 00:30 in Nairobi today (still yesterday in UTC): 0 days old.
        { createdAt: '2026-04-30T21:30:00Z', status: 'confirmed', paymentStatus: 'pending', totalAmount: 12000, amountPaid: 0 },
        // Part paid by the family and a relative's contribution: both count as paid. Made 1 March, 23:59 in Nairobi: 61 days.
        { createdAt: '2026-03-01T20:59:00Z', status: 'confirmed', paymentStatus: 'partial', totalAmount: 30000, amountPaid: 22500 },
        { createdAt: old, status: 'cancelled', paymentStatus: 'pending', totalAmount: 9000, amountPaid: 0 },
        { createdAt: old, status: 'completed', paymentStatus: 'paid', totalAmount: 5000, amountPaid: 5000 },
        { createdAt: old, status: 'pending', paymentStatus: 'refunded', totalAmount: 4000, amountPaid: 0 },
        // 30 days (1 April, 00:00 in Nairobi) and 31 days (31 March, 23:59): either side of the first edge.
        { createdAt: '2026-03-31T21:00:00Z', status: 'pending', paymentStatus: 'pending', totalAmount: 1000, amountPaid: 0 },
        { createdAt: new Date('2026-03-31T20:59:00Z'), status: 'pending', paymentStatus: 'pending', totalAmount: 2000, amountPaid: 0 },
        { createdAt: old, status: 'confirmed', paymentStatus: 'partial', totalAmount: 800, amountPaid: 300 },
      ],
      now,
    )
    expect(figures).toEqual({
      totalRevenue: 3001,
      completedPayments: 2,
      avgTransactionValue: 1501,
      totalBookings: 8,
      pendingPayments: 5,
      outstandingBalance: 23000,
      ageing: { days0to30: 13000, days31to60: 2000, days61to90: 7500, over90: 500 },
    })
    const empty = { days0to30: 0, days31to60: 0, days61to90: 0, over90: 0 }
    expect(summaryOf([], [], now)).toEqual({ totalRevenue: 0, completedPayments: 0, avgTransactionValue: 0, totalBookings: 0, pendingPayments: 0, outstandingBalance: 0, ageing: empty })
  })

  it('transactions: newest first (the later id first on the same moment), described by their services, a contribution named after the relative', () => {
    const rows = transactionRows(
      [
        payment({ id: 1, date: '2026-03-01T10:00:00.000Z' }),
        payment({ id: 2, date: '2026-03-02T10:00:00.000Z', bookingId: 2, contributorName: 'Otieno', receipt: null, status: 'processing' }),
        payment({ id: 3, date: '2026-03-01T10:00:00.000Z', method: 'cash', clientName: null }),
      ],
      (bookingId) => (bookingId === 1 ? ['Hearse', 'Viewing'] : []),
    )
    expect(rows.map((r) => r.id)).toEqual([2, 3, 1])
    expect(rows[0]).toEqual({ id: 2, date: '2026-03-02T10:00:00.000Z', description: 'Booking #2', paymentMethod: 'M-Pesa', customer: 'Otieno (contribution)', amount: 100, status: 'processing', receipt: null })
    expect(rows[1]).toMatchObject({ description: 'Booking #1 – Hearse, Viewing', paymentMethod: 'Other', customer: 'Former client' })
    expect(rows[2]).toMatchObject({ customer: 'Jane Wanjiru', receipt: 'QK1' })
  })

  it('services: each counted by quantity and valued at its booked price, the most valuable first (then by name)', () => {
    expect(
      serviceRows([
        { service: 'Viewing', quantity: 1, price: 500 },
        { service: 'Hearse', quantity: 2, price: 1000 },
        { service: 'Viewing', quantity: 3, price: 500 },
        { service: 'Flowers', quantity: 1, price: 2000 },
      ]),
    ).toEqual([
      { service: 'Flowers', bookings: 1, revenue: 2000 },
      { service: 'Hearse', bookings: 2, revenue: 2000 },
      { service: 'Viewing', bookings: 4, revenue: 2000 },
    ])
    expect(serviceRows([])).toEqual([])
  })
})
