/**
 * Seeding: the demo data (shared/demo/data.ts, the same rows the mock seeds: same accounts,
 * bookings, payments, dates relative to today) inserted with their ids; the default settings; or a
 * first administrator. The demo accounts' published passwords are hashed with argon2id. It sits
 * above db/ (it hashes with auth and empties the repositories' caches), which imports nothing of it.
 */
import { randomBytes } from 'node:crypto'
import { count, inArray, sql } from 'drizzle-orm'
import type { Db } from './db/types'
import * as t from './db/schema'
import { hashPassword } from './auth'
import { announce } from './db/changes'
import { DEFAULT_SETTINGS } from '../shared/contracts/settings'
import { DEMO_ACCOUNTS, SEED_USER_PASSWORD } from '../shared/demo-accounts'
import { demoData } from '../shared/demo/data'
import { sampleDocumentFile } from '../shared/demo/files'

type Rows = {
  users: Array<typeof t.users.$inferInsert>
  services: Array<typeof t.services.$inferInsert>
  deceased: Array<typeof t.deceased.$inferInsert>
  bookings: Array<typeof t.bookings.$inferInsert>
  bookingLines: Array<typeof t.bookingLines.$inferInsert>
  documents: Array<typeof t.documents.$inferInsert>
  payments: Array<typeof t.payments.$inferInsert>
  mpesaRequests: Array<typeof t.mpesaRequests.$inferInsert>
  activities: Array<typeof t.activities.$inferInsert>
  morgueCare: Array<typeof t.morgueCare.$inferInsert>
  custodyEvents: Array<typeof t.custodyEvents.$inferInsert>
  calendarResources: Array<typeof t.calendarResources.$inferInsert>
  calendarEvents: Array<typeof t.calendarEvents.$inferInsert>
}

/** Insert order (parents first); truncation and sequence resets use the same list. */
const TABLES = ['users', 'services', 'deceased', 'bookings', 'bookingLines', 'documents', 'payments', 'mpesaRequests', 'activities', 'morgueCare', 'custodyEvents', 'calendarResources', 'calendarEvents'] as const
const SQL_NAMES: Record<(typeof TABLES)[number], string> = {
  users: 'users',
  services: 'services',
  deceased: 'deceased',
  bookings: 'bookings',
  bookingLines: 'booking_lines',
  documents: 'documents',
  payments: 'payments',
  mpesaRequests: 'mpesa_requests',
  activities: 'activities',
  morgueCare: 'morgue_care',
  custodyEvents: 'custody_events',
  calendarResources: 'calendar_resources',
  calendarEvents: 'calendar_events',
}
const ALL_TABLES = [...Object.values(SQL_NAMES), 'password_resets', 'rate_limits', 'sign_in_delays', 'mail_outbox', 'idempotency_keys', 'contact_messages', 'booking_audit', 'settings', 'message_threads', 'chat_messages', 'message_reads', 'sms_outbox', 'contribution_links', 'client_versions', 'scheduled_runs', 'sign_in_codes', 'paper_counters', 'paper_numbers', 'tributes', 'tribute_condolences', 'calendar_feeds', 'service_agreements']

let cached: Promise<Rows> | null = null
/** The instant the demo rows are dated from (set when they are built). */
let builtAt: Date | null = null

/** The demo rows (computed once per process: the argon2 hashes are the slow part). */
export function demoRows(): Promise<Rows> {
  cached ??= buildRows()
  return cached
}

/** The instant this process's demo rows are dated from (a test seeds the mock's copy from the same one). */
export async function demoRowsDatedFrom(): Promise<Date> {
  await demoRows()
  return builtAt!
}

