import { request, requestBlob } from './client'
import { PapersIndex } from '../../shared/contracts/papers'

/** GET /bookings/{id}/papers: the booking's invoice, statement, quotation and receipts (the family's own; the office's all). */
export const getPapers = (bookingId: string) => request((w) => w.url(`/bookings/${encodeURIComponent(bookingId)}/papers`).get().json(), PapersIndex)

/** One paper as a PDF, in the language asked for (`href` as the index gives it). */
export const downloadPaper = ({ href, lang }: { href: string; lang: string }) =>
  requestBlob((w) => w.url(`${href}?${new URLSearchParams({ lang })}`).accept('application/pdf').get().blob())
