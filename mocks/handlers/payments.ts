import { http, HttpResponse } from 'msw'
import { reservedFor } from '../mpesa'
import { MSG_TOO_MANY_PUSHES } from '../../shared/contracts/contributions'
import { db } from '../db'
import type { MpesaRequestRecord, UserRecord } from '../db'
import { idempotent } from '../idempotency'
import { ApiError, parseId, readJson, requireRoleOf, requireUser, route, toIntId, validate } from '../http'
import { closeIfOverdue, deliverCallbacks, recordPush, settle, whenNoPaymentInProgress, type PushContributor } from '../mpesa'
import { MPESA_PROCESSING, MPESA_PUSH_ACCEPTED, MPESA_PUSH_REJECTED_MESSAGE, MPESA_QUERY_ACCEPTED, scenarioForPhone } from '../../shared/mpesa-scenarios'
import { checkAmountDue, checkFamilyPush, refuseForeignPhone, scenarioAnswerAfter } from '../../shared/payments'
import { buildReport, summarise, transactions, XLSX_MIME } from '../reports'
import { summaryAnswer } from '../../shared/report'
import { reportFileName } from '../../shared/report'
import { amountDueToday, byNewest, toWireBooking, toWirePayment } from '../serialize'
import { isPayableNow, pendingPaymentRow } from '../../shared/urgency'
import { cryptoRandom, randomHex } from '../passwords'
import {
  MSG_CHECKOUT_NOT_FOUND,
  MSG_PAYMENT_NOT_FOUND,
  MSG_SAFARICOM_NUMBER,
  ReportQuery,
  STK_PUSHES_PER_PHONE,
  STK_PUSHES_PER_USER,
  STK_PUSH_WINDOW_MS,
  StkPushRequest,
  TimeframeQuery,
  periodOf,
  normaliseKenyanPhone,
  reportLanguage,
} from '../../shared/contracts/payments'
import { MSG_BOOKING_NOT_FOUND } from '../../shared/contracts/bookings'

const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams)

/** Handles POST /stk-push and POST /payments/initiate. */
async function stkPush(request: Request): Promise<Response> {
  const user = await requireRoleOf(request, 'client')
  // A retried push (same Idempotency-Key, its first answer lost) gets the first answer: one prompt, not two.
  return idempotent(request, user.id, () => pushFor(user, request))
}

async function pushFor(user: UserRecord, request: Request): Promise<Response> {
  const raw = await readJson(request)
  refuseForeignPhone(raw)
  const input = validate(StkPushRequest, raw)
  const phone = normaliseKenyanPhone(input.phoneNumber)
  if (phone === null) throw new ApiError(400, MSG_SAFARICOM_NUMBER)
  const bookingId = toIntId(input.bookingId)
  const booking = bookingId === null ? undefined : db.booking.findFirst((q) => q.where({ id: bookingId }))
  if (!booking || booking.client_id !== user.id) throw new ApiError(404, MSG_BOOKING_NOT_FOUND)
  checkFamilyPush({ status: booking.status, paymentStatus: booking.payment_status }, amountDueToday(booking), reservedFor(booking.id), input.amount)

  // One payment in progress per booking: a second push waits for the first to finish (409).
  return whenNoPaymentInProgress(booking.id, () => {
    // A push closed just now (overdue) may have paid some or all of it.
    checkAmountDue(amountDueToday(db.booking.findFirst((q) => q.where({ id: booking.id })) ?? booking), input.amount)
    refuseTooManyPushes(user.id, phone)
    return startMockPush({ bookingId: booking.id, clientId: user.id, phone, amount: input.amount })
  })
}

/**
 * The server's limits on a family's prompts (STK_PUSHES_PER_USER in STK_PUSH_WINDOW_MS per family,
 * STK_PUSHES_PER_PHONE per phone), counted here over the pushes the mock recorded.
 */
