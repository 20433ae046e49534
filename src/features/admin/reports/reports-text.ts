import { TIMEFRAME_LABELS, type ReportType } from '../../../api/contracts/payments'
import type { ReportTimeframe, ViewTimeframe } from '../../../../machines/admin/financial-reports.machine'

/** The words of the Financial reports screen (SPEC.md sections 2, 8, 9). */
export const REPORTS_TEXT = {
  title: 'Financial Reports',
  subtitle: 'Revenue, payments and bookings for a period, and Excel reports to download. Amounts are in KSH.',
  timeframe: 'Timeframe',
  generate: 'Generate report',
  retry: 'Try again',
  loading: 'Loading financial data…',
  cards: {
    revenue: 'Total revenue',
    revenueHint: 'Completed payments in the period',
    bookings: 'Total bookings',
    bookingsHint: 'Bookings made in the period',
    average: 'Average transaction value',
    averageHint: 'Per completed payment',
    pending: 'Pending payments',
    pendingHint: (count: number) => (count === 1 ? '1 booking awaiting payment × average value' : `${count} bookings awaiting payment × average value`),
  },
  chart: {
    title: 'Revenue over time',
    empty: 'No completed payments in this period.',
    loading: 'Loading chart…',
    description: (period: string) => `Completed payments per ${period}, in KSH.`,
  },
  transactions: {
    title: 'Transactions',
    empty: 'No payments in this period.',
    columns: { date: 'Date', description: 'Description', method: 'Method', customer: 'Customer', amount: 'Amount', status: 'Status', receipt: 'Receipt' },
  },
  dialog: {
    title: 'Generate report',
    intro: 'An Excel workbook with a Summary sheet and the detail you choose. It downloads to this device.',
    timeframe: 'Timeframe',
    content: 'Content',
    cancel: 'Cancel',
    submit: 'Generate',
    working: 'Generating report…',
  },
} as const

/** One name per period everywhere (page, dialog, file, Summary sheet). */
export const VIEW_TIMEFRAME_LABELS: Record<ViewTimeframe, string> = TIMEFRAME_LABELS

export const REPORT_TIMEFRAME_LABELS: Record<ReportTimeframe, string> = TIMEFRAME_LABELS

export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  all: 'All (payments and services)',
  payments: 'Payments',
  services: 'Services',
}

