/**
 * The chain of custody (not in SPEC.md; the README's deviations): GET and POST
 * /bookings/:id/custody. The family of the booking, its attendant and admins read it; the assigned
 * attendant and admins add to it; any other booking answers 404, as every booking sub-resource does.
 */
import { http, HttpResponse } from 'msw'
import { db, logActivity, nextId } from '../db'
import type { BookingRecord, CustodyEventRecord, UserRecord } from '../db'
import { body, requireRoleOf, requireUser, route } from '../http'
import { careOf, updateCare } from '../morgue'
import { toWireBooking } from '../serialize'
import { findVisibleBooking } from './bookings'
import { storedSettings } from './settings'
import { oneAtATime } from './calendar'
import { CustodyRequest } from '../../shared/contracts/custody'
import { checkCustodyEvent, coldRoomCheck, custodyRecord, custodySavedMessage, overfullActivity, releaseActivity, releaseAudit } from '../../shared/custody'
import { amountDueNow } from '../../shared/urgency'

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
  const input = checkCustodyEvent({
    request,
    recorded: custodyEventsOf(booking.id),
    bookingStatus: booking.status,
    releasedAt: careOf(booking).released_at,
    docs: db.document.findMany((q) => q.where({ booking_id: booking.id })),
  })
  const at = new Date().toISOString()
  // What is owed as the body leaves: kept in the audit with its arrangement, never a reason to refuse.
  const balanceDue = input.kind === 'released' ? amountDueNow(toWireBooking(booking)) : 0
  const { settlement: _settlement, settlement_reason: _reason, ...movement } = input
  const event = await db.custodyEvent.create({ id: nextId('custodyEvent'), booking_id: booking.id, at, ...movement, by_user_id: user.id, by_name: user.name, by_role: user.role })
  if (input.kind === 'released') {
    await updateCare(booking, (c) => {
      c.released_at = at
    })
    for (const entry of releaseAudit(input, balanceDue)) {
      await db.bookingAudit.create({ id: nextId('bookingAudit'), booking_id: booking.id, at, by_user_id: user.id, by_name: user.name, ...entry })
    }
    await logActivity('booking', releaseActivity(booking.id, input, user.name, balanceDue), user.id)
  }
  return event
}

/** POST answers: the event, the booking as it now stands, and the message to show. */
export function savedAnswer(event: CustodyEventRecord, booking: BookingRecord, status = 201) {
  const fresh = db.booking.findFirst((q) => q.where({ id: booking.id })) ?? booking
  return HttpResponse.json({ event: wireEvent(event), booking: toWireBooking(fresh), message: custodySavedMessage(event.kind) }, { status })
}

/** The bodies in the cold room: received and not yet released, with the deceased's name. */
function bodiesInRoom(): Array<{ booking_id: number; name: string }> {
  const events = db.custodyEvent.findMany()
  const released = new Set(events.filter((e) => e.kind === 'released').map((e) => e.booking_id))
  return events
    .filter((e) => e.kind === 'received' && !released.has(e.booking_id))
    .map((e) => {
      const booking = db.booking.findFirst((q) => q.where({ id: e.booking_id }))
      const d = booking && db.deceased.findFirst((q) => q.where({ id: booking.deceased_id }))
      return { booking_id: e.booking_id, name: d ? `${d.first_name} ${d.last_name}` : `Booking ${e.booking_id}` }
    })
}

export const custodyHandlers = [
  http.get(
    '*/api/bookings/:id/custody',
    route(async ({ request, params }) => {
      const user = await requireUser(request)
      const booking = findVisibleBooking(user, params.id)
      const deceased = db.deceased.findFirst((q) => q.where({ id: booking.deceased_id }))
      return HttpResponse.json(custodyRecord({ bookingId: booking.id, deceased, home: storedSettings().general, events: custodyEventsOf(booking.id).map(wireEvent) }))
    }),
  ),

  http.post(
    '*/api/bookings/:id/custody',
    route(async ({ request, params }) => {
      const user = await requireRoleOf(request, 'morgue_attendant', 'admin')
      const booking = findVisibleBooking(user, params.id)
      const input = await body(request, CustodyRequest)
      if (input.kind !== 'received') return savedAnswer(await recordCustody(user, booking, input), booking)
      // A receipt needs a place in the cold room: checked and kept under the calendar's one writer
      // (the server's lock), so two receipts racing for the last place get one yes and one no.
      return oneAtATime(async () => {
        const room = coldRoomCheck({ kind: input.kind, coldRooms: db.calendarResource.findMany().map((r) => ({ ...r, retired: Boolean(r.retired_at) })), inRoom: bodiesInRoom(), role: user.role, overrideReason: input.override_reason })
        if (room && 'refused' in room) return HttpResponse.json(room.refused, { status: 409 })
        const event = await recordCustody(user, booking, input)
        if (room) await logActivity('booking', overfullActivity(booking.id, room.overridden, user.name), user.id)
        return savedAnswer(event, booking)
      })
    }),
  ),
]
