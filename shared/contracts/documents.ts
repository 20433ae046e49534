import { z } from 'zod/mini'
import { Id, Pagination } from './common'
import { DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS, FORMER_CLIENT, type DocumentType } from './bookings'

export { DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS, FORMER_CLIENT, type DocumentType }

export const DOCUMENT_STATUSES = ['pending', 'approved', 'rejected'] as const
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number]

/** SPEC.md section 5: at most 5 MB; PDF, JPEG, PNG, DOC, DOCX. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024
export const DOCUMENT_MIME_TYPES: Record<string, readonly string[]> = {
  pdf: ['application/pdf'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
}
/** What the file picker offers (a phone also offers its camera for image/*). */
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.doc,.docx,application/pdf,image/jpeg,image/png,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document'
export const MSG_FILE_REQUIRED = 'Please select a file'
export const MSG_FILE_TOO_BIG = 'File size must be less than 5MB'
/** What one family account may keep in documents (the sum of its files' sizes); staff do not upload. */
export const DOCUMENT_QUOTA_BYTES = 100 * 1024 * 1024
export const MSG_QUOTA_FULL = 'Your documents have reached the storage limit of 100 MB. Please delete documents you no longer need, or call us.'
/** An account with no booking yet (documents are for a booking): room for a few papers ahead of it. */
export const DOCUMENT_QUOTA_NO_BOOKING_BYTES = 10 * 1024 * 1024
export const MSG_QUOTA_NO_BOOKING = 'Without a booking you can keep up to 10 MB of documents. Please make a booking first, or call us.'
/** The quota of an account, and what it says when full. */
export const documentQuota = (hasBooking: boolean) =>
  hasBooking ? { bytes: DOCUMENT_QUOTA_BYTES, message: MSG_QUOTA_FULL } : { bytes: DOCUMENT_QUOTA_NO_BOOKING_BYTES, message: MSG_QUOTA_NO_BOOKING }
export const MSG_FILE_TYPE = 'Invalid file type. Only PDF, JPG, PNG, and DOC files are allowed'

/**
 * The upload rule of SPEC.md, shared by the app (refused before anything is sent) and the mock
 * server (refused again if sent directly). Both the extension and the type must be allowed; an
 * empty type (some phones send none) is judged by the extension alone.
 */
export function documentFileProblem(file: { name: string; size: number; type: string } | null | undefined): string | null {
  if (!file) return MSG_FILE_REQUIRED
  const ext = file.name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? ''
  const mimes = DOCUMENT_MIME_TYPES[ext]
  if (!mimes) return MSG_FILE_TYPE
  const type = file.type.toLowerCase()
  if (type !== '' && type !== 'application/octet-stream' && !mimes.includes(type)) return MSG_FILE_TYPE
  if (file.size > MAX_DOCUMENT_BYTES) return MSG_FILE_TOO_BIG
  if (file.size === 0) return MSG_FILE_REQUIRED
  return null
}

export const Document = z.looseObject({
  id: Id,
  name: z.string(),
  document_type: z.string(),
  description: z.nullish(z.string()),
  file_path: z.nullish(z.string()),
  /** Unknown statuses are shown as pending (SPEC.md: "pending (default when missing)"). */
  status: z.pipe(
    z.nullish(z.string()),
    z.transform((v): DocumentStatus => (v === 'approved' || v === 'rejected' ? v : 'pending')),
  ),
  review_notes: z.nullish(z.string()),
  created_at: z.string(),
  uploaded_by_name: z.nullish(z.string()),
  booking_id: z.nullish(Id),
  deceased_first_name: z.nullish(z.string()),
  deceased_last_name: z.nullish(z.string()),
  mime_type: z.nullish(z.string()),
  size: z.nullish(z.number()),
})
export type Document = z.infer<typeof Document>

export const DocumentList = z.union([
  z.pipe(z.array(Document), z.transform((documents) => ({ documents, pagination: null as Pagination | null }))),
  z.pipe(
    z.object({ documents: z.array(Document), pagination: z.nullish(Pagination) }),
    z.transform((o) => ({ documents: o.documents, pagination: o.pagination ?? null })),
  ),
])
export type DocumentList = z.infer<typeof DocumentList>
export const DocumentResponse = z.union([z.pipe(z.object({ document: Document }), z.transform((o) => o.document)), Document])

export const DocumentStats = z.looseObject({ total: z.number(), pending: z.number(), approved: z.number(), rejected: z.number() })
export type DocumentStats = z.infer<typeof DocumentStats>
export const DocumentStatsResponse = z.union([z.pipe(z.object({ stats: DocumentStats }), z.transform((o) => o.stats)), DocumentStats])

export const DocumentStatusRequest = z.object({
  status: z.enum(['approved', 'rejected']),
  notes: z.optional(z.string().check(z.maxLength(1000, 'Notes must be at most 1000 characters'))),
})
export type DocumentStatusRequest = z.infer<typeof DocumentStatusRequest>
/** A rejection must say what the family has to fix (the checklist shows it to them). */
export const MSG_REJECT_NEEDS_REASON = 'Give a reason so the family knows what to fix'

/** The fields of POST /documents besides the file (multipart form data). */
export const DocumentUploadFields = z.object({
  document_type: z.enum(DOCUMENT_TYPES, { message: 'Please choose a document type' }),
  description: z.optional(z.string().check(z.maxLength(500, 'Description must be at most 500 characters'))),
  booking_id: z.optional(z.string().check(z.regex(/^\d+$/, 'Please choose the booking'))),
})

export interface DocumentQuery {
  page: number
  limit: number
  document_type?: string
  status?: string
  search?: string
}

export function documentTypeLabel(type: string): string {
  return DOCUMENT_TYPE_LABELS[type as DocumentType] ?? 'Other Document'
}

export function deceasedOf(doc: Pick<Document, 'deceased_first_name' | 'deceased_last_name'>): string {
  return `${doc.deceased_first_name ?? ''} ${doc.deceased_last_name ?? ''}`.trim()
}

// ---- the API's words for documents (both backends answer with these) ----
export const MSG_DOCUMENT_NOT_FOUND = 'Document not found'
export const MSG_APPROVED_KEPT = 'This document has been approved by the funeral home and can no longer be deleted. Please call us if it must change.'
export const MSG_ALREADY_REVIEWED = 'Only pending documents can be reviewed'
export const MSG_DOCUMENT_UPLOADED = 'Document uploaded successfully'
export const MSG_DOCUMENT_DELETED = 'Document deleted successfully'
