/**
 * The demo data both backends seed: accounts, the price table, about 60 bookings over the last 14
 * months with their deceased, documents, payments and activity log, and the demo attendant's
 * morgue records. Plain rows from a plain function: a fixed-seed PRNG (mulberry32) drives every
 * choice and every date is relative to `now`, so the demo always covers "the last 12 months" and is
 * the same on every run of the same day. The mock (mocks/seed.ts) stores the rows in @msw/data, the
 * server (server/seed.ts) inserts them with drizzle; each hashes the plain passwords itself.
 */
import { DEMO_ACCOUNTS, SEED_USER_PASSWORD } from '../demo-accounts'
import { nairobiDay } from '../dates'
import type { BookingStatus, DocumentType, PaymentStatus } from '../contracts/bookings'
import { DOCUMENT_TYPE_LABELS } from '../contracts/bookings'
import { Rng, receiptNumber } from './random'
import { DAY, DemoRows } from './rows'
import type { DemoBookingLine, DemoData, DemoDocument, DemoService, DemoUser } from './rows'
import { addAdminExtras } from './admin-extras'
import { assignMorgueCaseload, closeFinishedCare } from './morgue'
import { addCalendar } from './calendar'

export type * from './rows'
export { DAY } from './rows'

export const SEED = 20260101

/** The demo's catalogue, each service's words in English and Kiswahili. */
export const SEED_SERVICES = [
  { name: 'Basic Funeral', price: 5000, category: 'package', pricing_key: 'basicFuneral', description: 'Essential funeral arrangements: body collection, preparation, a simple casket, and coordination of a short service.', name_sw: 'Mazishi ya Kawaida', description_sw: 'Mipango muhimu ya mazishi: kuchukua mwili, kuuandaa, jeneza rahisi, na kuratibu ibada fupi.' },
  { name: 'Premium Funeral', price: 8000, category: 'package', pricing_key: 'premiumFuneral', description: 'A complete, dignified service: premium casket, chapel viewing, programme printing, tent and chairs, and a dedicated coordinator.', name_sw: 'Mazishi Kamili', description_sw: 'Huduma kamili yenye heshima: jeneza bora, kuaga mwili kanisani, uchapishaji wa programu, hema na viti, na mratibu wako maalum.' },
  { name: 'Cremation', price: 3000, category: 'package', pricing_key: 'cremation', description: 'Cremation at the Kariokor or Kisumu crematorium, with an urn and a short farewell ceremony for the family.', name_sw: 'Uchomaji wa Mwili', description_sw: 'Uchomaji wa mwili katika tanuri la Kariokor au Kisumu, pamoja na chombo cha majivu na hafla fupi ya kuaga kwa familia.' },
  { name: 'Burial', price: 4000, category: 'package', pricing_key: 'burial', description: 'Graveside arrangements: grave preparation liaison, lowering gear, and an officiant for the committal.', name_sw: 'Maziko', description_sw: 'Mipango ya kaburini: uratibu wa kuandaa kaburi, vifaa vya kushusha jeneza, na mhudumu wa kidini wa kuzika.' },
  { name: 'Hearse Transport', price: 2500, category: 'add_on', pricing_key: null, description: 'Hearse transport from the mortuary to the church and the burial site (within 50 km; upcountry priced on request).', name_sw: 'Usafiri wa Gari la Maiti', description_sw: 'Gari la maiti kutoka makafani hadi kanisani na mahali pa kuzika (ndani ya km 50; bei ya safari za mashambani kwa ombi).' },
  { name: 'Embalming', price: 3500, category: 'add_on', pricing_key: null, description: 'Professional embalming and cosmetic preparation for viewing.', name_sw: 'Kuhifadhi Mwili kwa Dawa', description_sw: 'Kuhifadhi mwili kwa dawa na kuuandaa kwa ustadi ili uagwe.' },
  { name: 'Floral Arrangements', price: 1500, category: 'add_on', pricing_key: null, description: 'Casket spray and two standing wreaths from fresh local flowers.', name_sw: 'Mapambo ya Maua', description_sw: 'Shada la maua juu ya jeneza na mashada mawili ya kusimama ya maua mabichi ya hapa nchini.' },
  { name: 'Body Storage (per day)', price: 1000, category: 'add_on', pricing_key: null, per_day: true, description: 'Refrigerated body storage at the mortuary, charged per day.', name_sw: 'Kuhifadhi Mwili (kwa siku)', description_sw: 'Kuhifadhi mwili katika jokofu la makafani, kwa malipo ya kila siku.' },
  { name: 'Memorial Programme Printing', price: 1200, category: 'add_on', pricing_key: null, description: '100 full-colour printed programmes with photographs and the order of service.', name_sw: 'Uchapishaji wa Programu ya Ibada', description_sw: 'Programu 100 zilizochapishwa kwa rangi kamili, zenye picha na utaratibu wa ibada.' },
] as const

