/**
 * The admin portal's extra seed, so it shows paging and trends: six more families
 * and 22 more bookings (about 60 in all) reaching back 14 months, in every status, with payments to
 * match and their activity log. Deterministic (its own fixed-seed PRNG) and relative to `now`.
 * Nothing here touches the demo family or the demo attendant, so their screens keep their numbers.
 */
import { db, logActivity, nextId } from './db'
import type { BookingLine, UserRecord } from './db'
import { DEMO_ACCOUNTS } from '../shared/demo-accounts'
import { nairobiDay } from '../shared/dates'
import { createPasswordHash } from './passwords'
import { DAY, SEED_USER_PASSWORD, mulberry32, receiptNumber } from './seed-shared'
import type { BookingStatus, PaymentStatus } from '../shared/contracts/bookings'

const ADMIN_SEED = 20260909

const FAMILIES = [
  { name: 'Hassan Abdi', address: 'Old Town, Mombasa', daysAgo: 440 },
  { name: 'Wanjiku Githinji', address: 'Thika Town, Kiambu', daysAgo: 432 },
  { name: 'Otieno Okello', address: 'Kondele, Kisumu', daysAgo: 425 },
  { name: 'Chebet Rotich', address: 'Kapsoya, Eldoret', daysAgo: 415 },
  { name: 'Mutua Musyoka', address: 'Kitui Town, Kitui', daysAgo: 48 },
  { name: 'Akinyi Odera', address: 'Lavington, Nairobi', daysAgo: 21 },
] as const

const DECEASED = [
  ['Abdi', 'Hassan', 'male', 'Muslim'], ['Wairimu', 'Githinji', 'female', 'Christian'], ['Okello', 'Onyango', 'male', 'Catholic'],
  ['Jerop', 'Rotich', 'female', 'Christian'], ['Musyoka', 'Kilonzo', 'male', 'Christian'], ['Adhiambo', 'Odera', 'female', 'Catholic'],
  ['Kiprotich', 'Rotich', 'male', 'Seventh-day Adventist'], ['Nyokabi', 'Githinji', 'female', 'Christian'], ['Fatuma', 'Abdi', 'female', 'Muslim'],
  ['Ndungu', 'Githinji', 'male', 'Christian'], ['Auma', 'Okello', 'female', 'Christian'],
] as const

/** [days ago created, status, payment status] — the oldest 14 months back, the newest this week. */
const PLAN: ReadonlyArray<readonly [number, BookingStatus, PaymentStatus]> = [
  [425, 'completed', 'paid'], [418, 'completed', 'paid'], [410, 'cancelled', 'refunded'], [402, 'completed', 'paid'],
  [396, 'completed', 'refunded'], [390, 'completed', 'paid'], [383, 'cancelled', 'pending'], [377, 'completed', 'paid'],
  [371, 'completed', 'paid'], [366, 'completed', 'paid'], [80, 'completed', 'paid'], [66, 'completed', 'paid'],
  [52, 'cancelled', 'refunded'], [45, 'completed', 'paid'], [33, 'completed', 'paid'], [26, 'in_progress', 'paid'],
  [18, 'confirmed', 'partial'], [12, 'confirmed', 'paid'], [8, 'in_progress', 'partial'], [5, 'pending', 'pending'],
  [3, 'pending', 'partial'], [1, 'pending', 'pending'],
]

