import { Hono } from 'hono'
import { z } from 'zod/mini'
import { REPORT_TYPES, TIMEFRAMES } from '../../src/api/contracts/payments'
import { valid } from '../http'
import { requireAuth } from '../auth'
import type { AppEnv } from '../types'
import { XLSX_MIME, buildReport, summarise, transactions } from '../repo/reports'

const TimeframeQuery = z.object({
  timeframe: z._default(z.enum(TIMEFRAMES, { message: `timeframe must be one of ${TIMEFRAMES.join(', ')}` }), 'month'),
})
const ReportQuery = z.extend(TimeframeQuery, {
  type: z._default(z.enum(REPORT_TYPES, { message: `type must be one of ${REPORT_TYPES.join(', ')}` }), 'all'),
})

export const MSG_NOT_YET = 'Payments through M-Pesa are not available on this server yet'

/** The admin's financial screens. M-Pesa (push, verify, the family's payments) comes with the Daraja client: 501 until then. */
export const paymentRoutes = new Hono<AppEnv>()
  .get('/summary', requireAuth('admin'), valid('query', TimeframeQuery), async (c) => {
    const s = await summarise(c.var.deps.db, c.req.valid('query').timeframe)
    return c.json({ totalRevenue: s.totalRevenue, totalBookings: s.totalBookings, avgTransactionValue: s.avgTransactionValue, pendingPayments: s.pendingPayments })
  })
  .get('/transactions', requireAuth('admin'), valid('query', TimeframeQuery), async (c) => c.json({ transactions: await transactions(c.var.deps.db, c.req.valid('query').timeframe) }))
  .get('/report', requireAuth('admin'), valid('query', ReportQuery), async (c) => {
    const { timeframe, type } = c.req.valid('query')
    const bytes = await buildReport(c.var.deps.db, timeframe, type)
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': XLSX_MIME,
      'Content-Disposition': `attachment; filename="financial-report-${timeframe}.xlsx"`,
    })
  })
  .all('*', (c) => c.json({ message: MSG_NOT_YET }, 501))
