/** A booking's papers (invoice, statement, quotation, receipts): the shared content, the server's numbers. */
import type { Db } from '../db/client'
import type { UserRow } from '../types'
import * as repo from '../repo/paper'
import * as bookings from '../repo/bookings'
import { findUserById } from '../repo/users'
import { storedSettings } from '../repo/settings'
import { paperFonts } from '../paper-fonts'
import { agreementSummaryOf } from './agreement'
import { nairobiYear, paperNumber, paperPayment } from '../../shared/paper/paper'
import { bookingPaper, checkMayReadPapers, draftQuotationFileName, draftQuotationPaper, paperFileName, paperHome, papersIndex, paperSubject, type BookingPaperKind } from '../../shared/paper/papers'
import { paperLanguage } from '../../shared/paper/words'
import { FORMER_CLIENT } from '../../shared/contracts/bookings'
import type { QuotationDraftRequest } from '../../shared/contracts/papers'
import { findService } from '../repo/services'
import { toIntId } from '../http'
import { ApiError } from '../../shared/errors'
import { MSG_SHARE_NOT_FOUND, readShareToken, shareLink, type ShareRequest } from '../../shared/paper/share'

/** The booking and its payments as its papers show them; `user` null for a shared link (its token was checked). */
async function gather(db: Db, user: UserRow | null, row: bookings.BookingRow) {
  if (user) checkMayReadPapers(user, { client_id: row.clientId })
  const booking = await bookings.toWireBooking(db, row)
  const family = booking.client_name ?? FORMER_CLIENT
  const payments = (await repo.paymentsOfBooking(db, row.id)).map((p) =>
    paperPayment({ id: p.id, amount: p.amount, status: p.status, payment_date: p.paymentDate, transaction_id: p.transactionId, contribution_link_id: p.contributionLinkId, contributor_name: p.contributorName }, family),
  )
  return { booking, payments }
}

export async function papersOf(db: Db, user: UserRow, row: bookings.BookingRow) {
  const { payments } = await gather(db, user, row)
  return papersIndex(row.id, payments, await agreementSummaryOf(db, row.id))
}

export async function paperPdf(db: Db, user: UserRow | null, row: bookings.BookingRow, kind: BookingPaperKind, options: { lang?: string | null; paymentId?: number | null }, now = new Date()) {
  const { booking, payments } = await gather(db, user, row)
  const paymentId = options.paymentId ?? null
  const subject = paperSubject(kind, row.id, payments, paymentId)
  const year = nairobiYear(now)
  const number = subject ? await repo.numberFor(db, subject.kind, subject.subject, year, (seq) => paperNumber(subject.kind, year, seq)) : null
  const family = await findUserById(db, row.clientId)
  const language = paperLanguage(options.lang, family?.language)
  const home = paperHome((await storedSettings(db)).general)
  const paper = bookingPaper({ kind, booking, payments, home, language, now, number, paymentId })
  const { renderPaperPdf } = await import('../../shared/paper/pdf')
  return { paper, bytes: await renderPaperPdf(paper, await paperFonts(), now), fileName: paperFileName(paper, row.id) }
}

/** POST /bookings/quotation: the quotation of what the family is about to book, from the catalogue's prices today; nothing is stored. */
export async function draftQuotationPdf(db: Db, user: UserRow, input: QuotationDraftRequest, lang: string | null | undefined, now = new Date()) {
  const services = []
  for (const line of input.services) {
    const id = toIntId(line.service_id)
    const service = id === null ? undefined : await findService(db, id)
    services.push(service && { id: service.id, name: service.name, name_sw: service.nameSw, price: service.price, per_day: service.perDay })
  }
  const home = paperHome((await storedSettings(db)).general)
  const paper = draftQuotationPaper({ request: input, services, home, language: paperLanguage(lang, user.language), now, familyName: user.name })
  const { renderPaperPdf } = await import('../../shared/paper/pdf')
  return { paper, bytes: await renderPaperPdf(paper, await paperFonts(), now), fileName: draftQuotationFileName(now) }
}

/** POST /bookings/{id}/papers/share: a link to one of the booking's papers for whoever the family sends it to. */
export async function sharePaper(db: Db, secret: Uint8Array, user: UserRow, row: bookings.BookingRow, input: ShareRequest, now = new Date()) {
  const { payments } = await gather(db, user, row)
  const paymentId = input.kind === 'receipt' ? toIntId(input.payment_id ?? '') : null
  // A receipt of no completed payment of this booking is 404 now, not when the link is opened.
  paperSubject(input.kind, row.id, payments, paymentId)
  return shareLink(secret, { bookingId: row.id, kind: input.kind, paymentId }, now)
}

/** GET /papers/shared/{token}: the paper a link opens, built as the family would download it. */
export async function sharedPaperPdf(db: Db, secret: Uint8Array, token: string, lang: string | null | undefined, now = new Date()) {
  const shared = await readShareToken(secret, token, now)
  const row = await bookings.findBooking(db, shared.bookingId)
  if (!row) throw new ApiError(404, MSG_SHARE_NOT_FOUND)
  return paperPdf(db, null, row, shared.kind, { lang, paymentId: shared.paymentId }, now)
}