async function buildRows(): Promise<Rows> {
  builtAt = new Date()
  const data = demoData({ now: builtAt })
  const d = (iso: string) => new Date(iso)
  // Only passwords the README lists: a seeded account with another password would be a silent surprise.
  const published = new Set([...DEMO_ACCOUNTS.map((a) => a.password), SEED_USER_PASSWORD])
  const hashes = new Map<string, Promise<string>>()
  const users = await Promise.all(
    data.users.map(async (u) => {
      if (!published.has(u.password)) throw new Error(`seed user ${u.email} has an unknown password`)
      if (!hashes.has(u.password)) hashes.set(u.password, hashPassword(u.password))
      // One hash per distinct password: argon2 salts each hash, so sharing one is as safe as the shared password itself.
      return { id: u.id, name: u.name, email: u.email, role: u.role, phone: u.phone, address: u.address, passwordHash: await (hashes.get(u.password) as Promise<string>), passwordChangedAt: new Date(), createdAt: d(u.created_at) }
    }),
  )
  return {
    users,
    services: data.services.map((s) => ({ id: s.id, name: s.name, description: s.description, price: s.price, category: s.category, perDay: s.per_day ?? false, nameSw: s.name_sw ?? null, descriptionSw: s.description_sw ?? null, pricingKey: s.pricing_key, createdAt: d(s.created_at) })),
    deceased: data.deceased.map((x) => ({
      id: x.id,
      clientId: x.client_id,
      firstName: x.first_name,
      lastName: x.last_name,
      dateOfDeath: x.date_of_death,
      placeOfDeath: x.place_of_death,
      gender: x.gender,
      religion: x.religion,
      createdAt: d(x.created_at),
    })),
    bookings: data.bookings.map((b) => ({
      id: b.id,
      clientId: b.client_id,
      deceasedId: b.deceased_id,
      status: b.status,
      paymentStatus: b.payment_status,
      totalAmount: b.total_amount,
      notes: b.notes,
      venue: b.venue ?? null,
      hasNotifications: b.has_notifications,
      attendantId: b.attendant_id,
      createdAt: d(b.created_at),
    })),
    bookingLines: data.bookings.flatMap((b) =>
      b.lines.map((l) => ({ id: l.id, bookingId: b.id, serviceId: l.service_id, serviceName: l.service_name, quantity: l.quantity, priceAtBooking: l.price_at_booking, scheduledDate: l.scheduled_date })),
    ),
    documents: data.documents.map((x) => ({
      id: x.id,
      bookingId: x.booking_id,
      uploadedBy: x.uploaded_by,
      name: x.name,
      documentType: x.document_type,
      description: x.description,
      filePath: x.file_path,
      mimeType: x.mime_type,
      size: x.size,
      status: x.status,
      reviewNotes: x.review_notes,
      createdAt: d(x.created_at),
    })),
    payments: data.payments.map((p) => ({
      id: p.id,
      bookingId: p.booking_id,
      clientId: p.client_id,
      transactionId: p.transaction_id,
      paymentMethod: p.payment_method,
      status: p.status,
      amount: p.amount,
      paymentDate: d(p.payment_date),
      phone: p.phone,
      checkoutRequestId: p.checkout_request_id,
      resultDesc: p.result_desc,
    })),
    // No M-Pesa push is part of the demo: the table only takes part in the truncation and the id reset.
    mpesaRequests: [],
    activities: data.activities.map((a) => ({ id: a.id, type: a.type, message: a.message, time: d(a.time), userId: a.user_id })),
    morgueCare: data.morgueCare.map((m) => ({
      id: m.id,
      bookingId: m.booking_id,
      receivedAt: d(m.received_at),
      tasks: [...m.tasks],
      transportStatus: m.transport_status,
      releasedAt: m.released_at === null ? null : d(m.released_at),
      pickupLocation: m.pickup_location ?? null,
    })),
    custodyEvents: data.custodyEvents.map((e) => ({
      id: e.id,
      bookingId: e.booking_id,
      kind: e.kind,
      at: d(e.at),
      location: e.location,
      receiverName: e.receiver_name,
      receiverIdNumber: e.receiver_id_number,
      receiverRelationship: e.receiver_relationship,
      byUserId: e.by_user_id,
      byName: e.by_name,
      byRole: e.by_role,
    })),
    calendarResources: data.calendarResources.map((r) => ({ id: r.id, kind: r.kind, name: r.name, capacity: r.capacity, createdAt: d(r.created_at) })),
    calendarEvents: data.calendarEvents.map((e) => ({
      id: e.id,
      title: e.title,
      bookingId: e.booking_id,
      startsAt: d(e.starts_at),
      endsAt: d(e.ends_at),
      resourceIds: [...e.resource_ids],
      overrideReason: e.override_reason,
      createdBy: e.created_by,
      createdAt: d(e.created_at),
    })),
  }
}

