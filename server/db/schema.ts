/**
 * The server's tables (drizzle-orm, PostgreSQL: the same on PGlite and on a real server).
 *
 * Ids are identity columns, so a deleted row's id is never handed out again. Who made a row
 * (client_id, uploaded_by, …) is a plain integer, not a foreign key: a deleted family's bookings stay
 * in the books (the wire shows 'Former client'), as in the mock.
 */
import { sql } from 'drizzle-orm'
// The lists of values a column takes are the API's own (shared/contracts): written once.
import { WIRE_ROLES } from '../../shared/contracts/roles'
import { AUDIT_FIELDS, BOOKING_STATUSES, PAYMENT_STATUSES } from '../../shared/contracts/bookings'
import { DOCUMENT_STATUSES } from '../../shared/contracts/documents'
import { PAYMENT_RECORD_STATUSES } from '../../shared/contracts/payments'
import { ACTIVITY_KINDS } from '../../shared/contracts/admin'
import { TRANSPORT_STATUSES } from '../../shared/contracts/morgue'
import { CUSTODY_KINDS } from '../../shared/contracts/custody'
import { AUTHOR_ROLES, MAIL_STATUSES, SMS_STATUSES } from '../../shared/contracts/messages'
import { CONDOLENCE_STATUSES } from '../../shared/contracts/tributes'
import { RESOURCE_KINDS } from '../../shared/contracts/calendar'
import { bigint, boolean, customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'

const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity()
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
/** Bytes, as Postgres's bytea (both PGlite and node-postgres give a Uint8Array or Buffer). */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' })

export const users = pgTable(
  'users',
  {
    id: id(),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    role: text('role', { enum: WIRE_ROLES }).notNull(),
    phone: varchar('phone', { length: 20 }),
    address: varchar('address', { length: 200 }),
    passwordHash: text('password_hash').notNull(),
    /** Bumped on logout, password change/reset and role change: older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** The family may turn the SMS about their bookings off in their profile. */
    smsNotifications: boolean('sms_notifications').notNull().default(true),
    /** The app's language the user chose ('en' or 'sw'); null until they choose. */
    language: text('language', { enum: ['en', 'sw'] }),
    /** Set for a password someone else chose (the first admin's) or one past the expiry in Settings: every call but changing it is refused. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** When the user last chose their password (the expiry in Settings counts from it). */
    passwordChangedAt: at('password_changed_at').notNull().defaultNow(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower').on(sql`lower(${t.email})`), index('users_role').on(t.role)],
)

export const services = pgTable('services', {
  id: id(),
  name: varchar('name', { length: 100 }).notNull(),
  description: text('description').notNull().default(''),
  price: integer('price').notNull(),
  category: varchar('category', { length: 100 }),
  /** Priced per day (body storage): a booking line's quantity is its number of days. */
  perDay: boolean('per_day').notNull().default(false),
  /** The name and description in Kiswahili; null where the admin gave none (the family reads the English). */
  nameSw: varchar('name_sw', { length: 100 }),
  descriptionSw: text('description_sw'),
  pricingKey: text('pricing_key').unique(),
  createdAt: at('created_at').notNull().defaultNow(),
})

export const deceased = pgTable(
  'deceased',
  {
    id: id(),
    clientId: integer('client_id').notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    dateOfDeath: date('date_of_death', { mode: 'string' }).notNull(),
    placeOfDeath: varchar('place_of_death', { length: 100 }).notNull(),
    gender: text('gender'),
    religion: varchar('religion', { length: 100 }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('deceased_client').on(t.clientId)],
)

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    clientId: integer('client_id').notNull(),
    deceasedId: integer('deceased_id')
      .notNull()
      .references(() => deceased.id),
    status: text('status', { enum: BOOKING_STATUSES }).notNull(),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull(),
    totalAmount: integer('total_amount').notNull(),
    notes: text('notes'),
    /** Where the service or burial is held. */
    venue: varchar('venue', { length: 100 }),
    hasNotifications: boolean('has_notifications').notNull().default(false),
    attendantId: integer('attendant_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    /**
     * What the admin's search looks in, kept by the database (migration 0017): the deceased's name as
     * the screen shows it ("First Last", or "Booking #id" without one) and the family's name
     * ('Former client' once the account is gone), in lower case.
     */
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [index('bookings_client').on(t.clientId), index('bookings_attendant').on(t.attendantId), index('bookings_created').on(t.createdAt)],
)

export const bookingLines = pgTable(
  'booking_lines',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id').notNull(),
    serviceName: varchar('service_name', { length: 100 }).notNull(),
    quantity: integer('quantity').notNull().default(1),
    priceAtBooking: integer('price_at_booking').notNull(),
    /** '<YYYY-MM-DD>T<HH:mm>:00', Nairobi local time, as the app sends it. */
    scheduledDate: varchar('scheduled_date', { length: 19 }).notNull(),
  },
  (t) => [index('booking_lines_booking').on(t.bookingId), index('booking_lines_service').on(t.serviceId)],
)

export const documents = pgTable(
  'documents',
  {
    id: id(),
    bookingId: integer('booking_id'),
    uploadedBy: integer('uploaded_by').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    documentType: text('document_type').notNull(),
    description: text('description'),
    filePath: text('file_path').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    status: text('status', { enum: DOCUMENT_STATUSES }).notNull(),
    reviewNotes: text('review_notes'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** The storage's generated key (null: a seeded demo document, served from its sample bytes). */
    storageKey: text('storage_key'),
    /** Hex SHA-256 of the stored bytes. */
    sha256: text('sha256'),
  },
  (t) => [index('documents_booking').on(t.bookingId), index('documents_uploader').on(t.uploadedBy)],
)

export const payments = pgTable(
  'payments',
  {
    id: id(),
    bookingId: integer('booking_id').notNull(),
    clientId: integer('client_id').notNull(),
    transactionId: text('transaction_id'),
    paymentMethod: text('payment_method').notNull(),
    status: text('status', { enum: PAYMENT_RECORD_STATUSES }).notNull(),
    amount: integer('amount').notNull(),
    paymentDate: at('payment_date').notNull().defaultNow(),
    phone: text('phone'),
    checkoutRequestId: text('checkout_request_id'),
    resultDesc: text('result_desc'),
    /** A relative's contribution through the family's link: who, their words, and whether to stay anonymous. */
    contributionLinkId: integer('contribution_link_id'),
    contributorName: text('contributor_name'),
    contributorMessage: text('contributor_message'),
    contributorAnonymous: boolean('contributor_anonymous').notNull().default(false),
    /** The contributor's full number, for the thank-you SMS only (the wire shows it masked). */
    contributorPhone: text('contributor_phone'),
    /** The language of the page the contributor paid from ('en' or 'sw'): their thank-you SMS is in it. */
    contributorLanguage: text('contributor_language', { enum: ['en', 'sw'] }),
    thankedAt: at('thanked_at'),
  },
  (t) => [index('payments_booking').on(t.bookingId), index('payments_client').on(t.clientId), index('payments_date').on(t.paymentDate)],
)

/** M-Pesa STK pushes (used by the payments routes that come with the Daraja client). */
export const mpesaRequests = pgTable('mpesa_requests', {
  id: id(),
  checkoutRequestId: text('checkout_request_id').notNull().unique(),
  merchantRequestId: text('merchant_request_id').notNull(),
  bookingId: integer('booking_id').notNull(),
  clientId: integer('client_id').notNull(),
  phone: text('phone').notNull(),
  amount: integer('amount').notNull(),
  scenario: text('scenario').notNull(),
  verifyCount: integer('verify_count').notNull().default(0),
  resultCode: text('result_code'),
  resultDesc: text('result_desc'),
  paymentId: integer('payment_id'),
  createdAt: at('created_at').notNull().defaultNow(),
  /** The reconciliation job of an open push: when to ask Daraja (STK query) next, and how many times it has. */
  nextCheckAt: at('next_check_at').notNull().defaultNow(),
  checkAttempts: integer('check_attempts').notNull().default(0),
  /** Set for a relative's push through a contribution link (several may be open at once, within what is due). */
  contributionLinkId: integer('contribution_link_id'),
},
  // One payment of the family's own in progress per booking, kept by the database itself so two
  // instances cannot both push; relatives' contributions are held to what is due by reservation instead.
  (t) => [
    uniqueIndex('mpesa_requests_open_booking').on(t.bookingId).where(sql`result_code IS NULL AND contribution_link_id IS NULL`),
    index('mpesa_requests_link').on(t.contributionLinkId, t.createdAt),
    // The reconciler's claim (open pushes due for a check, oldest due first), run every few seconds by
    // every instance: only open pushes are in it, so it stays small however many pushes were ever made.
    index('mpesa_requests_due').on(t.nextCheckAt).where(sql`result_code IS NULL`),
  ],
)

export const activities = pgTable(
  'activities',
  {
    id: id(),
    type: text('type', { enum: ACTIVITY_KINDS }).notNull(),
    message: text('message').notNull(),
    time: at('time').notNull().defaultNow(),
    userId: integer('user_id'),
  },
  (t) => [index('activities_time').on(t.time)],
)

export const morgueCare = pgTable('morgue_care', {
  id: id(),
  bookingId: integer('booking_id').notNull().unique(),
  receivedAt: at('received_at').notNull(),
  tasks: jsonb('tasks').$type<string[]>().notNull().default([]),
  transportStatus: text('transport_status', { enum: TRANSPORT_STATUSES }).notNull().default('scheduled'),
  releasedAt: at('released_at'),
  /** Where the body is collected for the transfer, when not the usual place (see the app's pickup rule). */
  pickupLocation: varchar('pickup_location', { length: 100 }),
})

/**
 * Password-reset requests: only a SHA-256 of the link's token is stored, so a database leak opens no
 * account. The hash is null until the mail job sends the link (it mints the token then, and a
 * retry mints a new one, which ends the previous); until then `expiresAt` is how long the request
 * may still be sent, and from the sending, how long the link works.
 */
export const passwordResets = pgTable('password_resets', {
  id: id(),
  tokenHash: text('token_hash').unique(),
  userId: integer('user_id').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: at('created_at').notNull().defaultNow(),
})

/**
 * Every rate limit's counter (server/limits.ts): one row per key (door and who: an address, an
 * account, a phone), its window starting at the key's first try, bumped atomically (INSERT … ON
 * CONFLICT … RETURNING) so a limit holds across parallel requests and instances. Rows whose window
 * is over are pruned.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowStart: at('window_start').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('rate_limits_expires_at').on(t.expiresAt)],
)

/**
 * Sign-in tries per account (by e-mail, known or not): a try is counted before its password is
 * checked, and after a few failures each further try must wait until next_at (the wait doubling,
 * capped). A successful sign-in removes the row.
 */
export const signInDelays = pgTable('sign_in_delays', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  nextAt: at('next_at').notNull(),
  lastAt: at('last_at').notNull(),
})

/**
 * Answers to create requests that carried an Idempotency-Key, per user: a retried request gets the
 * first answer instead of making a second booking or deceased record. `status` is null while the
 * first request is still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    userId: integer('user_id').notNull(),
    key: varchar('key', { length: 200 }).notNull(),
    route: text('route').notNull(),
    status: integer('status'),
    body: jsonb('body'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_key').on(t.userId, t.key)],
)

/** The landing page's contact messages: the home's inbox of visitors' words (no e-mail is sent yet). */
export const contactMessages = pgTable('contact_messages', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  phone: text('phone'),
  urgent: boolean('urgent').notNull().default(false),
  createdAt: at('created_at').notNull().defaultNow(),
})

/** Who changed a booking's status or payment status, when, from what, to what and why. */
export const bookingAudit = pgTable(
  'booking_audit',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    at: at('at').notNull().defaultNow(),
    byUserId: integer('by_user_id'),
    /** The name at the time of the change: the trail stays readable after the user is renamed or deleted. */
    byName: text('by_name').notNull(),
    /** 'release': a body released with a balance due (from: the balance in KSH, to: how it is settled); a text column, so no migration. */
    field: text('field', { enum: AUDIT_FIELDS }).notNull(),
    from: text('from').notNull(),
    to: text('to').notNull(),
    reason: text('reason'),
  },
  (t) => [index('booking_audit_booking').on(t.bookingId)],
)

/**
 * The chain of custody: every movement of a body, when (the server's clock) and by whom (named as
 * then, so the record stays readable after a rename). Append-only: nothing is updated or deleted.
 */
export const custodyEvents = pgTable(
  'custody_events',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CUSTODY_KINDS }).notNull(),
    at: at('at').notNull().defaultNow(),
    location: varchar('location', { length: 100 }),
    receiverName: varchar('receiver_name', { length: 100 }),
    receiverIdNumber: varchar('receiver_id_number', { length: 20 }),
    receiverRelationship: varchar('receiver_relationship', { length: 50 }),
    byUserId: integer('by_user_id'),
    byName: text('by_name').notNull(),
    byRole: text('by_role'),
  },
  (t) => [
    index('custody_events_booking').on(t.bookingId, t.at),
    // At most one release per body, whatever two attendants do at the same moment.
    uniqueIndex('custody_events_one_release').on(t.bookingId).where(sql`kind = 'released'`),
  ],
)

