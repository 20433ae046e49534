import { TIME_ZONE } from './constants'

/** 'en-CA' formats as YYYY-MM-DD; the family's calendar day is Nairobi's, never UTC's. */
const nairobiDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })

/**
 * The calendar day of an instant in Africa/Nairobi, 'YYYY-MM-DD' (today by default). ISO date
 * strings compare correctly as text. The app, the mock and the tests all take the day from here.
 */
export function nairobiDay(at: Date = new Date()): string {
  return nairobiDayFormat.format(at)
}

/** 'YYYY-MM-DD' shifted by whole days (calendar arithmetic, no time zone involved). */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number)
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days))
  return date.toISOString().slice(0, 10)
}
