import { http, HttpResponse } from 'msw'
import { db, logActivity, nextId } from '../db'
import type { BookingRecord, UserRecord } from '../db'
import { ApiError, body, parseId, requireRole, requireRoleOf, requireUser, route, toIntId, validate } from '../http'
import { BookingsQuery, pageOf } from '../../shared/validation'
import { bookingMatches, compareBookings } from '../../shared/booking-search'
import { closeIfOverdue, deliverCallbacks } from '../mpesa'
import { amountPaid, byNewest, toWireBooking } from '../serialize'
import { MSG_CANCEL_WHILE_PAYING, canSeeBooking as canSee, refundDueMessage } from '../../shared/rules'
import { assignedActivity, checkAttendant, checkNewBooking, checkStatusChange, newBookingActivity, planPaymentChange, planStatusChange, type AuditEntry } from '../../shared/bookings'
import { lengths } from '../limits'
import { smsMockFamily } from '../messages'
import { idempotent } from '../idempotency'
import { withBookingHold } from './calendar'
import {
  AssignRequest,
  Booking,
  BOOKING_PAYMENT_TEXT_LABELS,
  BOOKING_STATUS_TEXT_LABELS,
  BOOKING_TEXT_LABELS,
  BookingPaymentRequest,
  BookingRequest,
  BookingStatusRequest,
  MSG_ATTENDANT_ASSIGNED,
  MSG_BOOKING_CREATED,
  MSG_BOOKING_NOT_FOUND,
  MSG_BOOKING_PAYMENT_UPDATED,
  MSG_BOOKING_STATUS_UPDATED,
} from '../../shared/contracts/bookings'

/** Keeps the audit entries the shared rule decided on. */
async function audit(bookingId: number, user: UserRecord, entries: readonly AuditEntry[]) {
  for (const entry of entries) {
    await db.bookingAudit.create({ id: nextId('bookingAudit'), booking_id: bookingId, at: new Date().toISOString(), by_user_id: user.id, by_name: user.name, ...entry })
  }
}

/** Other handlers' imports of these keep working; the message itself lives in the contract. */
export { MSG_BOOKING_NOT_FOUND }

/** Can this user see this booking? (owner client, admin, or the assigned attendant) */
export function canSeeBooking(user: UserRecord, booking: BookingRecord): boolean {
  return canSee(user, booking)
}

/** The booking if the user may see it, else 404 (never leak that it exists). */
export function findVisibleBooking(user: UserRecord, rawId: string | readonly string[] | undefined): BookingRecord {
  const id = parseId(rawId, MSG_BOOKING_NOT_FOUND)
  const booking = db.booking.findFirst((q) => q.where({ id }))
  if (!booking || !canSeeBooking(user, booking)) throw new ApiError(404, MSG_BOOKING_NOT_FOUND)
  return booking
}

const list = (bookings: BookingRecord[]) => HttpResponse.json({ bookings: [...bookings].sort(byNewest).map(toWireBooking) })

