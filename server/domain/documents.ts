/**
 * The server's use cases for burial documents: the decisions are the shared rules'
 * (shared/documents.ts, as the mock's); this reads and writes through the repositories and the
 * storage.
 */
import { Readable } from 'node:stream'
import { ApiError } from '../../shared/errors'
import { DOCUMENT_TYPE_LABELS, DocumentUploadFields, MAX_DOCUMENT_BYTES, MSG_ALREADY_REVIEWED, MSG_DOCUMENT_NOT_FOUND, type DocumentType } from '../../shared/contracts/documents'
import { canSeeDocument, checkReview, checkUploadBooking, documentStats, mayDeleteDocument, quotaLeft, reviewActivity, typesMatching, uploadActivity } from '../../shared/documents'
import { MSG_FORBIDDEN, parse } from '../http'
import type { Db } from '../db/client'
import type { Deps, UserRow } from '../types'
import * as repo from '../repo/documents'
import { clientHasBooking, findBooking, plainBooking, updateBooking } from '../repo/bookings'
import { logActivity } from '../repo/users'
import { demoDocumentBytes } from '../seed'
import { smsFamily } from '../sms'
import { StorageError, type Storage, type StoredObject } from '../storage/storage'
import type { ParsedUpload } from '../storage/upload'

export function storageOf(deps: Deps): Storage {
  if (!deps.storage) throw new ApiError(503, 'Document storage is not configured on this server')
  return deps.storage
}

/** The document if this user may see it, else 404 (never say it exists). */
export async function visibleDocument(db: Db, user: UserRow, id: number): Promise<repo.DocumentRow> {
  const doc = await repo.findDocument(db, id)
  const booking = doc?.bookingId == null ? undefined : await findBooking(db, doc.bookingId)
  if (!doc || !canSeeDocument(user, { uploaded_by: doc.uploadedBy }, booking && plainBooking(booking))) throw new ApiError(404, MSG_DOCUMENT_NOT_FOUND)
  return doc
}

export async function wireDocument(db: Db, id: number) {
  const [doc] = await repo.wireDocuments(db, { id })
  if (!doc) throw new ApiError(404, MSG_DOCUMENT_NOT_FOUND)
  return doc
}

export const documentsOf = (db: Db, user: UserRow) => repo.wireDocuments(db, { uploadedBy: user.id })

export async function stats(db: Db) {
  return documentStats(await repo.statusCounts(db))
}

/** The admin's list: one page, filtered by type and status ('all' is none) and searched. */
export async function adminList(db: Db, query: { page: number; limit: number; type: string; status: string; words: string }) {
  const filter: repo.DocumentFilter = {
    type: query.type === 'all' ? '' : query.type,
    status: query.status === 'all' ? '' : query.status,
    search: { words: query.words, types: typesMatching(query.words) },
  }
  const [documents, total] = await Promise.all([repo.wireDocuments(db, filter, query), repo.countDocuments(db, filter)])
  return { documents, pagination: { total, pages: Math.ceil(total / query.limit), page: query.page, limit: query.limit } }
}

/** What is left of the family's storage quota, checked before any byte is stored (413 when nothing is). */
export async function uploadRoom(db: Db, user: UserRow): Promise<{ bytes: number; message: string; maxFile: number }> {
  const left = quotaLeft(await repo.bytesUploadedBy(db, user.id), await clientHasBooking(db, user.id))
  if (left.bytes <= 0) throw new ApiError(413, left.message, { file: left.message })
  return { ...left, maxFile: Math.min(MAX_DOCUMENT_BYTES, left.bytes) }
}

/** Keeps an upload whose bytes are stored; refused (a bad field, someone else's booking), its bytes are deleted: no orphan file. */
export async function keepUpload(db: Db, storage: Storage, user: UserRow, upload: ParsedUpload & { file: NonNullable<ParsedUpload['file']> }) {
  const { file } = upload
  try {
    const text = (key: string) => (upload.fields[key]?.trim() ? upload.fields[key].trim() : undefined)
    const fields = parse(DocumentUploadFields, { document_type: text('document_type'), description: text('description'), booking_id: text('booking_id') })
    let bookingId: number | null = null
    if (fields.booking_id !== undefined) {
      const booking = /^\d{1,9}$/.test(fields.booking_id) ? await findBooking(db, Number(fields.booking_id)) : undefined
      bookingId = checkUploadBooking(booking && plainBooking(booking), user).id
    }
    const name = file.name.slice(0, 255).replace(/\0/g, '')
    const ext = file.stored.mime === 'image/jpeg' ? 'jpg' : (/\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? 'bin')
    const row = await repo.insertDocument(
      db,
      {
        bookingId,
        uploadedBy: user.id,
        name,
        documentType: fields.document_type,
        description: fields.description?.replace(/\0/g, '') ?? null,
        mimeType: file.stored.mime,
        size: file.stored.size,
        status: 'pending',
        storageKey: file.stored.key,
        sha256: file.stored.sha256,
      },
      ext,
    )
    await logActivity(db, 'document', uploadActivity(user.name, fields.document_type, bookingId), user.id)
    return wireDocument(db, row.id)
  } catch (error) {
    await storage.delete(file.stored.key)
    throw error
  }
}

/** The bytes of a document: a seeded demo document's sample, else the stored file. */
export async function documentBytes(deps: Deps, doc: repo.DocumentRow): Promise<{ body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>; mime: StoredObject['mime']; size: number }> {
  if (!doc.storageKey) {
    const demo = await demoDocumentBytes(doc.mimeType, DOCUMENT_TYPE_LABELS[doc.documentType as DocumentType] ?? 'Document')
    return { body: demo.bytes as Uint8Array<ArrayBuffer>, mime: demo.mime, size: demo.bytes.byteLength }
  }
  const stream = await storageOf(deps)
    .get(doc.storageKey)
    .catch((error: unknown) => {
      if (error instanceof StorageError) throw new ApiError(404, MSG_DOCUMENT_NOT_FOUND)
      throw error
    })
  return { body: Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>, mime: doc.mimeType as StoredObject['mime'], size: doc.size }
}

export async function removeDocument(deps: Deps, user: UserRow, doc: repo.DocumentRow): Promise<void> {
  if (!mayDeleteDocument(user, doc)) throw new ApiError(403, MSG_FORBIDDEN)
  // The row first: a file left by a crash between the two is unreachable; a row without its file would not be.
  await repo.deleteDocument(deps.db, doc.id)
  if (doc.storageKey) await storageOf(deps).delete(doc.storageKey)
}

export async function review(deps: Deps, admin: UserRow, doc: repo.DocumentRow, input: { status: 'approved' | 'rejected'; notes?: string }) {
  const { db } = deps
  const notes = checkReview(doc, input)
  // Only a pending document changes, checked in the update itself so two admins cannot both review it.
  if (!(await repo.reviewIfPending(db, doc.id, input.status, notes))) throw new ApiError(409, MSG_ALREADY_REVIEWED)
  if (doc.bookingId !== null) {
    // The family hears about it on their dashboard until they open the booking, and by SMS.
    const booking = await updateBooking(db, doc.bookingId, { hasNotifications: true })
    if (booking) await smsFamily(deps, booking, (t, home, name) => t.document(home, name, doc.documentType, input.status, input.status === 'rejected' ? notes : null), 'document')
  }
  await logActivity(db, 'document', reviewActivity(doc.documentType, doc.bookingId, input.status), admin.id)
  return wireDocument(db, doc.id)
}
