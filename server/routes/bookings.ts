import { Hono } from 'hono'
import pLimit from 'p-limit'
import type { Context } from 'hono'
import {
  AssignRequest,
  BOOKING_PAYMENT_TEXT_LABELS,
  BOOKING_STATUS_TEXT_LABELS,
  BOOKING_TEXT_LABELS,
  BookingPaymentRequest,
  BookingRequest,
  BookingStatusRequest,
  MSG_ATTENDANT_ASSIGNED,
  MSG_BOOKING_CREATED,
  MSG_BOOKING_PAYMENT_UPDATED,
  MSG_BOOKING_STATUS_UPDATED,
} from '../../shared/contracts/bookings'
import { MSG_PICKUP_SAVED, MSG_TASKS_SAVED, PICKUP_TEXT_LABELS, PickupRequest, TasksRequest, TransportRequest } from '../../shared/contracts/morgue'
import { checkLengths } from '../../shared/rules'
import { valid } from '../http'
import { BookingsQuery, pageOf } from '../../shared/validation'
import { requireAuth } from '../auth'
import { idempotent } from '../idempotency'
import type { AppEnv } from '../types'
import * as domain from '../domain/bookings'

/** The booking if the signed-in user may see it, else 404 (never leak that it exists). */
export const visibleBooking = (c: Context<AppEnv>): Promise<domain.BookingRow> => domain.visibleBooking(c.var.deps.db, c.var.user, c.req.param('id') ?? '')

/**
 * The admin's whole list (no page asked for) is built one at a time per instance: with 10,000
 * bookings each answer is megabytes of JSON, and ten built at once held them all in memory at once
 * (peak RSS over 500 MB) while answering no sooner. The screen asks for pages; this serves the
 * API's callers that ask for everything.
 */
const wholeListOneAtATime = pLimit(1)

export const bookingRoutes = new Hono<AppEnv>()
  .post('/', requireAuth('client'), idempotent, valid('json', BookingRequest), async (c) => {
    const input = checkLengths(c.req.valid('json'), BOOKING_TEXT_LABELS)
    return c.json({ booking: await domain.createBooking(c.var.deps.db, c.var.user, input), message: MSG_BOOKING_CREATED }, 201)
  })

  .get('/my', requireAuth(), async (c) => c.body(await domain.familyList(c.var.deps.db, c.var.user.id), 200, { 'Content-Type': 'application/json' }))

  .get('/attendant', requireAuth('morgue_attendant', 'admin'), async (c) => c.json({ bookings: await domain.attendantList(c.var.deps.db, c.var.user.id) }))

  .get('/', requireAuth('admin'), valid('query', BookingsQuery), async (c) => {
    const query = c.req.valid('query')
    const page = pageOf(query)
    const { db } = c.var.deps
    if (!page) return wholeListOneAtATime(async () => c.json({ bookings: await domain.officeList(db, query) }))
    const { rows, total } = await domain.officeList(db, query, page)
    return c.json({ bookings: rows, pagination: { total, pages: Math.ceil(total / page.limit), ...page } })
  })

  .get('/:id', requireAuth(), async (c) => {
    const booking = await visibleBooking(c)
    // The family has now seen what changed; this answer still carries the flag so the page can say what is new.
    return c.json({ booking: await domain.readBooking(c.var.deps.db, c.var.user, booking) })
  })

  .patch('/:id/status', requireAuth(), valid('json', BookingStatusRequest), async (c) => {
    const booking = await visibleBooking(c)
    const input = checkLengths(c.req.valid('json'), BOOKING_STATUS_TEXT_LABELS)
    return c.json({ booking: await domain.changeStatus(c.var.deps, c.var.user, booking, input), message: MSG_BOOKING_STATUS_UPDATED })
  })

  .patch('/:id/payment', requireAuth('admin'), valid('json', BookingPaymentRequest), async (c) => {
    const booking = await visibleBooking(c)
    const input = checkLengths(c.req.valid('json'), BOOKING_PAYMENT_TEXT_LABELS)
    return c.json({ booking: await domain.changePaymentStatus(c.var.deps.db, c.var.user, booking, input), message: MSG_BOOKING_PAYMENT_UPDATED })
  })

  .post('/:id/assign', requireAuth('admin'), valid('json', AssignRequest), async (c) => {
    const booking = await visibleBooking(c)
    const attendant = await domain.assignAttendant(c.var.deps.db, c.var.user, booking, c.req.valid('json').attendant_id)
    return c.json({ attendant, message: MSG_ATTENDANT_ASSIGNED })
  })

  // ---- the morgue's side (assigned attendant or admin; another booking is a 404) ----
  .put('/:id/tasks', requireAuth('morgue_attendant', 'admin'), valid('json', TasksRequest), async (c) => {
    const booking = await visibleBooking(c)
    return c.json({ booking: await domain.setTasks(c.var.deps.db, booking, c.req.valid('json').tasks), message: MSG_TASKS_SAVED })
  })

  .patch('/:id/transport', requireAuth('morgue_attendant', 'admin'), valid('json', TransportRequest), async (c) => {
    const booking = await visibleBooking(c)
    return c.json(await domain.setTransport(c.var.deps.db, booking, c.req.valid('json').transport_status))
  })

  .put('/:id/pickup', requireAuth('morgue_attendant', 'admin'), valid('json', PickupRequest), async (c) => {
    const booking = await visibleBooking(c)
    const input = checkLengths({ pickup_location: c.req.valid('json').pickup_location.trim() }, PICKUP_TEXT_LABELS)
    return c.json({ booking: await domain.setPickup(c.var.deps.db, booking, input.pickup_location), message: MSG_PICKUP_SAVED })
  })
