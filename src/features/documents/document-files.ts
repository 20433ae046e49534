import { useEffect, useMemo } from 'react'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { downloadDocument } from '../../api/documents'
import type { Document } from '../../../shared/contracts/documents'
import { useSubmission } from '../../app/use-notifying-machine'

/** The toasts and questions of the documents screens (SPEC.md section 8), shown with t(). */
export const DOCUMENT_MESSAGES = {
  downloadDone: msg`Document downloaded successfully`,
  downloadFailed: msg`Failed to download document`,
  deleteDone: msg`Document deleted successfully`,
  deleteFailed: msg`Failed to delete document`,
  deleteConfirm: msg`Are you sure you want to delete this document?`,
  loadFailed: msg`Failed to load documents`,
}

/** The same download toasts as plain English, for the staff screens that use them as such. */
export const DOWNLOAD_DONE = 'Document downloaded successfully'
export const DOWNLOAD_FAILED = 'Failed to download document'

/** '2.4 MB', '830 KB'. */
export function formatSize(bytes: number | null | undefined): string {
  if (!bytes && bytes !== 0) return ''
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}

export type PreviewKind = 'image' | 'pdf' | 'none'
export function previewKind(doc: Pick<Document, 'name' | 'mime_type'>): PreviewKind {
  const type = (doc.mime_type ?? '').toLowerCase()
  const name = doc.name.toLowerCase()
  if (type.startsWith('image/') || /\.(png|jpe?g)$/.test(name)) return 'image'
  if (type === 'application/pdf' || name.endsWith('.pdf')) return 'pdf'
  return 'none'
}

/** Save a blob under a file name, as the browser's download would. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.rel = 'noopener'
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** Download a document's original bytes and save them with its name. */
export async function saveDocument(doc: Pick<Document, 'id' | 'name'>): Promise<void> {
  const blob = await downloadDocument(doc.id)
  saveBlob(blob, doc.name)
}

/** The document's bytes as an object URL for the preview (revoked when closed), loaded by a machine. */
export function useDocumentUrl(doc: Pick<Document, 'id' | 'name' | 'mime_type'> | null, enabled: boolean) {
  const { t } = useLingui()
  const load = useSubmission((id: string) => downloadDocument(id), { failureMessage: t(DOCUMENT_MESSAGES.downloadFailed) })
  const id = doc?.id ?? null
  const { submit } = load
  useEffect(() => {
    if (enabled && id !== null) submit(id)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once per document shown
  }, [id, enabled])
  const blob = load.result instanceof Blob ? load.result : null
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob])
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url])
  return { url, error: load.failed ? load.error : null, loading: enabled && !url && !load.failed }
}