const STAFF = [
  { name: 'James Kamau', role: 'morgue_attendant' },
  { name: 'Faith Njeri', role: 'morgue_attendant' },
  { name: 'Daniel Kiprop', role: 'morgue_attendant' },
  { name: 'Lucy Muthoni', role: 'admin' },
] as const

const CLIENT_NAMES = [
  'John Mwangi', 'Esther Wambui', 'Samuel Ochieng', 'Agnes Chebet', 'David Kipchoge', 'Ruth Nyambura', 'Joseph Odhiambo',
  'Catherine Akinyi', 'Michael Kariuki', 'Jane Wairimu', 'Paul Mutua', 'Margaret Atieno', 'Stephen Kiptoo', 'Alice Nduta',
  'George Omondi', 'Beatrice Jepkosgei', 'Francis Mwendwa', 'Elizabeth Moraa', 'Kevin Onyango', 'Nancy Wanjiku', 'Brian Kibet',
] as const

const ADDRESSES = [
  'Kilimani, Nairobi', 'Nyali, Mombasa', 'Milimani, Kisumu', 'Section 58, Nakuru', 'Elgon View, Eldoret', 'Karen, Nairobi',
  'Westlands, Nairobi', 'Ruiru, Kiambu', 'Kahawa West, Nairobi', 'Kisii Town, Kisii', 'Nyeri Town, Nyeri', 'Machakos Town, Machakos',
] as const

const DECEASED_FIRST_M = ['Joseph', 'Peter', 'Francis', 'Daniel', 'Wilson', 'Charles', 'Patrick', 'Henry', 'Thomas', 'Simon', 'Moses', 'Jackson'] as const
const DECEASED_FIRST_F = ['Mary', 'Grace', 'Rose', 'Jane', 'Lucy', 'Hellen', 'Teresia', 'Naomi', 'Priscilla', 'Josephine', 'Eunice', 'Rahab'] as const
const DECEASED_LAST = ['Kamau', 'Otieno', 'Wanjiru', 'Kiprono', 'Mutiso', 'Owino', 'Njoroge', 'Chepkoech', 'Maina', 'Ouma', 'Wekesa', 'Nyongesa', 'Barasa', 'Gitau', 'Kimani', 'Auma'] as const
/** Where services are held; a random booking takes one by its place in the seed (not from the PRNG, whose order is the seed). */
const VENUES = [
  'Holy Family Basilica, Nairobi',
  'Family home, Kiambu',
  'Lang\'ata Cemetery, Nairobi',
  'PCEA St. Andrew\'s Church, Nairobi',
  'Family home, Machakos',
  'Kariokor Crematorium, Nairobi',
] as const

const PLACES = [
  'Kenyatta National Hospital, Nairobi', 'Aga Khan Hospital, Mombasa', 'Jaramogi Oginga Odinga Hospital, Kisumu',
  'Moi Teaching and Referral Hospital, Eldoret', 'Nakuru Level 5 Hospital', 'MP Shah Hospital, Nairobi', 'At home, Nyeri', 'At home, Kakamega',
] as const
const RELIGIONS = ['Christian', 'Catholic', 'Muslim', 'Hindu', 'Seventh-day Adventist', null] as const
const TIMES = ['09:00', '10:00', '11:00', '14:00', '15:00'] as const
const FAILURE_DESCS = ['Request cancelled by user', 'The balance is insufficient for the transaction.', 'DS timeout user cannot be reached'] as const

function emailFor(name: string): string {
  return `${name.toLowerCase().replace(/[^a-z ]/g, '').trim().replace(/\s+/g, '.')}@example.co.ke`
}

interface BookingSpec {
  clientId: number
  created: Date
  status: BookingStatus
  paymentStatus: PaymentStatus
  serviceIds: number[]
  scheduledDay: Date
  time: string
  attendantId: number | null
  hasNotifications: boolean
  notes: string | null
  /** Where the service or burial is held. */
  venue: string | null
  deceased: { first: string; last: string; gender: 'male' | 'female'; religion: string | null; place: string }
  /** Document types to seed: [type, status] */
  docs: Array<[DocumentType, DemoDocument['status']]>
  failedAttempt: boolean
}

