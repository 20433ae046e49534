/**
 * The mock backend's in-memory database (@msw/data collections).
 *
 * Records are flat and reference each other by numeric id (no @msw/data relations), so a snapshot
 * is plain JSON and restoring it is a matter of re-creating the records.
 */
import { Collection } from '@msw/data'
import { z } from 'zod/mini'
import { AUDIT_FIELDS, BOOKING_STATUSES, DOCUMENT_TYPES, PAYMENT_STATUSES } from '../shared/contracts/bookings'
import { DOCUMENT_STATUSES } from '../shared/contracts/documents'
import { PAYMENT_RECORD_STATUSES } from '../shared/contracts/payments'
import { ACTIVITY_KINDS } from '../shared/contracts/admin'
import { TRANSPORT_STATUSES } from '../shared/contracts/morgue'
import { CUSTODY_KINDS } from '../shared/contracts/custody'
import { AUTHOR_ROLES, MAIL_STATUSES, SMS_STATUSES } from '../shared/contracts/messages'
import { CONDOLENCE_STATUSES } from '../shared/contracts/tributes'
import { WIRE_ROLES } from '../shared/contracts/auth'
import { RESOURCE_KINDS } from '../shared/contracts/calendar'
import { clearFiles } from './files'
import { clearIdempotency } from './idempotency'

export const userSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(WIRE_ROLES),
  phone: z.nullable(z.string()),
  address: z.nullable(z.string()),
  created_at: z.string(),
  password_hash: z.string(),
  password_salt: z.string(),
  /** SMS about the family's bookings; absent (older saves) reads as on. */
  sms_notifications: z.optional(z.boolean()),
  /** The app's language the user chose; absent until they choose. */
  language: z.optional(z.nullable(z.enum(['en', 'sw']))),
  /** A password someone else chose or one past the expiry in Settings: only changing it is allowed (absent: no). */
  must_change_password: z.optional(z.boolean()),
  /** When the user last chose their password (ISO); absent (the seed, older saves): it never expires. */
  password_changed_at: z.optional(z.string()),
})
export type UserRecord = z.infer<typeof userSchema>

export const serviceSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  category: z.nullable(z.string()),
  /** Which entry of the pricing table (basicFuneral, ...) this service is, if any. */
  pricing_key: z.nullable(z.string()),
  /** Priced per day (body storage): a booking line's quantity is its number of days. */
  per_day: z.optional(z.boolean()),
  /** The name and description in Kiswahili; absent or null where the admin gave none. */
  name_sw: z.nullish(z.string()),
  description_sw: z.nullish(z.string()),
  created_at: z.string(),
})
export type ServiceRecord = z.infer<typeof serviceSchema>

export const deceasedSchema = z.object({
  id: z.int(),
  client_id: z.int(),
  first_name: z.string(),
  last_name: z.string(),
  date_of_death: z.string(),
  place_of_death: z.string(),
  gender: z.nullable(z.string()),
  religion: z.nullable(z.string()),
  created_at: z.string(),
})
export type DeceasedRecord = z.infer<typeof deceasedSchema>

export const bookingLineSchema = z.object({
  id: z.int(),
  service_id: z.int(),
  service_name: z.string(),
  quantity: z.int(),
  price_at_booking: z.number(),
  scheduled_date: z.string(),
})
export type BookingLine = z.infer<typeof bookingLineSchema>

