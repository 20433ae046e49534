/** The chain of custody's rows (append-only): read in order, one inserted at a time. */
import { asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { custodyEvents } from '../db/schema'
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