/** Empties every table and restarts the ids (tests; a fresh demo). */
export async function truncateAll(db: Db): Promise<void> {
  await db.execute(sql.raw(`TRUNCATE ${ALL_TABLES.map((n) => `"${n}"`).join(', ')} RESTART IDENTITY CASCADE`))
  // Accounts remembered for tokens are gone too (tests put the seed back under a running app), and the session timeout.
  announce({ kind: 'account', id: null })
  announce({ kind: 'settings', db })
}

/** Inserts the demo rows with their ids, then moves every id sequence past them. */
export async function insertDemo(db: Db): Promise<void> {
  const rows = await demoRows()
  await db.transaction(async (tx) => {
    for (const name of TABLES) {
      const values = rows[name] as never[]
      for (let i = 0; i < values.length; i += 500) await tx.insert(t[name] as never).values(values.slice(i, i + 500))
    }
    for (const name of TABLES) {
      const table = SQL_NAMES[name]
      await tx.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), COALESCE((SELECT MAX(id) FROM "${table}"), 0) + 1, false)`))
    }
    await insertDefaultSettings(tx as unknown as Db)
  })
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(t.users)
  return (row?.n ?? 0) === 0
}

/**
 * Seeds a database that has no users yet, once even when several instances start together on one
 * PostgreSQL: the check and the inserts run in one transaction holding an advisory lock.
 * 'demo': the demo data (development); 'first-admin': one administrator with a generated password
 * (development with SEED_DEMO=0); 'none': the default settings only (production, whose first
 * administrator is made by `npm run admin:create`). Null when the database already had users.
 */
export async function seedIfEmpty(db: Db, seed: 'demo' | 'first-admin' | 'none'): Promise<'demo' | 'none' | { email: string; password: string } | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(72021002)`)
    if (!(await isEmpty(tx as unknown as Db))) return null
    if (seed === 'demo') {
      await insertDemo(tx as unknown as Db)
      return 'demo' as const
    }
    if (seed === 'none') {
      await insertDefaultSettings(tx as unknown as Db)
      return 'none' as const
    }
    return insertFirstAdmin(tx as unknown as Db)
  })
}

/** The demo accounts (shared/demo-accounts.ts, whose passwords are published) this database holds. */
export async function demoAccountsIn(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: t.users.email })
    .from(t.users)
    .where(inArray(sql`lower(${t.users.email})`, DEMO_ACCOUNTS.map((a) => a.email.toLowerCase())))
  return rows.map((r) => r.email).sort()
}

/** The mock's default settings, one row per section (kept if a row is already there). */
export async function insertDefaultSettings(db: Db): Promise<void> {
  const rows = Object.entries(DEFAULT_SETTINGS).map(([section, value]) => ({ section, value }))
  await db.insert(t.settings).values(rows).onConflictDoNothing()
}

/**
 * An administrator with a generated one-time password, returned to be printed once: they must
 * choose their own at first sign-in. Used for a database with no demo data (SEED_DEMO=0 in
 * development) and by `npm run admin:create`.
 */
export async function insertFirstAdmin(db: Db, email = 'admin@example.com', name = 'Administrator'): Promise<{ email: string; password: string }> {
  const password = randomBytes(12).toString('base64url')
  await db.insert(t.users).values({ name, email: email.trim().toLowerCase(), role: 'admin', phone: null, address: null, passwordHash: await hashPassword(password), mustChangePassword: true, passwordChangedAt: new Date() })
  await insertDefaultSettings(db)
  return { email: email.trim().toLowerCase(), password }
}

