import { http, HttpResponse } from 'msw'
import { db, logActivity, nextId } from '../db'
import type { DocumentRecord, UserRecord } from '../db'
import { ApiError, body, parseId, requireRoleOf, requireUser, route, validate } from '../http'
import { MSG_FORBIDDEN } from '../../shared/contracts/auth-rules'
import { deleteFile, putFile, readFile } from '../files'
import { idempotent } from '../idempotency'
import { toWireDocument } from '../serialize'
import {
  DOCUMENT_TYPE_LABELS,
  DocumentStatusRequest,
  DocumentUploadFields,
  MSG_DOCUMENT_DELETED,
  MSG_DOCUMENT_NOT_FOUND,
  MSG_DOCUMENT_UPLOADED,
  MSG_FILE_REQUIRED,
  MSG_FILE_TOO_BIG,
  MSG_FILE_TYPE,
  documentFileProblem,
  type DocumentType,
} from '../../shared/contracts/documents'
import {
  canSeeDocument,
  checkReview,
  checkUploadBooking,
  documentMatches,
  documentSearchWords,
  documentStats,
  mayDeleteDocument,
  quotaLeft,
  reviewActivity,
  reviewedMessage,
  uploadActivity,
} from '../../shared/documents'
import { ListQuery } from '../../shared/validation'
import { smsMockFamily } from '../messages'

const byNewest = (a: DocumentRecord, b: DocumentRecord) => b.created_at.localeCompare(a.created_at) || b.id - a.id

function findVisibleDocument(user: UserRecord, rawId: string | readonly string[] | undefined): DocumentRecord {
  const id = parseId(rawId, MSG_DOCUMENT_NOT_FOUND)
  const doc = db.document.findFirst((q) => q.where({ id }))
  const booking = doc?.booking_id == null ? undefined : db.booking.findFirst((q) => q.where({ id: doc.booking_id as number }))
  if (!doc || !canSeeDocument(user, doc, booking)) throw new ApiError(404, MSG_DOCUMENT_NOT_FOUND)
  return doc
}

/** A header-safe file name for Content-Disposition (plus the UTF-8 form). */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