export const bookingSchema = z.object({
  id: z.int(),
  client_id: z.int(),
  deceased_id: z.int(),
  status: z.enum(BOOKING_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  total_amount: z.number(),
  notes: z.nullable(z.string()),
  /** Where the service or burial is held; absent on bookings made before it was asked. */
  venue: z.optional(z.nullable(z.string())),
  created_at: z.string(),
  has_notifications: z.boolean(),
  attendant_id: z.nullable(z.int()),
  lines: z.array(bookingLineSchema),
})
export type BookingRecord = z.infer<typeof bookingSchema>

export const documentSchema = z.object({
  id: z.int(),
  booking_id: z.nullable(z.int()),
  uploaded_by: z.int(),
  name: z.string(),
  document_type: z.enum(DOCUMENT_TYPES),
  description: z.nullable(z.string()),
  file_path: z.string(),
  mime_type: z.string(),
  size: z.int(),
  status: z.enum(DOCUMENT_STATUSES),
  review_notes: z.nullable(z.string()),
  created_at: z.string(),
})
export type DocumentRecord = z.infer<typeof documentSchema>

export const paymentSchema = z.object({
  id: z.int(),
  booking_id: z.int(),
  client_id: z.int(),
  transaction_id: z.nullable(z.string()),
  payment_method: z.string(),
  status: z.enum(PAYMENT_RECORD_STATUSES),
  amount: z.number(),
  payment_date: z.string(),
  phone: z.nullable(z.string()),
  checkout_request_id: z.nullable(z.string()),
  result_desc: z.nullable(z.string()),
  /** A relative's contribution through the family's link (absent on the family's own payments). */
  contribution_link_id: z.optional(z.nullable(z.int())),
  contributor_name: z.optional(z.nullable(z.string())),
  contributor_message: z.optional(z.nullable(z.string())),
  contributor_anonymous: z.optional(z.boolean()),
  contributor_phone: z.optional(z.nullable(z.string())),
  contributor_language: z.optional(z.nullable(z.enum(['en', 'sw']))),
  thanked_at: z.optional(z.nullable(z.string())),
})
export type PaymentRecord = z.infer<typeof paymentSchema>

export const mpesaRequestSchema = z.object({
  id: z.int(),
  checkout_request_id: z.string(),
  merchant_request_id: z.string(),
  booking_id: z.int(),
  client_id: z.int(),
  phone: z.string(),
  amount: z.number(),
  scenario: z.string(),
  verify_count: z.int(),
  result_code: z.nullable(z.string()),
  result_desc: z.nullable(z.string()),
  payment_id: z.nullable(z.int()),
  created_at: z.string(),
  contribution_link_id: z.optional(z.nullable(z.int())),
})
export type MpesaRequestRecord = z.infer<typeof mpesaRequestSchema>

export const activitySchema = z.object({
  id: z.int(),
  type: z.enum(ACTIVITY_KINDS),
  message: z.string(),
  time: z.string(),
  user_id: z.nullable(z.int()),
})
export type ActivityRecord = z.infer<typeof activitySchema>

export const passwordResetSchema = z.object({
  id: z.int(),
  token: z.string(),
  user_id: z.int(),
  /** epoch ms */
  expires_at: z.number(),
  used: z.boolean(),
})
export type PasswordResetRecord = z.infer<typeof passwordResetSchema>

// What the attendant records for a body: one record per booking, made on first need.
export const morgueCareSchema = z.object({
  id: z.int(),
  booking_id: z.int(),
  received_at: z.string(),
  tasks: z.array(z.string()),
  transport_status: z.enum(TRANSPORT_STATUSES),
  released_at: z.nullable(z.string()),
  /** Absent on a care record stored before the pickup place was kept. */
  pickup_location: z.optional(z.nullable(z.string())),
})
export type MorgueCareRecord = z.infer<typeof morgueCareSchema>

// Who changed a booking's status or payment status, when, from what to what, and why.
export const bookingAuditSchema = z.object({
  id: z.int(),
  booking_id: z.int(),
  at: z.string(),
  by_user_id: z.nullable(z.int()),
  by_name: z.string(),
  field: z.enum(AUDIT_FIELDS),
  from: z.string(),
  to: z.string(),
  reason: z.nullable(z.string()),
})
export type BookingAuditRecord = z.infer<typeof bookingAuditSchema>

// The chain of custody: every movement of a body, who recorded it and when (append-only).
export const custodyEventSchema = z.object({
  id: z.int(),
  booking_id: z.int(),
  kind: z.enum(CUSTODY_KINDS),
  at: z.string(),
  location: z.nullable(z.string()),
  receiver_name: z.nullable(z.string()),
  receiver_id_number: z.nullable(z.string()),
  receiver_relationship: z.nullable(z.string()),
  by_user_id: z.nullable(z.int()),
  by_name: z.string(),
  by_role: z.nullable(z.string()),
})
export type CustodyEventRecord = z.infer<typeof custodyEventSchema>

// The system settings, one row (id 1) holding their JSON: every admin reads and writes the same copy.
export const settingSchema = z.object({ id: z.int(), json: z.string() })
export type SettingRecord = z.infer<typeof settingSchema>

/** The landing page's contact messages: the outbox the staff read (no e-mail is sent by the mock). */
export const contactMessageSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  message: z.string(),
  urgent: z.boolean(),
  created_at: z.string(),
})
export type ContactMessageRecord = z.infer<typeof contactMessageSchema>

