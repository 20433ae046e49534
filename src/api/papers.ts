import { API_BASE, request, requestBlob } from './client'
import { ShareLink, type ShareRequest } from '../../shared/paper/share'
import { PapersIndex, type QuotationDraftRequest } from '../../shared/contracts/papers'

/** GET /bookings/{id}/papers: the booking's invoice, statement, quotation and receipts (the family's own; the office's all). */
export const getPapers = (bookingId: string) => request((w) => w.url(`/bookings/${encodeURIComponent(bookingId)}/papers`).get().json(), PapersIndex)

/** One paper as a PDF, in the language asked for (`href` as the index gives it). */
export const downloadPaper = ({ href, lang }: { href: string; lang: string }) =>
  requestBlob((w) => w.url(`${href}?${new URLSearchParams({ lang })}`).accept('application/pdf').get().blob())

/** POST /bookings/quotation: the quotation of a booking not made yet (the wizard's draft), as a PDF; nothing is stored. */
export const quoteDraft = ({ draft, lang }: { draft: QuotationDraftRequest; lang: string }) =>
  requestBlob((w) => w.url(`/bookings/quotation?${new URLSearchParams({ lang })}`).accept('application/pdf').post(draft).blob())

/** POST /bookings/{id}/papers/share: a link to one paper that opens without an account until it expires; the address made whole. */
export async function sharePaper({ bookingId, ...paper }: ShareRequest & { bookingId: string }): Promise<ShareLink> {
  const link = await request((w) => w.url(`/bookings/${encodeURIComponent(bookingId)}/papers/share`).post(paper).json(), ShareLink)
  return { ...link, url: new URL(`${API_BASE}${link.url}`, window.location.href).href }
}
