/**
 * The mock's GET /bookings/{id}/papers and its PDFs: the same content and the same builder as the
 * server (shared/paper), loaded only when a paper is asked for, with the fonts imported as data.
 * Numbers come from the paperNumber collection, per kind and year, without gaps, as the server's.
 */
import { http, HttpResponse } from 'msw'
import { db, nextId } from '../db'
import type { BookingRecord, UserRecord } from '../db'
import { ApiError, requireUser, route } from '../http'
import { toWireBooking, userName } from '../serialize'
import { findVisibleBooking } from './bookings'
import { FORMER_CLIENT } from '../../shared/contracts/bookings'
import { nairobiYear, paperNumber, paperPayment, type NumberedKind } from '../../shared/paper/paper'
import { bookingPaper, checkMayReadPapers, MSG_RECEIPT_NOT_FOUND, paperFileName, paperHome, papersIndex, paperSubject, type BookingPaperKind } from '../../shared/paper/papers'
import { paperLanguage } from '../../shared/paper/words'
import { storedSettings } from '../settings-store'
import { loadFonts } from '../paper-fonts'
import { mockAgreementSummary } from './agreement'

function gather(user: UserRecord, b: BookingRecord) {
  checkMayReadPapers(user, b)
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
  const b = findVisibleBooking(user, rawId)
  const { booking, payments } = gather(user, b)
  const now = new Date()
  const subject = paperSubject(kind, b.id, payments, paymentId)
  const year = nairobiYear(now)
  const number = subject ? await numberFor(subject.kind, subject.subject, year) : null
  const family = db.user.findFirst((q) => q.where({ id: b.client_id }))
  const language = paperLanguage(new URL(request.url).searchParams.get('lang'), family?.language)
  const paper = bookingPaper({ kind, booking, payments, home: paperHome(storedSettings().general), language, now, number, paymentId })
  const [{ renderPaperPdf }, loaded] = await Promise.all([import('../../shared/paper/pdf'), loadFonts()])
  const bytes = await renderPaperPdf(paper, loaded, now)
  return new HttpResponse(bytes, {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${paperFileName(paper, b.id)}"`, 'Cache-Control': 'private, no-store' },
  })
}

export const paperHandlers = [
  http.get(
    '*/api/bookings/:id/papers',
    route(async ({ request, params }) => {
      const user = await requireUser(request)
      const b = findVisibleBooking(user, params.id)
      return HttpResponse.json(papersIndex(b.id, gather(user, b).payments, mockAgreementSummary(b.id)))
    }),
  ),
  ...(['invoice', 'statement', 'quotation'] as const).map((kind) => http.get(`*/api/bookings/:id/papers/${kind}`, route(({ request, params }) => pdf(request, params.id, kind)))),
  http.get(
    '*/api/bookings/:id/papers/receipt/:paymentId',
    route(({ request, params }) => {
      const paymentId = Number(params.paymentId)
      if (!Number.isInteger(paymentId)) throw new ApiError(404, MSG_RECEIPT_NOT_FOUND)
      return pdf(request, params.id, 'receipt', paymentId)
    }),
  ),
]
