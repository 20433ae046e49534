/**
 * Harambee (shared/contracts/contributions.ts; the mock's mocks/handlers/contributions.ts answers
 * the same): the family's contribution link, the public page behind it, and relatives' M-Pesa
 * pushes. The use cases are server/domain/contributions.ts's.
 */
import { Hono, type Context } from 'hono'
import { ContributionLinkRequest, MSG_LINK_CLOSED_OK, MSG_THANKED, MSG_TOO_MANY_PUSHES } from '../../shared/contracts/contributions'
import { MSG_CONTRIBUTION_NOT_FOUND, refuseUnlessFamily } from '../../shared/contributions'
import { ApiError, pathId, valid } from '../http'
import { requireAuth } from '../auth'
import { idempotentAnonymous } from '../idempotency'
import type { AppEnv } from '../types'
import { LIMITS, limitByAddress } from '../limits'
import { visibleBooking } from './bookings'
import { storedSettings } from './settings'
import { bookingContributions, closeLinks, contributionPush, linkOf, openLink, publicPage, thankContributor } from '../domain/contributions'
import { verifyForLink } from '../domain/payments'
import { MSG_MALFORMED_JSON } from '../../shared/contracts/common'

/** The booking of the path, if the user may see it; only the family invites, closes and thanks (an admin may look). */
async function ownBooking(c: Context<AppEnv>) {
  const booking = await visibleBooking(c)
  refuseUnlessFamily(c.var.user, c.req.method !== 'GET')
  return booking
}

export const bookingContributionRoutes = new Hono<AppEnv>()
  .get('/:id/contributions', requireAuth(), async (c) => c.json(await bookingContributions(c.var.deps, await ownBooking(c))))

  .post('/:id/contributions/link', requireAuth('client'), valid('json', ContributionLinkRequest), async (c) => {
    const booking = await ownBooking(c)
    const { created, link } = await openLink(c.var.deps, c.var.user, booking, c.req.valid('json').message?.trim() || null)
    return created ? c.json({ link }, 201) : c.json({ link })
  })

  .delete('/:id/contributions/link', requireAuth('client'), async (c) => {
    await closeLinks(c.var.deps.db, await ownBooking(c))
    return c.json({ message: MSG_LINK_CLOSED_OK })
  })

  .post('/:id/contributions/:paymentId/thank', requireAuth('client'), async (c) => {
    const booking = await ownBooking(c)
    await thankContributor(c.var.deps, booking, pathId(c, MSG_CONTRIBUTION_NOT_FOUND, 'paymentId'))
    return c.json({ message: MSG_THANKED })
  })

/** The public side: anyone holding the link, no account. */
export const contributionRoutes = new Hono<AppEnv>()
  .get('/:token', async (c) => {
    const { db } = c.var.deps
    const general = (await storedSettings(db)).general
    return c.json(await publicPage(db, c.req.param('token'), { name: general.facilityName, phone: general.contactPhone, email: general.contactEmail }))
  })

  // A relative on a weak network who sends again after a lost answer gets the first push's answer: one prompt.
  .post('/:token/push', idempotentAnonymous('token'), async (c) => {
    await limitByAddress(c, 'contribution-push', LIMITS.contributionPushPerAddress, MSG_TOO_MANY_PUSHES)
    const body = () =>
      c.req.json<unknown>().catch(() => {
        throw new ApiError(400, MSG_MALFORMED_JSON)
      })
    return c.json({ data: await contributionPush(c.var.deps, c.req.param('token'), body) })
  })

  .get('/:token/verify/:checkoutRequestId', async (c) => {
    await limitByAddress(c, 'contribution-verify', LIMITS.contributionVerifyPerAddress)
    const link = await linkOf(c.var.deps.db, c.req.param('token'))
    return c.json({ data: await verifyForLink(c.var.deps, link.id, c.req.param('checkoutRequestId')) })
  })
