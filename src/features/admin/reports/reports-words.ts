import { z } from 'zod/mini'
import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import type { ReportType } from '../../../../shared/contracts/payments'
import type { ViewTimeframe } from '../../../../machines/admin/financial-reports.machine'
import type { Bucket } from './revenue-series'
import { parseKenyanDate } from '../../../lib/kenyan-dates'

/** The words of the Financial reports screen (SPEC.md sections 2, 8, 9), shown with `t(...)`. */
export const REPORTS_TEXT = {
  title: msg`Financial Reports`,
  subtitle: msg`Revenue, payments and bookings for a period, and Excel reports to download. Amounts are in KSH.`,
  timeframe: msg`Timeframe`,
  generate: msg`Generate report`,
  /** The chosen range: the last choice of the timeframe list, and its two days. */
  range: {
    option: msg`Chosen dates`,
    /** A range's name wherever a period is named: "01/10/2026 to 15/10/2026". */
    name: (from: string, to: string) => msg`${from} to ${to}`,
    form: msg`Chosen dates`,
    from: msg`First day`,
    to: msg`Last day`,
    show: msg`Show`,
    notADay: msg`Enter a day as DD/MM/YYYY`,
    backwards: msg`The last day is before the first`,
  },
  /** The days the figures cover, under the title: "Figures from 29/10/2026 to 28/11/2026 (Nairobi)". */
  shownDays: (from: string, to: string) => msg`Figures from ${from} to ${to} (Nairobi)`,
  retry: msg`Try again`,
  loading: msg`Loading financial data…`,
  summary: msg`Summary`,
  ageing: {
    title: msg`Owed by age`,
    hint: msg`The same balances, by days since the booking was made.`,
    days0to30: msg`0-30 days`,
    days31to60: msg`31-60 days`,
    days61to90: msg`61-90 days`,
    over90: msg`Over 90 days`,
  },
  cards: {
    revenue: msg`Total revenue`,
    revenueHint: msg`Completed payments in the period`,
    bookings: msg`Total bookings`,
    bookingsHint: msg`Bookings made in the period`,
    average: msg`Average transaction value`,
    averageHint: msg`Per completed payment`,
    pending: msg`Outstanding balances`,
    pendingHint: (count: number) => msg`${plural(count, { one: 'Still owed on # booking of the period, contributions counted', other: 'Still owed on # bookings of the period, contributions counted' })}`,
  },
  chart: {
    title: msg`Revenue over time`,
    empty: msg`No completed payments in this period.`,
    loading: msg`Loading chart…`,
    /** The chart's title with its period: "Revenue over time, Last 30 days". */
    titleFor: (period: string) => msg`Revenue over time, ${period}`,
    /** What the chart reads out: "Revenue over time, Last 30 days: KSH 5,000 in 5 periods". */
    summary: (title: string, total: string, count: number) =>
      msg`${title}: ${total} in ${count} periods`,
  },
  transactions: {
    title: msg`Transactions`,
    empty: msg`No payments in this period.`,
    receiptNumber: (receipt: string) => msg`Receipt ${receipt}`,
    columns: {
      date: msg`Date`,
      description: msg`Description`,
      method: msg`Method`,
      customer: msg`Customer`,
      amount: msg`Amount`,
      status: msg`Status`,
      receipt: msg`Receipt`,
    },
  },
  dialog: {
    title: msg`Generate report`,
    intro: msg`An Excel workbook with a Summary sheet and the detail you choose. It downloads to this device.`,
    timeframe: msg`Timeframe`,
    content: msg`Content`,
    cancel: msg`Cancel`,
    submit: msg`Generate`,
    working: msg`Generating report…`,
  },
} as const

/** The chart's one-line description, whole per bucket so each language can order its words. */
export const CHART_DESCRIPTIONS: Record<Bucket, MessageDescriptor> = {
  day: msg`Completed payments per day, in KSH.`,
  week: msg`Completed payments per week, in KSH.`,
  month: msg`Completed payments per month, in KSH.`,
}

/**
 * One name per period everywhere (page, dialog, file, Summary sheet): in English these are the
 * contract's TIMEFRAME_LABELS word for word (the file and the workbook keep those); on screen they
 * are shown in the language in use.
 */
export const VIEW_TIMEFRAME_LABELS: Record<ViewTimeframe, MessageDescriptor> = {
  week: msg`Last 7 days`,
  month: msg`Last 30 days`,
  quarter: msg`Last 90 days`,
  half_year: msg`Last 6 months`,
  year: msg`Last 12 months`,
  this_month: msg`This month`,
  last_month: msg`Last month`,
  this_year: msg`This year`,
  last_year: msg`Last year`,
}

export const REPORT_TIMEFRAME_LABELS: Record<ViewTimeframe, MessageDescriptor> = VIEW_TIMEFRAME_LABELS

export const REPORT_TYPE_LABELS: Record<ReportType, MessageDescriptor> = {
  all: msg`All (payments and services)`,
  payments: msg`Payments`,
  services: msg`Services`,
}

type Translate = (d: MessageDescriptor) => string
/** A day as the Kenyan date box leaves it: an ISO day once what was typed is a real one. */
const day = (t: Translate) => z.string().check(z.refine((v) => parseKenyanDate(v) === v, t(REPORTS_TEXT.range.notADay)))
/** The chosen range's rules, their messages in the language in use: two real days, the first not after the last. */
export const rangeForm = (t: Translate) =>
  z.object({ from: day(t), to: day(t) }).check(z.refine((v) => v.from <= v.to, { message: t(REPORTS_TEXT.range.backwards), path: ['to'] }))
