import { z } from 'zod'
import { Id, Money, listOf } from './common'

export const PAYMENT_RECORD_STATUSES = ['completed', 'processing', 'failed', 'pending'] as const
export type PaymentRecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number]

export const Payment = z
  .object({
    id: Id,
    booking_id: Id.nullish(),
    transaction_id: z.string().nullish(),
    payment_method: z.string().nullish().transform((v) => v ?? 'other'),
    /** completed, processing, failed; anything else is shown as pending. */
    status: z.unknown().transform((v): PaymentRecordStatus =>
      v === 'completed' || v === 'processing' || v === 'failed' ? v : 'pending',
    ),
    amount: Money,
    payment_date: z.string().nullish(),
  })
  .passthrough()
export type Payment = z.infer<typeof Payment>
export const PaymentList = listOf('payments', Payment)

/** A booking awaiting payment. */
export const PendingPayment = z
  .object({
    id: Id,
    deceased_first_name: z.string().nullish().transform((v) => v ?? ''),
    deceased_last_name: z.string().nullish().transform((v) => v ?? ''),
    total_amount: Money,
    /** What is still to pay (the total less what was already paid); a server that omits it means the total. */
    amount_due: Money.optional(),
  })
  .passthrough()
export type PendingPayment = z.infer<typeof PendingPayment>

/** The amount the family pays now: what is still due, else (a server without amount_due) the total. */
export const amountToPay = (entry: Pick<PendingPayment, 'total_amount' | 'amount_due'>): number => entry.amount_due ?? entry.total_amount
export const PendingPaymentList = listOf('bookings', PendingPayment)

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
  phoneNumber: z.string().refine((v) => normaliseKenyanPhone(v) !== null, 'Enter a Safaricom number like 0712345678'),
  amount: z.number().int('Amount must be whole KSH').min(1, 'Amount must be at least 1 KSH').max(250000, 'Amount cannot exceed 250,000 KSH'),
  /** Sent so the payment can be linked to its booking (a deliberate fix over SPEC.md). */
  bookingId: z.union([z.number(), z.string()]),
})
export type StkPushRequest = z.infer<typeof StkPushRequest>

export const StkPushResponse = z.object({
  data: z
    .object({
      MerchantRequestID: z.string().optional(),
      CheckoutRequestID: z.string().optional(),
      ResponseCode: z.union([z.string(), z.number()]).transform(String),
      ResponseDescription: z.string().optional(),
      CustomerMessage: z.string().optional(),
    })
    .passthrough(),
})
export type StkPushResponse = z.infer<typeof StkPushResponse>

/** Daraja's STK query, wrapped in data: either still processing (errorCode) or final (ResultCode). */
export const VerifyResponse = z.object({
  data: z
    .object({
      ResultCode: z.union([z.string(), z.number()]).transform(String).optional(),
      ResultDesc: z.string().optional(),
      errorCode: z.string().optional(),
      errorMessage: z.string().optional(),
    })
    .passthrough(),
})
export type VerifyResponse = z.infer<typeof VerifyResponse>

export const TIMEFRAMES = ['week', 'month', 'quarter', 'half_year', 'year'] as const
export type Timeframe = (typeof TIMEFRAMES)[number]
export const REPORT_TYPES = ['all', 'payments', 'services'] as const
export type ReportType = (typeof REPORT_TYPES)[number]

export const PaymentSummary = z.object({
  totalRevenue: Money,
  totalBookings: z.number(),
  avgTransactionValue: Money,
  pendingPayments: z.number(),
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
})
export type Transaction = z.infer<typeof Transaction>
export const TransactionList = listOf('transactions', Transaction)

/** The Excel report's media type (GET /payments/report). */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
