import { http, HttpResponse } from 'msw'
import { db, logActivity, nextId } from '../db'
import type { BookingLine, BookingRecord, UserRecord } from '../db'
import { ApiError, body, parseId, requireRole, requireRoleOf, requireUser, route, toIntId, validate } from '../http'
import { BookingsQuery, pageOf } from '../../shared/validation'
import { bookingMatches } from '../../shared/booking-search'
import { closeIfOverdue, deliverCallbacks } from '../mpesa'
import { amountPaid, byNewest, toWireBooking } from '../serialize'
import { MSG_CANCEL_WHILE_PAYING, bookingLineCheck, canSeeBooking as canSee, mayChangeBookingStatus, refundDueMessage } from '../../shared/rules'
import { lengths } from '../limits'
import { smsMockFamily } from '../messages'
import { idempotent } from '../idempotency'
import { AssignRequest, BookingPaymentRequest, BookingRequest, BookingStatusRequest, MSG_PAID_NEEDS_REASON } from '../../shared/contracts/bookings'

/** Keeps who changed what on a booking (only real changes: from ≠ to). */
async function audit(bookingId: number, user: UserRecord, field: 'status' | 'payment_status', from: string, to: string, reason: string | null) {
  if (from === to) return
  await db.bookingAudit.create({
    id: nextId('bookingAudit'),
    booking_id: bookingId,
    at: new Date().toISOString(),
    by_user_id: user.id,
    by_name: user.name,
    field,
    from,
    to,
    reason: reason && reason.trim() !== '' ? reason.trim() : null,
  })
}

export const MSG_BOOKING_NOT_FOUND = 'Booking not found'

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

const STATUS_LABELS: Record<BookingRecord['status'], string> = {
  pending: 'pending',
  confirmed: 'confirmed',
  in_progress: 'in progress',
  completed: 'completed',
  cancelled: 'cancelled',
}

