import { z } from 'zod/mini'
import { Id, Money, listOf, orEmptyText } from './common'

export const PAYMENT_RECORD_STATUSES = ['completed', 'processing', 'failed', 'pending'] as const
export type PaymentRecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number]

export const Payment = z.looseObject({
  id: Id,
  booking_id: z.nullish(Id),
  transaction_id: z.nullish(z.string()),
  payment_method: z.pipe(z.nullish(z.string()), z.transform((v) => v ?? 'other')),
  /** completed, processing, failed; anything else is shown as pending. */
  status: z.pipe(
    z.unknown(),
    z.transform((v): PaymentRecordStatus => (v === 'completed' || v === 'processing' || v === 'failed' ? v : 'pending')),
  ),
  amount: Money,
  payment_date: z.nullish(z.string()),
  /** Whom the booking paid for is: the family's history names them. */
  deceased_first_name: orEmptyText,
  deceased_last_name: orEmptyText,
  /** A relative's contribution through the family's link: who gave it. */
  contributor_name: z.nullish(z.string()),
})
export type Payment = z.infer<typeof Payment>
export const PaymentList = listOf('payments', Payment)

/** A booking awaiting payment. */
export const PendingPayment = z.looseObject({
  id: Id,
  deceased_first_name: orEmptyText,
  deceased_last_name: orEmptyText,
  total_amount: Money,
  /** What is still to pay (the total less what was already paid); a server that omits it means the total. */
  amount_due: z.optional(Money),
  /** Every charge so far (storage for the days in care counted); a server that omits it means the total. */
  charges_to_date: z.optional(Money),
})
export type PendingPayment = z.infer<typeof PendingPayment>

/** The amount the family pays now: what is still due, else (a server without amount_due) the total. */
export const amountToPay = (entry: Pick<PendingPayment, 'total_amount' | 'amount_due'>): number => entry.amount_due ?? entry.total_amount

/** The most one M-Pesa transaction (one STK push) may move, in KSH. */
export const MAX_MPESA_PUSH = 250_000
/** What one push asks for: what is due, in instalments of at most MAX_MPESA_PUSH (both backends accept any whole amount up to the due). */
export const amountForPush = (entry: Pick<PendingPayment, 'total_amount' | 'amount_due'>): number => Math.min(amountToPay(entry), MAX_MPESA_PUSH)
export const PendingPaymentList = listOf('bookings', PendingPayment)

/**
 * How long a push may go without a final answer (no callback, every STK query "still processing",
 * or Daraja not answering at all) before it is closed as expired. The prompt stays on the phone for
 * about a minute and Safaricom's own answer (cancelled, unreachable, expired) normally follows within
 * two; after five minutes it can no longer be answered. The booking is then free to be paid again and
 * a relative's hold on the amount ends at the same moment. A success that still arrives later (money
 * moved) is recorded all the same, once.
 */
/** Prompts a family may send in STK_PUSH_WINDOW_MS, in all and to one phone number (a stranger's phone is not to be flooded); then 429. */
export const STK_PUSHES_PER_USER = 10
export const STK_PUSHES_PER_PHONE = 5
export const STK_PUSH_WINDOW_MS = 60 * 60_000
export const MPESA_PUSH_EXPIRY_MS = 5 * 60_000
/** How a push closed for want of an answer reads (Daraja's own code for an expired request). */
export const MPESA_EXPIRED = { resultCode: '1019', resultDesc: 'The transaction has expired' } as const

/** The API's words on payments (English, as SPEC.md says). */
export const MSG_SAFARICOM_NUMBER = 'Enter a Safaricom number like 0712345678'
export const MSG_PAYMENT_IN_PROGRESS = 'A payment for this booking is already in progress. Please wait for it to finish before paying again.'
export const MSG_AMOUNT_TOO_HIGH = 'Amount cannot be more than the amount due'
export const MSG_ALREADY_PAID = 'This booking is already paid'
export const MSG_BOOKING_CANCELLED = 'This booking has been cancelled'
export const MSG_PAYMENT_NOT_FOUND = 'Payment not found'
export const MSG_CHECKOUT_NOT_FOUND = 'Payment request not found'

/** Accepted phone formats: 07XXXXXXXX, 01XXXXXXXX, 2547XXXXXXXX / 2541XXXXXXXX, +2547XXXXXXXX / +2541XXXXXXXX. */
export const KENYAN_PHONE = /^(?:0[17]\d{8}|\+?254[17]\d{8})$/
/** Normalise to the 2547XXXXXXXX / 2541XXXXXXXX form Daraja expects; null when not a Kenyan mobile number. */
export function normaliseKenyanPhone(raw: string): string | null {
  const v = raw.replace(/[\s-]/g, '')
  if (!KENYAN_PHONE.test(v)) return null
  if (v.startsWith('0')) return `254${v.slice(1)}`
  return v.replace(/^\+/, '')
}

