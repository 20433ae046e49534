/**
 * Business rules that both backends apply (the mock in mocks/ and the server in server/): pure
 * functions over plain values, so the two can never drift apart. Neither backend keeps a copy.
 */
import { MSG_DAYS_NOT_PER_DAY, MSG_SERVICE_HOURS, REQUIRED_DOCUMENT_TYPES, withinServiceHours } from './contracts/bookings'
import { compareIso, nairobiDay } from './dates'
import type { DocumentType } from './contracts/bookings'
import type { WireRole } from './contracts/roles'
import type { ReportPeriod } from './contracts/payments'

export { normaliseKenyanPhone } from './contracts/payments'
/** The admin's password rules and the one check of a new password (the forms use the same). */
export { passwordProblem, passwordRulesOf } from './contracts/password-rules'

/** Longest text a field may hold; longer input is refused with a message naming the field. */
export const LIMITS = { name: 100, place: 100, phone: 20, address: 200, notes: 2000, description: 2000, fileName: 255, email: 254 } as const

/** Highest price of a service, whole KSH. */
export const MAX_SERVICE_PRICE = 10_000_000

interface DocLike {
  document_type: string
  status: string
  created_at?: string
}

/**
 * What a booking still needs (`required_documents`): for an open booking (not cancelled, not
 * completed), each required type without an *approved* document. A pending or rejected upload
 * still counts as needed until the home approves one.
 */
export function missingDocuments(bookingStatus: string, docs: readonly DocLike[]): DocumentType[] {
  if (bookingStatus === 'cancelled' || bookingStatus === 'completed') return []
  return REQUIRED_DOCUMENT_TYPES.filter((type) => !docs.some((d) => d.document_type === type && d.status === 'approved'))
}

/** What is still to pay: the total less the completed payments, never below 0. */
export function amountDue(totalAmount: number, payments: ReadonlyArray<{ status: string; amount: number }>): number {
  const paid = payments.filter((p) => p.status === 'completed').reduce((sum, p) => sum + p.amount, 0)
  return Math.max(0, totalAmount - paid)
}

/** The burial permit's state: approved if any copy is approved, else the newest copy's status. */
export function permitStatus(docs: readonly DocLike[]): 'approved' | 'pending' | 'rejected' | 'missing' {
  const permits = docs.filter((d) => d.document_type === 'burial_permit')
  if (permits.some((d) => d.status === 'approved')) return 'approved'
  const newest = [...permits].sort((a, c) => compareIso(c.created_at ?? '', a.created_at ?? ''))[0]
  return newest ? (newest.status as 'pending' | 'rejected') : 'missing'
}

interface Actor {
  id: number
  role: WireRole
}

/** Who may see a booking: its family, an admin, or the attendant it is assigned to. */
export function canSeeBooking(user: Actor, booking: { client_id: number; attendant_id: number | null }): boolean {
  if (user.role === 'admin') return true
  if (user.role === 'morgue_attendant') return booking.attendant_id === user.id
  return booking.client_id === user.id
}

/** Who may read a deceased record: its family, an admin, or an attendant of one of its bookings. */
export function canSeeDeceased(user: Actor, deceased: { client_id: number }, assignedToUser: boolean): boolean {
  if (user.role === 'admin') return true
  if (user.role === 'morgue_attendant') return assignedToUser
  return deceased.client_id === user.id
}

/** A family may cancel its own booking while it has not started; every other change is the admin's. */
export function mayChangeBookingStatus(user: Actor, booking: { status: string }, next: string): boolean {
  if (user.role === 'admin') return true
  return user.role === 'client' && next === 'cancelled' && (booking.status === 'pending' || booking.status === 'confirmed')
}

/** Percent change, one decimal; 0 when both are 0, 100 when growing from 0. */
export function trend(current: number, previous: number): number {
  if (previous === 0) return current === 0 ? 0 : 100
  return Math.round(((current - previous) / previous) * 1000) / 10
}

const DAY = 24 * 60 * 60 * 1000
type RollingTimeframe = 'week' | 'month' | 'quarter' | 'half_year' | 'year'
/** The rolling windows: so many days back from now. */
export const TIMEFRAME_DAYS: Record<RollingTimeframe, number> = { week: 7, month: 30, quarter: 90, half_year: 182, year: 365 }
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000
/** The instant a Nairobi calendar month begins (month 0-11; a month past December rolls into the next year). */
const nairobiMonthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1) - NAIROBI_OFFSET_MS)

/**
 * The instants a report covers, both included: a rolling window ends now; a calendar month or year
 * (Nairobi's calendar, +03:00 all year) runs from its first instant, to now for the current one or
 * to its last millisecond for the one before. A chosen range runs from its first day's Nairobi
 * midnight to the last millisecond of its last day.
 */
