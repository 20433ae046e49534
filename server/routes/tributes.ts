/**
 * The tribute page (shared/contracts/tributes.ts; the mock's mocks/handlers/tributes.ts answers the
 * same): the family's edits and moderation, and the public door by slug. The use cases are
 * server/domain/tributes.ts's; the page's HTML is server/tribute-html.ts's.
 */
import { Hono, type Context } from 'hono'
import { CondolenceModeration, CondolenceRequest, MSG_CONDOLENCE_NOT_FOUND, MSG_CONDOLENCE_RECEIVED, TributeRequest } from '../../shared/contracts/tributes'
import { refuseUnlessTributeOwner } from '../../shared/tributes'
import { pathId, valid } from '../http'
import { requireAuth } from '../auth'
import type { AppEnv } from '../types'
import { LIMITS, limit, clientAddress } from '../limits'
import { visibleBooking } from './bookings'
import { storedSettings } from './settings'
import { bookingTribute, leaveCondolence, moderateCondolence, publicTribute, saveTribute } from '../domain/tributes'

/** The family moderates; the admin too (staff who may see the booking). Only the family edits. */
async function moderatorBooking(c: Context<AppEnv>) {
  const booking = await visibleBooking(c)
  if (c.var.user.role === 'morgue_attendant') refuseUnlessTributeOwner(c.var.user)
  return booking
}

export const bookingTributeRoutes = new Hono<AppEnv>()
  .get('/:id/tribute', requireAuth(), async (c) => c.json(await bookingTribute(c.var.deps.db, await visibleBooking(c))))

  .put('/:id/tribute', requireAuth(), valid('json', TributeRequest), async (c) => {
    const booking = await visibleBooking(c)
    refuseUnlessTributeOwner(c.var.user)
    return c.json({ tribute: await saveTribute(c.var.deps.db, booking, c.req.valid('json')) })
  })

  .patch('/:id/tribute/condolences/:cid', requireAuth(), valid('json', CondolenceModeration), async (c) => {
    const booking = await moderatorBooking(c)
    const condolence = await moderateCondolence(c.var.deps.db, booking, pathId(c, MSG_CONDOLENCE_NOT_FOUND, 'cid'), c.req.valid('json').status)
    return c.json({ condolence })
  })

/** The home's details the public page shows (Settings → General). */
export async function homeOf(c: Context<AppEnv>) {
  const g = (await storedSettings(c.var.deps.db)).general
  return { name: g.facilityName, phone: g.contactPhone, email: g.contactEmail }
}

/** Per address and page, per address on any page, and per page: one relative's phone (or a crowd) cannot flood a family's list. */
export async function limitCondolences(c: Context<AppEnv>, slug: string): Promise<void> {
  const address = clientAddress(c)
  await limit(c, `condolence:${slug}:ip:${address}`, LIMITS.condolencePerAddressAndPage)
  await limit(c, `condolence:ip:${address}`, LIMITS.condolencePerAddress)
  await limit(c, `condolence:page:${slug}`, LIMITS.condolencePerPage)
}

/** The public side: anyone holding the address, no account. */
export const tributeRoutes = new Hono<AppEnv>()
  .get('/:slug', async (c) => c.json(await publicTribute(c.var.deps, c.req.param('slug'), await homeOf(c))))

  .post('/:slug/condolences', valid('json', CondolenceRequest), async (c) => {
    const slug = c.req.param('slug')
    await limitCondolences(c, slug)
    await leaveCondolence(c.var.deps, slug, c.req.valid('json'), (await homeOf(c)).name)
    return c.json({ message: MSG_CONDOLENCE_RECEIVED }, 201)
  })
