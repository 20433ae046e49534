/** Financial figures computed from the database (summary, transactions, report, admin stats). */
import { contributionCustomer } from '../shared/contracts/contributions'
import { db } from './db'
import type { PaymentRecord } from './db'
import { byNewest, userName } from './serialize'
import { TIMEFRAME_LABELS, type ReportLanguage, type ReportType, type Timeframe } from '../shared/contracts/payments'
import { TIMEFRAME_DAYS, trend, windowStart } from '../shared/rules'
import { XLSX_MIME, buildReportFile } from '../shared/report'
import type { ReportPayment, ReportService } from '../shared/report'

export { TIMEFRAME_DAYS, trend, windowStart }

const inRange = (iso: string, from: Date, to: Date) => iso >= from.toISOString() && iso <= to.toISOString()

export function paymentsBetween(from: Date, to: Date = new Date()): PaymentRecord[] {
  return db.payment.findMany((q) => q.where({ payment_date: (d) => inRange(d, from, to) }))
}

export interface Summary {
  totalRevenue: number
  totalBookings: number
  avgTransactionValue: number
  pendingPayments: number
  completedPayments: number
}

export function summarise(timeframe: Timeframe): Summary {
  const from = windowStart(timeframe)
  const now = new Date()
  const completed = paymentsBetween(from, now).filter((p) => p.status === 'completed')
  const totalRevenue = completed.reduce((s, p) => s + p.amount, 0)
  const bookings = db.booking.findMany((q) => q.where({ created_at: (d) => inRange(d, from, now) }))
  return {
    totalRevenue,
    totalBookings: bookings.length,
    avgTransactionValue: completed.length ? Math.round(totalRevenue / completed.length) : 0,
    pendingPayments: bookings.filter((b) => (b.payment_status === 'pending' || b.payment_status === 'partial') && b.status !== 'cancelled').length,
    completedPayments: completed.length,
  }
}

export type TransactionRow = ReportPayment

export function paymentDescription(p: PaymentRecord): string {
  const booking = db.booking.findFirst((q) => q.where({ id: p.booking_id }))
  const services = booking ? booking.lines.map((l) => l.service_name).join(', ') : ''
  return `Booking #${p.booking_id}${services ? ` – ${services}` : ''}`
}

export function transactions(timeframe: Timeframe): TransactionRow[] {
  return paymentsBetween(windowStart(timeframe))
    .map((p) => ({ ...p, created_at: p.payment_date }))
    .sort(byNewest)
    .map((p) => ({
      id: p.id,
      date: p.payment_date,
      description: paymentDescription(p),
      paymentMethod: p.payment_method === 'mpesa' ? 'M-Pesa' : 'Other',
      // A relative's contribution names the relative: the family did not pay it.
      customer: p.contributor_name ? contributionCustomer(p.contributor_name) : (userName(p.client_id) ?? 'Former client'),
      amount: p.amount,
      status: p.status,
      receipt: p.transaction_id ?? null,
    }))
}

export type ServiceRow = ReportService

/** Per service: lines booked in the window (not cancelled) and the value of those lines. */
export function serviceBreakdown(timeframe: Timeframe): ServiceRow[] {
  const from = windowStart(timeframe)
  const now = new Date()
  const rows = new Map<string, ServiceRow>()
  for (const b of db.booking.findMany((q) => q.where({ created_at: (d) => inRange(d, from, now) }))) {
    if (b.status === 'cancelled') continue
    for (const l of b.lines) {
      const row = rows.get(l.service_name) ?? { service: l.service_name, bookings: 0, revenue: 0 }
      row.bookings += l.quantity
      row.revenue += l.price_at_booking * l.quantity
      rows.set(l.service_name, row)
    }
  }
  return [...rows.values()].sort((a, b) => b.revenue - a.revenue || a.service.localeCompare(b.service))
}

export { XLSX_MIME, TIMEFRAME_LABELS }

/** A real .xlsx (shared/report.ts): a Summary sheet plus Payments and/or Services. */
export async function buildReport(timeframe: Timeframe, type: ReportType, language: ReportLanguage = 'en'): Promise<ArrayBuffer> {
  return buildReportFile({ timeframe, type, language, summary: summarise(timeframe), payments: () => transactions(timeframe), services: () => serviceBreakdown(timeframe) })
}
