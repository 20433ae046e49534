import { ApiError, request, requestBlob } from './client'
import { withPushKey } from './push-key'
import {
  PaymentList,
  PendingPaymentList,
  StkPushRequest,
  StkPushResponse,
  normaliseKenyanPhone,
  VerifyResponse,
  PaymentSummary,
  TransactionList,
  XLSX_MIME,
  type Payment,
  type PendingPayment,
  type ReportLanguage,
  type ReportType,
  type ReportPeriod,
  type Transaction,
} from '../../shared/contracts/payments'

/**
 * Start an M-Pesa STK push (POST /stk-push). The booking id is sent too so the server can link the
 * payment to its booking (a deliberate fix over SPEC.md, which passes it but does not send it).
 * A request that breaks the contract (e.g. a wrong phone number) is refused here, before sending.
 */
export async function stkPush(body: StkPushRequest): Promise<StkPushResponse['data']> {
  const checked = StkPushRequest.safeParse(body)
  if (!checked.success) throw new ApiError(0, checked.error.issues[0]?.message)
  const intent = `${checked.data.bookingId}|${checked.data.amount}|${normaliseKenyanPhone(checked.data.phoneNumber) ?? ''}`
  return withPushKey(intent, async (key) => (await request((w) => w.url('/stk-push').headers({ 'Idempotency-Key': key }).post(checked.data).json(), StkPushResponse)).data)
}

/** Ask M-Pesa (through /api) how an STK push ended: ResultCode when final, none while processing. */
export async function verifyPayment(checkoutRequestId: string): Promise<VerifyResponse['data']> {
  const answer = await request(
    (w) => w.url(`/payments/mpesa/verify/${encodeURIComponent(checkoutRequestId)}`).get().json(),
    VerifyResponse,
  )
  return answer.data
}

/** The family's payments, newest first (GET /payments/my). */
export const myPayments = (): Promise<Payment[]> => request((w) => w.url('/payments/my').get().json(), PaymentList)

/** The family's bookings still awaiting payment (GET /payments/pending). */
export const pendingPayments = (): Promise<PendingPayment[]> =>
  request((w) => w.url('/payments/pending').get().json(), PendingPaymentList)

// ---- reports: the admin's financial screen (SPEC.md section 7) ----

/** A named period as `timeframe`, a chosen range as `from` and `to` (Nairobi days, both included). */
const periodQuery = (period: ReportPeriod): Record<string, string> => (typeof period === 'string' ? { timeframe: period } : { from: period.from, to: period.to })

/** Revenue, bookings, average and what families owe for a period (GET /payments/summary). */
export const paymentSummary = (period: ReportPeriod): Promise<PaymentSummary> =>
  request((w) => w.url(`/payments/summary?${new URLSearchParams(periodQuery(period))}`).get().json(), PaymentSummary)

/** The payments of a period as report rows, newest first (GET /payments/transactions). */
export const paymentTransactions = (period: ReportPeriod): Promise<Transaction[]> =>
  request((w) => w.url(`/payments/transactions?${new URLSearchParams(periodQuery(period))}`).get().json(), TransactionList)

/** The Excel report (GET /payments/report): a Summary sheet plus the chosen detail, as a Blob, in the admin's language. */
export const paymentReport = (period: ReportPeriod, type: ReportType, lang: ReportLanguage = 'en'): Promise<Blob> =>
  requestBlob((w) => w.url(`/payments/report?${new URLSearchParams({ ...periodQuery(period), type, lang })}`).accept(XLSX_MIME).get().blob())
