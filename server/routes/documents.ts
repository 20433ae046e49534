/**
 * Burial documents: the mock's routes (mocks/handlers/documents.ts, SPEC.md section 7) over the
 * storage interface. The upload is streamed from the request into the storage (never whole in
 * memory); the storage judges the type by content, stops past 5 MB and writes atomically.
 */
import { Readable } from 'node:stream'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import busboy from 'busboy'
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import {
  DOCUMENT_TYPE_LABELS,
  DocumentStatusRequest,
  DocumentUploadFields,
  MAX_DOCUMENT_BYTES,
  documentQuota,
  MSG_FILE_REQUIRED,
  MSG_FILE_TOO_BIG,
  MSG_FILE_TYPE,
  MSG_REJECT_NEEDS_REASON,
  documentFileProblem,
  type DocumentType,
} from '../../shared/contracts/documents'
import { canSeeBooking } from '../../shared/rules'
import { smsFamily } from '../sms'
import { ApiError, MSG_FORBIDDEN, parse, pathId, valid } from '../http'
import { ListQuery } from '../../shared/validation'
import { requireAuth } from '../auth'
import { idempotent } from '../idempotency'
import type { AppEnv, Deps, UserRow } from '../types'
import type { Db } from '../db/client'
import { bookings, deceased, documents, users } from '../db/schema'
import { findBooking } from '../repo/bookings'
import { logActivity } from '../repo/users'
import { demoDocumentBytes } from '../seed'
import { StorageError, downloadHeaders, uploadProblem, type Storage, type StoredObject } from '../storage/storage'

export const MSG_DOCUMENT_NOT_FOUND = 'Document not found'
export const MSG_APPROVED_KEPT = 'This document has been approved by the funeral home and can no longer be deleted. Please call us if it must change.'
export const MSG_ALREADY_REVIEWED = 'Only pending documents can be reviewed'

type DocumentRow = typeof documents.$inferSelect

/** The form around the file: a few short fields. A request past this is refused before it is read. */
const FORM_OVERHEAD = 64 * 1024

function storageOf(deps: Deps): Storage {
  if (!deps.storage) throw new ApiError(503, 'Document storage is not configured on this server')
  return deps.storage
}