/** What every seeding step shares: the rows so far, the one PRNG (its order of use is the seed) and the clock. */
interface SeedContext {
  rows: DemoRows
  rng: Rng
  now: Date
  /** `days` (and `hours`) before now. */
  ago: (days: number, hours?: number) => Date
}

/** The people the bookings are built around. */
interface SeedPeople {
  users: DemoUser[]
  admin: DemoUser
  /** The demo morgue attendant. */
  peter: DemoUser
  /** The demo family (client). */
  mary: DemoUser
  staff: DemoUser[]
  clients: DemoUser[]
  attendants: DemoUser[]
}

function addServices({ rows, ago }: SeedContext): void {
  for (const s of SEED_SERVICES) rows.add('services', { ...s, created_at: ago(420).toISOString() })
}

/** The demo accounts, the staff and the clients, each with a phone and an address. */
function addUsers({ rows, rng, ago }: SeedContext): SeedPeople {
  const users: DemoUser[] = []
  const addUser = (name: string, email: string, role: DemoUser['role'], password: string, created: Date) => {
    // The mock once drew its password salt here: still drawn, so every later choice (and the data) stays the same.
    rng.digits(16)
    const user = rows.add('users', { name, email, role, phone: `07${rng.digits(8)}`, address: rng.pick(ADDRESSES), created_at: created.toISOString(), password })
    users.push(user)
    return user
  }
  const demo = DEMO_ACCOUNTS.map((a, i) => addUser(a.name, a.email, a.role, a.password, ago(400 - i * 5)))
  const [admin, peter, mary] = demo
  if (!admin || !peter || !mary) throw new Error('demo accounts missing')
  const staff = STAFF.map((s, i) => addUser(s.name, emailFor(s.name), s.role, SEED_USER_PASSWORD, ago(380 - i * 20)))
  const clients = CLIENT_NAMES.map((name, i) => {
    // Most clients joined long ago; the last few joined in the last two months (user trend).
    const created = i < CLIENT_NAMES.length - 5 ? ago(370 - i * 12, rng.int(0, 12)) : ago(rng.int(2, 55), rng.int(0, 12))
    return addUser(name, emailFor(name), 'client', SEED_USER_PASSWORD, created)
  })
  const attendants = [peter, ...staff.filter((s) => s.role === 'morgue_attendant')]
  return { users, admin, peter, mary, staff, clients, attendants }
}

/** The service ids a booking can take: the packages, the add-ons, and one by name. */
function serviceChoices(services: DemoService[]) {
  return {
    packages: services.filter((s) => s.category === 'package').map((s) => s.id),
    addOns: services.filter((s) => s.category === 'add_on').map((s) => s.id),
    byName: (name: string) => {
      const s = services.find((x) => x.name === name)
      if (!s) throw new Error(`seed service ${name} missing`)
      return s.id
    },
  }
}

/** The family demo account's four bookings, one in each state a family meets. */
function familyBookingSpecs({ ago }: SeedContext, { mary, peter, staff }: SeedPeople, byName: (name: string) => number): BookingSpec[] {
  return [
    {
      clientId: mary.id, created: ago(2, 3), status: 'pending', paymentStatus: 'pending',
      serviceIds: [byName('Basic Funeral'), byName('Hearse Transport')], scheduledDay: ago(-10), time: '10:00',
      attendantId: null, hasNotifications: false, notes: 'Service at ACK St. Stephen\'s Church, Jogoo Road.', venue: 'ACK St. Stephen\'s Church, Jogoo Road',
      deceased: { first: 'Samuel', last: 'Ouma', gender: 'male', religion: 'Christian', place: 'Kenyatta National Hospital, Nairobi' },
      docs: [['death_certificate', 'pending']], failedAttempt: false,
    },
    {
      clientId: mary.id, created: ago(12, 5), status: 'confirmed', paymentStatus: 'partial',
      serviceIds: [byName('Premium Funeral'), byName('Embalming'), byName('Floral Arrangements')], scheduledDay: ago(-5), time: '11:00',
      attendantId: peter.id, hasNotifications: true, notes: 'Family viewing requested the evening before.', venue: 'Holy Family Basilica, Nairobi',
      deceased: { first: 'Rose', last: 'Achieng', gender: 'female', religion: 'Catholic', place: 'Jaramogi Oginga Odinga Hospital, Kisumu' },
      docs: [['death_certificate', 'approved']], failedAttempt: true,
    },
    {
      clientId: mary.id, created: ago(120, 2), status: 'completed', paymentStatus: 'paid',
      serviceIds: [byName('Burial'), byName('Hearse Transport')], scheduledDay: ago(113), time: '14:00',
      attendantId: staff[0]?.id ?? peter.id, hasNotifications: false, notes: null, venue: 'Family home, Kakamega',
      deceased: { first: 'Wilson', last: 'Owino', gender: 'male', religion: 'Christian', place: 'At home, Kakamega' },
      docs: [['death_certificate', 'approved'], ['burial_permit', 'approved'], ['receipt', 'approved']], failedAttempt: false,
    },
    {
      clientId: mary.id, created: ago(20, 1), status: 'in_progress', paymentStatus: 'paid',
      serviceIds: [byName('Cremation'), byName('Body Storage (per day)')], scheduledDay: ago(-1), time: '09:00',
      attendantId: peter.id, hasNotifications: false, notes: 'Ashes to be collected by the family.', venue: 'Kariokor Crematorium, Nairobi',
      deceased: { first: 'Teresia', last: 'Auma', gender: 'female', religion: 'Hindu', place: 'Aga Khan Hospital, Mombasa' },
      docs: [['death_certificate', 'approved'], ['burial_permit', 'rejected']], failedAttempt: false,
    },
  ]
}

