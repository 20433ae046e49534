/**
 * The server's use cases for bookings, their deceased and the morgue's side: each reads through
 * the repositories, decides with the shared rule (shared/bookings.ts, the same the mock calls) and
 * writes through the repositories. No HTTP here beyond the ApiError a rule throws.
 */
import { ApiError } from '../../shared/errors'
import { MSG_FORBIDDEN, toIntId } from '../http'
import { MSG_CANCEL_WHILE_PAYING, canSeeBooking, canSeeDeceased, dateOfDeathProblem, refundDueMessage } from '../../shared/rules'
import { assignedActivity, checkAttendant, checkNewBooking, checkPickup, checkStatusChange, checkTasks, checkTransport, newBookingActivity, planPaymentChange, planStatusChange } from '../../shared/bookings'
import { Booking, MSG_BOOKING_NOT_FOUND, MSG_DECEASED_NOT_FOUND, type BookingRequest, type BookingStatus, type DeceasedRequest, type PaymentStatus } from '../../shared/contracts/bookings'
import type { Deps, UserRow } from '../types'
import type { Db } from '../db/client'
import * as repo from '../repo/bookings'
import { findService } from '../repo/services'
import { findUserById, logActivity } from '../repo/users'
import { smsFamily } from '../sms'
import { openRequestOf, settleOrExpire } from '../mpesa'
import { withBookingHold } from './calendar'

/** The booking if this user may see it, else 404 (never leak that it exists). */
export async function visibleBooking(db: Db, user: UserRow, rawId: string): Promise<repo.BookingRow> {
  const booking = /^\d{1,9}$/.test(rawId) ? await repo.findBooking(db, Number(rawId)) : undefined
  if (!booking || !canSeeBooking(user, repo.plainBooking(booking))) throw new ApiError(404, MSG_BOOKING_NOT_FOUND)
  return booking
}

export async function createBooking(db: Db, user: UserRow, input: BookingRequest) {
  const deceasedId = toIntId(input.deceased_id)
  const deceased = deceasedId === null ? undefined : await repo.findDeceased(db, deceasedId)
  const services = []
  for (const line of input.services) {
    const serviceId = toIntId(line.service_id)
    const service = serviceId === null ? undefined : await findService(db, serviceId)
    services.push(service && { id: service.id, name: service.name, price: service.price, per_day: service.perDay })
  }
  const checked = checkNewBooking({ request: input, services, deceased: deceased && { ...deceased, client_id: deceased.clientId }, actor: user })
  const booking = await withBookingHold(db, checked.lines, input.hold === true, { first_name: checked.deceased.firstName, last_name: checked.deceased.lastName }, (tx) =>
    repo.createBooking(tx, { clientId: user.id, deceasedId: checked.deceased.id, notes: checked.notes, venue: checked.venue, totalAmount: checked.total_amount, lines: checked.lines }),
  )
  await logActivity(db, 'booking', newBookingActivity(booking.id, user.name, { first_name: checked.deceased.firstName, last_name: checked.deceased.lastName }), user.id)
  return repo.toWireBooking(db, booking)
}

/** One booking as its reader sees it; the family's reading clears its news flag (the answer still carries it). */
export async function readBooking(db: Db, user: UserRow, booking: repo.BookingRow) {
  const wire = await repo.toWireBooking(db, booking)
  if (user.role === 'client' && booking.hasNotifications) await repo.updateBooking(db, booking.id, { hasNotifications: false })
  return wire
}

export async function changeStatus(deps: Deps, user: UserRow, booking: repo.BookingRow, input: { status: BookingStatus; notes?: string; reason?: string; refund?: boolean; override_reason?: string; expected_status?: string }) {
  const { db } = deps
  if (!planStatusChange(user, repo.plainBooking(booking), input).allowed) throw new ApiError(403, MSG_FORBIDDEN)
  // What the change implies, checked against the booking as it stands (409 / 422 with the gaps).
  const facts = Booking.parse(await repo.toWireBooking(db, booking))
  const change = planStatusChange(user, repo.plainBooking(booking), { ...input, reason: checkStatusChange(facts, input) })
  if (change.cancelling) {
    // A push past its expiry is closed first (asked once more): it no longer holds the booking.
    const open = await openRequestOf(db, booking.id)
    if (open && !(await settleOrExpire(db, deps.log, deps.daraja, open, new Date()))) throw new ApiError(409, MSG_CANCEL_WHILE_PAYING)
  }
  const updated = await repo.updateBookingAudited(
    db,
    booking.id,
    {
      status: input.status,
      ...(change.notes !== undefined ? { notes: change.notes } : {}),
      ...(change.refund ? { paymentStatus: 'refunded' as const } : {}),
      ...(change.notifyFamily ? { hasNotifications: true } : {}),
    },
    user,
    change.audit,
  )
  await logActivity(db, 'booking', change.activity, user.id)
  if (change.smsFamily) await smsFamily(deps, booking, (t, home, name) => t.status(home, name, input.status), 'status')
  if (change.cancelling) {
    // Money already received stays recorded; the admin sees the refund to make.
    const paid = await repo.amountPaidFor(db, booking.id)
    if (paid > 0) await logActivity(db, 'payment', refundDueMessage(booking.id, paid), user.id)
  }
  return repo.toWireBooking(db, updated ?? booking)
}