/** The admin's settings, one row per section (general, notifications, security, retention) as JSON. */
export const settings = pgTable('settings', {
  section: text('section').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
})

/**
 * A conversation: one per booking (between its family and the staff), or one per landing-page
 * contact message (no booking: the visitor's name and e-mail instead).
 */
export const messageThreads = pgTable(
  'message_threads',
  {
    id: id(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    /** A website message about a death just occurred or a collection today (shared/contact-urgency.ts). */
    urgent: boolean('urgent').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Time of the last message: the inbox's order. */
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('message_threads_booking').on(t.bookingId), index('message_threads_updated').on(t.updatedAt)],
)

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    /** Null for the system's welcome and a visitor's contact message. */
    authorId: integer('author_id'),
    /** The name at the time of writing, so the thread stays readable after a rename or deletion. */
    authorName: text('author_name').notNull(),
    authorRole: text('author_role', { enum: AUTHOR_ROLES }).notNull(),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('chat_messages_thread').on(t.threadId, t.id)],
)

/** How far each user has read each thread (the last message id they have seen). */
export const messageReads = pgTable(
  'message_reads',
  {
    threadId: integer('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    lastReadId: integer('last_read_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] })],
)

/**
 * Every SMS the server sends, kept: queued by the action that calls for it (never waiting for the
 * network), sent by a job that retries failures; with no provider configured they stay here for the admin.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    kind: text('kind').notNull(),
    bookingId: integer('booking_id'),
    /** A staff answer's SMS is skipped when the family has read the answer by the time it is due. */
    messageId: integer('message_id'),
    userId: integer('user_id'),
    status: text('status', { enum: SMS_STATUSES }).notNull().default('queued'),
    provider: text('provider'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sendAfter: at('send_after').notNull().defaultNow(),
    createdAt: at('created_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
    /**
     * A reminder's key (person, booking and day): unique, so the day-before reminder is queued once
     * however many passes or instances ask (server/reminders.ts). Null for every other SMS.
     */
    dedupeKey: text('dedupe_key').unique(),
  },
  (t) => [index('sms_outbox_due').on(t.status, t.sendAfter)],
)

