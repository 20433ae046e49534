/**
 * Mortuary storage as it is charged: for the days the body is actually in care, counted in
 * Nairobi calendar days from its receipt to its release (both days count; "today" while it is still
 * in care), at the daily rate in force on each day. Computed on reading from the care record, never
 * accumulated, so the family can check it by hand. Both backends and the documents use this.
 */
import { addDays, compareIso, nairobiDay } from './dates'

/** A daily rate and the Nairobi day from which it applies ('YYYY-MM-DD'). */
export interface DailyRate {
  from: string
  daily_rate: number
}

export interface StorageCharge {
  /** The per-day service's name as booked ("Body Storage (per day)"). */
  service_name: string
  /** Nairobi day of receipt, and of release (null while in care). */
  from: string
  until: string | null
  in_care: boolean
  /** Days charged so far (receipt day = day 1). */
  days: number
  /** The rate in force on the last day charged (today's while in care). */
  daily_rate: number
  amount: number
  /** What storage will have cost by the end of tomorrow, while the body is still in care; else the amount. */
  tomorrow_amount: number
}

/** Whole days from one 'YYYY-MM-DD' to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/** The rate in force on a day: the latest one whose `from` is on or before it (else the earliest). */
export function rateOn(rates: readonly DailyRate[], day: string): number {
  const sorted = [...rates].sort((a, b) => compareIso(a.from, b.from))
  let rate = sorted[0]?.daily_rate ?? 0
  for (const r of sorted) if (r.from <= day) rate = r.daily_rate
  return rate
}

/** The sum of the daily rates over the days `from`..`to` inclusive, by whole stretches of one rate. */
export function chargeForDays(rates: readonly DailyRate[], from: string, to: string): number {
  if (to < from) return 0
  const changes = [...new Set(rates.map((r) => r.from))].filter((d) => d > from && d <= to).sort()
  let total = 0
  let start = from
  for (const change of [...changes, addDays(to, 1)]) {
    total += rateOn(rates, start) * daysBetween(start, change)
    start = change
  }
  return total
}

/**
 * The storage charge of a stay: received and released are instants (ISO strings or Dates), `now`
 * the reading's instant. A body received "in the future" (a clock ahead) counts 0 days.
 */
export function storageCharge({
  serviceName,
  receivedAt,
  releasedAt,
  rates,
  now,
}: {
  serviceName: string
  receivedAt: string | Date
  releasedAt: string | Date | null
  rates: readonly DailyRate[]
  now: Date
}): StorageCharge {
  const from = nairobiDay(new Date(receivedAt))
  const until = releasedAt ? nairobiDay(new Date(releasedAt)) : null
  const last = until ?? nairobiDay(now)
  const days = Math.max(0, daysBetween(from, last) + 1)
  const amount = chargeForDays(rates, from, last)
  const tomorrow = addDays(last, 1)
  return {
    service_name: serviceName,
    from,
    until,
    in_care: until === null,
    days,
    daily_rate: rateOn(rates, last),
    amount,
    tomorrow_amount: until === null ? amount + (days > 0 ? rateOn(rates, tomorrow) : chargeForDays(rates, from, tomorrow)) : amount,
  }
}

/**
 * A booking's charges read today: every line at its booked price and quantity, except the per-day
 * line (storage), charged for the days in care. Lines without `per_day` are fixed-price.
 */
export function bookingCharges({
  lines,
  receivedAt,
  releasedAt,
  now,
}: {
  lines: ReadonlyArray<{ service_name: string; quantity: number; price_at_booking: number; per_day?: boolean | null }>
  receivedAt: string | Date
  releasedAt: string | Date | null
  now: Date
}): { storage: StorageCharge | null; charges_to_date: number } {
  const perDay = lines.find((l) => l.per_day)
  // No price history is kept: the rate agreed at booking is the rate in force on every day.
  const storage = perDay
    ? storageCharge({ serviceName: perDay.service_name, receivedAt, releasedAt, rates: [{ from: '0000-01-01', daily_rate: perDay.price_at_booking }], now })
    : null
  const fixed = lines.filter((l) => l !== perDay).reduce((sum, l) => sum + l.price_at_booking * l.quantity, 0)
  return { storage, charges_to_date: fixed + (storage?.amount ?? 0) }
}