export const documentHandlers = [
  http.get(
    '*/api/documents/my',
    route(async ({ request }) => {
      const user = await requireUser(request)
      const mine = db.document.findMany((q) => q.where({ uploaded_by: user.id }))
      return HttpResponse.json({ documents: [...mine].sort(byNewest).map(toWireDocument) })
    }),
  ),

  http.get(
    '*/api/documents/stats/summary',
    route(async ({ request }) => {
      await requireRoleOf(request, 'admin')
      return HttpResponse.json({ stats: documentStats(db.document.all().map((d) => ({ status: d.status, n: 1 }))) })
    }),
  ),

  http.get(
    '*/api/documents',
    route(async ({ request }) => {
      await requireRoleOf(request, 'admin')
      const url = new URL(request.url)
      const { page, limit } = validate(ListQuery, { page: url.searchParams.get('page') ?? undefined, limit: url.searchParams.get('limit') ?? undefined })
      const type = url.searchParams.get('document_type') ?? ''
      const status = url.searchParams.get('status') ?? ''
      const search = documentSearchWords(url.searchParams.get('search') ?? '')
      let docs = db.document.all()
      if (type && type !== 'all') docs = docs.filter((d) => d.document_type === type)
      if (status && status !== 'all') docs = docs.filter((d) => d.status === status)
      if (search) docs = docs.filter((d) => documentMatches(toWireDocument(d), search))
      docs.sort(byNewest)
      const total = docs.length
      const pages = Math.ceil(total / limit)
      const slice = docs.slice((page - 1) * limit, page * limit)
      return HttpResponse.json({ documents: slice.map(toWireDocument), pagination: { total, pages, page, limit } })
    }),
  ),

  http.post(
    '*/api/documents',
    route(async ({ request }) => {
      const user = await requireRoleOf(request, 'client')
      // A file sent again after a lost answer (same Idempotency-Key) gets the first answer: one document.
      return idempotent(request, user.id, async () => {
        let form: FormData
        try {
          form = await request.formData()
        } catch {
          throw new ApiError(422, MSG_FILE_REQUIRED)
        }
        const file = form.get('file')
        // Duck-typed: in tests the File class of the fetch implementation is not the page's.
        if (file === null || typeof file === 'string') throw new ApiError(422, MSG_FILE_REQUIRED, { file: MSG_FILE_REQUIRED })
        const name = typeof (file as { name?: unknown }).name === 'string' && file.name ? file.name : 'document'
        const problem = documentFileProblem({ name, size: file.size, type: file.type })
        if (problem === MSG_FILE_TOO_BIG) throw new ApiError(413, problem, { file: problem })
        if (problem === MSG_FILE_TYPE) throw new ApiError(415, problem, { file: problem })
        if (problem) throw new ApiError(422, problem, { file: problem })
        const text = (key: string) => {
          const v = form.get(key)
          return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined
        }
        const fields = validate(DocumentUploadFields, { document_type: text('document_type'), description: text('description'), booking_id: text('booking_id') })
        const bookingId = fields.booking_id === undefined ? null : checkUploadBooking(db.booking.findFirst((q) => q.where({ id: Number(fields.booking_id) })), user).id
        // The account's storage quota: what it keeps plus this file.
        const used = db.document.findMany((q) => q.where({ uploaded_by: user.id })).reduce((total, d) => total + d.size, 0)
        const left = quotaLeft(used, db.booking.findFirst((q) => q.where({ client_id: user.id })) !== undefined)
        if (file.size > left.bytes) throw new ApiError(413, left.message, { file: left.message })
        const bytes = new Uint8Array(await file.arrayBuffer())
        const ext = name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? 'bin'
        const type = file.type && file.type !== 'application/octet-stream' ? file.type : ext === 'pdf' ? 'application/pdf' : ext === 'png' ? 'image/png' : ext === 'jpg' || ext === 'jpeg' ? 'image/jpeg' : 'application/octet-stream'
        const id = nextId('document')
        await putFile(id, { bytes, type, name })
        const doc = await db.document.create({
          id,
          booking_id: bookingId,
          uploaded_by: user.id,
          name,
          document_type: fields.document_type as DocumentType,
          description: fields.description ?? null,
          file_path: `/uploads/documents/${id}.${ext}`,
          mime_type: type,
          size: bytes.byteLength,
          status: 'pending',
          review_notes: null,
          created_at: new Date().toISOString(),
        })
        await logActivity('document', uploadActivity(user.name, doc.document_type, bookingId), user.id)
        return HttpResponse.json({ document: toWireDocument(doc), message: MSG_DOCUMENT_UPLOADED }, { status: 201 })
      })
    }),
  ),

  http.get(
    '*/api/documents/:id/download',
    route(async ({ request, params }) => {
      const user = await requireUser(request)
      const doc = findVisibleDocument(user, params.id)
      const file = readFile(doc.id, { name: doc.name, type: doc.mime_type, title: DOCUMENT_TYPE_LABELS[doc.document_type] })
      return new HttpResponse(file.bytes.slice().buffer, {
        status: 200,
        headers: { 'content-type': file.type, 'content-length': String(file.bytes.byteLength), 'content-disposition': disposition(doc.name) },
      })
    }),
  ),

  http.get(
    '*/api/documents/:id',
    route(async ({ request, params }) => {
      const user = await requireUser(request)
      return HttpResponse.json({ document: toWireDocument(findVisibleDocument(user, params.id)) })
    }),
  ),

  http.delete(
    '*/api/documents/:id',
    route(async ({ request, params }) => {
      const user = await requireUser(request)
      const doc = findVisibleDocument(user, params.id)
      if (!mayDeleteDocument(user, doc)) throw new ApiError(403, MSG_FORBIDDEN)
      await db.document.delete((q) => q.where({ id: doc.id }))
      await deleteFile(doc.id)
      return HttpResponse.json({ message: MSG_DOCUMENT_DELETED })
    }),
  ),

  http.patch(
    '*/api/documents/:id/status',
    route(async ({ request, params }) => {
      const admin = await requireRoleOf(request, 'admin')
      const doc = findVisibleDocument(admin, params.id)
      const input = await body(request, DocumentStatusRequest)
      const notes = checkReview(doc, input)
      const updated = await db.document.update((q) => q.where({ id: doc.id }), {
        data(d) {
          d.status = input.status
          d.review_notes = notes
        },
      })
      // The family hears about it on their dashboard until they open the booking.
      if (doc.booking_id !== null) {
        await db.booking.update((q) => q.where({ id: doc.booking_id as number }), {
          data(b) {
            b.has_notifications = true
          },
        })
        const booking = db.booking.findFirst((q) => q.where({ id: doc.booking_id as number }))
        if (booking) await smsMockFamily(booking, 'document', (t, home, name) => t.document(home, name, doc.document_type, input.status, input.status === 'rejected' ? notes : null))
      }
      await logActivity('document', reviewActivity(doc.document_type, doc.booking_id, input.status), admin.id)
      return HttpResponse.json({ document: toWireDocument(updated ?? doc), message: reviewedMessage(input.status) })
    }),
  ),
]