/** A family's contribution link (harambee): an unguessable token; at most one open per booking. */
export const contributionLinks = pgTable(
  'contribution_links',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token shown to the family now (derived from token_nonce); null until one is issued. */
    tokenHash: text('token_hash'),
    tokenNonce: text('token_nonce'),
    /**
     * SHA-256 of every token this link had before: the raw tokens hashed by the migration, and ones
     * derived under a server secret since changed. Those links were shared (WhatsApp groups) and keep
     * opening this row until the family closes it.
     */
    legacyTokenHashes: text('legacy_token_hashes').array().notNull().default(sql`'{}'::text[]`),
    message: text('message'),
    createdBy: integer('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    closedAt: at('closed_at'),
  },
  (t) => [
    uniqueIndex('contribution_links_token_hash').on(t.tokenHash),
    index('contribution_links_legacy_token_hashes').using('gin', t.legacyTokenHashes),
    uniqueIndex('contribution_links_open_booking').on(t.bookingId).where(sql`closed_at IS NULL`),
  ],
)

/**
 * A family's bookings list version: the database moves it (triggers, migration 0016) in the same
 * transaction as any change to what that list shows, so a server instance may answer the list it
 * built earlier as long as the version it reads is still the one it built it at.
 */
export const clientVersions = pgTable('client_versions', {
  clientId: integer('client_id').primaryKey(),
  version: bigint('version', { mode: 'bigint' }).notNull(),
})