export function reportWindow(timeframe: ReportPeriod, now = Date.now()): { from: Date; to: Date } {
  if (typeof timeframe !== 'string') {
    const midnight = (day: string) => Date.parse(`${day}T00:00:00Z`) - NAIROBI_OFFSET_MS
    return { from: new Date(midnight(timeframe.from)), to: new Date(midnight(timeframe.to) + DAY - 1) }
  }
  const here = new Date(now + NAIROBI_OFFSET_MS)
  const [y, m] = [here.getUTCFullYear(), here.getUTCMonth()]
  const upTo = (next: Date) => new Date(next.getTime() - 1)
  switch (timeframe) {
    case 'this_month':
      return { from: nairobiMonthStart(y, m), to: new Date(now) }
    case 'last_month':
      return { from: nairobiMonthStart(y, m - 1), to: upTo(nairobiMonthStart(y, m)) }
    case 'this_year':
      return { from: nairobiMonthStart(y, 0), to: new Date(now) }
    case 'last_year':
      return { from: nairobiMonthStart(y - 1, 0), to: upTo(nairobiMonthStart(y, 0)) }
    default:
      return { from: new Date(now - TIMEFRAME_DAYS[timeframe] * DAY), to: new Date(now) }
  }
}

// ---- dates: Nairobi days come from the app's one definition (src/lib/dates) ----
/** True when 'YYYY-MM-DD' is a real calendar date. */
export function isRealDate(ymd: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.toISOString().slice(0, 10) === ymd
}

/** Latest service date accepted: two years ahead (a service in the year 9999 is a typo). */
export const MAX_SERVICE_DAYS_AHEAD = 730
/** Earliest date of death accepted. */
export const MIN_DATE_OF_DEATH = '1900-01-01'

/** What is wrong with a date of death ('YYYY-MM-DD'), or null: a real day, not after today in Nairobi. */
export function dateOfDeathProblem(ymd: string, now = new Date()): string | null {
  if (!isRealDate(ymd)) return 'Date of death is not a valid date'
  if (ymd > nairobiDay(now)) return 'Date of death cannot be in the future'
  if (ymd < MIN_DATE_OF_DEATH) return 'Date of death is too far in the past'
  return null
}

/**
 * What is wrong with one line of a booking request, or null, and its quantity: a real date and
 * time, not in the past, at most two years ahead, within the opening hours; a number of days only
 * for a service priced per day. `field` is the key of the 422's `errors`.
 */
export function bookingLineCheck(
  line: { scheduled_date: string; quantity?: number },
  service: { per_day?: boolean | null },
  index: number,
  now = new Date(),
): { problem: { message: string; field: string } | null; quantity: number } {
  const dateField = `services.${index}.scheduled_date`
  const quantity = line.quantity ?? 1
  const fail = (message: string, field = dateField) => ({ problem: { message, field }, quantity })
  const day = line.scheduled_date.slice(0, 10)
  const hhmm = line.scheduled_date.slice(11, 16)
  const [hh, mm] = hhmm.split(':').map(Number)
  if (!isRealDate(day) || hh === undefined || mm === undefined || hh > 23 || mm > 59) return fail('Service date is not a valid date')
  if (day < nairobiDay(now)) return fail('Service date cannot be in the past')
  if (day > nairobiDay(new Date(now.getTime() + MAX_SERVICE_DAYS_AHEAD * 86_400_000))) return fail('Service date is too far in the future')
  if (!withinServiceHours(hhmm)) return fail(MSG_SERVICE_HOURS)
  if (quantity !== 1 && !service.per_day) return fail(MSG_DAYS_NOT_PER_DAY, `services.${index}.quantity`)
  return { problem: null, quantity }
}

const LIMIT_OF: Record<string, number> = {
  Name: LIMITS.name,
  Venue: LIMITS.place,
  Pickup: LIMITS.place,
  'First name': LIMITS.name,
  'Last name': LIMITS.name,
  'Place of death': LIMITS.place,
  Religion: LIMITS.name,
  Category: LIMITS.name,
  Phone: LIMITS.phone,
  Address: LIMITS.address,
  Email: LIMITS.email,
  Notes: LIMITS.notes,
  Description: LIMITS.description,
  'Name (Kiswahili)': LIMITS.name,
  'Description (Kiswahili)': LIMITS.description,
  'File name': LIMITS.fileName,
}

/** Text longer than its field allows: the 422 message names the field ('Notes must be at most 2000 characters'). */
export class FieldTooLong extends Error {
  readonly field: string
  constructor(field: string, label: string, max: number) {
    super(`${label} must be at most ${max} characters`)
    this.field = field
  }
}

/** Checks the free-text fields of an input against their limits (field → label); returns the input. */
export function checkLengths<T extends object>(input: T, labels: Partial<Record<keyof T & string, string>>): T {
  for (const [field, label] of Object.entries(labels) as Array<[keyof T & string, string]>) {
    const value = input[field]
    const max = LIMIT_OF[label] ?? LIMITS.notes
    if (typeof value === 'string' && value.length > max) throw new FieldTooLong(field, label, max)
  }
  return input
}

/** A booking is not cancelled while a payment is on its way (the family could end up cancelled and charged). */
export const MSG_CANCEL_WHILE_PAYING = 'A payment for this booking is in progress. Please wait for it to finish before cancelling.'

/** The activity line that flags a cancelled booking with money received, for the admin to refund. */
export function refundDueMessage(bookingId: number, paid: number): string {
  return `Booking #${bookingId} cancelled with KSH ${paid.toLocaleString('en-KE')} paid: refund due`
}