export async function changePaymentStatus(db: Db, user: UserRow, booking: repo.BookingRow, input: { payment_status: PaymentStatus; reason?: string }) {
  const change = planPaymentChange(repo.plainBooking(booking), input, await repo.amountPaidFor(db, booking.id))
  const updated = await repo.updateBookingAudited(db, booking.id, { paymentStatus: input.payment_status, hasNotifications: true }, user, change.audit)
  await logActivity(db, 'payment', change.activity, user.id)
  return repo.toWireBooking(db, updated ?? booking)
}

export async function assignAttendant(db: Db, user: UserRow, booking: repo.BookingRow, rawAttendantId: string | number) {
  const attendantId = toIntId(rawAttendantId)
  const attendant = checkAttendant(attendantId === null ? undefined : await findUserById(db, attendantId))
  await repo.updateBooking(db, booking.id, { attendantId: attendant.id, hasNotifications: true })
  await logActivity(db, 'booking', assignedActivity(attendant.name, booking.id), user.id)
  return { id: attendant.id, name: attendant.name }
}

// ---- the morgue's side ----

export async function setTasks(db: Db, booking: repo.BookingRow, tasks: readonly string[]) {
  await repo.updateCare(db, booking, { tasks: checkTasks(booking, tasks) })
  return repo.toWireBooking(db, booking)
}

export async function setTransport(db: Db, booking: repo.BookingRow, next: 'departed' | 'delivered') {
  const care = await repo.careOf(db, booking)
  const message = checkTransport({ released_at: care.releasedAt, transport_status: care.transportStatus }, next)
  await repo.updateCare(db, booking, { transportStatus: next })
  return { booking: await repo.toWireBooking(db, booking), message }
}

export async function setPickup(db: Db, booking: repo.BookingRow, pickup: string) {
  const care = await repo.careOf(db, booking)
  await repo.updateCare(db, booking, { pickupLocation: checkPickup(booking, { transport_status: care.transportStatus }, pickup) })
  return repo.toWireBooking(db, booking)
}

// ---- the deceased ----

export async function createDeceased(db: Db, user: UserRow, input: DeceasedRequest) {
  const problem = dateOfDeathProblem(input.date_of_death)
  if (problem) throw new ApiError(422, problem, { date_of_death: problem })
  const deceased = await repo.createDeceased(db, {
    clientId: user.id,
    firstName: input.first_name,
    lastName: input.last_name,
    dateOfDeath: input.date_of_death,
    placeOfDeath: input.place_of_death,
    gender: input.gender ?? null,
    religion: input.religion?.trim() || null,
  })
  return repo.toWireDeceased(deceased)
}

export async function readDeceased(db: Db, user: UserRow, id: number) {
  const deceased = await repo.findDeceased(db, id)
  // An attendant reads only the deceased of bookings assigned to them.
  const assigned = deceased !== undefined && user.role === 'morgue_attendant' && (await repo.isDeceasedAssignedTo(db, deceased.id, user.id))
  if (!deceased || !canSeeDeceased(user, { client_id: deceased.clientId }, assigned)) throw new ApiError(404, MSG_DECEASED_NOT_FOUND)
  return repo.toWireDeceased(deceased)
}

export type { BookingRow } from '../repo/bookings'

/** The family's own bookings, as the JSON the family's screens read (kept ready by the repository). */
export const familyList = (db: Db, clientId: number) => repo.familyListJson(db, clientId)

/** The bookings assigned to an attendant. */
export const attendantList = (db: Db, attendantId: number) => repo.wireBookingsWhere(db, repo.byAttendant(attendantId))

/** The office's list: every booking (by status, searched, sorted), whole or one page with the total. */
export function officeList(db: Db, query: { status?: string; search?: string; sort?: repo.BookingSort }): ReturnType<typeof repo.wireBookingsWhere>
export function officeList(db: Db, query: { status?: string; search?: string; sort?: repo.BookingSort }, page: { page: number; limit: number }): Promise<{ rows: Awaited<ReturnType<typeof repo.wireBookingsWhere>>; total: number }>
export async function officeList(db: Db, query: { status?: string; search?: string; sort?: repo.BookingSort }, page?: { page: number; limit: number }) {
  const where = query.status ? repo.byStatus(query.status) : undefined
  const options = { search: query.search ?? '', sort: query.sort ?? 'newest' }
  if (!page) return repo.wireBookingsWhere(db, where, options)
  const [rows, total] = await Promise.all([repo.wireBookingsWhere(db, where, { ...options, page }), repo.countBookings(db, where, options.search)])
  return { rows, total }
}