/**
 * E-mail the server sends (server/mail.ts), queued by the action and sent by a job, like sms_outbox.
 * The row says which mail to write (kind, language, the reset request it is for), never its text:
 * a reset link's token is minted when the job sends and is kept nowhere but in the message.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    kind: text('kind', { enum: ['password_reset'] }).notNull(),
    userId: integer('user_id'),
    toAddress: text('to_address').notNull(),
    language: text('language', { enum: ['en', 'sw'] }).notNull(),
    passwordResetId: integer('password_reset_id').references(() => passwordResets.id, { onDelete: 'cascade' }),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('queued'),
    /** 'smtp', or 'log' in development without SMTP_URL. */
    transport: text('transport'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sendAfter: at('send_after').notNull(),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
  },
  (t) => [index('mail_outbox_due').on(t.status, t.sendAfter)],
)

/**
 * When each scheduled job last ran (the backup, on the Settings' frequency): one row per job, taken
 * with SELECT ... FOR UPDATE SKIP LOCKED, so of several instances only one runs a job that is due.
 */
export const scheduledRuns = pgTable('scheduled_runs', {
  job: text('job').primaryKey(),
  lastRunAt: at('last_run_at').notNull(),
})

/**
 * Two-step sign-in for staff (Settings, security, two-factor): the second step's one-time code, sent
 * by SMS. Only keyed hashes are kept (of the challenge the app holds and of the code); a code lives
 * 10 minutes, allows 5 tries and is used once.
 */