export const StkPushRequest = z.object({
  phoneNumber: z.string().check(z.refine((v) => normaliseKenyanPhone(v) !== null, MSG_SAFARICOM_NUMBER)),
  amount: z
    .number()
    .check(z.int('Amount must be whole KSH'), z.gte(1, 'Amount must be at least 1 KSH'), z.lte(250000, 'Amount cannot exceed 250,000 KSH')),
  /** Sent so the payment can be linked to its booking (a deliberate fix over SPEC.md). */
  bookingId: z.union([z.number(), z.string()]),
})
export type StkPushRequest = z.infer<typeof StkPushRequest>

export const StkPushResponse = z.object({
  data: z.looseObject({
    MerchantRequestID: z.optional(z.string()),
    CheckoutRequestID: z.optional(z.string()),
    ResponseCode: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
    ResponseDescription: z.optional(z.string()),
    CustomerMessage: z.optional(z.string()),
  }),
})
export type StkPushResponse = z.infer<typeof StkPushResponse>

/** Daraja's STK query, wrapped in data: either still processing (errorCode) or final (ResultCode). */
export const VerifyResponse = z.object({
  data: z.looseObject({
    ResultCode: z.optional(z.pipe(z.union([z.string(), z.number()]), z.transform(String))),
    ResultDesc: z.optional(z.string()),
    errorCode: z.optional(z.string()),
    errorMessage: z.optional(z.string()),
  }),
})
export type VerifyResponse = z.infer<typeof VerifyResponse>

export const TIMEFRAMES = ['week', 'month', 'quarter', 'half_year', 'year', 'this_month', 'last_month', 'this_year', 'last_year'] as const
export type Timeframe = (typeof TIMEFRAMES)[number]
/**
 * One name per period, on the page, in the report dialog, in the file name and on the Summary
 * sheet, saying what it is: a rolling window ending now ("Last 30 days", never "Monthly"), or a
 * calendar month or year on Nairobi's calendar (shared/rules.ts, `reportWindow`).
 */
export const TIMEFRAME_LABELS: Record<Timeframe, string> = {
  week: 'Last 7 days',
  month: 'Last 30 days',
  quarter: 'Last 90 days',
  half_year: 'Last 6 months',
  year: 'Last 12 months',
  this_month: 'This month',
  last_month: 'Last month',
  this_year: 'This year',
  last_year: 'Last year',
}
export const REPORT_TYPES = ['all', 'payments', 'services'] as const
export type ReportType = (typeof REPORT_TYPES)[number]

/** The admin's financial screens: `?timeframe=` (a rolling window ending now, or a calendar month or year; the last 30 days by default). */
/** A range the admin chose: Nairobi days, both included ('YYYY-MM-DD'). */
export interface DateRange {
  from: string
  to: string
}
/** What a report covers: one of the named periods, or a chosen range. */
export type ReportPeriod = Timeframe | DateRange
export const MSG_REPORT_RANGE = 'Choose a from date and a to date (YYYY-MM-DD), the from date not after the to date'
const ymd = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, MSG_REPORT_RANGE))
/** `from` and `to` (both, or neither) choose a range instead of `timeframe`. */
const PeriodFields = z.object({
  timeframe: z._default(z.enum(TIMEFRAMES, { message: `timeframe must be one of ${TIMEFRAMES.join(', ')}` }), 'month'),
  from: z.optional(ymd),
  to: z.optional(ymd),
})
const rangeChecked = (q: { from?: string; to?: string }) =>
  (q.from === undefined) === (q.to === undefined) && (q.from === undefined || q.to === undefined || (isDay(q.from) && isDay(q.to) && q.from <= q.to))
export const TimeframeQuery = PeriodFields.check(z.refine(rangeChecked, MSG_REPORT_RANGE))
/** A real calendar day (not 2026-02-30). */
function isDay(text: string): boolean {
  const d = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text
}
/** The period a checked query asks for. */
export const periodOf = (q: { timeframe: Timeframe; from?: string; to?: string }): ReportPeriod => (q.from && q.to ? { from: q.from, to: q.to } : q.timeframe)
/** GET /payments/report: the period, which sheets, and the admin's language for the headings and the file name (else Accept-Language, else English). */
export const ReportQuery = z
  .extend(PeriodFields, {
    type: z._default(z.enum(REPORT_TYPES, { message: `type must be one of ${REPORT_TYPES.join(', ')}` }), 'all'),
    lang: z.optional(z.string()),
  })
  .check(z.refine(rangeChecked, MSG_REPORT_RANGE))

/** The languages the Excel report is written in (the admin's, sent as `lang`; English otherwise). */
export type ReportLanguage = 'en' | 'sw'
export const reportLanguage = (lang: string | null | undefined, acceptLanguage?: string | null): ReportLanguage =>
  lang === 'sw' || (lang !== 'en' && /^\s*sw\b/i.test(acceptLanguage ?? '')) ? 'sw' : 'en'

/**
 * The report's words (sheet names, headings, the file name's words). Both backends build the file
 * and cannot read the app's catalogues, so the Kiswahili lives here, the same as the screen's.
 */
