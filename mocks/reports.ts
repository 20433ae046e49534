/** Financial figures computed from the database (summary, transactions, report, admin stats). */
import { db } from './db'
import type { PaymentRecord } from './db'
import { byNewest, userName } from './serialize'
import { TIMEFRAME_LABELS, type ReportType, type Timeframe } from '../src/api/contracts/payments'

const DAY = 24 * 60 * 60 * 1000
/** Rolling windows ending now. */
export const TIMEFRAME_DAYS: Record<Timeframe, number> = { week: 7, month: 30, quarter: 90, half_year: 182, year: 365 }
export { TIMEFRAME_LABELS }

export function windowStart(timeframe: Timeframe, now = Date.now()): Date {
  return new Date(now - TIMEFRAME_DAYS[timeframe] * DAY)
}

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

export interface TransactionRow {
  id: number
  date: string
  description: string
  paymentMethod: string
  customer: string
  amount: number
  status: string
}

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
      customer: userName(p.client_id) ?? 'Former client',
      amount: p.amount,
      status: p.status,
    }))
}

export interface ServiceRow {
  service: string
  bookings: number
  revenue: number
}

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

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** A real .xlsx (write-excel-file, loaded lazily): a Summary sheet plus Payments and/or Services. */
export async function buildReport(timeframe: Timeframe, type: ReportType): Promise<ArrayBuffer> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal')
  const summary = summarise(timeframe)
  const generated = new Date()
  const summaryData = [
    [{ value: 'Financial report', fontWeight: 'bold' as const }, null],
    ['Timeframe', TIMEFRAME_LABELS[timeframe]],
    ['Generated', generated.toISOString().replace('T', ' ').slice(0, 16) + ' UTC'],
    ['Currency', 'KSH'],
    ['Total revenue', summary.totalRevenue],
    ['Completed payments', summary.completedPayments],
    ['Bookings', summary.totalBookings],
    ['Average transaction value', summary.avgTransactionValue],
    ['Bookings awaiting payment', summary.pendingPayments],
  ]
  const sheets: Array<{ sheet: string; data: Array<Array<string | number | null | { value: string; fontWeight: 'bold' }>> ; columns?: Array<{ width: number }> }> = [
    { sheet: 'Summary', data: summaryData, columns: [{ width: 28 }, { width: 24 }] },
  ]
  const bold = (value: string) => ({ value, fontWeight: 'bold' as const })
  if (type === 'all' || type === 'payments') {
    const rows = transactions(timeframe)
    sheets.push({
      sheet: 'Payments',
      data: [
        ['ID', 'Date', 'Description', 'Method', 'Customer', 'Amount (KSH)', 'Status'].map(bold),
        ...rows.map((r) => [r.id, r.date.slice(0, 10), r.description, r.paymentMethod, r.customer, r.amount, r.status]),
      ],
      columns: [{ width: 8 }, { width: 12 }, { width: 48 }, { width: 10 }, { width: 24 }, { width: 14 }, { width: 12 }],
    })
  }
  if (type === 'all' || type === 'services') {
    const rows = serviceBreakdown(timeframe)
    sheets.push({
      sheet: 'Services',
      data: [['Service', 'Times booked', 'Value booked (KSH)'].map(bold), ...rows.map((r) => [r.service, r.bookings, r.revenue])],
      columns: [{ width: 32 }, { width: 14 }, { width: 20 }],
    })
  }
  const blob = await writeXlsxFile(sheets).toBlob()
  return blob.arrayBuffer()
}

/** Percent change, one decimal; 0 when both are 0, 100 when growing from 0. */
export function trend(current: number, previous: number): number {
  if (previous === 0) return current === 0 ? 0 : 100
  return Math.round(((current - previous) / previous) * 1000) / 10
}
