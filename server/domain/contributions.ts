/**
 * Harambee on the server: the family's contribution link, the public page behind it, and
 * relatives' M-Pesa pushes. A contribution is a payment of the booking like any other, so every list
 * counts it. The rules are shared/contributions.ts's (the mock follows the same ones); the tables are
 * server/repo/contributions.ts's and server/repo/payments.ts's.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto'
import { CONTRIBUTION_RATE_WINDOW_MS, ContributionPushRequest, MSG_LINK_NOT_FOUND, contributorSms, linkStatus } from '../../shared/contracts/contributions'
import { normaliseKenyanPhone } from '../../shared/contracts/payments'
import { checkContribution, contributionPage, familyContribution, looksLikeToken, MSG_CONTRIBUTION_NOT_FOUND, refuseTooManyContributionPushes, refuseUnlessOpen } from '../../shared/contributions'
import { scenarioForPhone } from '../../shared/mpesa-scenarios'
import { amountDueNow } from '../../shared/urgency'
import { ApiError, parse } from '../http'
import type { Db } from '../db/client'
import type { Deps } from '../types'
import { toWireBooking, type BookingRow } from '../repo/bookings'
import * as repo from '../repo/contributions'
import type { LinkRow } from '../repo/contributions'
import { claimPush, contributionPushesSince, lockBooking, reservedFor } from '../repo/payments'
import { queueSmsTo } from '../sms'
import { pushAfterClaim } from './payments'

const iso = (d: Date) => d.toISOString()

/**
 * What the booking owes and where it stands, for a link's status and its page: what is due today and
 * all that is charged so far (storage for the days in care counted), by amountDueNow's rule, as the
 * family's own screens and the mock have them.
 */
async function standing(db: Db, booking: BookingRow) {
  const wire = await toWireBooking(db, booking)
  return { due: amountDueNow(wire), total: wire.charges_to_date, lastServiceDate: await repo.lastServiceDateOf(db, booking.id) }
}

/** The link's state now (shared linkStatus); `link` null asks what a new link would be. */
async function statusOf(db: Db, link: LinkRow | null, booking: BookingRow) {
  const s = await standing(db, booking)
  return { ...s, status: linkStatus({ closedAt: link?.closedAt ?? null, bookingCancelled: booking.status === 'cancelled', due: s.due, lastServiceDate: s.lastServiceDate, now: Date.now() }) }
}

/**
 * A link's token is never stored: the table keeps its SHA-256 (to find the link) and a random nonce,
 * and the token is an HMAC of that nonce under the server's secret. Whoever reads the database (or
 * a backup) cannot pay into the family's page, yet the family is shown the same link every time.
 */
const linkToken = (secret: Uint8Array, nonce: string) => createHmac('sha256', secret).update(`contribution-link:${nonce}`, 'utf8').digest('base64url')
export const linkTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')

/** A fresh token for a link: 256 bits, url-safe, and what the row keeps of it. */
function issueToken(secret: Uint8Array): { token: string; tokenHash: string; tokenNonce: string } {
  const tokenNonce = randomBytes(18).toString('base64url')
  const token = linkToken(secret, tokenNonce)
  return { token, tokenHash: linkTokenHash(token), tokenNonce }
}

/**
 * The link's token as the family shares it. A link whose token the server cannot derive (made before
 * tokens were derived, or the secret was changed since) is given a new derived token now, so the
 * family is shown a link that works; the token it had keeps working too (its hash joins
 * legacy_token_hashes), because relatives were sent it already. Two cards opened at once issue one
 * token: the update only applies to the row as it was read, and the loser derives the winner's.
 */
async function tokenOf(db: Db, secret: Uint8Array, link: LinkRow): Promise<string> {
  let row: LinkRow | undefined = link
  for (let attempt = 0; row && attempt < 3; attempt++) {
    if (row.tokenNonce) {
      const token = linkToken(secret, row.tokenNonce)
      if (linkTokenHash(token) === row.tokenHash) return token
    }
    const fresh = issueToken(secret)
    if (await repo.replaceToken(db, row, fresh)) return fresh.token
    row = await repo.findLink(db, link.id)
  }
  throw new Error('contribution link token could not be issued')
}

async function linkByToken(db: Db, token: string): Promise<{ link: LinkRow; booking: BookingRow }> {
  const found = looksLikeToken(token) ? await repo.linkByTokenHash(db, linkTokenHash(token)) : undefined
  if (!found) throw new ApiError(404, MSG_LINK_NOT_FOUND)
  return found
}

async function wireLink(db: Db, secret: Uint8Array, link: LinkRow, booking: BookingRow) {
  const { status } = await statusOf(db, link, booking)
  return { token: await tokenOf(db, secret, link), status, message: link.message, created_at: iso(link.createdAt) }
}

/** GET /bookings/{id}/contributions: the latest link (or null) and what relatives gave. */
export async function bookingContributions(deps: Deps, booking: BookingRow) {
  const { db } = deps
  const link = await repo.latestLinkOf(db, booking.id)
  const rows = await repo.contributionsOf(db, booking.id)
  return {
    link: link ? await wireLink(db, deps.secret, link, booking) : null,
    contributions: rows.map((p) =>
      familyContribution({ ...p, at: iso(p.paymentDate), receipt: p.transactionId, thanked: p.thankedAt !== null }),
    ),
  }
}

