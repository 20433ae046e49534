/** GET /bookings/{id}/papers (where a booking's papers are) and each paper as a PDF. */
import { Hono } from 'hono'
import type { Context } from 'hono'
import { requireAuth } from '../auth'
import type { AppEnv } from '../types'
import * as domain from '../domain/paper'
import { visibleBooking } from './bookings'
import type { BookingPaperKind } from '../../shared/paper/papers'

async function pdf(c: Context<AppEnv>, kind: BookingPaperKind, paymentId: number | null = null) {
  const booking = await visibleBooking(c)
  const { bytes, fileName } = await domain.paperPdf(c.var.deps.db, c.var.user, booking, kind, { lang: c.req.query('lang'), paymentId })
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${fileName}"`,
    // A family's money papers: never in a shared cache.
    'Cache-Control': 'private, no-store',
  })
}

export const paperRoutes = new Hono<AppEnv>()
  .get('/:id/papers', requireAuth(), async (c) => c.json(await domain.papersOf(c.var.deps.db, c.var.user, await visibleBooking(c))))
  .get('/:id/papers/invoice', requireAuth(), (c) => pdf(c, 'invoice'))
  .get('/:id/papers/statement', requireAuth(), (c) => pdf(c, 'statement'))
  .get('/:id/papers/quotation', requireAuth(), (c) => pdf(c, 'quotation'))
  .get('/:id/papers/receipt/:paymentId{[0-9]+}', requireAuth(), (c) => pdf(c, 'receipt', Number(c.req.param('paymentId'))))
