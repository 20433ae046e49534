import { Hono, type Context } from 'hono'
import { MSG_PAYMENT_NOT_FOUND, ReportQuery, TimeframeQuery, periodOf, reportLanguage } from '../../shared/contracts/payments'
import { reportFileName, summaryAnswer, XLSX_MIME } from '../../shared/report'
import { ApiError, pathId, valid } from '../http'
import { requireAuth } from '../auth'
import { idempotent } from '../idempotency'
import type { AppEnv } from '../types'
import { limit, unhit } from '../limits'
import { buildReport, familyPayments, familyPush, paymentFor, pendingBookings, summarise, transactions, verifyFor, type PushLimits } from '../domain/payments'
import { MSG_MALFORMED_JSON } from '../../shared/contracts/common'

/** The family's prompts count against the rate limits of this request's server. */
const pushLimits = (c: Context<AppEnv>): PushLimits => ({
  take: (key, rule, message) => limit(c, key, rule, message),
  release: (key) => unhit(c.var.deps.db, key),
})

/** POST /stk-push (and /payments/initiate): server/domain/payments.ts's familyPush. */
async function stkPush(c: Context<AppEnv>) {
  const raw: unknown = await c.req.json().catch(() => {
    throw new ApiError(400, MSG_MALFORMED_JSON)
  })
  return c.json({ data: await familyPush(c.var.deps, pushLimits(c), c.var.user, raw) })
}

/** The admin's financial screens, and M-Pesa (push, verify, the family's payments): 501 without a Daraja client. */
export const paymentRoutes = new Hono<AppEnv>()
  .get('/summary', requireAuth('admin'), valid('query', TimeframeQuery), async (c) => {
    return c.json(summaryAnswer(await summarise(c.var.deps.db, periodOf(c.req.valid('query')))))
  })
  .get('/transactions', requireAuth('admin'), valid('query', TimeframeQuery), async (c) => c.json({ transactions: await transactions(c.var.deps.db, periodOf(c.req.valid('query'))) }))
  .get('/report', requireAuth('admin'), valid('query', ReportQuery), async (c) => {
    const { type, lang } = c.req.valid('query')
    const timeframe = periodOf(c.req.valid('query'))
    const language = reportLanguage(lang, c.req.header('Accept-Language'))
    const bytes = await buildReport(c.var.deps.db, timeframe, type, language)
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': XLSX_MIME,
      'Content-Disposition': `attachment; filename="${reportFileName(timeframe, language)}"`,
    })
  })
  .post('/initiate', requireAuth('client'), idempotent, stkPush)
  .get('/my', requireAuth(), async (c) => c.json({ payments: await familyPayments(c.var.deps.db, c.var.user.id) }))
  .get('/pending', requireAuth(), async (c) => c.json({ bookings: await pendingBookings(c.var.deps.db, c.var.user.id) }))
  .get('/mpesa/verify/:checkoutRequestId', requireAuth(), async (c) => c.json({ data: await verifyFor(c.var.deps, c.var.user, c.req.param('checkoutRequestId')) }))
  .get('/:id', requireAuth(), async (c) => c.json({ payment: await paymentFor(c.var.deps.db, c.var.user, pathId(c, MSG_PAYMENT_NOT_FOUND)) }))

/** POST /stk-push: the same as /payments/initiate. */
export const stkPushRoutes = new Hono<AppEnv>().post('/', requireAuth('client'), idempotent, stkPush)
