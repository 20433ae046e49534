/** The service agreement of a booking: its state, the draft to read, the code by SMS, the signing, the void and each signed PDF. */
import { Hono } from 'hono'
import type { Context } from 'hono'
import { requireAuth } from '../auth'
import { valid } from '../http'
import { LIMITS, clientAddress, limit } from '../limits'
import type { AppEnv } from '../types'
import * as domain from '../domain/agreement'
import { visibleBooking } from './bookings'
import { SignAgreementRequest, VoidAgreementRequest } from '../../shared/contracts/agreement'

const pdf = (c: Context<AppEnv>, { bytes, fileName }: { bytes: Uint8Array; fileName: string }) =>
  c.body(bytes as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${fileName}"`, 'Cache-Control': 'private, no-store' })

export const agreementRoutes = new Hono<AppEnv>()
  .get('/:id/agreement', requireAuth(), async (c) => c.json(await domain.agreementOf(c.var.deps.db, c.var.user, await visibleBooking(c))))
  .get('/:id/agreement/draft', requireAuth(), async (c) => pdf(c, await domain.draftPdf(c.var.deps.db, c.var.user, await visibleBooking(c))))
  .get('/:id/agreement/:revision{[0-9]+}', requireAuth(), async (c) => pdf(c, await domain.signedPdf(c.var.deps, c.var.user, await visibleBooking(c), Number(c.req.param('revision')))))
  .post('/:id/agreement/code', requireAuth(), async (c) => {
    const booking = await visibleBooking(c)
    await limit(c, `agreement-code:user:${c.var.user.id}`, LIMITS.agreementCodePerUser)
    return c.json(await domain.sendSigningCode(c.var.deps, c.var.user, booking))
  })
  .post('/:id/agreement/sign', requireAuth(), valid('json', SignAgreementRequest), async (c) => {
    const booking = await visibleBooking(c)
    const from = { ip: clientAddress(c), userAgent: c.req.header('user-agent') ?? '' }
    return c.json(await domain.sign(c.var.deps, c.var.user, booking, c.req.valid('json'), from), 201)
  })
  .post('/:id/agreement/void', requireAuth('admin'), valid('json', VoidAgreementRequest), async (c) =>
    c.json(await domain.voidSigned(c.var.deps.db, c.var.user, await visibleBooking(c), c.req.valid('json').reason)),
  )
