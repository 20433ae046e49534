import type { Transaction } from '../../../../shared/contracts/payments'
import type { ViewPeriod, ViewTimeframe } from '../../../../machines/admin/financial-reports.machine'
import { addDays, nairobiDay } from '../../../../shared/dates'
import { reportWindow } from '../../../../shared/rules'

/** One bar of the revenue chart. */
export interface RevenuePoint {
  /** Bucket key: 'YYYY-MM-DD' (a day or the Monday of a week) or 'YYYY-MM'. */
  key: string
  label: string
  revenue: number
}

export type Bucket = 'day' | 'week' | 'month'
/** How finely each timeframe is cut: a handful to a dozen bars, readable on a phone. */
export const BUCKET_OF: Record<ViewTimeframe, Bucket> = {
  week: 'day',
  month: 'week',
  quarter: 'week',
  half_year: 'month',
  year: 'month',
  this_month: 'week',
  last_month: 'week',
  this_year: 'month',
  last_year: 'month',
}

/**
 * How finely a chosen range is cut, by its length in days: days up to a fortnight, weeks up to
 * about four months, months beyond (as the named periods of those lengths are).
 */
export function bucketOf(period: ViewPeriod): Bucket {
  if (typeof period === 'string') return BUCKET_OF[period]
  const days = (Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / 86_400_000 + 1
  return days <= 14 ? 'day' : days <= 120 ? 'week' : 'month'
}

/** The months' short names in English (the chart's own, fixed: Intl's differ between versions, e.g. 'Sept'). */
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

/** The Monday of the week of a 'YYYY-MM-DD' day (calendar arithmetic, no time zone). */
function mondayOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number)
  const weekday = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).getUTCDay()
  return addDays(day, -((weekday + 6) % 7))
}

function keyOf(day: string, bucket: Bucket): string {
  if (bucket === 'month') return day.slice(0, 7)
  if (bucket === 'week') return mondayOf(day)
  return day
}

/**
 * A bar's name: '12 Mar', 'w/c 2 Mar' (the week commencing that Monday) or 'Apr 2025'. Another
 * language gives its months' short names and its way of naming a week by its first day.
 */
export function periodLabel(
  key: string,
  bucket: Bucket,
  months: readonly string[] = MONTHS,
  weekOf: (day: string) => string = (day) => `w/c ${day}`,
): string {
  const month = months[Number(key.slice(5, 7)) - 1] ?? ''
  if (bucket === 'month') return `${month} ${key.slice(0, 4)}`
  const day = `${Number(key.slice(8, 10))} ${month}`
  return bucket === 'week' ? weekOf(day) : day
}

function nextKey(key: string, bucket: Bucket): string {
  if (bucket === 'day') return addDays(key, 1)
  if (bucket === 'week') return addDays(key, 7)
  const [y, m] = key.split('-').map(Number)
  const next = new Date(Date.UTC(y ?? 1970, m ?? 1, 1))
  return next.toISOString().slice(0, 7)
}

/**
 * Completed revenue per day, week or month (Nairobi calendar) over the period's window (a named one
 * ending at `now`, or the chosen days), every bucket present (zero when nothing was paid) so the
 * chart's axis is continuous.
 */
export function revenueSeries(transactions: Transaction[], timeframe: ViewPeriod, now: Date): RevenuePoint[] {
  const bucket = bucketOf(timeframe)
  // The server's window (rolling or calendar), cut on Nairobi's calendar.
  const { from, to } = reportWindow(timeframe, now.getTime())
  const first = keyOf(nairobiDay(from), bucket)
  const last = keyOf(nairobiDay(to), bucket)
  const totals = new Map<string, number>()
  for (let key = first; key <= last; key = nextKey(key, bucket)) totals.set(key, 0)
  for (const t of transactions) {
    if (t.status !== 'completed') continue
    const at = new Date(t.date)
    if (Number.isNaN(at.getTime())) continue
    const key = keyOf(nairobiDay(at), bucket)
    if (totals.has(key)) totals.set(key, (totals.get(key) ?? 0) + t.amount)
  }
  return [...totals].map(([key, revenue]) => ({ key, label: periodLabel(key, bucket), revenue }))
}