const iso = (column: SQL | typeof documents.createdAt) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** Documents as the app reads them (the mock's toWireDocument): uploader's name and the deceased joined. */
async function wireDocumentsWhere(db: Db, where: SQL | undefined, page?: { page: number; limit: number }) {
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
      uploaded_by_name: sql<string>`coalesce(${users.name}, 'Former client')`,
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
    .where(where)
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .$dynamic()
  return page ? query.limit(page.limit).offset((page.page - 1) * page.limit) : query
}

async function wireDocument(db: Db, id: number) {
  const [doc] = await wireDocumentsWhere(db, eq(documents.id, id))
  if (!doc) throw new ApiError(404, MSG_DOCUMENT_NOT_FOUND)
  return doc
}

/** Who may see a document: its uploader, an admin, or the attendant assigned to its booking (the mock's rule). */
async function findVisibleDocument(db: Db, user: UserRow, id: number): Promise<DocumentRow> {
  const [doc] = await db.select().from(documents).where(eq(documents.id, id))
  if (!doc) throw new ApiError(404, MSG_DOCUMENT_NOT_FOUND)
  if (user.role === 'admin') return doc
  if (user.role === 'client') {
    if (doc.uploadedBy === user.id) return doc
    throw new ApiError(404, MSG_DOCUMENT_NOT_FOUND)
  }
  const booking = doc.bookingId === null ? undefined : await findBooking(db, doc.bookingId)
  if (booking && canSeeBooking(user, { client_id: booking.clientId, attendant_id: booking.attendantId })) return doc
  throw new ApiError(404, MSG_DOCUMENT_NOT_FOUND)
}

interface ParsedUpload {
  fields: Record<string, string>
  file: { name: string; declaredType: string; stored: StoredObject } | null
}

/**
 * Reads a multipart upload as it arrives: the one `file` part is piped into the storage, the other
 * parts are short text fields. A refused file (too large, wrong content, empty) rejects at once with
 * the storage's error; the rest of the body is not read.
 */
function readUpload(request: Request, storage: Storage, maxBytes = MAX_DOCUMENT_BYTES): Promise<ParsedUpload> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) return Promise.reject(new ApiError(422, MSG_FILE_REQUIRED, { file: MSG_FILE_REQUIRED }))
  return new Promise<ParsedUpload>((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({ headers: { 'content-type': contentType }, limits: { files: 1, fields: 10, fieldSize: 4096, parts: 12 } })
    } catch {
      reject(new ApiError(422, MSG_FILE_REQUIRED, { file: MSG_FILE_REQUIRED }))
      return
    }
    const fields: Record<string, string> = {}
    let pending: Promise<ParsedUpload['file']> = Promise.resolve(null)
    let failed = false
    const fail = (error: unknown) => {
      if (failed) return
      failed = true
      source.unpipe(parser)
      source.destroy()
      reject(error)
    }
    parser.on('field', (name, value) => {
      if (!(name in fields)) fields[name] = value
    })
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume()
        return
      }
      const fileName = info.filename || 'document'
      // The name and declared type are checked as the mock does (size comes from the bytes); the content is what decides.
      const problem = documentFileProblem({ name: fileName, size: 1, type: info.mimeType })
      if (problem) {
        stream.resume()
        fail(problem === MSG_FILE_TYPE ? new ApiError(415, problem, { file: problem }) : new ApiError(422, problem, { file: problem }))
        return
      }
      pending = storage.put(stream, { maxBytes }).then(
        (stored) => ({ name: fileName, declaredType: info.mimeType, stored }),
        (error: unknown) => {
          fail(error)
          return null
        },
      )
    })
    parser.on('error', () => fail(new ApiError(422, MSG_FILE_REQUIRED, { file: MSG_FILE_REQUIRED })))
    parser.on('close', () => {
      void pending.then((file) => {
        if (!failed) resolve({ fields, file })
      })
    })
    const source = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>)
    source.on('error', (error) => fail(error))
    source.pipe(parser)
  })
}

function refusal(error: unknown): never {
  if (error instanceof StorageError) {
    const { status, message } = uploadProblem(error)
    throw new ApiError(status, message, { file: message })
  }
  throw error
}

