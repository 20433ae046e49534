import { Hono } from 'hono'
import pLimit from 'p-limit'
import type { Context } from 'hono'
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { AssignRequest, BookingPaymentRequest, BookingRequest, BookingStatusRequest, MSG_PAID_NEEDS_REASON } from '../../shared/contracts/bookings'
import { PREP_TASKS, PickupRequest, TasksRequest, TransportRequest } from '../../shared/contracts/morgue'
import { smsFamily } from '../sms'
import { MSG_CANCEL_WHILE_PAYING, bookingLineCheck, canSeeBooking, checkLengths, mayChangeBookingStatus, refundDueMessage } from '../../shared/rules'
import { ApiError, MSG_FORBIDDEN, toIntId, valid } from '../http'
import { BookingsQuery, pageOf } from '../../shared/validation'
import { requireAuth } from '../auth'
import { idempotent } from '../idempotency'
import type { AppEnv } from '../types'
import type { Db } from '../db/client'
import * as repo from '../repo/bookings'
import { findService } from '../repo/services'
import { findUserById, logActivity } from '../repo/users'
import { payments } from '../db/schema'
import { openRequestOf, settleOrExpire } from '../mpesa'

export const MSG_BOOKING_NOT_FOUND = 'Booking not found'
const STATUS_LABELS = { pending: 'pending', confirmed: 'confirmed', in_progress: 'in progress', completed: 'completed', cancelled: 'cancelled' } as const

/** The booking if the signed-in user may see it, else 404 (never leak that it exists). */
export async function visibleBooking(c: Context<AppEnv>): Promise<repo.BookingRow> {
  const raw = c.req.param('id') ?? ''
  const booking = /^\d{1,9}$/.test(raw) ? await repo.findBooking(c.var.deps.db, Number(raw)) : undefined
  if (!booking || !canSeeBooking(c.var.user, { client_id: booking.clientId, attendant_id: booking.attendantId })) throw new ApiError(404, MSG_BOOKING_NOT_FOUND)
  return booking
}

/**
 * The admin's whole list (no page asked for) is built one at a time per instance: with 10,000
 * bookings each answer is megabytes of JSON, and ten built at once held them all in memory at once
 * (peak RSS over 500 MB) while answering no sooner. The screen asks for pages; this serves the
 * API's callers that ask for everything.
 */
const wholeListOneAtATime = pLimit(1)

const list = async (c: Context<AppEnv>, where: SQL | undefined) => c.json({ bookings: await repo.wireBookingsWhere(c.var.deps.db, where) })
const inCare = (status: string) => status !== 'completed' && status !== 'cancelled'

