/**
 * The demo data as plain rows, in the mock's record shape (snake_case, ISO date strings), each with
 * its id: the mock stores them as they are, the server maps them to its tables. `DemoRows` builds
 * them in order, handing out ids per table from 1 the way a fresh store would.
 */
import type { WireRole } from '../contracts/auth'
import type { ResourceKind } from '../contracts/calendar'
import type { BookingStatus, DocumentType, PaymentStatus } from '../contracts/bookings'

export const DAY = 24 * 60 * 60 * 1000

export interface DemoUser {
  id: number
  name: string
  email: string
  role: WireRole
  phone: string
  address: string
  created_at: string
  /** The plain password (published: the demo accounts' or SEED_USER_PASSWORD); each backend hashes it its own way. */
  password: string
}

export interface DemoService {
  id: number
  name: string
  description: string
  price: number
  category: string
  /** Which entry of the pricing table (basicFuneral, ...) this service is, if any. */
  pricing_key: string | null
  /** Priced per day (body storage); absent: no. */
  per_day?: boolean
  /** The name and description in Kiswahili (the family's language may be Kiswahili). */
  name_sw?: string | null
  description_sw?: string | null
  created_at: string
}

export interface DemoDeceased {
  id: number
  client_id: number
  first_name: string
  last_name: string
  date_of_death: string
  place_of_death: string
  gender: 'male' | 'female'
  religion: string | null
  created_at: string
}

export interface DemoBookingLine {
  id: number
  service_id: number
  service_name: string
  quantity: number
  price_at_booking: number
  scheduled_date: string
}

export interface DemoBooking {
  id: number
  client_id: number
  deceased_id: number
  status: BookingStatus
  payment_status: PaymentStatus
  total_amount: number
  notes: string | null
  venue: string | null
  created_at: string
  has_notifications: boolean
  attendant_id: number | null
  lines: DemoBookingLine[]
}

export interface DemoDocument {
  id: number
  booking_id: number
  uploaded_by: number
  name: string
  document_type: DocumentType
  description: string | null
  file_path: string
  mime_type: 'application/pdf' | 'image/png'
  size: number
  status: 'pending' | 'approved' | 'rejected'
  review_notes: string | null
  created_at: string
}

export interface DemoPayment {
  id: number
  booking_id: number
  client_id: number
  transaction_id: string | null
  payment_method: string
  status: 'completed' | 'failed'
  amount: number
  payment_date: string
  phone: string | null
  checkout_request_id: null
  result_desc: string
}

export interface DemoActivity {
  id: number
  type: 'booking' | 'payment' | 'document' | 'user'
  message: string
  time: string
  user_id: number | null
}

export interface DemoMorgueCare {
  id: number
  booking_id: number
  received_at: string
  tasks: string[]
  transport_status: 'scheduled' | 'delivered'
  released_at: string | null
  pickup_location: null
}

export interface DemoCustodyEvent {
  id: number
  booking_id: number
  kind: 'received' | 'moved_to_storage'
  at: string
  location: string
  receiver_name: null
  receiver_id_number: null
  receiver_relationship: null
  by_user_id: number
  by_name: string
  by_role: WireRole
}

export interface DemoCalendarResource {
  id: number
  kind: ResourceKind
  name: string
  capacity: number | null
  created_at: string
}

export interface DemoCalendarEvent {
  id: number
  title: string
  booking_id: number | null
  starts_at: string
  ends_at: string
  resource_ids: number[]
  override_reason: string | null
  created_by: number | null
  created_at: string
}

/** Everything the demo seeds (the settings are DEFAULT_SETTINGS; no M-Pesa request or message is seeded). */
export interface DemoData {
  users: DemoUser[]
  services: DemoService[]
  deceased: DemoDeceased[]
  bookings: DemoBooking[]
  documents: DemoDocument[]
  payments: DemoPayment[]
  activities: DemoActivity[]
  morgueCare: DemoMorgueCare[]
  custodyEvents: DemoCustodyEvent[]
  calendarResources: DemoCalendarResource[]
  calendarEvents: DemoCalendarEvent[]
}

type Table = keyof DemoData
type Row<T extends Table> = DemoData[T][number]

/** The rows being built: `add` gives a row the next id of its table. */
export class DemoRows {
  readonly data: DemoData = { users: [], services: [], deceased: [], bookings: [], documents: [], payments: [], activities: [], morgueCare: [], custodyEvents: [], calendarResources: [], calendarEvents: [] }
  private readonly last: Partial<Record<Table, number>> = {}

  /** The id the next row of this table gets (a booking's lines are numbered from it before the booking is added). */
  nextId(table: Table): number {
    return (this.last[table] ?? 0) + 1
  }

  add<T extends Table>(table: T, row: Omit<Row<T>, 'id'>): Row<T> {
    const id = this.nextId(table)
    this.last[table] = id
    const full = { id, ...row } as Row<T>
    ;(this.data[table] as Array<Row<T>>).push(full)
    return full
  }

  /** An entry of the activity log the admin dashboard shows. */
  log(type: DemoActivity['type'], message: string, userId: number | null, time: Date): void {
    this.add('activities', { type, message, time: time.toISOString(), user_id: userId })
  }
}