export const signInCodes = pgTable('sign_in_codes', {
  id: id(),
  userId: integer('user_id').notNull(),
  challengeHash: text('challenge_hash').notNull().unique(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: at('created_at').notNull().defaultNow(),
})

/**
 * The paper trail's numbers: one counter per kind (invoice, receipt) and Nairobi year, taken under
 * a row lock, so numbers run without gaps (INV-2026-000123); and the number each paper was given,
 * once, so a paper downloaded again keeps its number.
 */
export const paperCounters = pgTable(
  'paper_counters',
  {
    kind: text('kind').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
)

export const paperNumbers = pgTable(
  'paper_numbers',
  {
    kind: text('kind').notNull(),
    /** The booking (an invoice) or the payment (a receipt) the paper is for. */
    subjectId: integer('subject_id').notNull(),
    number: text('number').notNull().unique(),
    issuedAt: at('issued_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subjectId] })],
)

/**
 * A booking's tribute page: the family's words and programme, published at /t/{slug}. The slug is
 * random and fixed for ever (it was shared); unpublishing hides the page, its preview and its
 * condolences at once (410), and publishing again brings them back at the same address.
 */
export const tributes = pgTable('tributes', {
  id: id(),
  bookingId: integer('booking_id')
    .notNull()
    .unique()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  slug: text('slug').notNull().unique(),
  published: boolean('published').notNull().default(false),
  findable: boolean('findable').notNull().default(false),
  story: text('story').notNull().default(''),
  born: date('born', { mode: 'string' }),
  livestreamUrl: text('livestream_url'),
  /** The programme: title, Nairobi local start time, place, map link (shared/contracts/tributes.ts TributeEvent). */
  events: jsonb('events').$type<Array<{ title: string; starts_at: string; place: string; map_url: string }>>().notNull().default([]),
  updatedAt: at('updated_at').notNull().defaultNow(),
})

/**
 * The tribute's photograph, as the server re-encoded it (JPEG without any metadata: no location):
 * the page's and a small one. A few hundred KB at most, kept beside the tribute (removed with it).
 */
export const tributePhotos = pgTable('tribute_photos', {
  tributeId: integer('tribute_id')
    .primaryKey()
    .references(() => tributes.id, { onDelete: 'cascade' }),
  large: bytes('large').notNull(),
  small: bytes('small').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  smallWidth: integer('small_width').notNull(),
  smallHeight: integer('small_height').notNull(),
  // The middle size a 2x or 3x phone screen takes at the page's 12rem; none for photos uploaded before it.
  medium: bytes('medium'),
  mediumWidth: integer('medium_width'),
  mediumHeight: integer('medium_height'),
  uploadedAt: at('uploaded_at').notNull().defaultNow(),
})

/** Visitors' condolences: shown on the page only once the family (or the admin) approved them. */
export const tributeCondolences = pgTable(
  'tribute_condolences',
  {
    id: id(),
    tributeId: integer('tribute_id')
      .notNull()
      .references(() => tributes.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 80 }).notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: CONDOLENCE_STATUSES }).notNull().default('pending'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('tribute_condolences_tribute').on(t.tributeId, t.createdAt)],
)

/** A vehicle or room the calendar books (shared/calendar.ts). */
export const calendarResources = pgTable('calendar_resources', {
  id: id(),
  kind: text('kind', { enum: RESOURCE_KINDS }).notNull(),
  name: varchar('name', { length: 60 }).notNull(),
  /** Seats of a vehicle, places of a cold room (the cold room holds that many at once). */
  capacity: integer('capacity'),
  /** A staff member's working hours each day ('HH:mm', Nairobi); null: any time. */
  hoursFrom: varchar('hours_from', { length: 5 }),
  hoursTo: varchar('hours_to', { length: 5 }),
  /** A staff member's own account: reminded of their events the day before, shown them in My day. */
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  /** Out of service since then: keeps its past events, offered for nothing new. */
  retiredAt: at('retired_at'),
  createdAt: at('created_at').notNull().defaultNow(),
})

/** A staff member's private calendar feed (shared/calendar-feed.ts): one per person, its secret in the address; deleted to revoke. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id').primaryKey(),
  token: text('token').notNull().unique(),
  createdAt: at('created_at').notNull().defaultNow(),
})

/**
 * An event of the calendar holding its resources from starts_at to ends_at. Writes take one
 * advisory lock for the check and the insert (repo/calendar.ts): a cold room holds several events
 * at once, so an exclusion constraint could not say it.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: id(),
    title: varchar('title', { length: 100 }).notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    resourceIds: integer('resource_ids').array().notNull(),
    /** Why the admin booked over a clash; null when it clashed with nothing. */
    overrideReason: varchar('override_reason', { length: 200 }),
    createdBy: integer('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('calendar_events_window').on(t.startsAt, t.endsAt), index('calendar_events_booking').on(t.bookingId)],
)

/**
 * The service agreements families signed: one row per revision, never changed once written but for
 * its void (by an admin, with a reason). The signed PDF (the agreement as read, and the signature
 * page) is in the documents storage under `storageKey`; `sha256` is its hash, `documentSha256` the
 * hash of the agreement as read, printed on the signature page.
 */
export const serviceAgreements = pgTable(
  'service_agreements',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    signerId: integer('signer_id').notNull(),
    signedName: text('signed_name').notNull(),
    signedAt: at('signed_at').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    documentSha256: text('document_sha256').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    voidedAt: at('voided_at'),
    voidedBy: integer('voided_by'),
    voidReason: text('void_reason'),
  },
  (t) => [
    uniqueIndex('service_agreements_revision').on(t.bookingId, t.revision),
    // At most one revision in force per booking, whatever two signings at once try.
    uniqueIndex('service_agreements_in_force').on(t.bookingId).where(sql`${t.voidedAt} IS NULL`),
  ],
)
