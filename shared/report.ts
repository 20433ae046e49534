/**
 * The financial report (.xlsx, write-excel-file loaded on demand): a Summary sheet plus Payments
 * and/or Services. Both backends compute the figures from their own store and build the file here.
 */
import { REPORT_WORDS, TIMEFRAME_LABELS, XLSX_MIME, reportPeriodLabel, reportPeriodSlug, type ReportLanguage, type ReportPeriod, type ReportType } from './contracts/payments'
import { contributionCustomer } from './contracts/contributions'
import { receiptOf } from './mpesa-words'
import { amountDueNow } from './urgency'
import { bookingCharges } from './storage-charge'
import { compareIso, nairobiDay } from './dates'

/** The report's file name, after its period: `financial-report-last-12-months.xlsx` (`ripoti-ya-fedha-miezi-12-iliyopita.xlsx`). */
export function reportFileName(timeframe: ReportPeriod, language: ReportLanguage = 'en'): string {
  return `${REPORT_WORDS[language].fileName}-${reportPeriodSlug(timeframe, language)}.xlsx`
}

// The file's type and the period's one name (page, dialog, file name and Summary sheet) live with the contract.
export { TIMEFRAME_LABELS, XLSX_MIME }

export interface ReportFigures {
  totalRevenue: number
  completedPayments: number
  totalBookings: number
  avgTransactionValue: number
  pendingPayments: number
  /** What the families of the period's bookings still owe: each balance (due less paid, contributions included) summed. */
  outstandingBalance: number
  /** The same balances by their age (Nairobi days since the booking was made, today counted 0): they sum to `outstandingBalance`. */
  ageing: Ageing
}
/** KSH owed, by how old the booking is: 0-30, 31-60, 61-90 and over 90 days. */
export interface Ageing {
  days0to30: number
  days31to60: number
  days61to90: number
  over90: number
}
export interface ReportPayment {
  id: number
  date: string
  description: string
  paymentMethod: string
  customer: string
  amount: number
  status: string
  /** The M-Pesa receipt; null when there is none (yet). */
  receipt: string | null
}
export interface ReportService {
  service: string
  bookings: number
  revenue: number
}

/** A payment as both stores hold it, with its payer's name (null when the account is gone). */
export interface PaymentOfReport {
  id: number
  bookingId: number
  /** ISO 8601. */
  date: string
  method: string
  status: string
  amount: number
  receipt: string | null
  contributorName: string | null
  clientName: string | null
}

/** A booking made in the period: its status, payment status, total and what its completed payments (a relative's contributions among them) add up to. */
export interface BookingOfReport {
  /** When the booking was made (its balance ages from then). */
  createdAt: string | Date
  status: string
  paymentStatus: string
  totalAmount: number
  amountPaid: number
  /** What the invoice charges today (storage for the days in care so far); the booked total when not given. */
  chargesToDate?: number
  /** What the office took outside the app when it marked the booking paid (shared/urgency.ts settledOutside). */
  settledOutside?: number
}

/** The booking's balance today as its invoice has it: charges to date (storage included) less all paid. */
const balanceOf = (b: BookingOfReport) =>
  amountDueNow({ status: b.status, payment_status: b.paymentStatus, total_amount: b.totalAmount, amount_paid: b.amountPaid, charges_to_date: b.chargesToDate ?? null, settled_outside: b.settledOutside ?? null })

/**
 * A booking's charges to date from what a report's query reads: its fixed lines' sum and its
 * storage's daily rate (null: no storage) for the Nairobi days from receipt to release or today,
 * by the invoice's own rule (shared/storage-charge.ts).
 */
export function chargesOf({ fixed, dailyRate, receivedAt, releasedAt, now }: { fixed: number; dailyRate: number | null; receivedAt: string | Date; releasedAt: string | Date | null; now: Date }): number {
  const lines = dailyRate === null ? [] : [{ service_name: '', quantity: 1, price_at_booking: dailyRate, per_day: true }]
  return fixed + bookingCharges({ lines, receivedAt, releasedAt, now }).charges_to_date
}

/**
 * The figures of a period: the completed payments in it and the bookings made in it. "Awaiting
 * payment" counts the bookings with a balance; the outstanding balance sums those balances (never
 * a count times an average).
 */
export function summaryOf(completed: ReadonlyArray<{ amount: number }>, bookings: ReadonlyArray<BookingOfReport>, now: Date = new Date()): ReportFigures {
  const totalRevenue = completed.reduce((sum, p) => sum + p.amount, 0)
  const balances = bookings.map(balanceOf).filter((due) => due > 0)
  const ageing: Ageing = { days0to30: 0, days31to60: 0, days61to90: 0, over90: 0 }
  const today = Date.parse(`${nairobiDay(now)}T00:00:00Z`)
  for (const b of bookings) {
    const due = balanceOf(b)
    if (due <= 0) continue
    const age = Math.round((today - Date.parse(`${nairobiDay(new Date(b.createdAt))}T00:00:00Z`)) / 86_400_000)
    ageing[age <= 30 ? 'days0to30' : age <= 60 ? 'days31to60' : age <= 90 ? 'days61to90' : 'over90'] += due
  }
  return {
    ageing,
    totalRevenue,
    totalBookings: bookings.length,
    avgTransactionValue: completed.length ? Math.round(totalRevenue / completed.length) : 0,
    pendingPayments: balances.length,
    outstandingBalance: balances.reduce((sum, due) => sum + due, 0),
    completedPayments: completed.length,
  }
}