export const documentRoutes = new Hono<AppEnv>()
  .get('/my', requireAuth(), async (c) => {
    return c.json({ documents: await wireDocumentsWhere(c.var.deps.db, eq(documents.uploadedBy, c.var.user.id)) })
  })

  .get('/stats/summary', requireAuth('admin'), async (c) => {
    const rows = await c.var.deps.db.select({ status: documents.status, n: count() }).from(documents).groupBy(documents.status)
    const of = (s: string) => rows.find((r) => r.status === s)?.n ?? 0
    return c.json({ stats: { total: rows.reduce((t, r) => t + r.n, 0), pending: of('pending'), approved: of('approved'), rejected: of('rejected') } })
  })

  .get('/', requireAuth('admin'), async (c) => {
    const { db } = c.var.deps
    const q = (k: string) => c.req.query(k) ?? ''
    const { page, limit } = parse(ListQuery, { page: c.req.query('page'), limit: c.req.query('limit') })
    const conditions: SQL[] = []
    const type = q('document_type')
    const status = q('status')
    if (type && type !== 'all') conditions.push(eq(documents.documentType, type))
    if (status && status !== 'all') conditions.push(sql`${documents.status} = ${status}`)
    const search = q('search').trim().toLowerCase().replace(/\0/g, '')
    if (search) {
      // The mock matches file name, type label, family, deceased and description.
      const labels = Object.entries(DOCUMENT_TYPE_LABELS)
        .filter(([, label]) => label.toLowerCase().includes(search))
        .map(([key]) => key)
      const like = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
      conditions.push(
        sql`(lower(${documents.name}) LIKE ${like} OR lower(coalesce(${documents.description}, '')) LIKE ${like} OR lower(coalesce(${users.name}, 'Former client')) LIKE ${like}
          OR lower(coalesce(${deceased.firstName}, '') || ' ' || coalesce(${deceased.lastName}, '')) LIKE ${like}
          ${labels.length ? sql`OR ${documents.documentType} IN (${sql.join(labels.map((l) => sql`${l}`), sql`, `)})` : sql``})`,
      )
    }
    const where = conditions.length ? and(...conditions) : undefined
    const [total] = await db
      .select({ n: count() })
      .from(documents)
      .leftJoin(users, eq(users.id, documents.uploadedBy))
      .leftJoin(bookings, eq(bookings.id, documents.bookingId))
      .leftJoin(deceased, eq(deceased.id, bookings.deceasedId))
      .where(where)
    const n = total?.n ?? 0
    return c.json({ documents: await wireDocumentsWhere(db, where, { page, limit }), pagination: { total: n, pages: Math.ceil(n / limit), page, limit } })
  })

  .post(
    '/',
    requireAuth('client'),
    // The app-wide JSON limit does not apply here (see app.ts); the file's own 5 MB is the storage's.
    bodyLimit({ maxSize: MAX_DOCUMENT_BYTES + FORM_OVERHEAD, onError: (c) => c.json({ message: MSG_FILE_TOO_BIG, errors: { file: MSG_FILE_TOO_BIG } }, 413) }),
    idempotent,
    async (c) => {
      const { db } = c.var.deps
      const storage = storageOf(c.var.deps)
      const user = c.var.user
      // The account's storage quota, checked before any byte is stored: a file may use what is left of it.
      const [used] = await db.select({ bytes: sql<string>`coalesce(sum(${documents.size}), 0)` }).from(documents).where(eq(documents.uploadedBy, user.id))
      const [booked] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.clientId, user.id)).limit(1)
      const quota = documentQuota(booked !== undefined)
      const left = quota.bytes - Number(used?.bytes ?? 0)
      if (left <= 0) throw new ApiError(413, quota.message, { file: quota.message })
      const upload = await readUpload(c.req.raw, storage, Math.min(MAX_DOCUMENT_BYTES, left)).catch((error: unknown) => {
        if (error instanceof StorageError && error.kind === 'too-large' && left < MAX_DOCUMENT_BYTES) throw new ApiError(413, quota.message, { file: quota.message })
        return refusal(error)
      })
      const file = upload.file
      if (!file) throw new ApiError(422, MSG_FILE_REQUIRED, { file: MSG_FILE_REQUIRED })
      try {
        const text = (key: string) => (upload.fields[key]?.trim() ? upload.fields[key].trim() : undefined)
        const fields = parse(DocumentUploadFields, { document_type: text('document_type'), description: text('description'), booking_id: text('booking_id') })
        let bookingId: number | null = null
        if (fields.booking_id !== undefined) {
          const booking = /^\d{1,9}$/.test(fields.booking_id) ? await findBooking(db, Number(fields.booking_id)) : undefined
          if (!booking || booking.clientId !== user.id) throw new ApiError(404, 'Booking not found')
          bookingId = booking.id
        }
        const name = file.name.slice(0, 255).replace(/\0/g, '')
        const ext = file.stored.mime === 'image/jpeg' ? 'jpg' : (/\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? 'bin')
        const [row] = await db
          .insert(documents)
          .values({
            bookingId,
            uploadedBy: user.id,
            name,
            documentType: fields.document_type,
            description: fields.description?.replace(/\0/g, '') ?? null,
            filePath: '',
            mimeType: file.stored.mime,
            size: file.stored.size,
            status: 'pending',
            storageKey: file.stored.key,
            sha256: file.stored.sha256,
          })
          .returning()
        if (!row) throw new Error('document not inserted')
        await db.update(documents).set({ filePath: `/uploads/documents/${row.id}.${ext}` }).where(eq(documents.id, row.id))
        await logActivity(db, 'document', `${user.name} uploaded ${DOCUMENT_TYPE_LABELS[fields.document_type as DocumentType]}${bookingId ? ` for booking #${bookingId}` : ''}`, user.id)
        return c.json({ document: await wireDocument(db, row.id), message: 'Document uploaded successfully' }, 201)
      } catch (error) {
        // Refused after the bytes were stored (a bad field, someone else's booking): no orphan file.
        await storage.delete(file.stored.key)
        throw error
      }
    },
  )

  .get('/:id/download', requireAuth(), async (c) => {
    const { db } = c.var.deps
    const doc = await findVisibleDocument(db, c.var.user, pathId(c, MSG_DOCUMENT_NOT_FOUND))
    if (!doc.storageKey) {
      // A seeded demo document: its sample bytes, as the mock serves them.
      const demo = await demoDocumentBytes(doc.mimeType, DOCUMENT_TYPE_LABELS[doc.documentType as DocumentType] ?? 'Document')
      return c.body(demo.bytes as Uint8Array<ArrayBuffer>, 200, downloadHeaders({ mime: demo.mime, size: demo.bytes.byteLength }, doc.name))
    }
    const stream = await storageOf(c.var.deps)
      .get(doc.storageKey)
      .catch((error: unknown) => {
        if (error instanceof StorageError) throw new ApiError(404, MSG_DOCUMENT_NOT_FOUND)
        throw error
      })
    const body = Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>
    return c.body(body, 200, downloadHeaders({ mime: doc.mimeType as StoredObject['mime'], size: doc.size }, doc.name))
  })

  .get('/:id', requireAuth(), async (c) => {
    const { db } = c.var.deps
    const doc = await findVisibleDocument(db, c.var.user, pathId(c, MSG_DOCUMENT_NOT_FOUND))
    return c.json({ document: await wireDocument(db, doc.id) })
  })

  .delete('/:id', requireAuth(), async (c) => {
    const { db } = c.var.deps
    const user = c.var.user
    const doc = await findVisibleDocument(db, user, pathId(c, MSG_DOCUMENT_NOT_FOUND))
    if (user.role === 'morgue_attendant') throw new ApiError(403, MSG_FORBIDDEN)
    if (user.role === 'client' && doc.status === 'approved') throw new ApiError(409, MSG_APPROVED_KEPT)
    // The row first: a file left by a crash between the two is unreachable; a row without its file would not be.
    await db.delete(documents).where(eq(documents.id, doc.id))
    if (doc.storageKey) await storageOf(c.var.deps).delete(doc.storageKey)
    return c.json({ message: 'Document deleted successfully' })
  })

  .patch('/:id/status', requireAuth('admin'), valid('json', DocumentStatusRequest), async (c) => {
    const { db } = c.var.deps
    const doc = await findVisibleDocument(db, c.var.user, pathId(c, MSG_DOCUMENT_NOT_FOUND))
    const input = c.req.valid('json')
    const notes = input.notes?.trim() ? input.notes.trim() : null
    // The family must know what to fix (a document already reviewed answers 409 below, as on the mock).
    if (input.status === 'rejected' && notes === null && doc.status === 'pending') {
      throw new ApiError(422, MSG_REJECT_NEEDS_REASON, { notes: MSG_REJECT_NEEDS_REASON })
    }
    // Only a pending document changes, checked in the update itself so two admins cannot both review it.
    const [updated] = await db
      .update(documents)
      .set({ status: input.status, reviewNotes: notes })
      .where(and(eq(documents.id, doc.id), eq(documents.status, 'pending')))
      .returning({ id: documents.id })
    if (!updated) throw new ApiError(409, MSG_ALREADY_REVIEWED)
    // The family hears about it on their dashboard until they open the booking.
    if (doc.bookingId !== null) await db.update(bookings).set({ hasNotifications: true }).where(eq(bookings.id, doc.bookingId))
    const label = DOCUMENT_TYPE_LABELS[doc.documentType as DocumentType] ?? 'Document'
    if (doc.bookingId !== null) {
      const [booking] = await db.select().from(bookings).where(eq(bookings.id, doc.bookingId))
      if (booking) await smsFamily(c.var.deps, booking, (t, home, name) => t.document(home, name, doc.documentType, input.status, input.status === 'rejected' ? notes : null), 'document')
    }
    await logActivity(db, 'document', `${label}${doc.bookingId ? ` for booking #${doc.bookingId}` : ''} ${input.status}`, c.var.user.id)
    return c.json({ document: await wireDocument(db, doc.id), message: `Document marked as ${input.status}` })
  })