export const bookingHandlers = [
  http.post(
    '*/api/bookings',
    route(async ({ request }) => {
      const user = await requireRoleOf(request, 'client')
      // A retried request (same Idempotency-Key) gets the first answer: never a second booking.
      return idempotent(request, user.id, async () => {
        const input = lengths(await body(request, BookingRequest), { notes: 'Notes', venue: 'Venue' })
        const deceasedId = toIntId(input.deceased_id)
        const deceased = deceasedId === null ? undefined : db.deceased.findFirst((q) => q.where({ id: deceasedId }))
        if (!deceased || deceased.client_id !== user.id) throw new ApiError(404, 'Deceased record not found')

        const lines: Omit<BookingLine, 'id'>[] = []
        for (const [i, line] of input.services.entries()) {
          const serviceId = toIntId(line.service_id)
          const service = serviceId === null ? undefined : db.service.findFirst((q) => q.where({ id: serviceId }))
          if (!service) throw new ApiError(422, `Unknown service: ${String(line.service_id)}`, { [`services.${i}.service_id`]: 'Unknown service' })
          if (lines.some((l) => l.service_id === service.id)) {
            throw new ApiError(422, `Service selected twice: ${service.name}`, { [`services.${i}.service_id`]: 'Service selected twice' })
          }
          const { problem, quantity } = bookingLineCheck(line, service, i)
          if (problem) throw new ApiError(422, problem.message, { [problem.field]: problem.message })
          lines.push({ service_id: service.id, service_name: service.name, quantity, price_at_booking: service.price, scheduled_date: line.scheduled_date })
        }
        const id = nextId('booking')
        const booking = await db.booking.create({
          id,
          client_id: user.id,
          deceased_id: deceased.id,
          status: 'pending',
          payment_status: 'pending',
          total_amount: lines.reduce((sum, l) => sum + l.price_at_booking * l.quantity, 0),
          notes: input.notes?.trim() || null,
          venue: input.venue?.trim() || null,
          created_at: new Date().toISOString(),
          has_notifications: false,
          attendant_id: null,
          lines: lines.map((l, idx) => ({ ...l, id: id * 100 + idx + 1 })),
        })
        await logActivity('booking', `New booking #${booking.id} by ${user.name} for ${deceased.first_name} ${deceased.last_name}`, user.id)
        return HttpResponse.json({ booking: toWireBooking(booking), message: 'Booking created successfully' }, { status: 201 })
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
      const sorted = [...byStatus].sort(byNewest)
      if (query.sort === 'oldest') sorted.reverse()
      const chosen = sorted.map(toWireBooking).filter((b) => bookingMatches(b, query.search ?? ''))
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
      const input = lengths(await body(request, BookingStatusRequest), { notes: 'Notes', reason: 'Reason' })
      // A family may cancel its own booking while it has not started; everything else is admin-only.
      if (!mayChangeBookingStatus(user, booking, input.status)) requireRole(user, 'admin')
      const refund = input.status === 'cancelled' && input.refund === true && user.role === 'admin'
      const before = { status: booking.status, payment_status: booking.payment_status }
      const cancelling = input.status === 'cancelled' && booking.status !== 'cancelled'
      // A push past its expiry is closed first: it no longer holds the booking.
      if (cancelling) for (const r of db.mpesaRequest.findMany((q) => q.where({ booking_id: booking.id }))) await closeIfOverdue(r)
      if (cancelling && db.mpesaRequest.findMany((q) => q.where({ booking_id: booking.id })).some((r) => r.result_code === null)) {
        throw new ApiError(409, MSG_CANCEL_WHILE_PAYING)
      }
      const updated = await db.booking.update((q) => q.where({ id: booking.id }), {
        data(b) {
          b.status = input.status
          if (input.notes !== undefined && input.notes.trim() !== '') b.notes = input.notes.trim()
          if (refund) b.payment_status = 'refunded'
          if (user.role === 'admin') b.has_notifications = true
        },
      })
      const why = input.reason ?? input.notes ?? null
      await audit(booking.id, user, 'status', before.status, input.status, why)
      if (refund) await audit(booking.id, user, 'payment_status', before.payment_status, 'refunded', why)
      await logActivity('booking', `Booking #${booking.id} marked as ${STATUS_LABELS[input.status]}`, user.id)
      // The family hears of a change made by the home (not of their own cancellation) by SMS as well.
      if (user.role !== 'client' && before.status !== input.status) await smsMockFamily(booking, 'status', (t, home, name) => t.status(home, name, input.status))
      const paid = amountPaid(booking.id)
      if (cancelling && paid > 0) await logActivity('payment', refundDueMessage(booking.id, paid), user.id)
      return HttpResponse.json({ booking: toWireBooking(updated ?? booking), message: 'Booking status updated' })
    }),
  ),

  http.patch(
    '*/api/bookings/:id/payment',
    route(async ({ request, params }) => {
      const user = await requireRoleOf(request, 'admin')
      const booking = findVisibleBooking(user, params.id)
      const input = lengths(await body(request, BookingPaymentRequest), { reason: 'Reason' })
      const reason = input.reason?.trim() ?? ''
      if (input.payment_status === 'paid' && booking.payment_status !== 'paid' && amountPaid(booking.id) === 0 && reason === '') {
        throw new ApiError(422, MSG_PAID_NEEDS_REASON, { reason: MSG_PAID_NEEDS_REASON })
      }
      const from = booking.payment_status
      const updated = await db.booking.update((q) => q.where({ id: booking.id }), {
        data(b) {
          b.payment_status = input.payment_status
          b.has_notifications = true
        },
      })
      await audit(booking.id, user, 'payment_status', from, input.payment_status, reason)
      await logActivity('payment', `Payment status of booking #${booking.id} set to ${input.payment_status}`, user.id)
      return HttpResponse.json({ booking: toWireBooking(updated ?? booking), message: 'Payment status updated' })
    }),
  ),

  http.post(
    '*/api/bookings/:id/assign',
    route(async ({ request, params }) => {
      const user = await requireRoleOf(request, 'admin')
      const booking = findVisibleBooking(user, params.id)
      const input = await body(request, AssignRequest)
      const attendantId = toIntId(input.attendant_id)
      const attendant = attendantId === null ? undefined : db.user.findFirst((q) => q.where({ id: attendantId }))
      if (!attendant || attendant.role !== 'morgue_attendant') {
        throw new ApiError(422, 'The selected user is not a morgue attendant', { attendant_id: 'The selected user is not a morgue attendant' })
      }
      await db.booking.update((q) => q.where({ id: booking.id }), {
        data(b) {
          b.attendant_id = attendant.id
          b.has_notifications = true
        },
      })
      await logActivity('booking', `${attendant.name} assigned to booking #${booking.id}`, user.id)
      return HttpResponse.json({ attendant: { id: attendant.id, name: attendant.name }, message: 'Attendant assigned successfully' })
    }),
  ),
]
