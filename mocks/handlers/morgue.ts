/**
 * The morgue attendant's endpoints (not in SPEC.md, named in the README's deviations):
 * PUT /bookings/:id/tasks, POST /bookings/:id/release (a custody event, ./custody), PATCH /bookings/:id/transport, PUT /bookings/:id/pickup.
 * Only the assigned attendant (or an admin) may call them; another booking answers 404.
 */
import { http, HttpResponse } from 'msw'
import { ApiError, body, readJson, requireRoleOf, route, validate } from '../http'
import { updateCare, careOf } from '../morgue'
import { toWireBooking } from '../serialize'
import { findVisibleBooking } from './bookings'
import { PREP_TASKS, PickupRequest, TasksRequest, TransportRequest } from '../../shared/contracts/morgue'
import { lengths } from '../limits'
import { CustodyRequest } from '../../shared/contracts/custody'
import { recordCustody, savedAnswer } from './custody'

export const MSG_TASKS_SAVED = 'Preparation tasks updated'
export const MSG_NOT_RELEASED = 'Release the body before the transfer departs'
export const MSG_NOT_DEPARTED = 'The transfer has not departed yet'
export const MSG_NOT_IN_CARE = 'This booking is not in the morgue\'s care'
export const MSG_PICKUP_SAVED = 'Pickup place updated'
export const MSG_ALREADY_LEFT = 'The transfer has already left'

const inCare = (status: string) => status !== 'completed' && status !== 'cancelled'

export const morgueHandlers = [
  http.put(
    '*/api/bookings/:id/tasks',
    route(async ({ request, params }) => {
      const user = await requireRoleOf(request, 'morgue_attendant', 'admin')
      const booking = findVisibleBooking(user, params.id)
      const input = await body(request, TasksRequest)
      if (!inCare(booking.status)) throw new ApiError(422, MSG_NOT_IN_CARE)
      // Kept in checklist order, each once.
      const tasks = PREP_TASKS.filter((t) => input.tasks.includes(t))
      await updateCare(booking, (c) => {
        c.tasks = [...tasks]
      })
      return HttpResponse.json({ booking: toWireBooking(booking), message: MSG_TASKS_SAVED })
    }),
  ),

  // The release is the chain of custody's last event: the same checks and the receiver's name, ID
  // number and relationship (see ./custody); kept as its own address for callers that use it.
  http.post(
    '*/api/bookings/:id/release',
    route(async ({ request, params }) => {
      const user = await requireRoleOf(request, 'morgue_attendant', 'admin')
      const booking = findVisibleBooking(user, params.id)
      const json = await readJson(request)
      const input = validate(CustodyRequest, { ...(typeof json === 'object' && json !== null ? json : {}), kind: 'released' })
      return savedAnswer(await recordCustody(user, booking, input), booking, 200)
    }),
  ),

  http.patch(
    '*/api/bookings/:id/transport',
    route(async ({ request, params }) => {
      const user = await requireRoleOf(request, 'morgue_attendant', 'admin')
      const booking = findVisibleBooking(user, params.id)
      const input = await body(request, TransportRequest)
      const care = careOf(booking)
      if (input.transport_status === 'departed' && !care.released_at) throw new ApiError(422, MSG_NOT_RELEASED)
      if (input.transport_status === 'delivered' && care.transport_status === 'scheduled') throw new ApiError(422, MSG_NOT_DEPARTED)
      await updateCare(booking, (c) => {
        c.transport_status = input.transport_status
      })
      const message = input.transport_status === 'departed' ? 'Transfer marked as departed' : 'Transfer marked as delivered'
      return HttpResponse.json({ booking: toWireBooking(booking), message })
    }),
  ),

  http.put(
    '*/api/bookings/:id/pickup',
    route(async ({ request, params }) => {
      const user = await requireRoleOf(request, 'morgue_attendant', 'admin')
      const booking = findVisibleBooking(user, params.id)
      const input = lengths({ pickup_location: (await body(request, PickupRequest)).pickup_location.trim() }, { pickup_location: 'Pickup' })
      if (!inCare(booking.status)) throw new ApiError(422, MSG_NOT_IN_CARE)
      if (careOf(booking).transport_status !== 'scheduled') throw new ApiError(422, MSG_ALREADY_LEFT)
      await updateCare(booking, (c) => {
        c.pickup_location = input.pickup_location || null
      })
      return HttpResponse.json({ booking: toWireBooking(booking), message: MSG_PICKUP_SAVED })
    }),
  ),
]
