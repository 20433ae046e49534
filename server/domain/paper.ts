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
import { bookingPaper, checkMayReadPapers, paperFileName, paperHome, papersIndex, paperSubject, type BookingPaperKind } from '../../shared/paper/papers'
import { paperLanguage } from '../../shared/paper/words'
import { FORMER_CLIENT } from '../../shared/contracts/bookings'

async function gather(db: Db, user: UserRow, row: bookings.BookingRow) {
  checkMayReadPapers(user, { client_id: row.clientId })
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

export async function paperPdf(db: Db, user: UserRow, row: bookings.BookingRow, kind: BookingPaperKind, options: { lang?: string | null; paymentId?: number | null }, now = new Date()) {
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