function randomDeceased(rng: Rng): BookingSpec['deceased'] {
  const gender = rng.chance(0.5) ? ('male' as const) : ('female' as const)
  return {
    first: rng.pick(gender === 'male' ? DECEASED_FIRST_M : DECEASED_FIRST_F),
    last: rng.pick(DECEASED_LAST),
    gender,
    religion: rng.pick(RELIGIONS),
    place: rng.pick(PLACES),
  }
}

/** A booking's status and payment status: one whose day has passed is mostly completed. */
function randomOutcome(rng: Rng, past: boolean): { status: BookingStatus; paymentStatus: PaymentStatus } {
  let status: BookingStatus
  let paymentStatus: PaymentStatus
  if (past) {
    const r = rng.float()
    status = r < 0.78 ? 'completed' : r < 0.9 ? 'cancelled' : 'in_progress'
  } else {
    status = rng.pick(['pending', 'pending', 'pending', 'confirmed', 'confirmed', 'in_progress'] as const)
  }
  switch (status) {
    case 'completed':
      paymentStatus = rng.chance(0.88) ? 'paid' : 'refunded'
      break
    case 'cancelled':
      paymentStatus = rng.chance(0.5) ? 'refunded' : 'pending'
      break
    case 'pending':
      paymentStatus = rng.chance(0.75) ? 'pending' : 'partial'
      break
    default:
      paymentStatus = rng.pick(['paid', 'paid', 'partial', 'pending'] as const)
  }
  return { status, paymentStatus }
}

/** The documents a booking in this state has: all approved once completed, a mix while open, none if cancelled. */
function randomDocs(rng: Rng, status: BookingStatus): BookingSpec['docs'] {
  const docs: BookingSpec['docs'] = []
  if (status === 'completed') {
    docs.push(['death_certificate', 'approved'], ['burial_permit', 'approved'])
    if (rng.chance(0.5)) docs.push(['receipt', 'approved'])
    if (rng.chance(0.3)) docs.push(['contract', 'approved'])
  } else if (status !== 'cancelled') {
    if (rng.chance(0.8)) docs.push(['death_certificate', rng.pick(['pending', 'approved', 'approved'] as const)])
    if (rng.chance(0.5)) docs.push(['burial_permit', rng.pick(['pending', 'approved', 'rejected'] as const)])
    if (rng.chance(0.3)) docs.push([rng.pick(['contract', 'invoice', 'other'] as const), rng.pick(['pending', 'approved', 'rejected'] as const)])
  }
  return docs
}

const RANDOM_BOOKINGS = 36
const RECENT = 8

