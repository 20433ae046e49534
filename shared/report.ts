/**
 * The financial report (.xlsx, write-excel-file loaded on demand): a Summary sheet plus Payments
 * and/or Services. Both backends compute the figures from their own store and build the file here.
 */
import { TIMEFRAME_LABELS, type ReportType, type Timeframe } from '../src/api/contracts/payments'
import { receiptOf } from '../src/lib/mpesa-words'

/** The report's file name, after its period: `financial-report-last-12-months.xlsx`. */
export function reportFileName(timeframe: Timeframe): string {
  return `financial-report-${TIMEFRAME_LABELS[timeframe].toLowerCase().replace(/[^a-z0-9]+/g, '-')}.xlsx`
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

// The period's one name (page, dialog, file name and Summary sheet) lives with the contract.
export { TIMEFRAME_LABELS }

export interface ReportFigures {
  totalRevenue: number
  completedPayments: number
  totalBookings: number
  avgTransactionValue: number
  pendingPayments: number
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

export async function buildReportFile(input: {
  timeframe: Timeframe
  type: ReportType
  summary: ReportFigures
  payments: () => ReportPayment[] | Promise<ReportPayment[]>
  services: () => ReportService[] | Promise<ReportService[]>
}): Promise<ArrayBuffer> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal')
  const { timeframe, type, summary } = input
  const bold = (value: string) => ({ value, fontWeight: 'bold' as const })
  type Cell = string | number | null | { value: string; fontWeight: 'bold' }
  const sheets: Array<{ sheet: string; data: Cell[][]; columns?: Array<{ width: number }> }> = [
    {
      sheet: 'Summary',
      data: [
        [bold('Financial report'), null],
        ['Timeframe', TIMEFRAME_LABELS[timeframe]],
        ['Generated', new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC'],
        ['Currency', 'KSH'],
        ['Total revenue', summary.totalRevenue],
        ['Completed payments', summary.completedPayments],
        ['Bookings', summary.totalBookings],
        ['Average transaction value', summary.avgTransactionValue],
        ['Bookings awaiting payment', summary.pendingPayments],
      ],
      columns: [{ width: 28 }, { width: 24 }],
    },
  ]
  if (type === 'all' || type === 'payments') {
    const rows = await input.payments()
    sheets.push({
      sheet: 'Payments',
      data: [
        ['ID', 'Date', 'Description', 'Method', 'Customer', 'Amount (KSH)', 'Status', 'Receipt'].map(bold),
        ...rows.map((r) => [r.id, r.date.slice(0, 10), r.description, r.paymentMethod, r.customer, r.amount, r.status, receiptOf({ status: r.status, transaction_id: r.receipt })]),
      ],
      columns: [{ width: 8 }, { width: 12 }, { width: 48 }, { width: 10 }, { width: 24 }, { width: 14 }, { width: 12 }, { width: 18 }],
    })
  }
  if (type === 'all' || type === 'services') {
    const rows = await input.services()
    sheets.push({
      sheet: 'Services',
      data: [['Service', 'Times booked', 'Value booked (KSH)'].map(bold), ...rows.map((r) => [r.service, r.bookings, r.revenue])],
      columns: [{ width: 32 }, { width: 14 }, { width: 20 }],
    })
  }
  const blob = await writeXlsxFile(sheets as never).toBlob()
  return blob.arrayBuffer()
}
