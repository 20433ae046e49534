/**
 * The chain of custody on the server: the checks are the shared rule's (shared/custody.ts, as the
 * mock's); this keeps one movement with the booking's row locked, so two attendants cannot both
 * record the first receipt or a release.
 */
import { checkCustodyEvent, coldRoomCheck, custodyRecord, custodySavedMessage, overfullActivity, releaseActivity, releaseAudit } from '../../shared/custody'
import { amountDueNow } from '../../shared/urgency'
import type { CustodyRequest } from '../../shared/contracts/custody'
import type { Db } from '../db/client'
import type { UserRow } from '../types'
import * as repo from '../repo/bookings'
import * as custody from '../repo/custody'
import { storedSettings } from '../repo/settings'
import { logActivity } from '../repo/users'
import { listResources, lockCalendar } from '../repo/calendar'

/**
 * Keeps one movement after the shared checks; a release sets the care record's released_at to the
 * event's time. A receipt into a full cold room is refused (`refused`: the 409's body) unless an
 * admin gives a reason; two receipts racing for the last place are checked one after the other
 * under the calendar's lock.
 */
export async function recordCustody(db: Db, user: UserRow, booking: repo.BookingRow, request: CustodyRequest) {
  let overridden: string | null = null
  const event = await repo.inTransaction(db, async (tx) => {
    if (request.kind === 'received') {
      await lockCalendar(tx)
      const room = coldRoomCheck({ kind: request.kind, coldRooms: await listResources(tx), inRoom: await custody.bodiesInRoom(tx), role: user.role, overrideReason: request.override_reason })
      if (room && 'refused' in room) return { refused: room.refused }
      overridden = room?.overridden ?? null
    }
    await repo.lockBooking(tx, booking.id)
    const input = checkCustodyEvent({
      request,
      recorded: await custody.custodyEventsOf(tx, booking.id),
      bookingStatus: booking.status,
      releasedAt: (await repo.careOf(tx, booking)).releasedAt,
      docs: (await repo.bookingDocuments(tx, booking.id)).map((d) => ({ document_type: d.documentType, status: d.status, created_at: d.createdAt.toISOString() })),
    })
    // What is owed as the body leaves (storage to this day, less all paid): kept in the audit with its arrangement, never a reason to refuse.
    const balanceDue = input.kind === 'released' ? amountDueNow(await repo.toWireBooking(tx, booking)) : 0
    const row = await custody.insertCustodyEvent(tx, booking.id, user, input)
    if (input.kind === 'released') {
      await repo.updateCare(tx, booking, { releasedAt: row.at })
      await repo.addAudit(tx, booking.id, user, releaseAudit(input, balanceDue))
    }
    return { row, input, balanceDue }
  })
  if ('refused' in event) return event
  if (overridden) await logActivity(db, 'booking', overfullActivity(booking.id, overridden, user.name), user.id)
  if (event.input.kind === 'released') await logActivity(db, 'booking', releaseActivity(booking.id, event.input, user.name, event.balanceDue), user.id)
  return { event: custody.wireCustodyEvent(event.row), booking: await repo.toWireBooking(db, booking), message: custodySavedMessage(event.input.kind) }
}

export async function custodyOf(db: Db, booking: repo.BookingRow) {
  const deceased = await repo.findDeceased(db, booking.deceasedId)
  return custodyRecord({
    bookingId: booking.id,
    deceased: deceased && { first_name: deceased.firstName, last_name: deceased.lastName },
    home: (await storedSettings(db)).general,
    events: (await custody.custodyEventsOf(db, booking.id)).map(custody.wireCustodyEvent),
  })
}