/** A conversation: one per booking, or one per contact-form message (booking_id null). */
export const messageThreadSchema = z.object({
  id: z.int(),
  booking_id: z.nullable(z.int()),
  contact_name: z.nullable(z.string()),
  contact_email: z.nullable(z.string()),
  contact_phone: z.nullable(z.string()),
  urgent: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type MessageThreadRecord = z.infer<typeof messageThreadSchema>

export const chatMessageSchema = z.object({
  id: z.int(),
  thread_id: z.int(),
  author_id: z.nullable(z.int()),
  author_name: z.string(),
  author_role: z.enum(AUTHOR_ROLES),
  body: z.string(),
  created_at: z.string(),
})
export type ChatMessageRecord = z.infer<typeof chatMessageSchema>

/** How far a user has read a thread. */
export const messageReadSchema = z.object({ id: z.int(), thread_id: z.int(), user_id: z.int(), last_read_id: z.int() })

/** The SMS the mock would send: kept for the admin's "Messages sent" and Demo tools. */
export const smsSchema = z.object({
  id: z.int(),
  to_phone: z.string(),
  body: z.string(),
  kind: z.string(),
  booking_id: z.nullable(z.int()),
  message_id: z.nullable(z.int()),
  user_id: z.nullable(z.int()),
  status: z.enum(SMS_STATUSES),
  provider: z.nullable(z.string()),
  attempts: z.int(),
  last_error: z.nullable(z.string()),
  /** epoch ms */
  send_after: z.number(),
  created_at: z.string(),
  sent_at: z.nullable(z.string()),
  /** A reminder's key (person, booking, day): queued once, as the server's unique column. */
  dedupe_key: z.optional(z.nullable(z.string())),
})
export type SmsRecord = z.infer<typeof smsSchema>

/** The e-mails the mock "sent" (a reset link: its link is handed back to the page instead), for the admin's view beside the SMS. */
export const mailSchema = z.object({
  id: z.int(),
  to: z.string(),
  kind: z.enum(['password_reset']),
  language: z.enum(['en', 'sw']),
  status: z.enum(MAIL_STATUSES),
  attempts: z.int(),
  last_error: z.nullable(z.string()),
  created_at: z.string(),
  sent_at: z.nullable(z.string()),
})
export type MailRecord = z.infer<typeof mailSchema>

/** The number a paper (an invoice per booking, a receipt per payment) was given: numbers run per kind and year without gaps. */
export const paperNumberSchema = z.object({
  id: z.int(),
  kind: z.string(),
  subject_id: z.int(),
  year: z.int(),
  seq: z.int(),
  number: z.string(),
})
export type PaperNumberRecord = z.infer<typeof paperNumberSchema>

/** A signed revision of a booking's service agreement; the signed PDF is kept with it (base64: a few tens of KB). */
export const serviceAgreementSchema = z.object({
  id: z.int(),
  booking_id: z.int(),
  revision: z.int(),
  signer_id: z.int(),
  signed_name: z.string(),
  signed_at: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  document_sha256: z.string(),
  sha256: z.string(),
  voided_at: z.nullable(z.string()),
  voided_by: z.nullable(z.int()),
  void_reason: z.nullable(z.string()),
  pdf_base64: z.string(),
})
export type ServiceAgreementRecord = z.infer<typeof serviceAgreementSchema>

/** A family's contribution link (harambee). */
export const contributionLinkSchema = z.object({
  id: z.int(),
  booking_id: z.int(),
  token: z.string(),
  message: z.nullable(z.string()),
  created_by: z.int(),
  created_at: z.string(),
  closed_at: z.nullable(z.string()),
})
export type ContributionLinkRecord = z.infer<typeof contributionLinkSchema>

/** A booking's tribute page (shared/contracts/tributes.ts). */
export const tributeSchema = z.object({
  id: z.int(),
  booking_id: z.int(),
  slug: z.string(),
  published: z.boolean(),
  findable: z.boolean(),
  story: z.string(),
  born: z.nullable(z.string()),
  livestream_url: z.nullable(z.string()),
  events: z.array(z.object({ title: z.string(), starts_at: z.string(), place: z.string(), map_url: z.string() })),
  updated_at: z.string(),
  /** The photo's sizes (its bytes are in mocks/files.ts under the tribute's id negated); absent in older stored data. */
  photo: z.optional(z.nullable(z.object({ width: z.int(), height: z.int(), small_width: z.int(), small_height: z.int(), medium_width: z.optional(z.int()), medium_height: z.optional(z.int()), version: z.string() }))),
})
export type TributeRecord = z.infer<typeof tributeSchema>

export const tributeCondolenceSchema = z.object({
  id: z.int(),
  tribute_id: z.int(),
  name: z.string(),
  message: z.string(),
  status: z.enum(CONDOLENCE_STATUSES),
  created_at: z.string(),
})
export type TributeCondolenceRecord = z.infer<typeof tributeCondolenceSchema>

/** A vehicle or room the calendar books (shared/calendar.ts). */
export const calendarResourceSchema = z.object({
  id: z.int(),
  kind: z.enum(RESOURCE_KINDS),
  name: z.string(),
  capacity: z.nullable(z.int()),
  /** A staff member's working hours ('HH:mm', Nairobi); absent or null: any time. */
  hours_from: z.optional(z.nullable(z.string())),
  hours_to: z.optional(z.nullable(z.string())),
  /** A staff member's own account (absent or null: none). */
  user_id: z.optional(z.nullable(z.int())),
  /** Out of service since then (absent or null: in service). */
  retired_at: z.optional(z.nullable(z.string())),
  created_at: z.string(),
})
export type CalendarResourceRecord = z.infer<typeof calendarResourceSchema>

/** An event of the calendar: its window (ISO instants) and the resources it holds; a kept reason when it was booked over a clash. */
export const calendarEventSchema = z.object({
  id: z.int(),
  title: z.string(),
  booking_id: z.nullable(z.int()),
  starts_at: z.string(),
  ends_at: z.string(),
  resource_ids: z.array(z.int()),
  override_reason: z.nullable(z.string()),
  created_by: z.nullable(z.int()),
  created_at: z.string(),
})
export type CalendarEventRecord = z.infer<typeof calendarEventSchema>

/** A staff member's private calendar feed: its secret (shared/calendar-feed.ts). */
export const calendarFeedSchema = z.object({ id: z.int(), user_id: z.int(), token: z.string(), created_at: z.string() })

export const db = {
  user: new Collection({ schema: userSchema }),
  service: new Collection({ schema: serviceSchema }),
  deceased: new Collection({ schema: deceasedSchema }),
  booking: new Collection({ schema: bookingSchema }),
  document: new Collection({ schema: documentSchema }),
  payment: new Collection({ schema: paymentSchema }),
  mpesaRequest: new Collection({ schema: mpesaRequestSchema }),
  activity: new Collection({ schema: activitySchema }),
  passwordReset: new Collection({ schema: passwordResetSchema }),
  morgueCare: new Collection({ schema: morgueCareSchema }),
  bookingAudit: new Collection({ schema: bookingAuditSchema }),
  custodyEvent: new Collection({ schema: custodyEventSchema }),
  setting: new Collection({ schema: settingSchema }),
  contactMessage: new Collection({ schema: contactMessageSchema }),
  messageThread: new Collection({ schema: messageThreadSchema }),
  chatMessage: new Collection({ schema: chatMessageSchema }),
  messageRead: new Collection({ schema: messageReadSchema }),
  sms: new Collection({ schema: smsSchema }),
  mail: new Collection({ schema: mailSchema }),
  contributionLink: new Collection({ schema: contributionLinkSchema }),
  paperNumber: new Collection({ schema: paperNumberSchema }),
  serviceAgreement: new Collection({ schema: serviceAgreementSchema }),
  tribute: new Collection({ schema: tributeSchema }),
  tributeCondolence: new Collection({ schema: tributeCondolenceSchema }),
  calendarResource: new Collection({ schema: calendarResourceSchema }),
  calendarEvent: new Collection({ schema: calendarEventSchema }),
  calendarFeed: new Collection({ schema: calendarFeedSchema }),
}
export type Db = typeof db
export type CollectionName = keyof Db

const COLLECTION_NAMES = Object.keys(db) as CollectionName[]

/**
 * Highest id ever handed out per collection. Ids are never reused: a new sign-up given a deleted
 * user's id would inherit that family's bookings, documents and still-valid token.
 */
let issued: Partial<Record<CollectionName, number>> = {}

/** Next free integer id of a collection: above every id it holds and every id it ever held. */
export function nextId(name: CollectionName): number {
  let max = issued[name] ?? 0
  for (const r of db[name].all() as Array<{ id: number }>) if (r.id > max) max = r.id
  issued[name] = max + 1
  return max + 1
}

/** Strip @msw/data internals (symbol keys) and deep-copy to plain JSON. */
export function plain<T>(record: T): T {
  return JSON.parse(JSON.stringify(record)) as T
}

export function clearDatabase(): void {
  for (const name of COLLECTION_NAMES) db[name].clear()
  issued = {}
}

/** Clears every collection and reseeds it deterministically (dated from `now`, default this instant). */
export async function resetDatabase(now?: Date): Promise<void> {
  clearDatabase()
  clearIdempotency()
  await clearFiles()
  const { seedDatabase } = await import('./seed')
  await seedDatabase(now)
}

export const SNAPSHOT_VERSION = 1
export interface DatabaseSnapshot {
  version: number
  savedAt: string
  collections: Record<string, unknown[]>
  /** Highest id handed out per collection (absent in older saves). */
  issued?: Partial<Record<CollectionName, number>>
}

/** A JSON-serialisable copy of every collection. */
export function snapshot(): DatabaseSnapshot {
  const collections: Record<string, unknown[]> = {}
  for (const name of COLLECTION_NAMES) collections[name] = (db[name].all() as unknown[]).map(plain)
  return { version: SNAPSHOT_VERSION, savedAt: new Date().toISOString(), collections, issued: { ...issued } }
}

/**
 * Replaces the database with a snapshot. Returns false (database left cleared-and-reseeded by the
 * caller's choice) when the snapshot is of another version or does not match the schemas.
 */
export async function restore(data: unknown): Promise<boolean> {
  if (typeof data !== 'object' || data === null) return false
  const snap = data as Partial<DatabaseSnapshot>
  if (snap.version !== SNAPSHOT_VERSION || typeof snap.collections !== 'object' || snap.collections === null) return false
  // Validate everything first so a bad snapshot never leaves a half-restored database.
  const parsed: Partial<Record<CollectionName, unknown[]>> = {}
  for (const name of COLLECTION_NAMES) {
    const rows = snap.collections[name] ?? []
    const schema = z.array(schemaOf(name))
    const result = schema.safeParse(rows)
    if (!result.success) return false
    parsed[name] = result.data
  }
  clearDatabase()
  if (typeof snap.issued === 'object' && snap.issued !== null) {
    for (const name of COLLECTION_NAMES) {
      const n = snap.issued[name]
      if (typeof n === 'number' && Number.isInteger(n)) issued[name] = n
    }
  }
  for (const name of COLLECTION_NAMES) {
    const collection = db[name] as unknown as { create(v: unknown): Promise<unknown> }
    for (const row of parsed[name] ?? []) await collection.create(row)
  }
  return true
}

function schemaOf(name: CollectionName): z.ZodMiniType {
  switch (name) {
    case 'user':
      return userSchema
    case 'service':
      return serviceSchema
    case 'deceased':
      return deceasedSchema
    case 'booking':
      return bookingSchema
    case 'document':
      return documentSchema
    case 'payment':
      return paymentSchema
    case 'mpesaRequest':
      return mpesaRequestSchema
    case 'activity':
      return activitySchema
    case 'passwordReset':
      return passwordResetSchema
    case 'morgueCare':
      return morgueCareSchema
    case 'bookingAudit':
      return bookingAuditSchema
    case 'custodyEvent':
      return custodyEventSchema
    case 'setting':
      return settingSchema
    case 'contactMessage':
      return contactMessageSchema
    case 'messageThread':
      return messageThreadSchema
    case 'chatMessage':
      return chatMessageSchema
    case 'messageRead':
      return messageReadSchema
    case 'sms':
      return smsSchema
    case 'mail':
      return mailSchema
    case 'contributionLink':
      return contributionLinkSchema
    case 'paperNumber':
      return paperNumberSchema
    case 'serviceAgreement':
      return serviceAgreementSchema
    case 'tribute':
      return tributeSchema
    case 'tributeCondolence':
      return tributeCondolenceSchema
    case 'calendarResource':
      return calendarResourceSchema
    case 'calendarEvent':
      return calendarEventSchema
    case 'calendarFeed':
      return calendarFeedSchema
  }
}

/** Appends to the activity log the admin dashboard shows. */
export async function logActivity(type: ActivityRecord['type'], message: string, userId: number | null = null, time = new Date()): Promise<void> {
  await db.activity.create({ id: nextId('activity'), type, message, time: time.toISOString(), user_id: userId })
}
