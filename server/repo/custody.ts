/** The chain of custody's rows (append-only): read in order, one inserted at a time. */
import { and, asc, eq, notInArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { bookings, custodyEvents, deceased } from '../db/schema'
import type { CustodyInput } from '../../shared/contracts/custody'

export type CustodyRow = typeof custodyEvents.$inferSelect

export async function custodyEventsOf(db: Db, bookingId: number): Promise<CustodyRow[]> {
  return db.select().from(custodyEvents).where(eq(custodyEvents.bookingId, bookingId)).orderBy(asc(custodyEvents.at), asc(custodyEvents.id))
}

/** Keeps one event at the database's clock (the time is the server's, never the caller's). */
export async function insertCustodyEvent(db: Db, bookingId: number, by: { id: number; name: string; role: string }, input: CustodyInput): Promise<CustodyRow> {
  const [row] = await db
    .insert(custodyEvents)
    .values({
      bookingId,
      kind: input.kind,
      at: sql`now()`,
      location: input.location,
      receiverName: input.receiver_name,
      receiverIdNumber: input.receiver_id_number,
      receiverRelationship: input.receiver_relationship,
      byUserId: by.id,
      byName: by.name,
      byRole: by.role,
    })
    .returning()
  if (!row) throw new Error('custody event not kept')
  return row
}

export const wireCustodyEvent = (e: CustodyRow) => ({
  id: e.id,
  booking_id: e.bookingId,
  kind: e.kind,
  at: e.at.toISOString(),
  location: e.location,
  receiver_name: e.receiverName,
  receiver_id_number: e.receiverIdNumber,
  receiver_relationship: e.receiverRelationship,
  by_name: e.byName,
  by_role: e.byRole,
})

/** The bodies in the cold room: received and not yet released, with the deceased's name, in order of receipt. */
export async function bodiesInRoom(db: Db): Promise<Array<{ booking_id: number; name: string }>> {
  const released = db.select({ id: custodyEvents.bookingId }).from(custodyEvents).where(eq(custodyEvents.kind, 'released'))
  const rows = await db
    .select({ booking_id: custodyEvents.bookingId, first: deceased.firstName, last: deceased.lastName })
    .from(custodyEvents)
    .innerJoin(bookings, eq(bookings.id, custodyEvents.bookingId))
    .innerJoin(deceased, eq(deceased.id, bookings.deceasedId))
    .where(and(eq(custodyEvents.kind, 'received'), notInArray(custodyEvents.bookingId, released)))
    .orderBy(asc(custodyEvents.at), asc(custodyEvents.id))
  return rows.map((r) => ({ booking_id: r.booking_id, name: `${r.first} ${r.last}` }))
}
