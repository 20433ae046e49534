/** Bookings, their service lines, deceased records and the morgue's care records, and the booking's wire shape. */
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import type { Db } from '../db/client'
import { executeNamed, toQuery } from '../db/prepared'
import { bookingAudit, bookingLines, bookings, deceased, documents, morgueCare } from '../db/schema'
import { nairobiDay } from '../../shared/dates'
import { wireBooking } from '../../shared/wire'
import type { BookingParts } from '../../shared/wire'
import type { NewBookingLine } from '../../shared/bookings'
import type { BookingSort } from '../../shared/booking-search'

export type BookingRow = typeof bookings.$inferSelect
export type DeceasedRow = typeof deceased.$inferSelect
export type CareRow = typeof morgueCare.$inferSelect

export function toWireDeceased(d: DeceasedRow) {
  return {
    id: d.id,
    first_name: d.firstName,
    last_name: d.lastName,
    date_of_death: d.dateOfDeath,
    place_of_death: d.placeOfDeath,
    gender: d.gender,
    religion: d.religion,
    client_id: d.clientId,
    created_at: d.createdAt.toISOString(),
  }
}

export async function findDeceased(db: Db, id: number): Promise<DeceasedRow | undefined> {
  const [row] = await db.select().from(deceased).where(eq(deceased.id, id))
  return row
}

export async function isDeceasedAssignedTo(db: Db, deceasedId: number, attendantId: number): Promise<boolean> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.deceasedId, deceasedId), eq(bookings.attendantId, attendantId)))
    .limit(1)
  return rows.length > 0
}

export async function createDeceased(db: Db, input: typeof deceased.$inferInsert): Promise<DeceasedRow> {
  const [row] = await db.insert(deceased).values(input).returning()
  if (!row) throw new Error('insert returned nothing')
  return row
}

export async function findBooking(db: Db, id: number): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id))
  return row
}

/** A booking as the shared rules read it (snake_case, as on the wire). */
export const plainBooking = (b: BookingRow) => ({ id: b.id, status: b.status, payment_status: b.paymentStatus, client_id: b.clientId, attendant_id: b.attendantId })

/** Keeps a new booking and its lines (checked and priced by the shared rule), together. */
export async function createBooking(
  db: Db,
  input: { clientId: number; deceasedId: number; notes: string | null; venue: string | null; totalAmount: number; lines: readonly NewBookingLine[] },
): Promise<BookingRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bookings)
      .values({ clientId: input.clientId, deceasedId: input.deceasedId, status: 'pending', paymentStatus: 'pending', totalAmount: input.totalAmount, notes: input.notes, venue: input.venue })
      .returning()
    if (!row) throw new Error('insert returned nothing')
    await tx.insert(bookingLines).values(
      input.lines.map((l) => ({ bookingId: row.id, serviceId: l.service_id, serviceName: l.service_name, priceAtBooking: l.price_at_booking, scheduledDate: l.scheduled_date, quantity: l.quantity })),
    )
    return row
  })
}

export async function updateBooking(db: Db, id: number, change: Partial<Omit<BookingRow, 'id'>>): Promise<BookingRow | undefined> {
  const [row] = await db.update(bookings).set(change).where(eq(bookings.id, id)).returning()
  return row
}

export type AuditField = (typeof bookingAudit.$inferInsert)['field']

/** Keeps the audit entries the shared rule decided on (who changed what, from, to, why). */
export async function addAudit(db: Db, bookingId: number, by: { id: number; name: string }, entries: ReadonlyArray<{ field: AuditField; from: string; to: string; reason: string | null }>): Promise<void> {
  if (entries.length === 0) return
  await db.insert(bookingAudit).values(entries.map((e) => ({ bookingId, byUserId: by.id, byName: by.name, ...e })))
}

/** Changes a booking and keeps its audit entries, together or not at all. */
export async function updateBookingAudited(
  db: Db,
  id: number,
  change: Partial<Omit<BookingRow, 'id'>>,
  by: { id: number; name: string },
  entries: ReadonlyArray<{ field: AuditField; from: string; to: string; reason: string | null }>,
): Promise<BookingRow | undefined> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db
    const row = await updateBooking(tx, id, change)
    await addAudit(tx, id, by, entries)
    return row
  })
}

/** Holds the booking's row until the transaction ends (two attendants recording one release). */
export async function lockBooking(db: Db, id: number): Promise<void> {
  await db.execute(sql`SELECT id FROM bookings WHERE id = ${id} FOR UPDATE`)
}

/** Runs `work` in one transaction. */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((t) => work(t as unknown as Db))
}

/** Does this family have a booking at all (the document quota's size depends on it)? */
export async function clientHasBooking(db: Db, clientId: number): Promise<boolean> {
  const rows = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.clientId, clientId)).limit(1)
  return rows.length > 0
}

