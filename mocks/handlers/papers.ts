/**
 * The mock's GET /bookings/{id}/papers and its PDFs: the same content and the same builder as the
 * server (shared/paper), loaded only when a paper is asked for, with the fonts imported as data.
 * Numbers come from the paperNumber collection, per kind and year, without gaps, as the server's.
 */
import { http, HttpResponse } from 'msw'
import { db, nextId } from '../db'
import type { BookingRecord, UserRecord } from '../db'
import { ApiError, body, requireRoleOf, requireUser, route, toIntId } from '../http'
import { lengths } from '../limits'
import { toWireBooking, userName } from '../serialize'
import { findVisibleBooking } from './bookings'
import { FORMER_CLIENT } from '../../shared/contracts/bookings'
import { QUOTATION_TEXT_LABELS, QuotationDraftRequest } from '../../shared/contracts/papers'
import { nairobiYear, paperNumber, paperPayment, type NumberedKind, type Paper } from '../../shared/paper/paper'
import { bookingPaper, checkMayReadPapers, draftQuotationFileName, draftQuotationPaper, MSG_RECEIPT_NOT_FOUND, paperFileName, paperHome, papersIndex, paperSubject, type BookingPaperKind } from '../../shared/paper/papers'
import { paperLanguage } from '../../shared/paper/words'
import { storedSettings } from '../settings-store'
import { loadFonts } from '../paper-fonts'
import { MOCK_JWT_SECRET } from '../jwt'
import { MSG_SHARE_NOT_FOUND, ShareRequest, readShareToken, shareLink } from '../../shared/paper/share'

/** The mock's key for shared links (never a real server's). */
const SHARE_SECRET = new TextEncoder().encode(`${MOCK_JWT_SECRET}:paper-share`)
import { mockAgreementSummary } from './agreement'

/** The booking and its payments as its papers show them; `user` null for a shared link (its token was checked). */
function gather(user: UserRecord | null, b: BookingRecord) {
  if (user) checkMayReadPapers(user, b)
  const family = userName(b.client_id) ?? FORMER_CLIENT
  const payments = db.payment.findMany((q) => q.where({ booking_id: b.id })).map((p) => paperPayment(p, family))
  return { booking: toWireBooking(b), payments }
}

/** The paper's number: the one given before, else the next of its kind and year. */
async function numberFor(kind: NumberedKind, subject: number, year: number): Promise<string> {
  const given = db.paperNumber.findFirst((q) => q.where({ kind, subject_id: subject }))
  if (given) return given.number
  const seq = db.paperNumber.findMany((q) => q.where({ kind, year })).reduce((max, n) => Math.max(max, n.seq), 0) + 1
  const number = paperNumber(kind, year, seq)
  await db.paperNumber.create({ id: nextId('paperNumber'), kind, subject_id: subject, year, seq, number })
  return number
}

async function pdf(request: Request, rawId: string | readonly string[] | undefined, kind: BookingPaperKind, paymentId: number | null = null) {
  const user = await requireUser(request)
  return bookingPdf(request, user, findVisibleBooking(user, rawId), kind, paymentId)
}

/** A booking's paper as a PDF; `user` null for a shared link. */
async function bookingPdf(request: Request, user: UserRecord | null, b: BookingRecord, kind: BookingPaperKind, paymentId: number | null) {
  const { booking, payments } = gather(user, b)
  const now = new Date()
  const subject = paperSubject(kind, b.id, payments, paymentId)
  const year = nairobiYear(now)
  const number = subject ? await numberFor(subject.kind, subject.subject, year) : null
  const family = db.user.findFirst((q) => q.where({ id: b.client_id }))
  const language = paperLanguage(new URL(request.url).searchParams.get('lang'), family?.language)
  const paper = bookingPaper({ kind, booking, payments, home: paperHome(storedSettings().general), language, now, number, paymentId })
  return pdfAnswer(paper, now, paperFileName(paper, b.id))
}

async function pdfAnswer(paper: Paper, now: Date, fileName: string) {
  const [{ renderPaperPdf }, loaded] = await Promise.all([import('../../shared/paper/pdf'), loadFonts()])
  const bytes = await renderPaperPdf(paper, loaded, now)
  return new HttpResponse(bytes, {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${fileName}"`, 'Cache-Control': 'private, no-store' },
  })
}

export const paperHandlers = [
  // The quotation of what the family is about to book: priced from the catalogue as a new booking is; nothing is stored.
  http.post(
    '*/api/bookings/quotation',
    route(async ({ request }) => {
      const user = await requireRoleOf(request, 'client', 'admin')
      const input = lengths(await body(request, QuotationDraftRequest), QUOTATION_TEXT_LABELS)
      const services = input.services.map((line) => {
        const id = toIntId(line.service_id)
        return id === null ? undefined : db.service.findFirst((q) => q.where({ id }))
      })
      const now = new Date()
      const language = paperLanguage(new URL(request.url).searchParams.get('lang'), user.language)
      const paper = draftQuotationPaper({ request: input, services, home: paperHome(storedSettings().general), language, now, familyName: user.name })
      return pdfAnswer(paper, now, draftQuotationFileName(now))
    }),
  ),
  http.get(
    '*/api/bookings/:id/papers',
    route(async ({ request, params }) => {
      const user = await requireUser(request)
      const b = findVisibleBooking(user, params.id)
      return HttpResponse.json(papersIndex(b.id, gather(user, b).payments, mockAgreementSummary(b.id)))
    }),
  ),
  ...(['invoice', 'statement', 'quotation'] as const).map((kind) => http.get(`*/api/bookings/:id/papers/${kind}`, route(({ request, params }) => pdf(request, params.id, kind)))),
  // A link to one paper for whoever the family sends it to (signed, expiring: shared/paper/share.ts).
  http.post(
    '*/api/bookings/:id/papers/share',
    route(async ({ request, params }) => {
      const user = await requireUser(request)
      const b = findVisibleBooking(user, params.id)
      const input = await body(request, ShareRequest)
      const paymentId = input.kind === 'receipt' ? toIntId(input.payment_id ?? '') : null
      paperSubject(input.kind, b.id, gather(user, b).payments, paymentId)
      return HttpResponse.json(await shareLink(SHARE_SECRET, { bookingId: b.id, kind: input.kind, paymentId }, new Date()), { status: 201 })
    }),
  ),
  http.get(
    '*/api/papers/shared/:token',
    route(async ({ request, params }) => {
      const shared = await readShareToken(SHARE_SECRET, String(params.token), new Date())
      const b = db.booking.findFirst((q) => q.where({ id: shared.bookingId }))
      if (!b) throw new ApiError(404, MSG_SHARE_NOT_FOUND)
      return bookingPdf(request, null, b, shared.kind, shared.paymentId)
    }),
  ),
  http.get(
    '*/api/bookings/:id/papers/receipt/:paymentId',
    route(({ request, params }) => {
      const paymentId = Number(params.paymentId)
      if (!Number.isInteger(paymentId)) throw new ApiError(404, MSG_RECEIPT_NOT_FOUND)
      return pdf(request, params.id, 'receipt', paymentId)
    }),
  ),
]
