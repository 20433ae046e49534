/**
 * The demo attendant's caseload. The base seed gives Peter Otieno two of the family's
 * bookings plus some random ones; here his open random ones go to a colleague so that a newcomer
 * sees what SPEC.md's dashboard shows: 2 scheduled transfers and 1 storage alert.
 *   - Rose Achieng: service in 5 days, burial permit missing, received and washed.
 *   - Teresia Auma: service tomorrow, in care 20 days (the storage alert), permit rejected.
 */
import { db, nextId } from './db'
import { DEMO_ACCOUNTS } from './demo-accounts'

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
  }
}
