/**
 * The rules that decide about bookings, their deceased and the morgue's side of them, as both
 * backends apply them: plain functions over plain data. The mock (mocks/handlers/bookings.ts,
 * morgue.ts) and the server (server/domain/bookings.ts) each read their store, call these, and
 * write what they answer; neither keeps a copy of a check.
 */
import { ApiError } from './errors'
import { bookingLineCheck, mayChangeBookingStatus } from './rules'
import { amountDueNow } from './urgency'
import {
  MSG_BOOKING_CHANGED,
  MSG_STATUS_GAP,
  MSG_STATUS_NEEDS_OVERRIDE,
  MSG_DECEASED_NOT_FOUND,
  type Booking,
  type StatusGap,
  MSG_NOT_AN_ATTENDANT,
  MSG_PAID_NEEDS_REASON,
  MSG_SERVICE_TWICE,
  MSG_UNKNOWN_SERVICE,
  type BookingRequest,
  type BookingStatus,
  type PaymentStatus,
  type AuditField,
} from './contracts/bookings'
import { MSG_ALREADY_LEFT, MSG_NOT_DEPARTED, MSG_NOT_IN_CARE, MSG_NOT_RELEASED, MSG_TRANSFER_DELIVERED, MSG_TRANSFER_DEPARTED, PREP_TASKS, type PrepTask } from './contracts/morgue'
import type { WireRole } from './contracts/roles'

interface Actor {
  id: number
  role: WireRole
  name: string
}

/** A service as a booking line needs it. */
export interface BookableService {
  id: number
  name: string
  price: number
  per_day?: boolean | null
}

/** One line of a new booking, priced as the catalogue says today. */
export interface NewBookingLine {
  service_id: number
  service_name: string
  quantity: number
  price_at_booking: number
  scheduled_date: string
}

/**
 * Checks a new booking and prices it. `services[i]` is the catalogue's service for the request's
 * line i (undefined when its id names none); `deceased` the record the request names, if any.
 * Throws the 404/422 both backends answer; else the lines, the total and the trimmed texts.
 */
export function checkNewBooking<D extends { client_id: number }>({
  request,
  services,
  deceased,
  actor,
  now = new Date(),
}: {
  request: Pick<BookingRequest, 'services' | 'notes' | 'venue'>
  services: ReadonlyArray<BookableService | undefined>
  deceased: D | undefined
  actor: { id: number }
  now?: Date
}): { deceased: D; lines: NewBookingLine[]; total_amount: number; notes: string | null; venue: string | null } {
  if (!deceased || deceased.client_id !== actor.id) throw new ApiError(404, MSG_DECEASED_NOT_FOUND)
  const lines = priceBookingLines({ request, services, now })
  return {
    deceased,
    lines,
    total_amount: lines.reduce((sum, l) => sum + l.price_at_booking * l.quantity, 0),
    notes: request.notes?.trim() || null,
    venue: request.venue?.trim() || null,
  }
}

/**
 * A booking request's lines checked and priced as the catalogue says today (unknown or repeated
 * services, days for a service not priced per day, a date in the past: the 422 both backends
 * answer). `services[i]` is the catalogue's service for line i. A new booking and a draft's
 * quotation price their lines here alike.
 */
export function priceBookingLines({
  request,
  services,
  now = new Date(),
}: {
  request: Pick<BookingRequest, 'services'>
  services: ReadonlyArray<BookableService | undefined>
  now?: Date
}): NewBookingLine[] {
  const lines: NewBookingLine[] = []
  for (const [i, line] of request.services.entries()) {
    const key = `services.${i}.service_id`
    const service = services[i]
    if (!service) throw new ApiError(422, `${MSG_UNKNOWN_SERVICE}: ${String(line.service_id)}`, { [key]: MSG_UNKNOWN_SERVICE })
    if (lines.some((l) => l.service_id === service.id)) throw new ApiError(422, `${MSG_SERVICE_TWICE}: ${service.name}`, { [key]: MSG_SERVICE_TWICE })
    const { problem, quantity } = bookingLineCheck(line, service, i, now)
    if (problem) throw new ApiError(422, problem.message, { [problem.field]: problem.message })
    lines.push({ service_id: service.id, service_name: service.name, quantity, price_at_booking: service.price, scheduled_date: line.scheduled_date })
  }
  return lines
}