export const bookingRoutes = new Hono<AppEnv>()
  .post('/', requireAuth('client'), idempotent, valid('json', BookingRequest), async (c) => {
    const { db } = c.var.deps
    const user = c.var.user
    const input = checkLengths(c.req.valid('json'), { notes: 'Notes', venue: 'Venue' })
    const deceasedId = toIntId(input.deceased_id)
    const deceased = deceasedId === null ? undefined : await repo.findDeceased(db, deceasedId)
    if (!deceased || deceased.clientId !== user.id) throw new ApiError(404, 'Deceased record not found')
    const lines: repo.NewLine[] = []
    for (const [i, line] of input.services.entries()) {
      const key = `services.${i}.service_id`
      const serviceId = toIntId(line.service_id)
      const service = serviceId === null ? undefined : await findService(db, serviceId)
      if (!service) throw new ApiError(422, `Unknown service: ${String(line.service_id)}`, { [key]: 'Unknown service' })
      if (lines.some((l) => l.serviceId === service.id)) throw new ApiError(422, `Service selected twice: ${service.name}`, { [key]: 'Service selected twice' })
      const { problem, quantity } = bookingLineCheck(line, { per_day: service.perDay }, i)
      if (problem) throw new ApiError(422, problem.message, { [problem.field]: problem.message })
      lines.push({ serviceId: service.id, serviceName: service.name, priceAtBooking: service.price, scheduledDate: line.scheduled_date, quantity })
    }
    const booking = await repo.createBooking(db, { clientId: user.id, deceasedId: deceased.id, notes: input.notes?.trim() || null, venue: input.venue?.trim() || null, lines })
    await logActivity(db, 'booking', `New booking #${booking.id} by ${user.name} for ${deceased.firstName} ${deceased.lastName}`, user.id)
    return c.json({ booking: await repo.toWireBooking(db, booking), message: 'Booking created successfully' }, 201)
  })

  .get('/my', requireAuth(), async (c) => c.body(await repo.familyListJson(c.var.deps.db, c.var.user.id), 200, { 'Content-Type': 'application/json' }))

  .get('/attendant', requireAuth('morgue_attendant', 'admin'), async (c) => list(c, repo.byAttendant(c.var.user.id)))

  .get('/', requireAuth('admin'), valid('query', BookingsQuery), async (c) => {
    const query = c.req.valid('query')
    const where = query.status ? repo.byStatus(query.status) : undefined
    const options = { search: query.search ?? '', sort: query.sort ?? 'newest' }
    const page = pageOf(query)
    const { db } = c.var.deps
    if (!page) return wholeListOneAtATime(async () => c.json({ bookings: await repo.wireBookingsWhere(db, where, options) }))
    const [rows, total] = await Promise.all([repo.wireBookingsWhere(db, where, { ...options, page }), repo.countBookings(db, where, options.search)])
    return c.json({ bookings: rows, pagination: { total, pages: Math.ceil(total / page.limit), ...page } })
  })

  .get('/:id', requireAuth(), async (c) => {
    const { db } = c.var.deps
    const booking = await visibleBooking(c)
    const wire = await repo.toWireBooking(db, booking)
    // The family has now seen what changed; this answer still carries the flag so the page can say what is new.
    if (c.var.user.role === 'client' && booking.hasNotifications) await repo.updateBooking(db, booking.id, { hasNotifications: false })
    return c.json({ booking: wire })
  })

  .patch('/:id/status', requireAuth(), valid('json', BookingStatusRequest), async (c) => {
    const { db } = c.var.deps
    const user = c.var.user
    const booking = await visibleBooking(c)
    const input = checkLengths(c.req.valid('json'), { notes: 'Notes', reason: 'Reason' })
    if (!mayChangeBookingStatus(user, booking, input.status)) throw new ApiError(403, MSG_FORBIDDEN)
    const cancelling = input.status === 'cancelled' && booking.status !== 'cancelled'
    if (cancelling) {
      // A push past its expiry is closed first (asked once more): it no longer holds the booking.
      const open = await openRequestOf(db, booking.id)
      if (open && !(await settleOrExpire(db, c.var.deps.log, c.var.deps.daraja, open, new Date()))) throw new ApiError(409, MSG_CANCEL_WHILE_PAYING)
    }
    // A refund goes with a cancellation, and only an admin may give one.
    const refund = input.status === 'cancelled' && input.refund === true && user.role === 'admin'
    const why = input.reason ?? input.notes ?? null
    const updated = await db.transaction(async (tx) => {
      const row = await repo.updateBooking(tx as unknown as Db, booking.id, {
        status: input.status,
        ...(input.notes !== undefined && input.notes.trim() !== '' ? { notes: input.notes.trim() } : {}),
        ...(refund ? { paymentStatus: 'refunded' as const } : {}),
        ...(user.role === 'admin' ? { hasNotifications: true } : {}),
      })
      await repo.addAudit(tx as unknown as Db, booking.id, user, 'status', booking.status, input.status, why)
      if (refund) await repo.addAudit(tx as unknown as Db, booking.id, user, 'payment_status', booking.paymentStatus, 'refunded', why)
      return row
    })
    await logActivity(db, 'booking', `Booking #${booking.id} marked as ${STATUS_LABELS[input.status]}`, user.id)
    // The family hears of a change made by the home (not of their own cancellation) by SMS as well.
    if (user.role !== 'client' && booking.status !== input.status) await smsFamily(c.var.deps, booking, (t, home, name) => t.status(home, name, input.status), 'status')
    if (cancelling) {
      // Money already received stays recorded; the admin sees the refund to make.
      const [row] = await db.select({ paid: sql<number>`coalesce(sum(${payments.amount}), 0)::int` }).from(payments).where(and(eq(payments.bookingId, booking.id), eq(payments.status, 'completed')))
      if (row && row.paid > 0) await logActivity(db, 'payment', refundDueMessage(booking.id, row.paid), user.id)
    }
    return c.json({ booking: await repo.toWireBooking(db, updated ?? booking), message: 'Booking status updated' })
  })

  .patch('/:id/payment', requireAuth('admin'), valid('json', BookingPaymentRequest), async (c) => {
    const { db } = c.var.deps
    const user = c.var.user
    const booking = await visibleBooking(c)
    const input = checkLengths(c.req.valid('json'), { reason: 'Reason' })
    const reason = input.reason?.trim() ?? ''
    // Marking paid with no money received needs a receipt number or a reason, for the audit trail.
    if (input.payment_status === 'paid' && booking.paymentStatus !== 'paid' && reason === '' && (await repo.amountPaidFor(db, booking.id)) === 0) {
      throw new ApiError(422, MSG_PAID_NEEDS_REASON, { reason: MSG_PAID_NEEDS_REASON })
    }
    const updated = await db.transaction(async (tx) => {
      const row = await repo.updateBooking(tx as unknown as Db, booking.id, { paymentStatus: input.payment_status, hasNotifications: true })
      await repo.addAudit(tx as unknown as Db, booking.id, user, 'payment_status', booking.paymentStatus, input.payment_status, reason)
      return row
    })
    await logActivity(db, 'payment', `Payment status of booking #${booking.id} set to ${input.payment_status}`, user.id)
    return c.json({ booking: await repo.toWireBooking(db, updated ?? booking), message: 'Payment status updated' })
  })

  .post('/:id/assign', requireAuth('admin'), valid('json', AssignRequest), async (c) => {
    const { db } = c.var.deps
    const booking = await visibleBooking(c)
    const attendantId = toIntId(c.req.valid('json').attendant_id)
    const attendant = attendantId === null ? undefined : await findUserById(db, attendantId)
    if (!attendant || attendant.role !== 'morgue_attendant') {
      throw new ApiError(422, 'The selected user is not a morgue attendant', { attendant_id: 'The selected user is not a morgue attendant' })
    }
    await repo.updateBooking(db, booking.id, { attendantId: attendant.id, hasNotifications: true })
    await logActivity(db, 'booking', `${attendant.name} assigned to booking #${booking.id}`, c.var.user.id)
    return c.json({ attendant: { id: attendant.id, name: attendant.name }, message: 'Attendant assigned successfully' })
  })

  // ---- the morgue's side (assigned attendant or admin; another booking is a 404) ----
  .put('/:id/tasks', requireAuth('morgue_attendant', 'admin'), valid('json', TasksRequest), async (c) => {
    const { db } = c.var.deps
    const booking = await visibleBooking(c)
    const input = c.req.valid('json')
    if (!inCare(booking.status)) throw new ApiError(422, "This booking is not in the morgue's care")
    // Kept in checklist order, each once.
    await repo.updateCare(db, booking, { tasks: PREP_TASKS.filter((t) => input.tasks.includes(t)) })
    return c.json({ booking: await repo.toWireBooking(db, booking), message: 'Preparation tasks updated' })
  })

  .patch('/:id/transport', requireAuth('morgue_attendant', 'admin'), valid('json', TransportRequest), async (c) => {
    const { db } = c.var.deps
    const booking = await visibleBooking(c)
    const input = c.req.valid('json')
    const care = await repo.careOf(db, booking)
    if (input.transport_status === 'departed' && !care.releasedAt) throw new ApiError(422, 'Release the body before the transfer departs')
    if (input.transport_status === 'delivered' && care.transportStatus === 'scheduled') throw new ApiError(422, 'The transfer has not departed yet')
    await repo.updateCare(db, booking, { transportStatus: input.transport_status })
    const message = input.transport_status === 'departed' ? 'Transfer marked as departed' : 'Transfer marked as delivered'
    return c.json({ booking: await repo.toWireBooking(db, booking), message })
  })

  .put('/:id/pickup', requireAuth('morgue_attendant', 'admin'), valid('json', PickupRequest), async (c) => {
    const { db } = c.var.deps
    const booking = await visibleBooking(c)
    const input = checkLengths({ pickup_location: c.req.valid('json').pickup_location.trim() }, { pickup_location: 'Pickup' })
    if (!inCare(booking.status)) throw new ApiError(422, "This booking is not in the morgue's care")
    if ((await repo.careOf(db, booking)).transportStatus !== 'scheduled') throw new ApiError(422, 'The transfer has already left')
    await repo.updateCare(db, booking, { pickupLocation: input.pickup_location || null })
    return c.json({ booking: await repo.toWireBooking(db, booking), message: 'Pickup place updated' })
  })