/** Bookings of the other clients over the last year: a few open ones recently, the rest mostly done. */
function randomBookingSpecs(ctx: SeedContext, { clients, peter, attendants }: SeedPeople, { packages, addOns }: ReturnType<typeof serviceChoices>): BookingSpec[] {
  const { rng, now, ago } = ctx
  const specs: BookingSpec[] = []
  for (let i = 0; i < RANDOM_BOOKINGS; i++) {
    // The newest eight fall in the last three weeks (open bookings); the rest spread over the year.
    const daysAgo = i < RECENT ? rng.int(0, 20) : Math.min(364, 21 + Math.floor(((i - RECENT) / (RANDOM_BOOKINGS - RECENT)) * 338) + rng.int(0, 5))
    const created = ago(daysAgo, rng.int(0, 10))
    const eligible = clients.filter((c) => c.created_at < created.toISOString())
    const client = eligible.length ? rng.pick(eligible) : rng.pick(clients.slice(0, 5))
    const serviceIds = [rng.pick(packages)]
    const extra = rng.int(0, 2)
    for (let k = 0; k < extra; k++) {
      const id = rng.pick(addOns)
      if (!serviceIds.includes(id)) serviceIds.push(id)
    }
    const recent = i < RECENT
    const scheduledDay = recent ? new Date(now.getTime() + rng.int(1, 14) * DAY) : new Date(created.getTime() + rng.int(3, 14) * DAY)
    const past = !recent && scheduledDay.getTime() < now.getTime() - DAY
    const { status, paymentStatus } = randomOutcome(rng, past)
    const assigned = status === 'confirmed' || status === 'in_progress' || status === 'completed'
    const docs = randomDocs(rng, status)
    specs.push({
      clientId: client.id,
      created,
      status,
      paymentStatus,
      serviceIds,
      scheduledDay,
      time: rng.pick(TIMES),
      attendantId: assigned ? (rng.chance(0.4) ? peter.id : rng.pick(attendants).id) : null,
      hasNotifications: status !== 'pending' && rng.chance(0.25),
      notes: status === 'cancelled' ? 'Cancelled at the family\'s request.' : rng.chance(0.3) ? 'Please call the family before collection.' : null,
      venue: VENUES[i % VENUES.length] ?? null,
      deceased: randomDeceased(rng),
      docs,
      failedAttempt: rng.chance(0.15),
    })
  }
  return specs
}

/** One booking: its deceased, its lines at today's prices, its documents and payments. */
function addBooking(ctx: SeedContext, spec: BookingSpec, { users, admin }: SeedPeople, services: DemoService[]): void {
  const { rows, rng } = ctx
  const client = users.find((u) => u.id === spec.clientId)
  const clientName = client?.name ?? 'Client'
  const deceased = rows.add('deceased', {
    client_id: spec.clientId,
    first_name: spec.deceased.first,
    last_name: spec.deceased.last,
    date_of_death: nairobiDay(new Date(spec.created.getTime() - rng.int(1, 6) * DAY)),
    place_of_death: spec.deceased.place,
    gender: spec.deceased.gender,
    religion: spec.deceased.religion,
    created_at: spec.created.toISOString(),
  })
  const bookingId = rows.nextId('bookings')
  const lines: DemoBookingLine[] = []
  let total = 0
  for (const sid of spec.serviceIds) {
    const service = services.find((s) => s.id === sid)
    if (!service) continue
    lines.push({
      id: bookingId * 100 + lines.length + 1,
      service_id: service.id,
      service_name: service.name,
      quantity: 1,
      price_at_booking: service.price,
      scheduled_date: `${nairobiDay(spec.scheduledDay)}T${spec.time}:00`,
    })
    total += service.price
  }
  const booking = rows.add('bookings', {
    client_id: spec.clientId,
    deceased_id: deceased.id,
    status: spec.status,
    payment_status: spec.paymentStatus,
    total_amount: total,
    notes: spec.notes,
    venue: spec.venue,
    created_at: spec.created.toISOString(),
    has_notifications: spec.hasNotifications,
    attendant_id: spec.attendantId,
    lines,
  })
  rows.log('booking', `New booking #${booking.id} by ${clientName} for ${deceased.first_name} ${deceased.last_name}`, spec.clientId, spec.created)
  addDocuments(ctx, spec, booking.id, deceased.last_name, clientName, admin)
  addPayments(ctx, spec, booking.id, client, total)
}

/** A date that would fall in the last minute (or later) is moved a little into the past. */
const capNow = ({ rng, now }: SeedContext, d: Date) => (d.getTime() > now.getTime() - 60_000 ? new Date(now.getTime() - rng.int(5, 60) * 60_000) : d)

