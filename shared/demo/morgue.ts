/**
 * The demo attendant's caseload. The base data gives Peter Otieno two of the family's bookings plus
 * some random ones; here his open random ones go to a colleague so that a newcomer sees what
 * SPEC.md's dashboard shows: 2 scheduled transfers and 1 storage alert.
 *   - Rose Achieng: service in 5 days, burial permit missing, received and washed.
 *   - Teresia Auma: service tomorrow, in care 20 days (the storage alert), permit rejected.
 * Each open one has the start of its chain of custody: received, then moved to a cold-room bay.
 */
import { DEMO_ACCOUNTS } from '../demo-accounts'
import type { DemoRows, DemoUser } from './rows'

const OPEN = new Set(['pending', 'confirmed', 'in_progress'])

export function assignMorgueCaseload(rows: DemoRows): void {
  const { users, bookings, deceased } = rows.data
  const demoEmail = DEMO_ACCOUNTS.find((a) => a.role === 'morgue_attendant')?.email
  const familyEmail = DEMO_ACCOUNTS.find((a) => a.role === 'client')?.email
  const peter = users.find((u) => u.email === demoEmail)
  const family = users.find((u) => u.email === familyEmail)
  const colleague = users.find((u) => u.role === 'morgue_attendant' && u.id !== peter?.id)
  if (!peter || !family || !colleague) return

  for (const b of bookings) {
    if (b.attendant_id !== peter.id || b.client_id === family.id || !OPEN.has(b.status)) continue
    b.attendant_id = colleague.id
  }

  const tasksByName: Record<string, string[]> = {
    Rose: ['received', 'washed'],
    Teresia: ['received', 'washed', 'embalmed'],
  }
  for (const b of bookings.filter((x) => x.attendant_id === peter.id && x.client_id === family.id)) {
    const d = deceased.find((x) => x.id === b.deceased_id)
    const tasks = (d && tasksByName[d.first_name]) ?? ['received']
    rows.add('morgueCare', { booking_id: b.id, received_at: b.created_at, tasks: [...tasks], transport_status: b.status === 'completed' ? 'delivered' : 'scheduled', released_at: null, pickup_location: null })
    if (OPEN.has(b.status)) addCustody(rows, b.id, b.created_at, peter, d?.first_name === 'Rose' ? 'Cold room, bay 3' : 'Cold room, bay 7')
  }
}

/**
 * A completed booking's body went home for its burial: its care ends with a release after the days
 * of storage the family booked, so the demo's history charges what was booked and no storage runs
 * on to today for a funeral long past.
 */
export function closeFinishedCare(rows: DemoRows): void {
  const { bookings, services, morgueCare } = rows.data
  const DAY = 24 * 3600 * 1000
  for (const b of bookings.filter((x) => x.status === 'completed')) {
    const storage = b.lines.find((l) => services.find((s) => s.id === l.service_id)?.per_day)
    const care = morgueCare.find((c) => c.booking_id === b.id)
    const receivedAt = care?.received_at ?? b.created_at
    const releasedAt = new Date(Date.parse(receivedAt) + Math.max(1, storage?.quantity ?? 1) * DAY - 3600 * 1000).toISOString()
    if (care) {
      care.released_at ??= releasedAt
    } else if (storage) {
      rows.add('morgueCare', { booking_id: b.id, received_at: receivedAt, tasks: [], transport_status: 'delivered', released_at: releasedAt, pickup_location: null })
    }
  }
}

/** The start of a body's chain of custody: received when it arrived, then into a cold-room bay. */
function addCustody(rows: DemoRows, bookingId: number, receivedAt: string, by: DemoUser, bay: string): void {
  const received = Date.parse(receivedAt)
  const base = { booking_id: bookingId, receiver_name: null, receiver_id_number: null, receiver_relationship: null, by_user_id: by.id, by_name: by.name, by_role: by.role }
  rows.add('custodyEvents', { ...base, kind: 'received', at: new Date(received).toISOString(), location: 'Mortuary receiving room' })
  rows.add('custodyEvents', { ...base, kind: 'moved_to_storage', at: new Date(received + 40 * 60 * 1000).toISOString(), location: bay })
}