function refuseTooManyPushes(clientId: number, phone: string): void {
  const since = Date.now() - STK_PUSH_WINDOW_MS
  const recent = db.mpesaRequest.findMany((q) => q.where({ client_id: clientId })).filter((r) => !r.contribution_link_id && Date.parse(r.created_at) > since)
  const perPhone = db.mpesaRequest.findMany((q) => q.where({ phone })).filter((r) => !r.contribution_link_id && Date.parse(r.created_at) > since)
  if (recent.length >= STK_PUSHES_PER_USER || perPhone.length >= STK_PUSHES_PER_PHONE) {
    const error = new ApiError(429, MSG_TOO_MANY_PUSHES)
    const oldest = Math.min(...[...recent, ...perPhone].map((r) => Date.parse(r.created_at)))
    error.headers = { 'Retry-After': String(Math.max(1, Math.ceil((oldest + STK_PUSH_WINDOW_MS - Date.now()) / 1000))) }
    throw error
  }
}

/** The simulated Daraja push (by the phone's test scenario): Daraja's answer, and the request recorded when accepted. */
export async function startMockPush(push: { bookingId: number; clientId: number; phone: string; amount: number; linkId?: number; contributor?: PushContributor }): Promise<Response> {
  const scenario = scenarioForPhone(push.phone)
  const merchantRequestId = `${Math.floor(10000 + cryptoRandom() * 89999)}-${Math.floor(1e7 + cryptoRandom() * 8.9e7)}-1`
  if (scenario.id === 'push_rejected') {
    return HttpResponse.json({
      data: { MerchantRequestID: merchantRequestId, ResponseCode: '1', ResponseDescription: 'Rejected', CustomerMessage: MPESA_PUSH_REJECTED_MESSAGE },
    })
  }
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14)
  const checkoutRequestId = `ws_CO_${stamp}${randomHex(6).toUpperCase()}`
  await recordPush(
    {
      checkout_request_id: checkoutRequestId,
      merchant_request_id: merchantRequestId,
      booking_id: push.bookingId,
      client_id: push.clientId,
      phone: push.phone,
      amount: push.amount,
      scenario: scenario.id,
      contribution_link_id: push.linkId ?? null,
    },
    push.contributor,
  )
  return HttpResponse.json({
    data: {
      MerchantRequestID: merchantRequestId,
      CheckoutRequestID: checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: MPESA_PUSH_ACCEPTED,
      CustomerMessage: MPESA_PUSH_ACCEPTED,
    },
  })
}

/** A verify call on a request: counted, then its final answer or "still processing" (count-driven by its scenario). */
export async function verifyAnswer(req: MpesaRequestRecord): Promise<Response> {
  const updated =
    (await db.mpesaRequest.update((q) => q.where({ id: req.id }), {
      data(r) {
        r.verify_count += 1
      },
    })) ?? req
  // Past its expiry: its end now (the scenario's outcome, or expired), answered as a final answer.
  await closeIfOverdue(updated)
  const current = db.mpesaRequest.findFirst((q) => q.where({ id: updated.id })) ?? updated
  if (current.result_code !== null) {
    // Final already (by an earlier verify or by the simulated callback): the same answer every time.
    return HttpResponse.json({ data: { ResultCode: current.result_code, ResultDesc: current.result_desc ?? '' } })
  }
  // Count-driven: still processing until the scenario's verify call.
  const outcome = scenarioAnswerAfter(updated.scenario, updated.verify_count)
  if (outcome === null) {
    return HttpResponse.json({ data: { ...MPESA_PROCESSING } })
  }
  await settle(updated.id, outcome)
  const settled = db.mpesaRequest.findFirst((q) => q.where({ id: updated.id })) ?? updated
  return HttpResponse.json({
    data: {
      MerchantRequestID: settled.merchant_request_id,
      CheckoutRequestID: settled.checkout_request_id,
      ResponseCode: '0',
      ResponseDescription: MPESA_QUERY_ACCEPTED,
      ResultCode: settled.result_code ?? outcome.resultCode,
      ResultDesc: settled.result_desc ?? outcome.resultDesc,
    },
  })
}

