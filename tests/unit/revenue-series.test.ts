import { describe, expect, it } from 'vitest'
import type { Transaction } from '../../shared/contracts/payments'
import { revenueSeries } from '../../src/features/admin/reports/revenue-series'
import { reportFileName } from '../../src/features/admin/reports/live-reports'

// A fixed "now": Wednesday 11 March 2026, 22:30 UTC, which is already Thursday 12 March in Nairobi.
const NOW = new Date('2026-03-11T22:30:00.000Z')

const tx = (date: string, amount: number, status = 'completed'): Transaction => ({
  id: date,
  date,
  description: 'Booking',
  paymentMethod: 'M-Pesa',
  customer: 'Mary',
  amount,
  status,
})

describe('revenue series', () => {
  it('a week is cut into Nairobi days, every day present, only completed payments counted', () => {
    const points = revenueSeries(
      [
        tx('2026-03-11T21:30:00.000Z', 5000), // 00:30 on 12 March in Nairobi
        tx('2026-03-11T08:00:00.000Z', 3000),
        tx('2026-03-11T09:00:00.000Z', 9999, 'failed'),
        tx('2026-03-10T09:00:00.000Z', 700, 'pending'),
      ],
      'week',
      NOW,
    )
    expect(points.map((p) => p.key)).toEqual(['2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12'])
    expect(points.at(-1)).toEqual({ key: '2026-03-12', label: '12 Mar', revenue: 5000 })
    expect(points.at(-2)?.revenue).toBe(3000)
    expect(points.reduce((s, p) => s + p.revenue, 0)).toBe(8000)
  })

  it('a quarter is cut into weeks starting on Monday', () => {
    const points = revenueSeries([tx('2026-03-04T10:00:00.000Z', 4000), tx('2026-03-08T10:00:00.000Z', 1000)], 'quarter', NOW)
    expect(points.every((p) => new Date(`${p.key}T00:00:00Z`).getUTCDay() === 1)).toBe(true)
    const week = points.find((p) => p.key === '2026-03-02')
    expect(week).toEqual({ key: '2026-03-02', label: 'w/c 2 Mar', revenue: 5000 })
    expect(points.at(-1)?.key).toBe('2026-03-09')
  })

  it('a year is cut into months, from the same month last year to this one', () => {
    const points = revenueSeries([tx('2025-12-31T22:00:00.000Z', 2500), tx('2025-04-15T10:00:00.000Z', 100)], 'year', NOW)
    expect(points[0]?.key).toBe('2025-03')
    expect(points.at(-1)?.key).toBe('2026-03')
    expect(points).toHaveLength(13)
    // 22:00 UTC on 31 December is 1 January in Nairobi.
    expect(points.find((p) => p.key === '2026-01')?.revenue).toBe(2500)
    expect(points.find((p) => p.key === '2025-12')?.revenue).toBe(0)
    expect(points.find((p) => p.key === '2025-04')).toMatchObject({ label: 'Apr 2025', revenue: 100 })
  })

  it('a chosen range is cut by its length: its own Nairobi days, whole, whatever now is', () => {
    const fortnight = revenueSeries([tx('2026-01-14T21:30:00.000Z', 800), tx('2026-01-15T21:30:00.000Z', 900)], { from: '2026-01-02', to: '2026-01-15' }, NOW)
    expect(fortnight.map((p) => p.key)).toEqual(Array.from({ length: 14 }, (_, i) => `2026-01-${String(i + 2).padStart(2, '0')}`))
    // 21:30 UTC on the 14th is the 15th in Nairobi, the range's last day; on the 15th it is the 16th, past it.
    expect(fortnight.at(-1)?.revenue).toBe(800)
    expect(fortnight.reduce((s, p) => s + p.revenue, 0)).toBe(800)
    expect(revenueSeries([], { from: '2026-01-01', to: '2026-01-15' }, NOW).every((p) => new Date(`${p.key}T00:00:00Z`).getUTCDay() === 1)).toBe(true)
    expect(revenueSeries([], { from: '2025-01-01', to: '2025-12-31' }, NOW).map((p) => p.key)).toHaveLength(12)
    expect(reportFileName({ timeframe: { from: '2026-01-02', to: '2026-01-15' }, type: 'all' }, NOW)).toBe('financial-report-2026-01-02-to-2026-01-15-all-2026-03-12.xlsx')
  })

  it('payments outside the window are left out', () => {
    const points = revenueSeries([tx('2026-01-01T10:00:00.000Z', 5000)], 'week', NOW)
    expect(points.reduce((s, p) => s + p.revenue, 0)).toBe(0)
  })
})

describe('figures of the financial screen', () => {
  it('the report file name carries the timeframe, the content and the Nairobi day it was made', () => {
    expect(reportFileName({ timeframe: 'half_year', type: 'payments' }, NOW)).toBe('financial-report-last-6-months-payments-2026-03-12.xlsx')
    expect(reportFileName({ timeframe: 'half_year', type: 'payments' }, NOW, 'sw')).toBe('ripoti-ya-fedha-miezi-6-iliyopita-malipo-2026-03-12.xlsx')
  })
})