/** The ids of a family's bookings. */
export async function bookingIdsOf(db: Db, clientId: number): Promise<number[]> {
  return (await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.clientId, clientId))).map((r) => r.id)
}

/** The sum of a booking's completed payments. */
export async function amountPaidFor(db: Db, bookingId: number): Promise<number> {
  const result = await db.execute(sql`SELECT COALESCE(SUM(amount), 0) AS n FROM payments WHERE booking_id = ${bookingId} AND status = 'completed'`)
  const [row] = (result as unknown as { rows: Array<{ n: number | string }> }).rows
  return Number(row?.n ?? 0)
}

/** The care record of a booking, or the default one (body received when the booking was made). */
export async function careOf(db: Db, b: BookingRow): Promise<Omit<CareRow, 'id'>> {
  const [row] = await db.select().from(morgueCare).where(eq(morgueCare.bookingId, b.id))
  return row ?? { bookingId: b.id, receivedAt: b.createdAt, tasks: [], transportStatus: 'scheduled', releasedAt: null, pickupLocation: null }
}

/** Changes a booking's care record, creating it on first change (one row per booking). */
export async function updateCare(db: Db, b: BookingRow, change: Partial<Pick<CareRow, 'tasks' | 'transportStatus' | 'releasedAt' | 'pickupLocation'>>): Promise<void> {
  await db
    .insert(morgueCare)
    .values({ bookingId: b.id, receivedAt: b.createdAt, tasks: [], transportStatus: 'scheduled', ...change })
    .onConflictDoUpdate({ target: morgueCare.bookingId, set: change })
}

export async function bookingDocuments(db: Db, bookingId: number) {
  return db.select().from(documents).where(eq(documents.bookingId, bookingId))
}

/** A timestamp as JavaScript's ISO string (UTC, milliseconds), the same from PGlite and node-postgres. */
const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** A row of the booking query: the booking's own columns plus what is joined and aggregated. */
type WireRow = BookingParts['booking'] & {
  first_name: string | null
  last_name: string | null
  date_of_death: string | null
  place_of_death: string | null
  client_name: string | null
  client_phone: string | null
  attendant_name: string | null
  received_at: string | null
  tasks: string[] | null
  transport_status: string | null
  released_at: string | null
  pickup_location: string | null
  lines: Array<{ id: number; service_id: number; service_name: string; quantity: number; price_at_booking: number; scheduled_date: string; per_day: boolean; service_name_sw: string | null }>
  docs: Array<{ id: number; name: string; document_type: string; status: string; review_notes: string | null; created_at: string; mime_type: string; size: number }>
  amount_paid: number | string
  /** Null when the booking was never marked paid by the office. */
  paid_when_marked_paid: number | string | null
  agreement_signed: boolean
  audit: Array<{ at: string; by: string; field: string; from: string; to: string; reason: string | null }>
}

export type { BookingSort }

export interface BookingListOptions {
  /** One page (LIMIT/OFFSET after the sort), or the whole list. */
  page?: { page: number; limit: number } | null
  /** Words found in the deceased's name or the family's (the admin's search box), case aside. */
  search?: string
  /** By creation time or service date, then id; newest first unless told (shared/booking-search.ts). */
  sort?: BookingSort
}

/** `text` as a LIKE pattern matching itself anywhere: %, _ and the escape character are literal. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/**
 * The condition of the bookings a list holds, with its search. The admin's search looks in
 * `search_text`, which the database keeps on each booking (migration 0017: the deceased's name as
 * the screen shows it, then the family's name, in lower case), so a search reads one table instead
 * of joining every booking's names.
 */
function chosen(where: SQL | undefined, search: string): SQL | undefined {
  const needle = search.trim().toLowerCase()
  if (!needle) return where
  const found = sql`bookings.search_text LIKE ${containsPattern(needle)}`
  return where ? sql`(${where}) AND ${found}` : found
}

/**
 * Bookings as the app reads them, newest first (or oldest), in ONE query whatever their number: the deceased,
 * the names, the care record joined; the service lines and documents aggregated as JSON.
 * A filtered or paged list picks its ids first (`id = ANY(ARRAY(…))`): PostgreSQL then keeps one
 * generic plan for the prepared statement (index look-ups for a few rows) instead of planning the
 * whole query again on every call, which cost more than running it.
 */
