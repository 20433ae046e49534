/**
 * What needs doing first, as plain functions over a booking as the app reads it, with "now" as a
 * parameter. One rule for both sides: the attendant's "Needs attention" asks `servicesSoon` and
 * `releaseBlocked`; the family's next steps ask the same two, so a body the attendant cannot release
 * is the family's red banner, never their third card.
 */
import type { Booking, PaymentStatus } from './contracts/bookings'
import { compareIso } from './dates'

/** How far ahead "soon" looks: a service within this many hours with something missing is urgent. */
export const SOON_HOURS = 48
const HOUR_MS = 60 * 60 * 1000

/** Not completed and not cancelled. */
export const isOpenBooking = (b: Pick<Booking, 'status'>): boolean => b.status !== 'completed' && b.status !== 'cancelled'

/** The earliest service line's date and time ('YYYY-MM-DDTHH:mm:00', Nairobi local), if any. */
export function serviceAt(b: Pick<Booking, 'services'>): string | null {
  const dates = b.services.map((s) => s.scheduled_date).filter((d): d is string => !!d)
  return dates.sort()[0] ?? null
}

/** Nairobi keeps +03:00 all year: a service line's local time as an instant. */
export const instantOf = (localAt: string): number => Date.parse(`${localAt}+03:00`)

/** Hours from now to the service (negative once it has started); null when none is scheduled. */
export function hoursToService(b: Pick<Booking, 'services'>, now: Date): number | null {
  const at = serviceAt(b)
  const t = at ? instantOf(at) : NaN
  return Number.isFinite(t) ? (t - now.getTime()) / HOUR_MS : null
}

/** Open, the transfer not over, and the service starts within the next `hours` (48 by default). */
export function isServiceSoon(b: Booking, now: Date, hours = SOON_HOURS): boolean {
  const h = hoursToService(b, now)
  return isOpenBooking(b) && b.morgue?.transport_status !== 'delivered' && h !== null && h >= 0 && h < hours
}

/** Open bookings whose service starts within the next 48 hours (transfer not over), soonest first. */
export function servicesSoon(bookings: readonly Booking[], now: Date): Booking[] {
  return bookings.filter((b) => isServiceSoon(b, now)).sort((a, b) => compareIso(serviceAt(a) ?? '', serviceAt(b) ?? ''))
}

/** Still in the home's care: an open booking whose body has not been released. */
export const inCare = (b: Booking): boolean => isOpenBooking(b) && !b.morgue?.released_at

/** In care, and cannot be released: the burial permit is missing or was rejected. */
export function releaseBlocked(b: Booking): boolean {
  return inCare(b) && (b.morgue?.burial_permit === 'missing' || b.morgue?.burial_permit === 'rejected')
}

export type PaperState = 'missing' | 'pending' | 'rejected'

/** Each required paper not yet approved and where it stands (from the documents the booking carries). */
export interface PaperToDo {
  type: string
  state: PaperState
  /** The reviewer's reason when the latest copy was rejected. */
  note?: string
}

export function papersToDo(b: Booking): PaperToDo[] {
  if (!isOpenBooking(b)) return []
  const docs = b.morgue?.documents ?? []
  return b.required_documents.map((type) => {
    const mine = docs.filter((d) => d.document_type === type).sort((x, y) => compareIso(y.created_at, x.created_at))
    if (mine.some((d) => d.status === 'pending')) return { type, state: 'pending' as const }
    const latest = mine[0]
    if (latest?.status !== 'rejected') return { type, state: 'missing' as const }
    const note = latest.review_notes?.trim()
    return note ? { type, state: 'rejected' as const, note } : { type, state: 'rejected' as const }
  })
}

/** A booking's money as amountDueNow reads it (the wire booking has every field). */
export interface MoneyOfBooking {
  status: string
  payment_status: string
  total_amount: number
  amount_paid?: number | null
  charges_to_date?: number | null
  /** Money the office took outside the app's payments when it marked the booking paid (settledOutside). */
  settled_outside?: number | null
}

/**
 * What is really owed on a booking now: its charges to date (the fixed lines plus storage for the
 * days in care so far, as the invoice shows them) less everything paid, the relatives'
 * contributions included, and less what the office settled outside the app when it marked the
 * booking paid; 0 once cancelled or refunded. A booking marked paid has its booked total settled, so
 * only storage beyond it is still owed, and what the family pays after that counts against it.
 */
export function amountDueNow(b: MoneyOfBooking): number {
  if (b.status === 'cancelled' || b.payment_status === 'refunded') return 0
  return Math.max(0, chargesToDate(b) - amountSettled(b))
}

/** Every charge so far (the fixed lines plus storage for the days in care); the booked total when the answer does not say. */
export function chargesToDate(b: { total_amount: number; charges_to_date?: number | null }): number {
  return b.charges_to_date ?? b.total_amount
}

/** Everything paid on a booking: its completed payments and what the office took outside the app. */
export function amountSettled(b: MoneyOfBooking): number {
  const paid = b.amount_paid ?? 0
  // Without the office's figure (an older answer), a booking marked paid counts its booked total settled.
  return paid + (b.settled_outside ?? (b.payment_status === 'paid' ? Math.max(0, b.total_amount - paid) : 0))
}

