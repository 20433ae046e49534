import { assign, emit, fromPromise, setup } from 'xstate'
import type { DateRange, PaymentSummary, ReportType, Timeframe, Transaction } from '../../shared/contracts/payments'
import { notify, type NotifyEvent } from '../shared/notify'
import { recordFailure } from '../shared/failure'

/** SPEC.md section 8, Admin: the financial screen's messages. */
export const FINANCIAL_REPORTS_MESSAGES = {
  loadFailed: 'Failed to load financial data',
  reportFailed: 'Failed to generate report. Please try again.',
  reportDone: 'Report generated and downloaded successfully',
} as const

/**
 * SPEC.md section 9 gives the view week, month, quarter, year and the dialog week, month,
 * half_year, year: both offer the union, so a period on the page can always be reported, and the
 * calendar months and years besides the rolling windows.
 */
export const VIEW_TIMEFRAMES = ['week', 'month', 'quarter', 'half_year', 'year', 'this_month', 'last_month', 'this_year', 'last_year'] as const satisfies readonly Timeframe[]
export type ViewTimeframe = (typeof VIEW_TIMEFRAMES)[number]
export const REPORT_TIMEFRAMES = VIEW_TIMEFRAMES
/** What the page and the report show: a named period, or a range of Nairobi days the admin chose. */
export type ViewPeriod = ViewTimeframe | DateRange
export type ReportTimeframe = ViewPeriod

export interface FinancialData {
  summary: PaymentSummary
  transactions: Transaction[]
}

export interface ReportRequest {
  timeframe: ReportTimeframe
  type: ReportType
}

export interface FinancialReportsContext {
  timeframe: ViewPeriod
  /** The last figures that loaded; kept on screen while a new timeframe loads or after a failure. */
  data: FinancialData | null
  /** The timeframe `data` belongs to. */
  dataTimeframe: ViewPeriod | null
  error: string | null
  report: ReportRequest
}

export type FinancialReportsEvent =
  | { type: 'reports.timeframe'; timeframe: ViewPeriod }
  | { type: 'reports.retry' }
  | { type: 'report.open' }
  | { type: 'report.close' }
  | { type: 'report.timeframe'; timeframe: ReportTimeframe }
  | { type: 'report.type'; reportType: ReportType }
  | { type: 'report.generate' }

export interface FinancialReportsInput {
  timeframe?: ViewPeriod
}

/**
 * The admin's Financial reports screen: the summary and transactions of the chosen timeframe (one
 * load per timeframe; a newer choice cancels the older load), and the Generate report dialog,
 * which asks the server for the .xlsx and hands it to the browser as a download.
 */
export const financialReportsMachine = setup({
  types: {
    context: {} as FinancialReportsContext,
    events: {} as FinancialReportsEvent,
    input: {} as FinancialReportsInput,
    emitted: {} as NotifyEvent,
  },
  actors: {
    loadFinancials: fromPromise<FinancialData, { timeframe: ViewPeriod }>(async () => {
      throw new Error('loadFinancials actor not provided')
    }),
    /** Fetch the report and save it as a file; resolves once the browser has it. */
    downloadReport: fromPromise<void, ReportRequest>(async () => {
      throw new Error('downloadReport actor not provided')
    }),
  },
  actions: {
    /** The figures' failure: the error slot with Retry and the toast. */
    fail: recordFailure<FinancialReportsContext, FinancialReportsEvent>('error'),
    /** The report's failure: a toast; the dialog stays open to try again. */
    notifyFailure: recordFailure<FinancialReportsContext, FinancialReportsEvent>(null),
  },
}).createMachine({
  id: 'financialReports',
  description: 'Summary cards, revenue chart and transactions for a timeframe, and the report download.',
  context: ({ input }) => ({
    timeframe: input.timeframe ?? 'month',
    data: null,
    dataTimeframe: null,
    error: null,
    report: { timeframe: 'month', type: 'all' },
  }),
  type: 'parallel',
  states: {
    figures: {
      description: 'The summary and the transactions of the chosen timeframe.',
      initial: 'loading',
      on: {
        'reports.timeframe': {
          target: '.loading',
          reenter: true,
          actions: assign({ timeframe: ({ event }) => event.timeframe }),
        },
      },
      states: {
        loading: {
          description: 'Fetching both lists; the last figures stay on screen meanwhile.',
          tags: ['loading'],
          entry: assign({ error: null }),
          invoke: {
            src: 'loadFinancials',
            input: ({ context }) => ({ timeframe: context.timeframe }),
            onDone: {
              target: 'ready',
              actions: assign({ data: ({ event }) => event.output, dataTimeframe: ({ context }) => context.timeframe }),
            },
            onError: {
              target: 'failed',
              actions: { type: 'fail', params: { message: FINANCIAL_REPORTS_MESSAGES.loadFailed } },
            },
          },
        },
        ready: { description: 'The figures of the chosen timeframe are shown.' },
        failed: {
          description: 'The load failed: the error slot offers a retry; older figures, if any, stay.',
          on: { 'reports.retry': 'loading' },
        },
      },
    },
    report: {
      description: 'The Generate report dialog.',
      initial: 'closed',
      states: {
        closed: {
          description: 'No dialog.',
          // The dialog starts from the period the page shows.
          on: { 'report.open': { target: 'editing', actions: assign({ report: ({ context }) => ({ ...context.report, timeframe: context.timeframe }) }) } },
        },
        editing: {
          description: 'The admin picks the timeframe and the content.',
          tags: ['reportOpen'],
          on: {
            'report.close': 'closed',
            'report.timeframe': { actions: assign({ report: ({ context, event }) => ({ ...context.report, timeframe: event.timeframe }) }) },
            'report.type': { actions: assign({ report: ({ context, event }) => ({ ...context.report, type: event.reportType }) }) },
            'report.generate': 'generating',
          },
        },
        generating: {
          description: 'The server builds the workbook; the dialog shows progress and cannot be sent twice.',
          tags: ['reportOpen', 'generating'],
          invoke: {
            src: 'downloadReport',
            input: ({ context }) => context.report,
            onDone: { target: 'closed', actions: emit(notify('success', FINANCIAL_REPORTS_MESSAGES.reportDone)) },
            onError: { target: 'editing', actions: { type: 'notifyFailure', params: { message: FINANCIAL_REPORTS_MESSAGES.reportFailed } } },
          },
        },
      },
    },
  },
})