export async function seedAdminExtras(now: Date): Promise<void> {
  const random = mulberry32(ADMIN_SEED)
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(random() * items.length)]
    if (item === undefined) throw new Error('pick from empty list')
    return item
  }
  const at = (daysAgo: number, hours = 0) => new Date(now.getTime() - daysAgo * DAY - hours * 3600 * 1000)

  const families: UserRecord[] = []
  for (const f of FAMILIES) {
    const created = at(f.daysAgo, int(1, 10))
    const hash = await createPasswordHash(SEED_USER_PASSWORD, String(int(1e15, 9e15)))
    const user = await db.user.create({
      id: nextId('user'),
      name: f.name,
      email: `${f.name.toLowerCase().replace(/\s+/g, '.')}@example.co.ke`,
      role: 'client',
      phone: `07${String(int(10_000_000, 99_999_999))}`,
      address: f.address,
      created_at: created.toISOString(),
      ...hash,
    })
    families.push(user)
    await logActivity('user', `New client registered: ${user.name}`, user.id, created)
  }

  const demoAttendant = DEMO_ACCOUNTS.find((a) => a.role === 'morgue_attendant')?.email
  const attendants = db.user.findMany((q) => q.where({ role: 'morgue_attendant' })).filter((u) => u.email !== demoAttendant)
  const services = db.service.all()
  const packages = services.filter((s) => s.category === 'package')
  const addOns = services.filter((s) => s.category === 'add_on')

  for (const [i, [daysAgo, status, paymentStatus]] of PLAN.entries()) {
    const created = at(daysAgo, int(1, 9))
    const eligible = families.filter((f) => f.created_at < created.toISOString())
    const client = pick(eligible.length ? eligible : families)
    const [first, last, gender, religion] = DECEASED[i % DECEASED.length] ?? DECEASED[0]
    const deceased = await db.deceased.create({
      id: nextId('deceased'),
      client_id: client.id,
      first_name: first,
      last_name: last,
      date_of_death: nairobiDay(new Date(created.getTime() - int(1, 5) * DAY)),
      place_of_death: pick(['Kenyatta National Hospital, Nairobi', 'Coast General Hospital, Mombasa', 'At home', 'Kisumu County Hospital']),
      gender,
      religion,
      created_at: created.toISOString(),
    })
    const chosen = [pick(packages), ...(random() < 0.6 ? [pick(addOns)] : [])]
    const open = status === 'pending' || status === 'confirmed' || status === 'in_progress'
    const scheduled = open ? new Date(now.getTime() + int(1, 12) * DAY) : new Date(created.getTime() + int(3, 10) * DAY)
    const time = pick(['09:00', '10:00', '11:00', '14:00'])
    const bookingId = nextId('booking')
    const lines: BookingLine[] = chosen.map((s, k) => ({
      id: bookingId * 100 + k + 1,
      service_id: s.id,
      service_name: s.name,
      quantity: 1,
      price_at_booking: s.price,
      scheduled_date: `${nairobiDay(scheduled)}T${time}:00`,
    }))
    const total = lines.reduce((sum, l) => sum + l.price_at_booking, 0)
    const assigned = status !== 'pending' && status !== 'cancelled' && attendants.length > 0
    await db.booking.create({
      id: bookingId,
      client_id: client.id,
      deceased_id: deceased.id,
      status,
      payment_status: paymentStatus,
      total_amount: total,
      notes: status === 'cancelled' ? "Cancelled at the family's request." : null,
      created_at: created.toISOString(),
      has_notifications: false,
      attendant_id: assigned ? pick(attendants).id : null,
      lines,
    })
    await logActivity('booking', `New booking #${bookingId} by ${client.name} for ${first} ${last}`, client.id, created)

    const paid = paymentStatus === 'paid' || paymentStatus === 'refunded' ? total : paymentStatus === 'partial' ? Math.round(total / 2) : 0
    if (paid > 0) {
      const payAt = new Date(Math.min(created.getTime() + int(2, 48) * 3600 * 1000, now.getTime() - int(10, 60) * 60_000))
      await db.payment.create({
        id: nextId('payment'),
        booking_id: bookingId,
        client_id: client.id,
        transaction_id: receiptNumber(random),
        payment_method: 'mpesa',
        status: 'completed',
        amount: paid,
        payment_date: payAt.toISOString(),
        phone: client.phone ? `254${client.phone.slice(1)}` : null,
        checkout_request_id: null,
        result_desc: 'The service request is processed successfully.',
      })
      await logActivity('payment', `Payment of KSH ${paid.toLocaleString('en-US')} received for booking #${bookingId}`, client.id, payAt)
    }
  }
}
