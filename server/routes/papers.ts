/** GET /bookings/{id}/papers (where a booking's papers are) and each paper as a PDF. */
import { Hono } from 'hono'
import type { Context } from 'hono'
import { requireAuth } from '../auth'
import type { AppEnv } from '../types'
import * as domain from '../domain/paper'
import { visibleBooking } from './bookings'
import type { BookingPaperKind } from '../../shared/paper/papers'
import { QUOTATION_TEXT_LABELS, QuotationDraftRequest } from '../../shared/contracts/papers'
import { ShareRequest } from '../../shared/paper/share'
import { checkLengths } from '../../shared/rules'
import { valid } from '../http'

async function pdf(c: Context<AppEnv>, kind: BookingPaperKind, paymentId: number | null = null) {
  const booking = await visibleBooking(c)
  return pdfAnswer(c, await domain.paperPdf(c.var.deps.db, c.var.user, booking, kind, { lang: c.req.query('lang'), paymentId }))
}

function pdfAnswer(c: Context<AppEnv>, { bytes, fileName }: { bytes: Uint8Array; fileName: string }) {
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${fileName}"`,
    // A family's money papers: never in a shared cache.
    'Cache-Control': 'private, no-store',
  })
}

export const paperRoutes = new Hono<AppEnv>()
  .post('/quotation', requireAuth('client', 'admin'), valid('json', QuotationDraftRequest), async (c) => {
    const input = checkLengths(c.req.valid('json'), QUOTATION_TEXT_LABELS)
    return pdfAnswer(c, await domain.draftQuotationPdf(c.var.deps.db, c.var.user, input, c.req.query('lang')))
  })
  .get('/:id/papers', requireAuth(), async (c) => c.json(await domain.papersOf(c.var.deps.db, c.var.user, await visibleBooking(c))))
  .get('/:id/papers/invoice', requireAuth(), (c) => pdf(c, 'invoice'))
  .get('/:id/papers/statement', requireAuth(), (c) => pdf(c, 'statement'))
  .get('/:id/papers/quotation', requireAuth(), (c) => pdf(c, 'quotation'))
  .get('/:id/papers/receipt/:paymentId{[0-9]+}', requireAuth(), (c) => pdf(c, 'receipt', Number(c.req.param('paymentId'))))
  .post('/:id/papers/share', requireAuth(), valid('json', ShareRequest), async (c) =>
    c.json(await domain.sharePaper(c.var.deps.db, c.var.deps.secret, c.var.user, await visibleBooking(c), c.req.valid('json')), 201),
  )

/** GET /papers/shared/{token}: no account; the token is the key to that one paper until it expires. */
export const sharedPaperRoutes = new Hono<AppEnv>().get('/shared/:token', async (c) =>
  pdfAnswer(c, await domain.sharedPaperPdf(c.var.deps.db, c.var.deps.secret, c.req.param('token'), c.req.query('lang'))),
)
