/**
 * The morgue attendant's endpoints (not in SPEC.md, named in the README's deviations):
 * PUT /bookings/:id/tasks, POST /bookings/:id/release (a custody event, ./custody), PATCH /bookings/:id/transport, PUT /bookings/:id/pickup.
 * Only the assigned attendant (or an admin) may call them; another booking answers 404.
 */
import { http, HttpResponse } from 'msw'
import { body, readJson, requireRoleOf, route, validate } from '../http'
import { updateCare, careOf } from '../morgue'
import { toWireBooking } from '../serialize'
import { findVisibleBooking } from './bookings'
import { MSG_PICKUP_SAVED, MSG_TASKS_SAVED, PICKUP_TEXT_LABELS, PickupRequest, TasksRequest, TransportRequest } from '../../shared/contracts/morgue'
import { checkPickup, checkTasks, checkTransport } from '../../shared/bookings'
import { lengths } from '../limits'
import { CustodyRequest } from '../../shared/contracts/custody'
import { recordCustody, savedAnswer } from './custody'

export const morgueHandlers = [
  http.put(
    '*/api/bookings/:id/tasks',
    route(async ({ request, params }) => {
      const user = await requireRoleOf(request, 'morgue_attendant', 'admin')
      const booking = findVisibleBooking(user, params.id)
      const input = await body(request, TasksRequest)
      const tasks = checkTasks(booking, input.tasks)
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
      const message = checkTransport(careOf(booking), input.transport_status)
      await updateCare(booking, (c) => {
        c.transport_status = input.transport_status
      })
      return HttpResponse.json({ booking: toWireBooking(booking), message })
    }),
  ),

  http.put(
    '*/api/bookings/:id/pickup',
    route(async ({ request, params }) => {
      const user = await requireRoleOf(request, 'morgue_attendant', 'admin')
      const booking = findVisibleBooking(user, params.id)
      const input = lengths({ pickup_location: (await body(request, PickupRequest)).pickup_location.trim() }, PICKUP_TEXT_LABELS)
      const pickup = checkPickup(booking, careOf(booking), input.pickup_location)
      await updateCare(booking, (c) => {
        c.pickup_location = pickup
      })
      return HttpResponse.json({ booking: toWireBooking(booking), message: MSG_PICKUP_SAVED })
    }),
  ),
]