/** How a status reads in the activity log ("marked as in progress"). */
export const STATUS_LABELS: Record<BookingStatus, string> = { pending: 'pending', confirmed: 'confirmed', in_progress: 'in progress', completed: 'completed', cancelled: 'cancelled' }

/** What a change of status does, once allowed: the booking's new fields and what follows. */
export interface StatusChange {
  /** False when this user may not make this change (the shell answers 403). */
  allowed: boolean
  /** A live booking is being cancelled: an open M-Pesa push must finish first; money received is flagged for refund. */
  cancelling: boolean
  /** An admin's cancellation with a refund: the payment status becomes refunded. */
  refund: boolean
  /** New notes for the booking, when the request gave some. */
  notes: string | undefined
  /** Why, for the audit trail. */
  reason: string | null
  /** The family's dashboard shows news (a change made by the home). */
  notifyFamily: boolean
  /** The family also hears of it by SMS (a real change made by the home, not their own cancellation). */
  smsFamily: boolean
  /** The audit entries to keep (only real changes). */
  audit: AuditEntry[]
  activity: string
}

export interface AuditEntry {
  /** `release`: a body released with a balance due (from: the balance, to: how it is settled). */
  field: AuditField
  from: string
  to: string
  reason: string | null
}

/** An audit entry when something really changed (from ≠ to); a blank reason is kept as none. */
export function auditEntry(field: AuditEntry['field'], from: string, to: string, reason: string | null | undefined): AuditEntry[] {
  if (from === to) return []
  const why = reason?.trim() ?? ''
  return [{ field, from, to, reason: why === '' ? null : why }]
}

/** PATCH /bookings/:id/status: who may, and what it changes. */
export function planStatusChange(
  actor: Pick<Actor, 'id' | 'role'>,
  booking: { id: number; status: string; payment_status: string },
  input: { status: BookingStatus; notes?: string; reason?: string; refund?: boolean },
): StatusChange {
  const allowed = mayChangeBookingStatus(actor, booking, input.status)
  const cancelling = input.status === 'cancelled' && booking.status !== 'cancelled'
  // A refund goes with a cancellation, and only an admin may give one.
  const refund = input.status === 'cancelled' && input.refund === true && actor.role === 'admin'
  const reason = input.reason ?? input.notes ?? null
  return {
    allowed,
    cancelling,
    refund,
    notes: input.notes !== undefined && input.notes.trim() !== '' ? input.notes.trim() : undefined,
    reason,
    notifyFamily: actor.role === 'admin',
    smsFamily: actor.role !== 'client' && booking.status !== input.status,
    audit: [...auditEntry('status', booking.status, input.status, reason), ...(refund ? auditEntry('payment_status', booking.payment_status, 'refunded', reason) : [])],
    activity: `Booking #${booking.id} marked as ${STATUS_LABELS[input.status]}`,
  }
}

/** The booking's facts a status change looks at (the wire booking has them all). */
export type StatusFacts = Pick<
  Booking,
  'status' | 'payment_status' | 'total_amount' | 'amount_paid' | 'charges_to_date' | 'settled_outside' | 'assignedAttendant' | 'morgue'
>

/** Every preparation step ticked (a booking the morgue has no record of has none). */
export const preparationDone = (b: Pick<Booking, 'morgue'>): boolean => PREP_TASKS.every((t) => b.morgue?.tasks.includes(t) === true)

/**
 * What a change of status implies and the booking lacks, so that no change leaves a family or the
 * money wrong: Confirmed needs an attendant; Completed needs the preparation done, the burial
 * permit approved (no body is buried or cremated without one: the attendant's release asks the
 * same) and nothing owed today (amountDueNow: storage to date counted; payments, contributions and
 * the office's cash all count). Empty: nothing missing. The same rule for the
 * screens (which ask before sending) and both backends (which refuse without an override). An
 * attendant is not asked for on completion: the preparation done is their work.
 */
export function statusChangeGaps(b: StatusFacts, to: string): StatusGap[] {
  if (to === b.status) return []
  const gaps: StatusGap[] = []
  if (to === 'confirmed' && !b.assignedAttendant) gaps.push('attendant')
  if (to === 'completed') {
    if (!preparationDone(b)) gaps.push('preparation')
    if (b.morgue?.burial_permit !== 'approved') gaps.push('permit')
    if (amountDueNow(b) > 0) gaps.push('payment')
  }
  return gaps
}