export async function wireBookingsWhere(db: Db, where: SQL | undefined, options: BookingListOptions = {}) {
  const { page = null, search = '', sort = 'newest' } = options
  const order = orderOf(sort)
  const condition = chosen(where, search)
  const picked =
    condition || page
      ? sql`WHERE bookings.id = ANY(ARRAY(SELECT bookings.id FROM bookings ${condition ? sql`WHERE ${condition}` : sql``} ORDER BY ${order}
        ${page ? sql`LIMIT ${page.limit} OFFSET ${(page.page - 1) * page.limit}` : sql``}))`
      : sql``
  // The whole text is the same for every call with the same picking clause: only the clause's
  // parameters change. Building it with drizzle on every call cost more server CPU than the rest of
  // the query's handling, so it is built once per clause and sort.
  const pickedQuery = toQuery(db, picked)
  const key = `${sort}\u0000${pickedQuery.sql}`
  let text = listTexts.get(key)
  if (text === undefined) {
    const full = toQuery(db, listQuery(picked, order))
    text = full.sql
    // Every parameter is the clause's (the rest of the query has none), in the same order.
    if (full.params.length === pickedQuery.params.length && listTexts.size < 200) listTexts.set(key, text)
    else return toRows(await executeNamed<WireRow>(db, full))
  }
  return toRows(await executeNamed<WireRow>(db, { sql: text, params: pickedQuery.params }))
}

/**
 * The SQL of an order, as `compareBookings` says it: a booking's service date is its first line's
 * (the text sorts as the date: 'YYYY-MM-DDTHH:mm:00'); one with no line comes last either way.
 */
function orderOf(sort: BookingSort): SQL {
  const desc = sort === 'newest' || sort === 'service_latest'
  const dir = desc ? sql`DESC` : sql`ASC`
  if (sort === 'newest' || sort === 'oldest') return sql`bookings.created_at ${dir}, bookings.id ${dir}`
  return sql`(SELECT MIN(sl.scheduled_date) FROM booking_lines sl WHERE sl.booking_id = bookings.id) ${dir} NULLS LAST, bookings.id ${dir}`
}

/** The list's SQL text by sort and picking clause. */
const listTexts = new Map<string, string>()

function listQuery(picked: SQL, order: SQL): SQL {
  // No alias for bookings: the callers' conditions (drizzle's eq(bookings.client_id, …)) name the table.
  return sql`
    SELECT bookings.id, bookings.status, bookings.payment_status, bookings.total_amount, bookings.notes, bookings.venue, ${iso(sql`bookings.created_at`)} AS created_at, bookings.deceased_id, bookings.client_id,
      bookings.has_notifications, bookings.attendant_id, d.first_name, d.last_name, d.date_of_death::text AS date_of_death, d.place_of_death,
      cu.name AS client_name, cu.phone AS client_phone, au.name AS attendant_name,
      ${iso(sql`mc.received_at`)} AS received_at, mc.tasks, mc.transport_status, ${iso(sql`mc.released_at`)} AS released_at, mc.pickup_location,
      COALESCE((SELECT json_agg(json_build_object('id', l.id, 'service_id', l.service_id, 'service_name', l.service_name, 'quantity', l.quantity,
        'price_at_booking', l.price_at_booking, 'scheduled_date', l.scheduled_date, 'per_day', COALESCE(sv.per_day, false), 'service_name_sw', sv.name_sw) ORDER BY l.id)
        FROM booking_lines l LEFT JOIN services sv ON sv.id = l.service_id WHERE l.booking_id = bookings.id), '[]') AS lines,
      COALESCE((SELECT json_agg(json_build_object('id', x.id, 'name', x.name, 'document_type', x.document_type, 'status', x.status, 'review_notes', x.review_notes,
        'created_at', ${iso(sql`x.created_at`)}, 'mime_type', x.mime_type, 'size', x.size) ORDER BY x.id) FROM documents x WHERE x.booking_id = bookings.id), '[]') AS docs,
      COALESCE((SELECT SUM(p.amount) FROM payments p WHERE p.booking_id = bookings.id AND p.status = 'completed'), 0) AS amount_paid,
      CASE WHEN m.marked_at IS NULL THEN NULL ELSE (SELECT COALESCE(SUM(p.amount), 0) FROM payments p WHERE p.booking_id = bookings.id AND p.status = 'completed'
        AND p.payment_date <= m.marked_at) END AS paid_when_marked_paid,
      EXISTS (SELECT 1 FROM service_agreements sa WHERE sa.booking_id = bookings.id AND sa.voided_at IS NULL) AS agreement_signed,
      COALESCE((SELECT json_agg(json_build_object('at', ${iso(sql`a.at`)}, 'by', a.by_name, 'field', a.field, 'from', a."from", 'to', a."to",
        'reason', a.reason) ORDER BY a.at, a.id) FROM booking_audit a WHERE a.booking_id = bookings.id), '[]') AS audit
    FROM bookings
    LEFT JOIN deceased d ON d.id = bookings.deceased_id
    LEFT JOIN users cu ON cu.id = bookings.client_id
    LEFT JOIN users au ON au.id = bookings.attendant_id
    LEFT JOIN morgue_care mc ON mc.booking_id = bookings.id
    LEFT JOIN LATERAL (SELECT MAX(a.at) AS marked_at FROM booking_audit a WHERE a.booking_id = bookings.id AND a.field = 'payment_status' AND a."to" = 'paid') m ON true
    ${picked}
    ORDER BY ${order}`
}