/**
 * The bytes of a seeded demo document (it has no stored file): the same sample PDF or PNG the
 * mock serves for it, so the demo's documents open on both backends.
 */
export async function demoDocumentBytes(mime: string, title: string): Promise<{ bytes: Uint8Array; mime: 'application/pdf' | 'image/png' }> {
  return sampleDocumentFile(mime, title)
}

/** The schema that holds a copy of the demo rows for the tests' quick resets. */
const SEED_COPY = 'seed_copy'
/** The tables with an id sequence (found when the copy is made; the schema is the same everywhere). */
let sequencedTables: string[] = []

/**
 * For the tests, which put the demo back before hundreds of tests: copies every table, as it is now
 * (just seeded), into a schema of its own, so `restoreSeedCopy` can put the rows back with a few
 * statements the database runs itself instead of building the demo's inserts again (most of a
 * reset's time on PGlite). Never used by a running server.
 */
export async function keepSeedCopy(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`DROP SCHEMA IF EXISTS ${SEED_COPY} CASCADE`))
    await tx.execute(sql.raw(`CREATE SCHEMA ${SEED_COPY}`))
    for (const table of ALL_TABLES) await tx.execute(sql.raw(`CREATE TABLE ${SEED_COPY}."${table}" AS SELECT * FROM public."${table}"`))
    const names = async (query: string) => new Set(((await tx.execute(sql.raw(query))) as unknown as { rows: Array<{ name: string }> }).rows.map((r) => r.name))
    const withId = await names(`SELECT table_name AS name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'id'`)
    const candidates = ALL_TABLES.filter((n) => withId.has(n))
    const sequenced = await names(`SELECT name FROM (VALUES ${candidates.map((n) => `('${n}')`).join(', ')}) AS t(name) WHERE pg_get_serial_sequence('public."' || name || '"', 'id') IS NOT NULL`)
    sequencedTables = candidates.filter((n) => sequenced.has(n))
  })
}

/**
 * Empties every table and puts back the rows `keepSeedCopy` kept, with the id sequences moved past them.
 * `emptyBy`: 'truncate' on PostgreSQL; 'delete' on PGlite, where TRUNCATE gives every table and index
 * a new file in its in-memory file system (three quarters of a reset's time): the rows are deleted
 * instead, with the foreign keys' triggers off for the transaction (PGlite's user may; a PostgreSQL
 * test role may not). The dead rows left behind are few (the demo's thousand-odd per reset).
 */
export async function restoreSeedCopy(db: Db, emptyBy: 'truncate' | 'delete' = 'truncate'): Promise<void> {
  await db.transaction(async (tx) => {
    if (emptyBy === 'delete') {
      await tx.execute(sql.raw(`SET LOCAL session_replication_role = replica`))
      for (const table of ALL_TABLES) await tx.execute(sql.raw(`DELETE FROM public."${table}"`))
    } else await tx.execute(sql.raw(`TRUNCATE ${ALL_TABLES.map((n) => `public."${n}"`).join(', ')} RESTART IDENTITY CASCADE`))
    for (const table of ALL_TABLES) await tx.execute(sql.raw(`INSERT INTO public."${table}" OVERRIDING SYSTEM VALUE SELECT * FROM ${SEED_COPY}."${table}"`))
    // Every table whose ids come from a sequence, not only the demo's: no kept row meets its own id again.
    await tx.execute(
      sql.raw(`SELECT ${sequencedTables.map((n) => `setval(pg_get_serial_sequence('public."${n}"', 'id'), COALESCE((SELECT MAX(id) FROM public."${n}"), 0) + 1, false)`).join(', ')}`),
    )
  })
  announce({ kind: 'account', id: null })
  announce({ kind: 'settings', db })
}

/** Drops the copy (a test database shared with other tests leaves no schema of ours behind). */
export async function dropSeedCopy(db: Db): Promise<void> {
  await db.execute(sql.raw(`DROP SCHEMA IF EXISTS ${SEED_COPY} CASCADE`))
}