/** How an override's reason reads in the audit trail. */
export const OVERRIDE_PREFIX = 'Override: '

/**
 * Checks a status change against the booking as it stands: 409 when the caller saw another status
 * (a second admin is told, and reads the booking again); 422 naming each gap unless an override
 * reason is given. Answers the reason the audit trail keeps (the override's, marked as one).
 */
export function checkStatusChange(
  b: StatusFacts,
  input: { status: string; reason?: string; notes?: string; override_reason?: string; expected_status?: string },
): string | undefined {
  if (input.expected_status !== undefined && input.expected_status !== b.status) throw new ApiError(409, MSG_BOOKING_CHANGED)
  const gaps = statusChangeGaps(b, input.status)
  if (gaps.length === 0) return input.reason ?? input.notes
  const override = input.override_reason?.trim() ?? ''
  if (override === '') throw new ApiError(422, MSG_STATUS_NEEDS_OVERRIDE, Object.fromEntries(gaps.map((g) => [g, MSG_STATUS_GAP[g]])))
  return `${OVERRIDE_PREFIX}${override}`
}

/**
 * PATCH /bookings/:id/payment: marking paid with no money received needs a receipt number or a
 * reason, for the audit trail. Throws the 422; else the audit entry and the activity line.
 */
export function planPaymentChange(
  booking: { id: number; payment_status: string },
  input: { payment_status: PaymentStatus; reason?: string },
  amountPaid: number,
): { reason: string; audit: AuditEntry[]; activity: string } {
  const reason = input.reason?.trim() ?? ''
  if (input.payment_status === 'paid' && booking.payment_status !== 'paid' && reason === '' && amountPaid === 0) {
    throw new ApiError(422, MSG_PAID_NEEDS_REASON, { reason: MSG_PAID_NEEDS_REASON })
  }
  return { reason, audit: auditEntry('payment_status', booking.payment_status, input.payment_status, reason), activity: `Payment status of booking #${booking.id} set to ${input.payment_status}` }
}

/** POST /bookings/:id/assign: the user named must be a morgue attendant. */
export function checkAttendant<U extends { role: string }>(user: U | undefined): U {
  if (!user || user.role !== 'morgue_attendant') throw new ApiError(422, MSG_NOT_AN_ATTENDANT, { attendant_id: MSG_NOT_AN_ATTENDANT })
  return user
}

export const assignedActivity = (attendantName: string, bookingId: number) => `${attendantName} assigned to booking #${bookingId}`
export const newBookingActivity = (bookingId: number, by: string, deceased: { first_name: string; last_name: string }) =>
  `New booking #${bookingId} by ${by} for ${deceased.first_name} ${deceased.last_name}`

// ---- the morgue's side ----

/** A booking is in the morgue's care until it is completed or cancelled. */
export const inCare = (status: string): boolean => status !== 'completed' && status !== 'cancelled'

/** PUT /bookings/:id/tasks: the tasks kept, in checklist order, each once. */
export function checkTasks(booking: { status: string }, tasks: readonly string[]): PrepTask[] {
  if (!inCare(booking.status)) throw new ApiError(422, MSG_NOT_IN_CARE)
  return PREP_TASKS.filter((t) => tasks.includes(t))
}

/** PATCH /bookings/:id/transport: departs after the release, is delivered after it departed. Returns the message to answer. */
export function checkTransport(care: { released_at: string | Date | null; transport_status: string }, next: 'departed' | 'delivered'): string {
  if (next === 'departed' && !care.released_at) throw new ApiError(422, MSG_NOT_RELEASED)
  if (next === 'delivered' && care.transport_status === 'scheduled') throw new ApiError(422, MSG_NOT_DEPARTED)
  return next === 'departed' ? MSG_TRANSFER_DEPARTED : MSG_TRANSFER_DELIVERED
}

/** PUT /bookings/:id/pickup: while in care and before the transfer leaves; blank puts back the usual place. */
export function checkPickup(booking: { status: string }, care: { transport_status: string }, pickup: string): string | null {
  if (!inCare(booking.status)) throw new ApiError(422, MSG_NOT_IN_CARE)
  if (care.transport_status !== 'scheduled') throw new ApiError(422, MSG_ALREADY_LEFT)
  return pickup || null
}
