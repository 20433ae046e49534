/**
 * The chain of custody (not in SPEC.md; the README's deviations): GET and POST
 * /bookings/:id/custody. The family of the booking, its attendant and admins read it; the assigned
 * attendant and admins add to it; any other booking answers 404, as every booking sub-resource does.
 */
import { http, HttpResponse } from 'msw'
import { db, logActivity, nextId } from '../db'
import type { BookingRecord, CustodyEventRecord, UserRecord } from '../db'
import { ApiError, body, requireRoleOf, requireUser, route } from '../http'
import { careOf, permitStatus, updateCare } from '../morgue'
import { toWireBooking } from '../serialize'
import { findVisibleBooking } from './bookings'
import { storedSettings } from './settings'
import { CUSTODY_MESSAGES, CustodyRequest, checkCustody, custodyOrderProblem } from '../../shared/contracts/custody'

const inCare = (status: string) => status !== 'completed' && status !== 'cancelled'

export function custodyEventsOf(bookingId: number): CustodyEventRecord[] {
  return db.custodyEvent.findMany((q) => q.where({ booking_id: bookingId })).sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id)
}

const wireEvent = (e: CustodyEventRecord) => ({
  id: e.id,
  booking_id: e.booking_id,
  kind: e.kind,
  at: e.at,
  location: e.location,
  receiver_name: e.receiver_name,
  receiver_id_number: e.receiver_id_number,
  receiver_relationship: e.receiver_relationship,
  by_name: e.by_name,
  by_role: e.by_role,
})

/**
 * Records one movement after the checks both backends make: the fields, the booking in care, the
 * order of the chain, and for a release the approved burial permit. A release is the release of the
 * body: the care record's released_at is the event's time.
 */
export async function recordCustody(user: UserRecord, booking: BookingRecord, request: CustodyRequest): Promise<CustodyEventRecord> {
  const checked = checkCustody(request)
  if ('errors' in checked) throw new ApiError(422, checked.message, checked.errors)
  const { input } = checked
  const recorded = custodyEventsOf(booking.id)
  // A body released before the chain was kept is released all the same.
  if (careOf(booking).released_at && !recorded.some((e) => e.kind === 'released')) throw new ApiError(422, CUSTODY_MESSAGES.alreadyReleased)
  const order = custodyOrderProblem(recorded, input.kind)
  if (order === CUSTODY_MESSAGES.alreadyReleased) throw new ApiError(422, order)
  if (!inCare(booking.status)) throw new ApiError(422, CUSTODY_MESSAGES.notInCare)
  if (order) throw new ApiError(422, order)
  // Kenyan law: no body leaves the mortuary without an approved burial permit.
  if (input.kind === 'released' && permitStatus(booking.id) !== 'approved') throw new ApiError(422, CUSTODY_MESSAGES.permitNotApproved)
  const at = new Date().toISOString()
  const event = await db.custodyEvent.create({ id: nextId('custodyEvent'), booking_id: booking.id, at, ...input, by_user_id: user.id, by_name: user.name, by_role: user.role })
  if (input.kind === 'released') {
    await updateCare(booking, (c) => {
      c.released_at = at
    })
    await logActivity('booking', `Body for booking #${booking.id} released to ${input.receiver_name} (${input.receiver_relationship}) by ${user.name}`, user.id)
  }
  return event
}

/** POST answers: the event, the booking as it now stands, and the message to show. */
export function savedAnswer(event: CustodyEventRecord, booking: BookingRecord, status = 201) {
  const fresh = db.booking.findFirst((q) => q.where({ id: booking.id })) ?? booking
  const message = event.kind === 'released' ? CUSTODY_MESSAGES.released : CUSTODY_MESSAGES.saved
  return HttpResponse.json({ event: wireEvent(event), booking: toWireBooking(fresh), message }, { status })
}

export const custodyHandlers = [
  http.get(
    '*/api/bookings/:id/custody',
    route(async ({ request, params }) => {
      const user = await requireUser(request)
      const booking = findVisibleBooking(user, params.id)
      const deceased = db.deceased.findFirst((q) => q.where({ id: booking.deceased_id }))
      const general = storedSettings().general
      return HttpResponse.json({
        booking_id: booking.id,
        deceased_first_name: deceased?.first_name ?? '',
        deceased_last_name: deceased?.last_name ?? '',
        home: { name: general.facilityName, phone: general.contactPhone || null, email: general.contactEmail || null },
        events: custodyEventsOf(booking.id).map(wireEvent),
      })
    }),
  ),

  http.post(
    '*/api/bookings/:id/custody',
    route(async ({ request, params }) => {
      const user = await requireRoleOf(request, 'morgue_attendant', 'admin')
      const booking = findVisibleBooking(user, params.id)
      const event = await recordCustody(user, booking, await body(request, CustodyRequest))
      return savedAnswer(event, booking)
    }),
  ),
]