/**
 * What the office settled outside the app's payments (cash at the office, a bank transfer): when
 * the admin's last word on the payment status was "paid" while the completed payments fell short
 * of the booked total, the difference as it stood then (`paidWhenMarkedPaid`: the completed
 * payments up to that moment). Payments after it are on top of it, towards storage beyond the
 * booked days. A booking marked paid with no such word in its trail (older data) counts its booked
 * total settled; one whose last word was another status, nothing.
 */
export function settledOutside(
  b: { payment_status: string; total_amount: number; amount_paid?: number | null; audit?: ReadonlyArray<{ field: string; to: string }> | null },
  paidWhenMarkedPaid: number | null,
): number {
  const last = (b.audit ?? []).filter((a) => a.field === 'payment_status').at(-1)
  if (last) return last.to === 'paid' ? Math.max(0, b.total_amount - (paidWhenMarkedPaid ?? 0)) : 0
  return b.payment_status === 'paid' ? Math.max(0, b.total_amount - (b.amount_paid ?? 0)) : 0
}

/**
 * The payment status a booking takes when one of its payments completes, on both backends: paid
 * when what is settled (payments and what the office took outside them) covers the booked total and
 * every charge so far; partial while something is owed after something was settled; pending when
 * nothing was. A paid booking whose body stayed longer than booked is partial once the family pays
 * part of that balance, and paid again when it is covered. Read with the payment counted.
 */
export function paymentStatusAfterPayment(b: MoneyOfBooking): PaymentStatus {
  if (b.payment_status === 'refunded') return 'refunded'
  const settled = amountSettled(b)
  if (amountDueNow(b) === 0 && settled >= b.total_amount) return 'paid'
  return settled > 0 ? 'partial' : 'pending'
}

/**
 * The payment status as the family reads it: a booking marked paid that owes more today (its body
 * stayed longer than booked) reads "partial" until that balance is paid. The stored status changes
 * only when money moves or the office sets it; the passing days do not write it.
 */
export function paymentStatusNow(b: MoneyOfBooking): string {
  return b.payment_status === 'paid' && amountDueNow(b) > 0 ? 'partial' : b.payment_status
}

/**
 * Whether the family can pay on this booking now: not cancelled, and something owed today by
 * amountDueNow's rule (storage to date counted), whatever its payment status says. A booking marked
 * paid whose body stayed longer than booked is payable for that balance. Both backends' lists of
 * bookings to pay, and the family's screens, ask this.
 */
export function isPayableNow(b: MoneyOfBooking): boolean {
  return b.status !== 'cancelled' && amountDueNow(b) > 0
}

/**
 * A booking to pay as GET /payments/pending lists it (both backends build the row here from the
 * booking as the app reads it): what is due today, of all that is charged so far.
 */
export function pendingPaymentRow(
  b: MoneyOfBooking & { id: number | string; deceased_first_name: string; deceased_last_name: string; created_at: string; services: ReadonlyArray<{ service_name: string }> },
) {
  return {
    id: Number(b.id),
    deceased_first_name: b.deceased_first_name,
    deceased_last_name: b.deceased_last_name,
    total_amount: b.total_amount,
    amount_due: amountDueNow(b),
    charges_to_date: chargesToDate(b),
    payment_status: b.payment_status,
    status: b.status,
    created_at: b.created_at,
    services: b.services.map((l) => l.service_name),
  }
}

/**
 * One thing for the family to do or know, most urgent first:
 * - `urgent`: the service is within 48 hours and a paper is not approved (it cannot go ahead):
 *   upload what is missing or rejected, or call;
 * - `upload`: papers missing or rejected (nothing for the family to do while one waits for review);
 * - `pay`: money still due;
 * - `news`: the home changed something on the booking since the family last opened it.
 */
export type NextStep =
  | { kind: 'urgent'; booking: Booking; at: string; hours: number; papers: PaperToDo[] }
  | { kind: 'upload'; booking: Booking; papers: PaperToDo[] }
  | { kind: 'pay'; booking: Booking; amount: number }
  | { kind: 'news'; booking: Booking }

const RANK: Record<NextStep['kind'], number> = { urgent: 0, upload: 1, pay: 2, news: 3 }

/** The family's next steps over all their bookings: urgent first, then by service date, soonest first. */
export function familyNextSteps(bookings: readonly Booking[], now: Date): NextStep[] {
  const steps: NextStep[] = []
  for (const b of bookings) {
    const papers = papersToDo(b)
    const at = serviceAt(b)
    const hours = hoursToService(b, now)
    if (papers.length > 0 && at && hours !== null && isServiceSoon(b, now)) {
      steps.push({ kind: 'urgent', booking: b, at, hours, papers })
    } else {
      const toUpload = papers.filter((p) => p.state !== 'pending')
      if (toUpload.length > 0) steps.push({ kind: 'upload', booking: b, papers: toUpload })
    }
    // What is owed today (storage so far counted), even on a booking marked paid.
    const due = isOpenBooking(b) ? amountDueNow(b) : 0
    if (due > 0) steps.push({ kind: 'pay', booking: b, amount: due })
    if (b.has_notifications) steps.push({ kind: 'news', booking: b })
  }
  const when = (s: NextStep) => serviceAt(s.booking) ?? '9999'
  return steps.sort((x, y) => Number(y.kind === 'urgent') - Number(x.kind === 'urgent') || compareIso(when(x), when(y)) || RANK[x.kind] - RANK[y.kind])
}

/** The open bookings (pending, confirmed, in progress and any other not completed or cancelled). */
export const openBookings = (bookings: readonly Booking[]): Booking[] => bookings.filter(isOpenBooking)