function toRows(rows: WireRow[]) {
  return rows.map((b) => {
    // json/jsonb arrive parsed from both drivers; a string is parsed once more, in case.
    const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v)
    return wireBooking({
      booking: b,
      deceased: b.first_name === null ? null : { first_name: b.first_name, last_name: b.last_name ?? '', date_of_death: b.date_of_death ?? '', place_of_death: b.place_of_death ?? '' },
      client: b.client_name === null ? null : { name: b.client_name, phone: b.client_phone },
      attendantName: b.attendant_name,
      lines: parsed(b.lines),
      docs: parsed(b.docs),
      care: b.received_at === null ? null : { received_at: b.received_at, tasks: parsed(b.tasks ?? []), transport_status: b.transport_status ?? 'scheduled', released_at: b.released_at, pickup_location: b.pickup_location },
      // SUM of integers is a bigint: node-postgres hands it over as a string.
      amountPaid: Number(b.amount_paid),
      paidWhenMarkedPaid: b.paid_when_marked_paid === null ? null : Number(b.paid_when_marked_paid),
      agreementSigned: b.agreement_signed,
      audit: parsed(b.audit),
    })
  })
}

/** The wire shape of bookings already loaded (same order). */
export async function toWireBookings(db: Db, rows: BookingRow[]) {
  if (rows.length === 0) return []
  return wireBookingsWhere(db, inArray(bookings.id, rows.map((b) => b.id)))
}

export async function toWireBooking(db: Db, row: BookingRow) {
  const [wire] = await toWireBookings(db, [row])
  if (!wire) throw new Error('booking vanished')
  return wire
}

export const byClient = (clientId: number) => eq(bookings.clientId, clientId)

const familyLists = new WeakMap<Db, LRUCache<number, { version: string; json: string }>>()

/**
 * A family's whole list as the JSON text of its answer (`{ bookings }`), built again only when its
 * version has moved. The database moves a family's version in the same transaction as any change
 * to what the list shows (triggers on bookings, their lines, documents, payments, care record and
 * history, the deceased, and the names and phone shown; migration 0016), and the version is read on
 * every call, so an answer is never older than the last commit, whichever instance made it; the
 * read is one index look-up where building the list is a query of five joins and four
 * aggregations, then its parsing and JSON. Kept per database, at most 16 MB of text.
 */
export async function familyListJson(db: Db, clientId: number): Promise<string> {
  const [row] = await executeNamed<{ version: string | number | bigint }>(db, sql`SELECT version FROM client_versions WHERE client_id = ${clientId}`)
  // A family that never had a booking has no version yet: its (empty) list is built every time.
  // Storage is charged up to today (a Nairobi day): yesterday's list is stale even at the same version.
  const version = row === undefined ? null : `${String(row.version)}@${nairobiDay()}`
  let lists = familyLists.get(db)
  if (!lists) familyLists.set(db, (lists = new LRUCache({ maxSize: 16 * 1024 * 1024, sizeCalculation: (entry) => entry.json.length + 64 })))
  const kept = version === null ? undefined : lists.get(clientId)
  if (kept && kept.version === version) return kept.json
  // Built after its version was read: a change in between makes it newer than that version, never
  // older, and moves the version, so the next call builds it again.
  const json = JSON.stringify({ bookings: await wireBookingsWhere(db, byClient(clientId)) })
  if (version !== null) lists.set(clientId, { version, json })
  return json
}

export const byAttendant = (attendantId: number) => eq(bookings.attendantId, attendantId)
export const byStatus = (status: string) => sql`${bookings.status} = ${status}`

/** How many bookings a list holds (same condition and search as `wireBookingsWhere`). */
export async function countBookings(db: Db, where: SQL | undefined, search = ''): Promise<number> {
  const condition = chosen(where, search)
  const [row] = await executeNamed<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM bookings ${condition ? sql`WHERE ${condition}` : sql``}`)
  // count(*) is a bigint: node-postgres hands it over as a string.
  return Number(row?.n ?? 0)
}

/**
 * Open bookings with a service line between two Nairobi local times ('YYYY-MM-DDTHH:mm:00', as the
 * lines store them): the few the dashboard's agenda reads, instead of every booking.
 */
export const openWithServiceBetween = (from: string, to: string) =>
  sql`${bookings.status} NOT IN ('completed', 'cancelled') AND EXISTS (SELECT 1 FROM booking_lines l WHERE l.booking_id = ${bookings.id} AND l.scheduled_date >= ${from} AND l.scheduled_date < ${to})`
