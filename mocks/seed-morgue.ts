/**
 * The demo attendant's caseload. The base seed gives Peter Otieno two of the family's
 * bookings plus some random ones; here his open random ones go to a colleague so that a newcomer
 * sees what SPEC.md's dashboard shows: 2 scheduled transfers and 1 storage alert.
 *   - Rose Achieng: service in 5 days, burial permit missing, received and washed.
 *   - Teresia Auma: service tomorrow, in care 20 days (the storage alert), permit rejected.
 * Each open one has the start of its chain of custody: received, then moved to a cold-room bay.
 */
import { db, nextId } from './db'
import type { UserRecord } from './db'
import { DEMO_ACCOUNTS } from '../shared/demo-accounts'

const OPEN = new Set(['pending', 'confirmed', 'in_progress'])

export async function seedMorgue(): Promise<void> {
  const demoEmail = DEMO_ACCOUNTS.find((a) => a.role === 'morgue_attendant')?.email
  const familyEmail = DEMO_ACCOUNTS.find((a) => a.role === 'client')?.email
  const peter = db.user.findFirst((q) => q.where({ email: demoEmail ?? '' }))
  const family = db.user.findFirst((q) => q.where({ email: familyEmail ?? '' }))
  const colleague = db.user.findMany((q) => q.where({ role: 'morgue_attendant' })).find((u) => u.id !== peter?.id)
  if (!peter || !family || !colleague) return

  for (const b of db.booking.findMany((q) => q.where({ attendant_id: peter.id }))) {
    if (b.client_id === family.id || !OPEN.has(b.status)) continue
    await db.booking.update((q) => q.where({ id: b.id }), {
      data(r) {
        r.attendant_id = colleague.id
      },
    })
  }

  const tasksByName: Record<string, string[]> = {
    Rose: ['received', 'washed'],
    Teresia: ['received', 'washed', 'embalmed'],
  }
  for (const b of db.booking.findMany((q) => q.where({ attendant_id: peter.id, client_id: family.id }))) {
    const deceased = db.deceased.findFirst((q) => q.where({ id: b.deceased_id }))
    const tasks = (deceased && tasksByName[deceased.first_name]) ?? ['received']
    await db.morgueCare.create({ id: nextId('morgueCare'), booking_id: b.id, received_at: b.created_at, tasks, transport_status: b.status === 'completed' ? 'delivered' : 'scheduled', released_at: null })
    if (OPEN.has(b.status)) await seedCustody(b.id, b.created_at, peter, deceased?.first_name === 'Rose' ? 'Cold room, bay 3' : 'Cold room, bay 7')
  }
}

/** The start of a body's chain of custody: received when it arrived, then into a cold-room bay. */
async function seedCustody(bookingId: number, receivedAt: string, by: UserRecord, bay: string): Promise<void> {
  const received = Date.parse(receivedAt)
  const base = { booking_id: bookingId, receiver_name: null, receiver_id_number: null, receiver_relationship: null, by_user_id: by.id, by_name: by.name, by_role: by.role }
  await db.custodyEvent.create({ ...base, id: nextId('custodyEvent'), kind: 'received', at: new Date(received).toISOString(), location: 'Mortuary receiving room' })
  await db.custodyEvent.create({ ...base, id: nextId('custodyEvent'), kind: 'moved_to_storage', at: new Date(received + 40 * 60 * 1000).toISOString(), location: bay })
}
