/** Financial figures from the mock's store (summary, transactions, report, admin stats); the rows are shared/report.ts's. */
import { db } from './db'
import type { PaymentRecord } from './db'
import { amountPaid, toWireBooking, userName } from './serialize'
import { TIMEFRAME_LABELS, type ReportLanguage, type ReportType, type ReportPeriod } from '../shared/contracts/payments'
import { TIMEFRAME_DAYS, reportWindow, trend } from '../shared/rules'
import { XLSX_MIME, buildReportFile, serviceRows, summaryOf, transactionRows } from '../shared/report'
import type { ReportFigures, ReportPayment, ReportService } from '../shared/report'

export { TIMEFRAME_DAYS, trend }

const inRange = (iso: string, from: Date, to: Date) => iso >= from.toISOString() && iso <= to.toISOString()

export function paymentsBetween(from: Date, to: Date = new Date()): PaymentRecord[] {
  return db.payment.findMany((q) => q.where({ payment_date: (d) => inRange(d, from, to) }))
}

const bookingsBetween = (from: Date, to: Date) => db.booking.findMany((q) => q.where({ created_at: (d) => inRange(d, from, to) }))

export type Summary = ReportFigures

export function summarise(timeframe: ReportPeriod): Summary {
  const { from, to } = reportWindow(timeframe)
  const completed = paymentsBetween(from, to).filter((p) => p.status === 'completed')
  return summaryOf(
    completed,
    // The balance as the invoice has it: storage for the days in care so far.
    bookingsBetween(from, to).map((b) => {
      const wire = toWireBooking(b)
      return { createdAt: b.created_at, status: b.status, paymentStatus: b.payment_status, totalAmount: b.total_amount, amountPaid: amountPaid(b.id), chargesToDate: wire.charges_to_date, settledOutside: wire.settled_outside }
    }),
  )
}

export type TransactionRow = ReportPayment

const servicesOf = (bookingId: number) => db.booking.findFirst((q) => q.where({ id: bookingId }))?.lines.map((l) => l.service_name) ?? []

export function transactions(timeframe: ReportPeriod): TransactionRow[] {
  return transactionRows(
    paymentsBetween(reportWindow(timeframe).from, reportWindow(timeframe).to).map((p) => ({
      id: p.id,
      bookingId: p.booking_id,
      date: p.payment_date,
      method: p.payment_method,
      status: p.status,
      amount: p.amount,
      receipt: p.transaction_id ?? null,
      contributorName: p.contributor_name ?? null,
      clientName: userName(p.client_id),
    })),
    servicesOf,
  )
}

export type ServiceRow = ReportService

/** Per service: lines booked in the window (not cancelled) and the value of those lines. */
export function serviceBreakdown(timeframe: ReportPeriod): ServiceRow[] {
  const { from, to } = reportWindow(timeframe)
  const booked = bookingsBetween(from, to).filter((b) => b.status !== 'cancelled')
  return serviceRows(booked.flatMap((b) => b.lines.map((l) => ({ service: l.service_name, quantity: l.quantity, price: l.price_at_booking }))))
}

export { XLSX_MIME, TIMEFRAME_LABELS }

/** A real .xlsx (shared/report.ts): a Summary sheet plus Payments and/or Services. */
export async function buildReport(timeframe: ReportPeriod, type: ReportType, language: ReportLanguage = 'en'): Promise<ArrayBuffer> {
  return buildReportFile({ timeframe, type, language, summary: summarise(timeframe), payments: () => transactions(timeframe), services: () => serviceBreakdown(timeframe) })
}