export const REPORT_WORDS = {
  en: {
    fileName: 'financial-report',
    types: { all: 'all', payments: 'payments', services: 'services' },
    timeframes: TIMEFRAME_LABELS,
    sheets: { summary: 'Summary', payments: 'Payments', services: 'Services' },
    summary: {
      title: 'Financial report', timeframe: 'Timeframe', generated: 'Generated (Nairobi time)', currency: 'Currency', totalRevenue: 'Total revenue',
      completedPayments: 'Completed payments', bookings: 'Bookings', average: 'Average transaction value', awaiting: 'Bookings awaiting payment',
      outstanding: 'Outstanding balances',
      ageing: ['Owed, 0-30 days', 'Owed, 31-60 days', 'Owed, 61-90 days', 'Owed, over 90 days'],
    },
    payments: ['ID', 'Date (Nairobi time)', 'Description', 'Method', 'Customer', 'Amount (KSH)', 'Status', 'Receipt'],
    services: ['Service', 'Times booked', 'Value booked (KSH)'],
    /** A payment's status and method as the app's screens say them (the stored values are English). */
    statuses: {} as Record<string, string>,
    methods: {} as Record<string, string>,
    receiptToFollow: 'Receipt to follow',
    range: (from: string, to: string) => `${from} to ${to}`,
  },
  sw: {
    fileName: 'ripoti-ya-fedha',
    types: { all: 'yote', payments: 'malipo', services: 'huduma' },
    timeframes: {
      week: 'Siku 7 zilizopita', month: 'Siku 30 zilizopita', quarter: 'Siku 90 zilizopita', half_year: 'Miezi 6 iliyopita', year: 'Miezi 12 iliyopita',
      this_month: 'Mwezi huu', last_month: 'Mwezi uliopita', this_year: 'Mwaka huu', last_year: 'Mwaka uliopita',
    },
    sheets: { summary: 'Muhtasari', payments: 'Malipo', services: 'Huduma' },
    summary: {
      title: 'Ripoti ya fedha', timeframe: 'Kipindi', generated: 'Imetolewa (saa za Nairobi)', currency: 'Sarafu', totalRevenue: 'Jumla ya mapato',
      completedPayments: 'Malipo yaliyokamilika', bookings: 'Nafasi', average: 'Wastani wa thamani ya muamala', awaiting: 'Nafasi zinazosubiri malipo',
      outstanding: 'Salio zinazodaiwa',
      ageing: ['Deni, siku 0-30', 'Deni, siku 31-60', 'Deni, siku 61-90', 'Deni, zaidi ya siku 90'],
    },
    payments: ['Nambari', 'Tarehe (saa za Nairobi)', 'Maelezo', 'Njia', 'Mteja', 'Kiasi (KSH)', 'Hali', 'Risiti'],
    services: ['Huduma', 'Mara ilizowekewa nafasi', 'Thamani ya nafasi zilizowekwa (KSH)'],
    statuses: { completed: 'Imekamilika', pending: 'Inasubiri', processing: 'Inashughulikiwa', failed: 'Imeshindwa', cancelled: 'Imeghairiwa', refunded: 'Imerejeshwa' } as Record<string, string>,
    methods: { Other: 'Nyingine' } as Record<string, string>,
    receiptToFollow: 'Risiti itafuata',
    range: (from: string, to: string) => `${from} hadi ${to}`,
  },
} as const satisfies Record<ReportLanguage, unknown>

/** The period's one name on the Summary sheet: 'Last 30 days', or '2026-10-01 to 2026-10-15'. */
export const reportPeriodLabel = (period: ReportPeriod, language: ReportLanguage = 'en') =>
  typeof period === 'string' ? REPORT_WORDS[language].timeframes[period] : REPORT_WORDS[language].range(period.from, period.to)

/** The period as a file name's words: 'last-30-days', 'siku-30-zilizopita', '2026-10-01-to-2026-10-15'. */
export const reportPeriodSlug = (period: ReportPeriod, language: ReportLanguage = 'en') =>
  reportPeriodLabel(period, language).toLowerCase().replace(/[^a-z0-9]+/g, '-')

export const PaymentSummary = z.object({
  totalRevenue: Money,
  totalBookings: z.number(),
  avgTransactionValue: Money,
  /** Bookings of the period with a balance still to pay. */
  pendingPayments: z.number(),
  /** Those balances summed (KSH): what the families still owe, contributions counted as paid. */
  outstandingBalance: z._default(Money, 0),
  /** The same balances by age (days since the booking was made): 0-30, 31-60, 61-90, over 90. */
  ageing: z._default(z.object({ days0to30: Money, days31to60: Money, days61to90: Money, over90: Money }), { days0to30: 0, days31to60: 0, days61to90: 0, over90: 0 }),
})
export type PaymentSummary = z.infer<typeof PaymentSummary>

export const Transaction = z.object({
  id: Id,
  date: z.string(),
  description: z.string(),
  paymentMethod: z.string(),
  customer: z.string(),
  amount: Money,
  status: z.string(),
  /**
   * The M-Pesa receipt (the payment's transaction id), beyond SPEC.md's row: the admin matches it
   * with the M-Pesa statement. Null when there is none (yet).
   */
  receipt: z.nullish(z.string()),
})
export type Transaction = z.infer<typeof Transaction>
export const TransactionList = listOf('transactions', Transaction)

/** The Excel report's media type (GET /payments/report). */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