/** The booking's documents, uploaded after it was made, and their reviews. */
function addDocuments(ctx: SeedContext, spec: BookingSpec, bookingId: number, lastName: string, clientName: string, admin: DemoUser): void {
  const { rows, rng } = ctx
  for (const [k, [type, status]] of spec.docs.entries()) {
    const uploaded = capNow(ctx, new Date(spec.created.getTime() + (k + 1) * rng.int(2, 20) * 3600 * 1000))
    const ext = rng.chance(0.7) ? 'pdf' : 'png'
    const docId = rows.nextId('documents')
    rows.add('documents', {
      booking_id: bookingId,
      uploaded_by: spec.clientId,
      name: `${type.replace(/_/g, '-')}-${lastName.toLowerCase()}.${ext}`,
      document_type: type,
      description: type === 'other' ? 'Letter from the area chief' : null,
      file_path: `/uploads/documents/${docId}.${ext}`,
      mime_type: ext === 'pdf' ? 'application/pdf' : 'image/png',
      size: rng.int(80_000, 2_400_000),
      status,
      review_notes: status === 'rejected' ? 'The scan is not legible. Please upload a clearer copy.' : null,
      created_at: uploaded.toISOString(),
    })
    rows.log('document', `${clientName} uploaded ${DOCUMENT_TYPE_LABELS[type]} for booking #${bookingId}`, spec.clientId, uploaded)
    if (status !== 'pending') {
      const reviewed = capNow(ctx, new Date(uploaded.getTime() + rng.int(1, 20) * 3600 * 1000))
      rows.log('document', `${DOCUMENT_TYPE_LABELS[type]} for booking #${bookingId} ${status}`, admin.id, reviewed)
    }
  }
}

/** A failed M-Pesa attempt now and then, and what was paid (all of it, half, or nothing yet). */
function addPayments(ctx: SeedContext, spec: BookingSpec, bookingId: number, client: DemoUser | undefined, total: number): void {
  const { rows, rng } = ctx
  const phone = client?.phone ?? `07${rng.digits(8)}`
  const payAt = capNow(ctx, new Date(spec.created.getTime() + rng.int(1, 96) * 3600 * 1000))
  if (spec.failedAttempt) {
    const failedAt = capNow(ctx, new Date(payAt.getTime() - rng.int(10, 120) * 60_000))
    rows.add('payments', {
      booking_id: bookingId, client_id: spec.clientId, transaction_id: null, payment_method: 'mpesa',
      status: 'failed', amount: total, payment_date: failedAt.toISOString(), phone: `254${phone.slice(1)}`, checkout_request_id: null,
      result_desc: rng.pick(FAILURE_DESCS),
    })
  }
  const paidAmount =
    spec.paymentStatus === 'paid' || spec.paymentStatus === 'refunded' ? total : spec.paymentStatus === 'partial' ? Math.round(total / 2) : 0
  if (paidAmount > 0) {
    rows.add('payments', {
      booking_id: bookingId, client_id: spec.clientId, transaction_id: receiptNumber(() => rng.float()),
      payment_method: rng.chance(0.85) ? 'mpesa' : 'other', status: 'completed', amount: paidAmount, payment_date: payAt.toISOString(),
      phone: `254${phone.slice(1)}`, checkout_request_id: null, result_desc: 'The service request is processed successfully.',
    })
    rows.log('payment', `Payment of KSH ${paidAmount.toLocaleString('en-US')} received for booking #${bookingId}`, spec.clientId, payAt)
  }
}

/**
 * The demo data as of `now`: the demo accounts first (ids 1, 2, 3 in DEMO_ACCOUNTS' order: the
 * journeys rely on it), then the staff and the clients; every id is stable from run to run.
 */
export function demoData({ now }: { now: Date }): DemoData {
  const rows = new DemoRows()
  const rng = new Rng(SEED)
  const ctx: SeedContext = { rows, rng, now, ago: (days, hours = 0) => new Date(now.getTime() - days * DAY - hours * 3600 * 1000) }

  addServices(ctx)
  const people = addUsers(ctx)
  const services = rows.data.services
  const choices = serviceChoices(services)
  const specs = [...familyBookingSpecs(ctx, people, choices.byName), ...randomBookingSpecs(ctx, people, choices)]
  specs.sort((a, b) => a.created.getTime() - b.created.getTime())

  for (const c of [...people.clients, people.mary]) rows.log('user', `New client registered: ${c.name}`, c.id, new Date(c.created_at))
  for (const spec of specs) addBooking(ctx, spec, people, services)

  addAdminExtras(rows, now)
  assignMorgueCaseload(rows)
  closeFinishedCare(rows)
  addCalendar(rows, now)
  return rows.data
}
