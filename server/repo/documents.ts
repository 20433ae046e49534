/** Burial documents' rows: the list as the app reads it (uploader's name and the deceased joined), counts, and changes. */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { bookings, deceased, documents, users } from '../db/schema'
import { FORMER_CLIENT } from '../../shared/contracts/documents'
import type { DocumentType } from '../../shared/contracts/documents'

export type DocumentRow = typeof documents.$inferSelect
export type NewDocument = typeof documents.$inferInsert

const iso = (column: SQL | typeof documents.createdAt) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** The admin's filters: a type, a status, and search words already in the shared rule's form. */
export interface DocumentFilter {
  uploadedBy?: number
  id?: number
  type?: string
  status?: string
  /** Lower case, trimmed; `types` are the document types whose label holds them. */
  search?: { words: string; types: readonly DocumentType[] }
}

function condition(filter: DocumentFilter): SQL | undefined {
  const conditions: SQL[] = []
  if (filter.id !== undefined) conditions.push(eq(documents.id, filter.id))
  if (filter.uploadedBy !== undefined) conditions.push(eq(documents.uploadedBy, filter.uploadedBy))
  if (filter.type) conditions.push(eq(documents.documentType, filter.type))
  if (filter.status) conditions.push(sql`${documents.status} = ${filter.status}`)
  if (filter.search?.words) {
    // The mock matches file name, type label, family, deceased and description (shared/documents.ts).
    const { words, types } = filter.search
    const like = `%${words.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
    conditions.push(
      sql`(lower(${documents.name}) LIKE ${like} OR lower(coalesce(${documents.description}, '')) LIKE ${like} OR lower(coalesce(${users.name}, ${FORMER_CLIENT})) LIKE ${like}
          OR lower(coalesce(${deceased.firstName}, '') || ' ' || coalesce(${deceased.lastName}, '')) LIKE ${like}
          ${types.length ? sql`OR ${documents.documentType} IN (${sql.join(types.map((t) => sql`${t}`), sql`, `)})` : sql``})`,
    )
  }
  return conditions.length ? and(...conditions) : undefined
}

/** Documents as the app reads them (the mock's toWireDocument), newest first; one page when asked. */
export async function wireDocuments(db: Db, filter: DocumentFilter, page?: { page: number; limit: number }) {
  const query = db
    .select({
      id: documents.id,
      name: documents.name,
      document_type: documents.documentType,
      description: documents.description,
      file_path: documents.filePath,
      status: documents.status,
      review_notes: documents.reviewNotes,
      created_at: iso(documents.createdAt),
      uploaded_by_name: sql<string>`coalesce(${users.name}, ${FORMER_CLIENT})`,
      booking_id: documents.bookingId,
      deceased_first_name: deceased.firstName,
      deceased_last_name: deceased.lastName,
      mime_type: documents.mimeType,
      size: documents.size,
    })
    .from(documents)
    .leftJoin(users, eq(users.id, documents.uploadedBy))
    .leftJoin(bookings, eq(bookings.id, documents.bookingId))
    .leftJoin(deceased, eq(deceased.id, bookings.deceasedId))
    .where(condition(filter))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .$dynamic()
  return page ? query.limit(page.limit).offset((page.page - 1) * page.limit) : query
}

export async function countDocuments(db: Db, filter: DocumentFilter): Promise<number> {
  const [total] = await db
    .select({ n: count() })
    .from(documents)
    .leftJoin(users, eq(users.id, documents.uploadedBy))
    .leftJoin(bookings, eq(bookings.id, documents.bookingId))
    .leftJoin(deceased, eq(deceased.id, bookings.deceasedId))
    .where(condition(filter))
  return total?.n ?? 0
}

/** Each document's status (the admin's counts are the shared rule's). */
export async function statusCounts(db: Db): Promise<Array<{ status: string; n: number }>> {
  return db.select({ status: documents.status, n: count() }).from(documents).groupBy(documents.status)
}

export async function findDocument(db: Db, id: number): Promise<DocumentRow | undefined> {
  const [doc] = await db.select().from(documents).where(eq(documents.id, id))
  return doc
}

/** The bytes a family's documents take, against its quota. */
export async function bytesUploadedBy(db: Db, userId: number): Promise<number> {
  const [used] = await db.select({ bytes: sql<string>`coalesce(sum(${documents.size}), 0)` }).from(documents).where(eq(documents.uploadedBy, userId))
  return Number(used?.bytes ?? 0)
}

/** Keeps a new document; its file path names its id. */
export async function insertDocument(db: Db, values: Omit<NewDocument, 'filePath'>, ext: string): Promise<DocumentRow> {
  const [row] = await db
    .insert(documents)
    .values({ ...values, filePath: '' })
    .returning()
  if (!row) throw new Error('document not inserted')
  const filePath = `/uploads/documents/${row.id}.${ext}`
  await db.update(documents).set({ filePath }).where(eq(documents.id, row.id))
  return { ...row, filePath }
}

export async function deleteDocument(db: Db, id: number): Promise<void> {
  await db.delete(documents).where(eq(documents.id, id))
}

/** Reviews a document only while it is pending, in the update itself; false when someone reviewed it first. */
export async function reviewIfPending(db: Db, id: number, status: 'approved' | 'rejected', notes: string | null): Promise<boolean> {
  const [updated] = await db
    .update(documents)
    .set({ status, reviewNotes: notes })
    .where(and(eq(documents.id, id), eq(documents.status, 'pending')))
    .returning({ id: documents.id })
  return updated !== undefined
}
