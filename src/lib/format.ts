import { CURRENCY } from '../../shared/constants'
import { nairobiWallClock } from '../../shared/dates'
import { currentLocale, intlLocale } from './i18n'
import { wholeNumber } from '../../shared/whole-number'

/** One formatter per language in use (Kenyan English or Kenyan Kiswahili), made when first needed. */
function perLocale<T>(make: (locale: string) => T): () => T {
  const made = new Map<string, T>()
  return () => {
    const locale = intlLocale()
    let value = made.get(locale)
    if (!value) made.set(locale, (value = make(locale)))
    return value
  }
}

const amount = perLocale((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }))

function formatAmount(n: number): string {
  return wholeNumber(n) ?? amount().format(n)
}

/** 5000 → 'KSH 5,000' (SPEC.md section 9: amounts in KSH). */
export function formatKsh(n: number): string {
  return `${CURRENCY} ${formatAmount(n)}`
}

/** 1234 → '1,234' in the language in use. */
export function formatNumber(n: number): string {
  return formatAmount(n)
}

const dateOnly = /^\d{4}-\d{2}-\d{2}$/
const noZone = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/

/**
 * An instant from a wire date. A bare date is a Nairobi calendar day; a date-time without a zone
 * (a booking's `scheduled_date`) is Nairobi wall-clock time, whatever zone the phone is set to.
 */
function toInstant(value: string): Date | null {
  let text = value
  if (dateOnly.test(value)) text = `${value}T12:00:00+03:00`
  else if (noZone.test(value)) text = `${value}+03:00`
  const date = new Date(text)
  return Number.isNaN(date.getTime()) ? null : date
}

/**
 * Dates are written by hand on Nairobi's wall clock (shared/dates.ts), the same on every phone
 * whatever its own locale and Intl data: day, short month, year, 24-hour time.
 */
const MONTHS = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  sw: ['Jan', 'Feb', 'Mac', 'Apr', 'Mei', 'Jun', 'Jul', 'Ago', 'Sep', 'Okt', 'Nov', 'Des'],
} as const
const twoDigits = (n: number) => String(n).padStart(2, '0')
const dayMonth = (wall: Date) => `${wall.getUTCDate()} ${MONTHS[currentLocale()][wall.getUTCMonth()]}`
const clock = (wall: Date) => `${twoDigits(wall.getUTCHours())}:${twoDigits(wall.getUTCMinutes())}`

/** '2026-03-10' or an ISO instant → '10 Mar 2026' (Nairobi calendar day). Unparseable text is shown as is. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return ''
  const date = toInstant(value)
  if (!date) return value
  const wall = nairobiWallClock(date)
  return `${dayMonth(wall)} ${wall.getUTCFullYear()}`
}

/** An ISO instant or '2026-03-10T14:30:00' → '10 Mar 2026, 14:30' (Nairobi time). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return ''
  const date = toInstant(value)
  if (!date) return value
  const wall = nairobiWallClock(date)
  return `${dayMonth(wall)} ${wall.getUTCFullYear()}, ${clock(wall)}`
}

/** An ISO instant → '10 Mar, 14:30' (Nairobi time; a message's stamp). */
export function formatDayTime(value: string): string {
  const date = toInstant(value)
  if (!date) return value
  const wall = nairobiWallClock(date)
  return `${dayMonth(wall)}, ${clock(wall)}`
}

/** An instant (ms) → '10:42' (Nairobi time, 24 h): "as of 10:42". */
export function formatClock(at: number): string {
  return clock(nairobiWallClock(at))
}
