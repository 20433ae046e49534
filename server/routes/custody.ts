/**
 * The chain of custody (not in SPEC.md; the README's deviations): GET and POST
 * /bookings/:id/custody, the same as the mock's (mocks/handlers/custody.ts). The family of the
 * booking, its attendant and admins read it; the assigned attendant and admins add to it; any other
 * booking answers 404.
 */
import { Hono } from 'hono'
import type { Context } from 'hono'
import { CustodyRequest } from '../../shared/contracts/custody'
import { requireAuth } from '../auth'
import { parse, valid } from '../http'
import type { AppEnv } from '../types'
import { custodyOf, recordCustody } from '../domain/custody'
import { visibleBooking as visibleBookingOf } from '../domain/bookings'

/** The booking if the signed-in user may see it, else 404. */
const visibleBooking = (c: Context<AppEnv>) => visibleBookingOf(c.var.deps.db, c.var.user, c.req.param('id') ?? '')

export const custodyRoutes = new Hono<AppEnv>()
  .get('/:id/custody', requireAuth(), async (c) => c.json(await custodyOf(c.var.deps.db, await visibleBooking(c))))

  .post('/:id/custody', requireAuth('morgue_attendant', 'admin'), valid('json', CustodyRequest), async (c) => {
    const booking = await visibleBooking(c)
    const saved = await recordCustody(c.var.deps.db, c.var.user, booking, c.req.valid('json'))
    return 'refused' in saved ? c.json(saved.refused, 409) : c.json(saved, 201)
  })

  // The release is the chain's last event: the same checks, and the receiver's name, ID number and
  // relationship; kept as its own address for callers that use it.
  .post('/:id/release', requireAuth('morgue_attendant', 'admin'), async (c) => {
    const booking = await visibleBooking(c)
    const json: unknown = await c.req.json().catch(() => ({}))
    const request = parse(CustodyRequest, { ...(typeof json === 'object' && json !== null ? json : {}), kind: 'released' })
    const saved = await recordCustody(c.var.deps.db, c.var.user, booking, request)
    return 'refused' in saved ? c.json(saved.refused, 409) : c.json(saved, 200)
  })
