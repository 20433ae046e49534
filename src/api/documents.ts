import { z } from 'zod/mini'
import { API_BASE, ApiError, reportUnauthorized, request, requestBlob, tokenForUpload } from './client'
import { ErrorBody } from '../../shared/contracts/common'
import {
  DocumentList,
  DocumentResponse,
  DocumentStatsResponse,
  type DocumentQuery,
  type DocumentStatusRequest,
  type DocumentType,
} from '../../shared/contracts/documents'

const documentPath = (id: string) => `/documents/${encodeURIComponent(id)}`

/** GET /documents/my: the signed-in family's documents. */
export const myDocuments = () => request((w) => w.url('/documents/my').get().json(), DocumentList).then((l) => l.documents)

/** GET /documents: every document, paged and filtered by the server (admin). */
export function allDocuments(query: DocumentQuery) {
  const params: Record<string, string> = { page: String(query.page), limit: String(query.limit) }
  if (query.document_type) params.document_type = query.document_type
  if (query.status) params.status = query.status
  if (query.search?.trim()) params.search = query.search.trim()
  return request((w) => w.url(`/documents?${new URLSearchParams(params).toString()}`).get().json(), DocumentList)
}

/** GET /documents/stats/summary (admin). */
export const documentStats = () => request((w) => w.url('/documents/stats/summary').get().json(), DocumentStatsResponse)

/** PATCH /documents/{id}/status: approve or reject a pending document, with optional notes (admin). */
export const reviewDocument = (id: string, body: DocumentStatusRequest) =>
  request((w) => w.url(`${documentPath(id)}/status`).patch(body).json(), DocumentResponse)

/** DELETE /documents/{id}. */
export const deleteDocument = (id: string) => request((w) => w.url(documentPath(id)).delete().json(), z.unknown())

/** GET /documents/{id}/download: the original bytes, with their type. */
export const downloadDocument = (id: string) => requestBlob((w) => w.url(`${documentPath(id)}/download`).accept('*/*').get().blob())

export interface UploadRequest {
  file: File
  document_type: DocumentType
  description?: string
  booking_id?: string
}

export interface UploadProgress {
  loaded: number
  total: number
}

/**
 * POST /documents as multipart form data. XMLHttpRequest rather than fetch: it is the only way a
 * browser reports upload progress, which a family sending a 5 MB photo on a slow network needs.
 * `signal` cancels the upload.
 */
/** Idempotency-Key per file while its upload has had no answer. */
const uploadKeys = new WeakMap<File, string>()

export function uploadDocument(body: UploadRequest, onProgress?: (p: UploadProgress) => void, signal?: AbortSignal) {
  const form = new FormData()
  form.append('file', body.file, body.file.name)
  form.append('document_type', body.document_type)
  if (body.description?.trim()) form.append('description', body.description.trim())
  if (body.booking_id) form.append('booking_id', body.booking_id)

  return new Promise<z.infer<typeof DocumentResponse>>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${API_BASE}/documents`)
    xhr.setRequestHeader('Accept', 'application/json')
    const token = tokenForUpload()
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    // The same file sent again after a lost answer is recognised: one document, not two.
    const key = uploadKeys.get(body.file) ?? (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`)
    uploadKeys.set(body.file, key)
    xhr.setRequestHeader('Idempotency-Key', key)
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.({ loaded: e.loaded, total: e.total })
    }
    xhr.onerror = () => reject(new ApiError(0, undefined, 'Network error: please check your connection'))
    xhr.onabort = () => reject(new ApiError(0, undefined, 'Upload cancelled'))
    xhr.onload = () => {
      uploadKeys.delete(body.file)
      let json: unknown = null
      try {
        json = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = DocumentResponse.safeParse(json)
        if (parsed.success) resolve(parsed.data)
        else reject(new ApiError(0, undefined, 'The server sent an unexpected answer'))
        return
      }
      const error = ErrorBody.safeParse(json)
      if (xhr.status === 401) reportUnauthorized()
      reject(new ApiError(xhr.status, error.success ? error.data.message : undefined))
    }
    signal?.addEventListener('abort', () => xhr.abort())
    xhr.send(form)
  })
}