/** GET /payments/summary's answer: the figures the screen shows (the completed payments' count stays in the file). */
export const summaryAnswer = (s: ReportFigures) => ({
  totalRevenue: s.totalRevenue,
  totalBookings: s.totalBookings,
  avgTransactionValue: s.avgTransactionValue,
  pendingPayments: s.pendingPayments,
  outstandingBalance: s.outstandingBalance,
  ageing: s.ageing,
})

/** The transactions list and the Payments sheet: newest first, each described by its booking's services. */
export function transactionRows(payments: ReadonlyArray<PaymentOfReport>, servicesOf: (bookingId: number) => readonly string[]): ReportPayment[] {
  return [...payments]
    .sort((a, b) => compareIso(b.date, a.date) || b.id - a.id)
    .map((p) => {
      const services = servicesOf(p.bookingId).join(', ')
      return {
        id: p.id,
        date: p.date,
        description: `Booking #${p.bookingId}${services ? ` – ${services}` : ''}`,
        paymentMethod: p.method === 'mpesa' ? 'M-Pesa' : 'Other',
        // A relative's contribution names the relative: the family did not pay it.
        customer: p.contributorName ? contributionCustomer(p.contributorName) : (p.clientName ?? 'Former client'),
        amount: p.amount,
        status: p.status,
        receipt: p.receipt,
      }
    })
}

/** Per service: the lines of the period's bookings that were not cancelled, counted and valued; the most valuable first. */
export function serviceRows(lines: ReadonlyArray<{ service: string; quantity: number; price: number }>): ReportService[] {
  const rows = new Map<string, ReportService>()
  for (const l of lines) {
    const row = rows.get(l.service) ?? { service: l.service, bookings: 0, revenue: 0 }
    row.bookings += l.quantity
    row.revenue += l.price * l.quantity
    rows.set(l.service, row)
  }
  return [...rows.values()].sort((a, b) => b.revenue - a.revenue || a.service.localeCompare(b.service))
}

const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000

/**
 * A date cell showing an instant as Nairobi's wall clock: a spreadsheet's dates carry no zone (they
 * are read as they show), so the instant is moved by Nairobi's +03:00 (no summer time) and shown
 * 'yyyy-mm-dd hh:mm'. A real date, so the column sorts and filters as dates, not text.
 */
export const nairobiCell = (at: Date) => ({ value: new Date(at.getTime() + NAIROBI_OFFSET_MS), type: Date, format: 'yyyy-mm-dd hh:mm' })

export async function buildReportFile(input: {
  timeframe: ReportPeriod
  type: ReportType
  /** The admin's language (headings, sheet names, the period); figures and names stay as stored. */
  language?: ReportLanguage
  summary: ReportFigures
  payments: () => ReportPayment[] | Promise<ReportPayment[]>
  services: () => ReportService[] | Promise<ReportService[]>
  /** When the file is made (the wall clock unless a test says). */
  now?: Date
}): Promise<ArrayBuffer> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal')
  const { timeframe, type, summary } = input
  const words = REPORT_WORDS[input.language ?? 'en']
  const bold = (value: string) => ({ value, fontWeight: 'bold' as const })
  type Cell = string | number | null | { value: string; fontWeight: 'bold' } | ReturnType<typeof nairobiCell>
  const sheets: Array<{ sheet: string; data: Cell[][]; columns?: Array<{ width: number }> }> = [
    {
      sheet: words.sheets.summary,
      data: [
        [bold(words.summary.title), null],
        [words.summary.timeframe, reportPeriodLabel(timeframe, input.language ?? 'en')],
        [words.summary.generated, nairobiCell(input.now ?? new Date())],
        [words.summary.currency, 'KSH'],
        [words.summary.totalRevenue, summary.totalRevenue],
        [words.summary.completedPayments, summary.completedPayments],
        [words.summary.bookings, summary.totalBookings],
        [words.summary.average, summary.avgTransactionValue],
        [words.summary.awaiting, summary.pendingPayments],
        [words.summary.outstanding, summary.outstandingBalance],
        [words.summary.ageing[0], summary.ageing.days0to30],
        [words.summary.ageing[1], summary.ageing.days31to60],
        [words.summary.ageing[2], summary.ageing.days61to90],
        [words.summary.ageing[3], summary.ageing.over90],
      ],
      columns: [{ width: 28 }, { width: 24 }],
    },
  ]
  if (type === 'all' || type === 'payments') {
    const rows = await input.payments()
    sheets.push({
      sheet: words.sheets.payments,
      data: [
        words.payments.map(bold),
        ...rows.map((r) => {
          const receipt = receiptOf({ status: r.status, transaction_id: r.receipt })
          return [
            r.id,
            nairobiCell(new Date(r.date)),
            r.description,
            words.methods[r.paymentMethod] ?? r.paymentMethod,
            r.customer,
            r.amount,
            words.statuses[r.status] ?? r.status,
            receipt && !r.receipt ? words.receiptToFollow : receipt,
          ]
        }),
      ],
      columns: [{ width: 8 }, { width: 18 }, { width: 48 }, { width: 10 }, { width: 24 }, { width: 14 }, { width: 12 }, { width: 18 }],
    })
  }
  if (type === 'all' || type === 'services') {
    const rows = await input.services()
    sheets.push({
      sheet: words.sheets.services,
      data: [words.services.map(bold), ...rows.map((r) => [r.service, r.bookings, r.revenue])],
      columns: [{ width: 32 }, { width: 14 }, { width: 20 }],
    })
  }
  const blob = await writeXlsxFile(sheets as never).toBlob()
  return blob.arrayBuffer()
}
