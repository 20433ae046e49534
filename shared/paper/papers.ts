/**
 * GET /bookings/{id}/papers and its PDFs, as both backends answer them: who may read them, which
 * need a number, and the paper itself. Each backend finds the booking, its payments, the home's
 * Settings and the family's language, takes a number from its own counter (the server in a
 * transaction), and renders with ./pdf.ts.
 */
import { ApiError } from '../errors'
import { bookedQuotationLines, bookingSettled, invoicePaper, quotationPaper, receiptPaper, statementPaper, type NumberedKind, type Paper, type PaperBooking, type PaperHome, type PaperPayment } from './paper'
import type { PaperLanguage } from './words'
import type { AgreementSummary, QuotationDraftRequest } from '../contracts/papers'
import { priceBookingLines, type BookableService } from '../bookings'
import { compareIso, nairobiDay } from '../dates'

export const MSG_PAPERS_FORBIDDEN = "Only the family and the office can read a booking's invoices and receipts"
export const MSG_RECEIPT_NOT_FOUND = 'Receipt not found'
export const PAPER_KINDS = ['invoice', 'statement', 'quotation', 'receipt'] as const
export type BookingPaperKind = (typeof PAPER_KINDS)[number]

/** The family whose booking it is, and the office; not the attendant (money is not their work). */
export function checkMayReadPapers(user: { id: number; role: string }, booking: { client_id: number | string | null | undefined }): void {
  if (user.role === 'admin') return
  if (user.role === 'client' && String(booking.client_id) === String(user.id)) return
  throw new ApiError(403, MSG_PAPERS_FORBIDDEN)
}

/** The home's details as Settings give them. */
export function paperHome(general: { facilityName: string; address: string; contactPhone: string; contactEmail: string; kraPin?: string; mpesaDetails?: string }): PaperHome {
  return { name: general.facilityName, address: general.address, phone: general.contactPhone, email: general.contactEmail, kra_pin: general.kraPin || null, mpesa: general.mpesaDetails || null }
}

/** Where a booking's papers are (relative to /api), and a receipt for every completed payment and contribution. */
export function papersIndex(bookingId: number | string, payments: readonly PaperPayment[], agreement?: AgreementSummary) {
  const base = `/bookings/${bookingId}/papers`
  return {
    ...(agreement ? { agreement } : {}),
    invoice: `${base}/invoice`,
    statement: `${base}/statement`,
    quotation: `${base}/quotation`,
    receipts: payments
      .filter((p) => p.status === 'completed')
      .sort((a, b) => compareIso(a.paid_at, b.paid_at) || a.id - b.id)
      .map((p) => ({ payment_id: p.id, amount: p.amount, paid_at: p.paid_at, payer: p.payer, contribution: p.contribution, mpesa_receipt: p.mpesa_receipt, href: `${base}/receipt/${p.id}` })),
  }
}

/** The number a paper needs (an invoice per booking, a receipt per completed payment), or null. Throws 404 for a receipt of no completed payment of this booking. */
export function paperSubject(kind: BookingPaperKind, bookingId: number, payments: readonly PaperPayment[], paymentId: number | null): { kind: NumberedKind; subject: number } | null {
  if (kind === 'invoice') return { kind: 'invoice', subject: bookingId }
  if (kind !== 'receipt') return null
  const payment = payments.find((p) => p.id === paymentId && p.status === 'completed')
  if (!payment) throw new ApiError(404, MSG_RECEIPT_NOT_FOUND)
  return { kind: 'receipt', subject: payment.id }
}

/** The paper of a booking, its number already taken. */
export function bookingPaper({
  kind,
  booking,
  payments,
  home,
  language,
  now,
  number,
  paymentId,
}: {
  kind: BookingPaperKind
  booking: PaperBooking
  payments: readonly PaperPayment[]
  home: PaperHome
  language: PaperLanguage
  now: Date
  number: string | null
  paymentId: number | null
}): Paper {
  if (kind === 'invoice') return invoicePaper({ booking, payments, home, language, now, number: number ?? '' })
  if (kind === 'statement') return statementPaper({ booking, payments, home, language, now })
  if (kind === 'receipt') {
    const payment = payments.find((p) => p.id === paymentId)
    if (!payment) throw new ApiError(404, MSG_RECEIPT_NOT_FOUND)
    return receiptPaper({ booking, payment, payments, home, language, number: number ?? '' })
  }
  return quotationPaper({
    lines: bookedQuotationLines(booking),
    home,
    language,
    now,
    deceasedName: `${booking.deceased_first_name} ${booking.deceased_last_name}`.trim(),
    familyName: booking.client_name ?? '',
    settled: bookingSettled(booking, payments, now, language),
  })
}

/** The download's file name: "invoice-INV-2026-000123.pdf", "statement-booking-12.pdf". */
export function paperFileName(paper: Paper, bookingId: number | string): string {
  return paper.number ? `${paper.kind}-${paper.number}.pdf` : `${paper.kind}-booking-${bookingId}.pdf`
}

/**
 * The quotation of a draft (POST /bookings/quotation): its lines checked and priced as a new
 * booking's (the same 422s), the services at today's prices, storage at its daily rate for the days
 * the family expects. Nothing is booked or numbered.
 */
export function draftQuotationPaper({
  request,
  services,
  home,
  language,
  now,
  familyName,
}: {
  request: QuotationDraftRequest
  services: ReadonlyArray<(BookableService & { name_sw?: string | null }) | undefined>
  home: PaperHome
  language: PaperLanguage
  now: Date
  familyName: string
}): Paper {
  const lines = priceBookingLines({ request, services, now })
  return quotationPaper({
    lines: lines.map((l) => {
      const service = services.find((s) => s?.id === l.service_id)
      return { service_name: l.service_name, service_name_sw: service?.name_sw ?? null, price: l.price_at_booking, quantity: l.quantity, per_day: service?.per_day }
    }),
    home,
    language,
    now,
    deceasedName: request.deceased_name?.trim() ?? '',
    familyName,
  })
}

/** The draft quotation's download name, dated (nothing else names it). */
export const draftQuotationFileName = (now: Date) => `quotation-${nairobiDay(now)}.pdf`