/** POST /bookings/{id}/contributions/link: the open link (its words changed), or a new one; `created` when new. */
export async function openLink(deps: Deps, user: { id: number }, booking: BookingRow, message: string | null) {
  const { db } = deps
  const open = await repo.openLinkOf(db, booking.id)
  if (open) {
    if ((await statusOf(db, open, booking)).status === 'open') {
      // The family may change its words; the link stays the one already shared.
      const row = message !== open.message ? await repo.setLinkMessage(db, open.id, message) : open
      return { created: false, link: await wireLink(db, deps.secret, row ?? open, booking) }
    }
    await repo.closeLink(db, open.id)
  }
  refuseUnlessOpen((await statusOf(db, null, booking)).status)
  // Not guessable, never written to the log, never stored: only its hash and nonce are.
  const { tokenHash, tokenNonce } = issueToken(deps.secret)
  const link = await repo.insertLink(db, { bookingId: booking.id, tokenHash, tokenNonce, message, createdBy: user.id })
  return { created: true, link: await wireLink(db, deps.secret, link, booking) }
}

export const closeLinks = (db: Db, booking: BookingRow) => repo.closeOpenLinks(db, booking.id)

/** The family thanks a contributor: one SMS, the first time only. */
export async function thankContributor(deps: Deps, booking: BookingRow, paymentId: number): Promise<void> {
  const { db, log } = deps
  const p = await repo.completedPaymentOf(db, booking.id, paymentId)
  if (!p || p.contributionLinkId === null) throw new ApiError(404, MSG_CONTRIBUTION_NOT_FOUND)
  if (p.contributorPhone && p.thankedAt === null) {
    const family = (await repo.userNameOf(db, booking.clientId)) ?? 'The family'
    await queueSmsTo(db, log, p.contributorPhone, { kind: 'contribution', bookingId: booking.id, body: contributorSms(p.contributorLanguage).familyThanks(family, await repo.deceasedNameOf(db, booking.deceasedId)) })
  }
  await repo.markThanked(db, p.id)
}

/** GET /contributions/{token}: what the public page shows (`home` from the settings). */
export async function publicPage(db: Db, token: string, home: { name: string; phone: string; email: string }) {
  const { link, booking } = await linkByToken(db, token)
  const s = await statusOf(db, link, booking)
  const given = await repo.givenThrough(db, booking.id, link.id)
  return contributionPage({
    status: s.status,
    home,
    deceasedName: await repo.deceasedNameOf(db, booking.deceasedId),
    serviceDate: s.lastServiceDate,
    message: link.message,
    total: s.total,
    due: s.due,
    given: given.map((g) => ({ ...g, at: iso(g.at) })),
  })
}

/** The link a public request names (404 when none). */
export const linkOf = async (db: Db, token: string) => (await linkByToken(db, token)).link

/** POST /contributions/{token}/push: a relative's STK push, held to what is due less what others hold. */
export async function contributionPush(deps: Deps, token: string, body: () => Promise<unknown>): Promise<Record<string, string>> {
  const { db } = deps
  const { link, booking } = await linkByToken(db, token)
  const input = parse(ContributionPushRequest, await body())
  const phone = normaliseKenyanPhone(input.phoneNumber)!
  refuseUnlessOpen((await statusOf(db, link, booking)).status)
  refuseTooManyContributionPushes(await contributionPushesSince(db, link.id, phone, CONTRIBUTION_RATE_WINDOW_MS))

  const claimId = `claim-${randomUUID()}`
  // The booking row is locked while the amount is reserved: two relatives at the same moment see each other's hold.
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    await lockBooking(t, booking.id)
    // What is due is read again under the lock: a contribution may have completed since the check above.
    checkContribution((await standing(t, booking)).due, await reservedFor(t, booking.id), input.amount)
    await claimPush(
      t,
      { checkoutRequestId: claimId, merchantRequestId: '', bookingId: booking.id, clientId: booking.clientId, phone, amount: input.amount, scenario: scenarioForPhone(phone).id, contributionLinkId: link.id },
      deps.reconcileFirstMs ?? 60_000,
    )
  })
  return pushAfterClaim(deps, claimId, {
    bookingId: booking.id,
    clientId: booking.clientId,
    phone,
    amount: input.amount,
    contribution: { linkId: link.id, name: input.name, message: input.message?.trim() || null, anonymous: input.anonymous ?? false, language: input.language ?? null },
  })
}

/** The harambee a tribute page shows beside it: the booking's latest link, its state and what is given and due (null without a link). */
export async function harambeeOf(deps: Deps, booking: BookingRow) {
  const link = await repo.latestLinkOf(deps.db, booking.id)
  if (!link) return null
  const s = await statusOf(deps.db, link, booking)
  return { status: s.status, total: s.total, due: s.due, token: await tokenOf(deps.db, deps.secret, link) }
}
