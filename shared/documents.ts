/**
 * The rules that decide about burial documents, as both backends apply them
 * (mocks/handlers/documents.ts and server/domain/documents.ts): who may see and delete one, the
 * review, the booking an upload names, the storage quota, the admin's search and counts.
 */
import { ApiError } from './errors'
import { canSeeBooking } from './rules'
import { MSG_BOOKING_NOT_FOUND } from './contracts/bookings'
import { DOCUMENT_STATUSES, DOCUMENT_TYPE_LABELS, MSG_ALREADY_REVIEWED, MSG_APPROVED_KEPT, MSG_REJECT_NEEDS_REASON, documentQuota, type DocumentType } from './contracts/documents'
import type { WireRole } from './contracts/roles'

interface Actor {
  id: number
  role: WireRole
}

/**
 * Who may see a document: its uploader (a family sees only its own uploads), an admin, or the
 * attendant assigned to its booking. `booking` is the document's booking, when it has one.
 */
export function canSeeDocument(user: Actor, doc: { uploaded_by: number | null }, booking: { client_id: number; attendant_id: number | null } | undefined): boolean {
  if (user.role === 'admin') return true
  if (user.role === 'client') return doc.uploaded_by === user.id
  return booking !== undefined && canSeeBooking(user, booking)
}

/**
 * DELETE /documents/:id by someone who may see it: false for an attendant (the shell answers 403);
 * a family may not delete what the home approved (409).
 */
export function mayDeleteDocument(user: Pick<Actor, 'role'>, doc: { status: string }): boolean {
  if (user.role === 'morgue_attendant') return false
  if (user.role === 'client' && doc.status === 'approved') throw new ApiError(409, MSG_APPROVED_KEPT)
  return true
}

/**
 * PATCH /documents/:id/status: only a pending document is reviewed, and a rejection says what to
 * fix. Returns the review notes to keep (trimmed, or null). The server also checks "still pending"
 * in its update, so two admins cannot both review one.
 */
export function checkReview(doc: { status: string }, input: { status: 'approved' | 'rejected'; notes?: string }): string | null {
  if (doc.status !== 'pending') throw new ApiError(409, MSG_ALREADY_REVIEWED)
  const notes = input.notes?.trim() ? input.notes.trim() : null
  if (input.status === 'rejected' && notes === null) throw new ApiError(422, MSG_REJECT_NEEDS_REASON, { notes: MSG_REJECT_NEEDS_REASON })
  return notes
}

/** An upload may name only one of the family's own bookings (else 404, as for any booking not theirs). */
export function checkUploadBooking<B extends { client_id: number }>(booking: B | undefined, user: { id: number }): B {
  if (!booking || booking.client_id !== user.id) throw new ApiError(404, MSG_BOOKING_NOT_FOUND)
  return booking
}

/** What is left of the account's storage quota, and the message when a file does not fit. */
export function quotaLeft(usedBytes: number, hasBooking: boolean): { bytes: number; message: string } {
  const quota = documentQuota(hasBooking)
  return { bytes: quota.bytes - usedBytes, message: quota.message }
}

/** The admin's search words as both backends compare them: trimmed, lower case, no NUL. */
export const documentSearchWords = (search: string): string => search.trim().toLowerCase().replace(/\0/g, '')

/** The document types whose label holds the words ("permit" finds burial permits). */
export function typesMatching(words: string): DocumentType[] {
  return (Object.entries(DOCUMENT_TYPE_LABELS) as Array<[DocumentType, string]>).filter(([, label]) => label.toLowerCase().includes(words)).map(([type]) => type)
}

/** Does a document match the admin's search: file name, type label, family, deceased or description? */
export function documentMatches(
  doc: { name: string; document_type: string; description: string | null; uploaded_by_name: string; deceased_first_name: string | null; deceased_last_name: string | null },
  words: string,
): boolean {
  if (!words) return true
  return [doc.name, DOCUMENT_TYPE_LABELS[doc.document_type as DocumentType], doc.uploaded_by_name, doc.deceased_first_name, doc.deceased_last_name, doc.description]
    .filter(Boolean)
    .join(' ')
    .toLowerCase()
    .includes(words)
}

/** The admin's counts by status, from how many documents have each (a document counts once: `n` 1). */
export function documentStats(rows: ReadonlyArray<{ status: string; n: number }>) {
  const count = (s: (typeof DOCUMENT_STATUSES)[number]) => rows.reduce((t, r) => t + (r.status === s ? r.n : 0), 0)
  return { total: rows.reduce((t, r) => t + r.n, 0), pending: count('pending'), approved: count('approved'), rejected: count('rejected') }
}

const forBooking = (bookingId: number | null) => (bookingId ? ` for booking #${bookingId}` : '')
export const uploadActivity = (by: string, type: string, bookingId: number | null) => `${by} uploaded ${DOCUMENT_TYPE_LABELS[type as DocumentType] ?? 'Document'}${forBooking(bookingId)}`
export const reviewActivity = (type: string, bookingId: number | null, status: string) => `${DOCUMENT_TYPE_LABELS[type as DocumentType] ?? 'Document'}${forBooking(bookingId)} ${status}`
export const reviewedMessage = (status: string) => `Document marked as ${status}`
