/** Bookings, their service lines, deceased records and the morgue's care records, and the booking's wire shape. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { bookingLines, bookings, deceased, documents, morgueCare, users } from '../db/schema'
import { missingDocuments, permitStatus } from '../../shared/rules'

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

export async function listBookings(db: Db, where?: SQL): Promise<BookingRow[]> {
  return db.select().from(bookings).where(where).orderBy(desc(bookings.createdAt), desc(bookings.id))
}

export interface NewLine {
  serviceId: number
  serviceName: string
  priceAtBooking: number
  scheduledDate: string
}

export async function createBooking(db: Db, input: { clientId: number; deceasedId: number; notes: string | null; lines: NewLine[] }): Promise<BookingRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bookings)
      .values({
        clientId: input.clientId,
        deceasedId: input.deceasedId,
        status: 'pending',
        paymentStatus: 'pending',
        totalAmount: input.lines.reduce((s, l) => s + l.priceAtBooking, 0),
        notes: input.notes,
      })
      .returning()
    if (!row) throw new Error('insert returned nothing')
    await tx.insert(bookingLines).values(input.lines.map((l) => ({ ...l, bookingId: row.id, quantity: 1 })))
    return row
  })
}

export async function updateBooking(db: Db, id: number, change: Partial<Omit<BookingRow, 'id'>>): Promise<BookingRow | undefined> {
  const [row] = await db.update(bookings).set(change).where(eq(bookings.id, id)).returning()
  return row
}

/** The care record of a booking, or the default one (body received when the booking was made). */
export async function careOf(db: Db, b: BookingRow): Promise<Omit<CareRow, 'id'>> {
  const [row] = await db.select().from(morgueCare).where(eq(morgueCare.bookingId, b.id))
  return row ?? { bookingId: b.id, receivedAt: b.createdAt, tasks: [], transportStatus: 'scheduled', releasedAt: null }
}

/** Changes a booking's care record, creating it on first change (one row per booking). */
export async function updateCare(db: Db, b: BookingRow, change: Partial<Pick<CareRow, 'tasks' | 'transportStatus' | 'releasedAt'>>): Promise<void> {
  await db
    .insert(morgueCare)
    .values({ bookingId: b.id, receivedAt: b.createdAt, tasks: [], transportStatus: 'scheduled', ...change })
    .onConflictDoUpdate({ target: morgueCare.bookingId, set: change })
}

export async function bookingDocuments(db: Db, bookingId: number) {
  return db.select().from(documents).where(eq(documents.bookingId, bookingId))
}

/** Bookings as the app reads them, loaded in a handful of queries whatever their number. */
export async function toWireBookings(db: Db, rows: BookingRow[]) {
  if (rows.length === 0) return []
  const ids = rows.map((b) => b.id)
  const [lines, docs, cares, dead, people] = await Promise.all([
    db.select().from(bookingLines).where(inArray(bookingLines.bookingId, ids)).orderBy(bookingLines.id),
    db.select().from(documents).where(inArray(documents.bookingId, ids)).orderBy(documents.id),
    db.select().from(morgueCare).where(inArray(morgueCare.bookingId, ids)),
    db.select().from(deceased).where(inArray(deceased.id, [...new Set(rows.map((b) => b.deceasedId))])),
    db
      .select({ id: users.id, name: users.name, phone: users.phone })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.flatMap((b) => (b.attendantId === null ? [b.clientId] : [b.clientId, b.attendantId])))])),
  ])
  const group = <T extends { bookingId: number | null }>(items: T[]) => {
    const map = new Map<number, T[]>()
    for (const item of items) if (item.bookingId !== null) map.set(item.bookingId, [...(map.get(item.bookingId) ?? []), item])
    return map
  }
  const linesOf = group(lines)
  const docsOf = group(docs)
  const careOfBooking = new Map(cares.map((c) => [c.bookingId, c]))
  const deceasedById = new Map(dead.map((d) => [d.id, d]))
  const userById = new Map(people.map((u) => [u.id, u]))
  return rows.map((b) => {
    const d = deceasedById.get(b.deceasedId)
    const client = userById.get(b.clientId)
    const attendant = b.attendantId === null ? undefined : userById.get(b.attendantId)
    const care = careOfBooking.get(b.id)
    const bookingDocs = (docsOf.get(b.id) ?? []).map((doc) => ({ ...doc, document_type: doc.documentType, created_at: doc.createdAt.toISOString() }))
    return {
      id: b.id,
      status: b.status,
      payment_status: b.paymentStatus,
      total_amount: b.totalAmount,
      notes: b.notes,
      created_at: b.createdAt.toISOString(),
      deceased_id: b.deceasedId,
      deceased_first_name: d?.firstName ?? '',
      deceased_last_name: d?.lastName ?? '',
      client_id: b.clientId,
      client_name: client?.name ?? 'Former client',
      services: (linesOf.get(b.id) ?? []).map((l) => ({
        id: l.id,
        service_id: l.serviceId,
        service_name: l.serviceName,
        quantity: l.quantity,
        price_at_booking: l.priceAtBooking,
        scheduled_date: l.scheduledDate,
      })),
      required_documents: missingDocuments(b.status, bookingDocs),
      has_notifications: b.hasNotifications,
      assignedAttendant: b.attendantId !== null && attendant ? { id: b.attendantId, name: attendant.name } : null,
      morgue: {
        received_at: (care?.receivedAt ?? b.createdAt).toISOString(),
        tasks: [...(care?.tasks ?? [])],
        transport_status: care?.transportStatus ?? 'scheduled',
        released_at: care?.releasedAt?.toISOString() ?? null,
        date_of_death: d?.dateOfDeath ?? null,
        place_of_death: d?.placeOfDeath ?? null,
        client_phone: client?.phone ?? null,
        burial_permit: permitStatus(bookingDocs),
        documents: bookingDocs.map((doc) => ({
          id: doc.id,
          name: doc.name,
          document_type: doc.documentType,
          status: doc.status,
          created_at: doc.created_at,
          mime_type: doc.mimeType,
          size: doc.size,
        })),
      },
    }
  })
}

export async function toWireBooking(db: Db, row: BookingRow) {
  const [wire] = await toWireBookings(db, [row])
  if (!wire) throw new Error('booking vanished')
  return wire
}

export const byClient = (clientId: number) => eq(bookings.clientId, clientId)
export const byAttendant = (attendantId: number) => eq(bookings.attendantId, attendantId)
export const byStatus = (status: string) => sql`${bookings.status} = ${status}`