export const paymentHandlers = [
  http.post('*/api/stk-push', route(({ request }) => stkPush(request))),
  http.post('*/api/payments/initiate', route(({ request }) => stkPush(request))),

  http.get(
    '*/api/payments/mpesa/verify/:checkoutRequestId',
    route(async ({ request, params }) => {
      const user = await requireUser(request)
      const checkoutId = typeof params.checkoutRequestId === 'string' ? params.checkoutRequestId : ''
      const req = db.mpesaRequest.findFirst((q) => q.where({ checkout_request_id: checkoutId }))
      if (!req || (req.client_id !== user.id && user.role !== 'admin')) throw new ApiError(404, MSG_CHECKOUT_NOT_FOUND)
      return verifyAnswer(req)
    }),
  ),

  http.get(
    '*/api/payments/my',
    route(async ({ request }) => {
      const user = await requireUser(request)
      await deliverCallbacks(user.id)
      const payments = db.payment
        .findMany((q) => q.where({ client_id: user.id }))
        .map((p) => ({ ...p, created_at: p.payment_date }))
        .sort(byNewest)
      return HttpResponse.json({ payments: payments.map((p) => ({ ...toWirePayment(p), ...deceasedNamesOf(p.booking_id) })) })
    }),
  ),

  http.get(
    '*/api/payments/pending',
    route(async ({ request }) => {
      const user = await requireUser(request)
      await deliverCallbacks(user.id)
      // Every booking with something owed today (storage to date counted), whatever its payment status.
      const rows = db.booking
        .findMany((q) => q.where({ client_id: user.id }))
        .filter((b) => b.status !== 'cancelled')
        .sort(byNewest)
        .map((b) => toWireBooking(b))
        .filter(isPayableNow)
        .map(pendingPaymentRow)
      return HttpResponse.json({ bookings: rows })
    }),
  ),

  http.get(
    '*/api/payments/summary',
    route(async ({ request }) => {
      await requireRoleOf(request, 'admin')
      return HttpResponse.json(summaryAnswer(summarise(periodOf(validate(TimeframeQuery, query(request))))))
    }),
  ),

  http.get(
    '*/api/payments/transactions',
    route(async ({ request }) => {
      await requireRoleOf(request, 'admin')
      return HttpResponse.json({ transactions: transactions(periodOf(validate(TimeframeQuery, query(request)))) })
    }),
  ),

  http.get(
    '*/api/payments/report',
    route(async ({ request }) => {
      await requireRoleOf(request, 'admin')
      const checked = validate(ReportQuery, query(request))
      const { type, lang } = checked
      const timeframe = periodOf(checked)
      const language = reportLanguage(lang, request.headers.get('Accept-Language'))
      const bytes = await buildReport(timeframe, type, language)
      return new HttpResponse(bytes, {
        status: 200,
        headers: {
          'Content-Type': XLSX_MIME,
          'Content-Disposition': `attachment; filename="${reportFileName(timeframe, language)}"`,
          'Content-Length': String(bytes.byteLength),
        },
      })
    }),
  ),

  http.get(
    '*/api/payments/:id',
    route(async ({ request, params }) => {
      const user = await requireUser(request)
      const id = parseId(params.id, MSG_PAYMENT_NOT_FOUND)
      const payment = db.payment.findFirst((q) => q.where({ id }))
      if (!payment || (user.role !== 'admin' && payment.client_id !== user.id)) throw new ApiError(404, MSG_PAYMENT_NOT_FOUND)
      return HttpResponse.json({ payment: toWirePayment(payment) })
    }),
  ),
]

/** The history names the deceased each payment was for. */
function deceasedNamesOf(bookingId: number) {
  const booking = db.booking.findFirst((q) => q.where({ id: bookingId }))
  const d = booking ? db.deceased.findFirst((q) => q.where({ id: booking.deceased_id })) : undefined
  return { deceased_first_name: d?.first_name ?? '', deceased_last_name: d?.last_name ?? '' }
}
