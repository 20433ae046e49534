/** The morgue's side of a booking: its care record, read and changed. */
import { db, nextId } from './db'
import type { BookingRecord, MorgueCareRecord } from './db'

/** The care record of a booking, or the default one (body received when the booking was made). */
export function careOf(b: BookingRecord): MorgueCareRecord {
  return (
    db.morgueCare.findFirst((q) => q.where({ booking_id: b.id })) ?? {
      id: 0,
      booking_id: b.id,
      received_at: b.created_at,
      tasks: [],
      transport_status: 'scheduled',
      released_at: null,
      pickup_location: null,
    }
  )
}

/** Change a booking's care record, creating it on first change. */
export async function updateCare(b: BookingRecord, change: (c: MorgueCareRecord) => void): Promise<MorgueCareRecord> {
  const existing = db.morgueCare.findFirst((q) => q.where({ booking_id: b.id }))
  if (existing) {
    const updated = await db.morgueCare.update((q) => q.where({ id: existing.id }), { data: change })
    return updated ?? existing
  }
  const fresh = { ...careOf(b), id: nextId('morgueCare') }
  change(fresh)
  return db.morgueCare.create(fresh)
}
