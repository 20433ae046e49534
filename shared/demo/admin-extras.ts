/**
 * The admin portal's extra demo data, so it shows paging and trends: six more families and 22 more
 * bookings (about 60 in all) reaching back 14 months, in every status, with payments to match and
 * their activity log. Its own fixed-seed PRNG, relative to `now`. Nothing here touches the demo
 * family or the demo attendant, so their screens keep their numbers.
 */
import { DEMO_ACCOUNTS, SEED_USER_PASSWORD } from '../demo-accounts'
import { nairobiDay } from '../dates'
import type { BookingStatus, PaymentStatus } from '../contracts/bookings'
import { mulberry32, receiptNumber } from './random'
import { DAY } from './rows'
import type { DemoBookingLine, DemoRows, DemoUser } from './rows'

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

export function addAdminExtras(rows: DemoRows, now: Date): void {
  const random = mulberry32(ADMIN_SEED)
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(random() * items.length)]
    if (item === undefined) throw new Error('pick from empty list')
    return item
  }
  const at = (daysAgo: number, hours = 0) => new Date(now.getTime() - daysAgo * DAY - hours * 3600 * 1000)

  const families: DemoUser[] = []
  for (const f of FAMILIES) {
    const created = at(f.daysAgo, int(1, 10))
    // The mock once drew its password salt here: still drawn, so every later choice (and the data) stays the same.
    int(1e15, 9e15)
    const user = rows.add('users', {
      name: f.name,
      email: `${f.name.toLowerCase().replace(/\s+/g, '.')}@example.co.ke`,
      role: 'client',
      phone: `07${String(int(10_000_000, 99_999_999))}`,
      address: f.address,
      created_at: created.toISOString(),
      password: SEED_USER_PASSWORD,
    })
    families.push(user)
    rows.log('user', `New client registered: ${user.name}`, user.id, created)
  }

  const demoAttendant = DEMO_ACCOUNTS.find((a) => a.role === 'morgue_attendant')?.email
  const attendants = rows.data.users.filter((u) => u.role === 'morgue_attendant' && u.email !== demoAttendant)
  const services = rows.data.services
  const packages = services.filter((s) => s.category === 'package')
  const addOns = services.filter((s) => s.category === 'add_on')

  for (const [i, [daysAgo, status, paymentStatus]] of PLAN.entries()) {
    const created = at(daysAgo, int(1, 9))
    const eligible = families.filter((f) => f.created_at < created.toISOString())
    const client = pick(eligible.length ? eligible : families)
    const [first, last, gender, religion] = DECEASED[i % DECEASED.length] ?? DECEASED[0]
    const deceased = rows.add('deceased', {
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
    const bookingId = rows.nextId('bookings')
    const lines: DemoBookingLine[] = chosen.map((s, k) => ({
      id: bookingId * 100 + k + 1,
      service_id: s.id,
      service_name: s.name,
      quantity: 1,
      price_at_booking: s.price,
      scheduled_date: `${nairobiDay(scheduled)}T${time}:00`,
    }))
    const total = lines.reduce((sum, l) => sum + l.price_at_booking, 0)
    const assigned = status !== 'pending' && status !== 'cancelled' && attendants.length > 0
    rows.add('bookings', {
      client_id: client.id,
      deceased_id: deceased.id,
      status,
      payment_status: paymentStatus,
      total_amount: total,
      notes: status === 'cancelled' ? "Cancelled at the family's request." : null,
      venue: null,
      created_at: created.toISOString(),
      has_notifications: false,
      attendant_id: assigned ? pick(attendants).id : null,
      lines,
    })
    rows.log('booking', `New booking #${bookingId} by ${client.name} for ${first} ${last}`, client.id, created)

    const paid = paymentStatus === 'paid' || paymentStatus === 'refunded' ? total : paymentStatus === 'partial' ? Math.round(total / 2) : 0
    if (paid > 0) {
      const payAt = new Date(Math.min(created.getTime() + int(2, 48) * 3600 * 1000, now.getTime() - int(10, 60) * 60_000))
      rows.add('payments', {
        booking_id: bookingId,
        client_id: client.id,
        transaction_id: receiptNumber(random),
        payment_method: 'mpesa',
        status: 'completed',
        amount: paid,
        payment_date: payAt.toISOString(),
        phone: `254${client.phone.slice(1)}`,
        checkout_request_id: null,
        result_desc: 'The service request is processed successfully.',
      })
      rows.log('payment', `Payment of KSH ${paid.toLocaleString('en-US')} received for booking #${bookingId}`, client.id, payAt)
    }
  }
}