export const bookingHandlers = [
  http.post(
    '*/api/bookings',
    route(async ({ request }) => {
      const user = await requireRoleOf(request, 'client')
      // A retried request (same Idempotency-Key) gets the first answer: never a second booking.
      return idempotent(request, user.id, async () => {
        const input = lengths(await body(request, BookingRequest), BOOKING_TEXT_LABELS)
        const deceasedId = toIntId(input.deceased_id)
        const deceased = deceasedId === null ? undefined : db.deceased.findFirst((q) => q.where({ id: deceasedId }))
        const services = input.services.map((line) => {
          const serviceId = toIntId(line.service_id)
          return serviceId === null ? undefined : db.service.findFirst((q) => q.where({ id: serviceId }))
        })
        const checked = checkNewBooking({ request: input, services, deceased, actor: user })
        const id = nextId('booking')
        const booking = await withBookingHold(checked.lines, input.hold === true, () => db.booking.create({
          id,
          client_id: user.id,
          deceased_id: checked.deceased.id,
          status: 'pending',
          payment_status: 'pending',
          total_amount: checked.total_amount,
          notes: checked.notes,
          venue: checked.venue,
          created_at: new Date().toISOString(),
          has_notifications: false,
          attendant_id: null,
          lines: checked.lines.map((l, idx) => ({ ...l, id: id * 100 + idx + 1 })),
        }))
        await logActivity('booking', newBookingActivity(booking.id, user.name, checked.deceased), user.id)
        return HttpResponse.json({ booking: toWireBooking(booking), message: MSG_BOOKING_CREATED }, { status: 201 })
      })
    }),
  ),

  http.get(
    '*/api/bookings/my',
    route(async ({ request }) => {
      const user = await requireUser(request)
      // M-Pesa's callbacks for the family's payments arrive before they read their bookings.
      await deliverCallbacks(user.id)
      return list(db.booking.findMany((q) => q.where({ client_id: user.id })))
    }),
  ),

  http.get(
    '*/api/bookings/attendant',
    route(async ({ request }) => {
      const user = await requireRoleOf(request, 'morgue_attendant', 'admin')
      return list(db.booking.findMany((q) => q.where({ attendant_id: user.id })))
    }),
  ),

  http.get(
    '*/api/bookings',
    route(async ({ request }) => {
      await requireRoleOf(request, 'admin')
      const url = new URL(request.url)
      const query = validate(BookingsQuery, Object.fromEntries(url.searchParams))
      const all = db.booking.all()
      const byStatus = query.status ? all.filter((b) => b.status === query.status) : all
      const order = compareBookings(query.sort ?? 'newest')
      const serviceAt = (b: BookingRecord) => b.lines.map((l) => l.scheduled_date).filter((d) => !!d).sort()[0] ?? null
      const sorted = byStatus.map((b) => ({ b, facts: { id: b.id, created_at: b.created_at, service_at: serviceAt(b) } })).sort((x, y) => order(x.facts, y.facts))
      const chosen = sorted.map(({ b }) => toWireBooking(b)).filter((b) => bookingMatches(b, query.search ?? ''))
      const page = pageOf(query)
      if (!page) return HttpResponse.json({ bookings: chosen })
      // One page with its pagination (as GET /users answers).
      const rows = chosen.slice((page.page - 1) * page.limit, page.page * page.limit)
      return HttpResponse.json({ bookings: rows, pagination: { total: chosen.length, pages: Math.ceil(chosen.length / page.limit), ...page } })
    }),
  ),

  http.get(
    '*/api/bookings/:id',
    route(async ({ request, params }) => {
      const user = await requireUser(request)
      await deliverCallbacks(user.id)
      const booking = findVisibleBooking(user, params.id)
      const wire = toWireBooking(booking)
      // The family has now seen what changed (a review, a status): the dashboard's Notifications
      // counter drops. This answer still carries the flag, so the page can say what is new.
      if (user.role === 'client' && booking.has_notifications) {
        await db.booking.update((q) => q.where({ id: booking.id }), {
          data(b) {
            b.has_notifications = false
          },
        })
      }
      return HttpResponse.json({ booking: wire })
    }),
  ),

  http.patch(
    '*/api/bookings/:id/status',
    route(async ({ request, params }) => {
      const user = await requireUser(request)
      const booking = findVisibleBooking(user, params.id)
      const input = lengths(await body(request, BookingStatusRequest), BOOKING_STATUS_TEXT_LABELS)
      // A family may cancel its own booking while it has not started; everything else is admin-only.
      if (!planStatusChange(user, booking, input).allowed) requireRole(user, 'admin')
      // What the change implies, checked against the booking as it stands (409 / 422 with the gaps).
      const change = planStatusChange(user, booking, { ...input, reason: checkStatusChange(Booking.parse(toWireBooking(booking)), input) })
      // A push past its expiry is closed first: it no longer holds the booking.
      if (change.cancelling) for (const r of db.mpesaRequest.findMany((q) => q.where({ booking_id: booking.id }))) await closeIfOverdue(r)
      if (change.cancelling && db.mpesaRequest.findMany((q) => q.where({ booking_id: booking.id })).some((r) => r.result_code === null)) {
        throw new ApiError(409, MSG_CANCEL_WHILE_PAYING)
      }
      const updated = await db.booking.update((q) => q.where({ id: booking.id }), {
        data(b) {
          b.status = input.status
          if (change.notes !== undefined) b.notes = change.notes
          if (change.refund) b.payment_status = 'refunded'
          if (change.notifyFamily) b.has_notifications = true
        },
      })
      await audit(booking.id, user, change.audit)
      await logActivity('booking', change.activity, user.id)
      if (change.smsFamily) await smsMockFamily(booking, 'status', (t, home, name) => t.status(home, name, input.status))
      const paid = amountPaid(booking.id)
      if (change.cancelling && paid > 0) await logActivity('payment', refundDueMessage(booking.id, paid), user.id)
      return HttpResponse.json({ booking: toWireBooking(updated ?? booking), message: MSG_BOOKING_STATUS_UPDATED })
    }),
  ),

  http.patch(
    '*/api/bookings/:id/payment',
    route(async ({ request, params }) => {
      const user = await requireRoleOf(request, 'admin')
      const booking = findVisibleBooking(user, params.id)
      const input = lengths(await body(request, BookingPaymentRequest), BOOKING_PAYMENT_TEXT_LABELS)
      const change = planPaymentChange(booking, input, amountPaid(booking.id))
      const updated = await db.booking.update((q) => q.where({ id: booking.id }), {
        data(b) {
          b.payment_status = input.payment_status
          b.has_notifications = true
        },
      })
      await audit(booking.id, user, change.audit)
      await logActivity('payment', change.activity, user.id)
      return HttpResponse.json({ booking: toWireBooking(updated ?? booking), message: MSG_BOOKING_PAYMENT_UPDATED })
    }),
  ),

  http.post(
    '*/api/bookings/:id/assign',
    route(async ({ request, params }) => {
      const user = await requireRoleOf(request, 'admin')
      const booking = findVisibleBooking(user, params.id)
      const input = await body(request, AssignRequest)
      const attendantId = toIntId(input.attendant_id)
      const attendant = checkAttendant(attendantId === null ? undefined : db.user.findFirst((q) => q.where({ id: attendantId })))
      await db.booking.update((q) => q.where({ id: booking.id }), {
        data(b) {
          b.attendant_id = attendant.id
          b.has_notifications = true
        },
      })
      await logActivity('booking', assignedActivity(attendant.name, booking.id), user.id)
      return HttpResponse.json({ attendant: { id: attendant.id, name: attendant.name }, message: MSG_ATTENDANT_ASSIGNED })
    }),
  ),
]
