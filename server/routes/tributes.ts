/**
 * The tribute page (shared/contracts/tributes.ts; the mock's mocks/handlers/tributes.ts answers the
 * same): the family's edits and moderation, and the public door by slug. The use cases are
 * server/domain/tributes.ts's; the page's HTML is server/tribute-html.ts's.
 */
import { Hono, type Context } from 'hono'
import { CondolenceModeration, CondolenceRequest, MSG_CONDOLENCE_NOT_FOUND, MSG_CONDOLENCE_RECEIVED, TributeRequest } from '../../shared/contracts/tributes'
import { condolenceListStatus, refuseUnlessTributeOwner } from '../../shared/tributes'
import { pathId, valid } from '../http'
import { requireAuth } from '../auth'
import type { AppEnv } from '../types'
import { LIMITS, limit, clientAddress } from '../limits'
import { visibleBooking } from './bookings'
import { storedSettings } from './settings'
import { bookingTribute, condolencesToModerate, leaveCondolence, moderateCondolence, publicTribute, removeTributePhoto, saveTribute, saveTributePhoto, tributePhoto } from '../domain/tributes'
import { bodyLimit } from 'hono/body-limit'
import { MSG_PHOTO_TOO_LARGE, TRIBUTE_PHOTO_MAX_BYTES } from '../../shared/tribute-photo'
import { notModified } from '../static'

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

  // The picture's bytes as the body (no form): refused past the limit before it is all read.
  .put(
    '/:id/tribute/photo',
    requireAuth(),
    bodyLimit({ maxSize: TRIBUTE_PHOTO_MAX_BYTES, onError: (c) => c.json({ message: MSG_PHOTO_TOO_LARGE, errors: { photo: MSG_PHOTO_TOO_LARGE } }, 413) }),
    async (c) => {
      const booking = await visibleBooking(c)
      refuseUnlessTributeOwner(c.var.user)
      return c.json({ tribute: await saveTributePhoto(c.var.deps.db, booking, new Uint8Array(await c.req.arrayBuffer())) })
    },
  )

  .delete('/:id/tribute/photo', requireAuth(), async (c) => {
    const booking = await visibleBooking(c)
    refuseUnlessTributeOwner(c.var.user)
    return c.json({ tribute: await removeTributePhoto(c.var.deps.db, booking) })
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

/**
 * The photo, revalidated on each view (its ETag is its version): an unpublished page's photo is gone
 * at once too, and an unchanged one costs a 304.
 */
async function photoAnswer(c: Context<AppEnv>, size: 'large' | 'medium' | 'small') {
  const photo = await tributePhoto(c.var.deps.db, c.req.param('slug') ?? '', size)
  const etag = `"${photo.version}-${size}"`
  const headers = { 'Cache-Control': 'public, no-cache', ETag: etag, 'X-Robots-Tag': 'noindex' }
  if (notModified(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers)
  return c.body(new Uint8Array(photo.bytes), 200, { ...headers, 'Content-Type': 'image/jpeg' })
}

/** The public side: anyone holding the address, no account. */
export const tributeRoutes = new Hono<AppEnv>()
  // Before '/:slug' (a slug is 12 characters, this word 11: no page is shadowed).
  .get('/condolences', requireAuth('admin'), async (c) => c.json({ condolences: await condolencesToModerate(c.var.deps.db, condolenceListStatus(c.req.query('status'))) }))
  .get('/:slug', async (c) => c.json(await publicTribute(c.var.deps, c.req.param('slug'), await homeOf(c))))
  .get('/:slug/photo', (c) => photoAnswer(c, 'large'))
  .get('/:slug/photo/small', (c) => photoAnswer(c, 'small'))
  .get('/:slug/photo/medium', (c) => photoAnswer(c, 'medium'))

  .post('/:slug/condolences', valid('json', CondolenceRequest), async (c) => {
    const slug = c.req.param('slug')
    await limitCondolences(c, slug)
    await leaveCondolence(c.var.deps, slug, c.req.valid('json'), (await homeOf(c)).name)
    return c.json({ message: MSG_CONDOLENCE_RECEIVED }, 201)
  })
