/**
 * Harambee (src/api/contracts/contributions.ts; the mock's mocks/handlers/contributions.ts answers
 * the same): the family's contribution link, the public page behind it, and relatives' M-Pesa
 * pushes. A contribution is a payment of the booking like any other, so every list counts it.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { and, asc, desc, eq, gt, isNull, or, sql } from 'drizzle-orm'
import {
  CONTRIBUTION_PUSHES_PER_LINK,
  CONTRIBUTION_PUSHES_PER_PHONE,
  CONTRIBUTION_RATE_WINDOW_MS,
  ContributionLinkRequest,
  ContributionPushRequest,
  MSG_LINK_CLOSED,
  MSG_LINK_CLOSED_OK,
  MSG_LINK_NOT_FOUND,
  MSG_NOTHING_DUE,
  MSG_THANKED,
  MSG_TOO_MANY_PUSHES,
  linkStatus,
  maskPhone,
  msgAmountAboveDue,
  publicName,
  contributorSms,
} from '../../shared/contracts/contributions'
import { normaliseKenyanPhone } from '../../shared/contracts/payments'
import { scenarioForPhone } from '../../shared/mpesa-scenarios'
import { amountDue, canSeeBooking } from '../../shared/rules'
import { ApiError, parse, pathId, valid } from '../http'
import { requireAuth } from '../auth'
import { idempotentAnonymous } from '../idempotency'
import type { Db } from '../db/client'
import { bookingLines, bookings, contributionLinks, deceased, mpesaRequests, payments, users } from '../db/schema'
import type { AppEnv } from '../types'
import { reservedFor, verifyPush } from '../mpesa'
import { DARAJA_QUERY_EVERY_MS, LIMITS, limitByAddress } from '../limits'
import { pushAfterClaim } from './payments'
import { storedSettings } from './settings'
import { queueSmsTo } from '../sms'

const MSG_BOOKING_NOT_FOUND = 'Booking not found'
const MSG_CHECKOUT_NOT_FOUND = 'Payment request not found'
type LinkRow = typeof contributionLinks.$inferSelect
type BookingRow = typeof bookings.$inferSelect

const iso = (d: Date) => d.toISOString()

/** What the booking owes and where it stands, for a link's status and its page. */
async function standing(db: Db, booking: BookingRow) {
  const rows = await db.select({ status: payments.status, amount: payments.amount }).from(payments).where(eq(payments.bookingId, booking.id))
  const due = amountDue(booking.totalAmount, rows)
  const [last] = await db.select({ d: sql<string | null>`max(${bookingLines.scheduledDate})` }).from(bookingLines).where(eq(bookingLines.bookingId, booking.id))
  return { due, paid: booking.totalAmount - due, lastServiceDate: last?.d ?? null }
}

async function statusOf(db: Db, link: LinkRow, booking: BookingRow) {
  const s = await standing(db, booking)
  return { ...s, status: linkStatus({ closedAt: link.closedAt, bookingCancelled: booking.status === 'cancelled', due: s.due, lastServiceDate: s.lastServiceDate, now: Date.now() }) }
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
    const [updated] = await db
      .update(contributionLinks)
      .set({
        tokenHash: fresh.tokenHash,
        tokenNonce: fresh.tokenNonce,
        legacyTokenHashes: sql`CASE WHEN ${contributionLinks.tokenHash} IS NULL THEN ${contributionLinks.legacyTokenHashes} ELSE array_append(${contributionLinks.legacyTokenHashes}, ${contributionLinks.tokenHash}) END`,
      })
      .where(
        and(
          eq(contributionLinks.id, row.id),
          row.tokenNonce === null ? isNull(contributionLinks.tokenNonce) : eq(contributionLinks.tokenNonce, row.tokenNonce),
          row.tokenHash === null ? isNull(contributionLinks.tokenHash) : eq(contributionLinks.tokenHash, row.tokenHash),
        ),
      )
      .returning({ id: contributionLinks.id })
    if (updated) return fresh.token
    ;[row] = await db.select().from(contributionLinks).where(eq(contributionLinks.id, link.id))
  }
  throw new Error('contribution link token could not be issued')
}

async function linkByToken(db: Db, token: string): Promise<{ link: LinkRow; booking: BookingRow }> {
  // A token is 43 url-safe characters; anything else is not one of ours (and never reaches SQL as more than a parameter).
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new ApiError(404, MSG_LINK_NOT_FOUND)
  const hash = linkTokenHash(token)
  const [row] = await db
    .select({ link: contributionLinks, booking: bookings })
    .from(contributionLinks)
    .innerJoin(bookings, eq(bookings.id, contributionLinks.bookingId))
    // The current token, or one the link had before (shared already): both open the same link.
    .where(or(eq(contributionLinks.tokenHash, hash), sql`${contributionLinks.legacyTokenHashes} @> ARRAY[${hash}]::text[]`))
    .limit(1)
  if (!row) throw new ApiError(404, MSG_LINK_NOT_FOUND)
  return row
}

async function ownBooking(c: Context<AppEnv>): Promise<BookingRow> {
  const [booking] = await c.var.deps.db.select().from(bookings).where(eq(bookings.id, pathId(c, MSG_BOOKING_NOT_FOUND)))
  const user = c.var.user
  if (!booking || !canSeeBooking(user, { client_id: booking.clientId, attendant_id: booking.attendantId })) throw new ApiError(404, MSG_BOOKING_NOT_FOUND)
  // Only the family invites and closes; an admin may look.
  if (c.req.method !== 'GET' && user.role !== 'client') throw new ApiError(403, 'Only the family can invite contributions')
  return booking
}

async function wireLink(db: Db, secret: Uint8Array, link: LinkRow, booking: BookingRow) {
  const { status } = await statusOf(db, link, booking)
  return { token: await tokenOf(db, secret, link), status, message: link.message, created_at: iso(link.createdAt) }
}

async function contributionsOf(db: Db, bookingId: number) {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'completed'), sql`${payments.contributionLinkId} IS NOT NULL`))
    .orderBy(desc(payments.paymentDate), desc(payments.id))
  return rows.map((p) => ({
    id: p.id,
    name: p.contributorName ?? '',
    anonymous: p.contributorAnonymous,
    amount: p.amount,
    at: iso(p.paymentDate),
    message: p.contributorMessage,
    phone: p.contributorPhone ? maskPhone(p.contributorPhone) : null,
    receipt: p.transactionId,
    thanked: p.thankedAt !== null,
  }))
}

async function deceasedName(db: Db, booking: BookingRow): Promise<string> {
  const [d] = await db.select({ first: deceased.firstName, last: deceased.lastName }).from(deceased).where(eq(deceased.id, booking.deceasedId))
  return d ? `${d.first} ${d.last}` : ''
}

export const bookingContributionRoutes = new Hono<AppEnv>()
  .get('/:id/contributions', requireAuth(), async (c) => {
    const { db } = c.var.deps
    const booking = await ownBooking(c)
    const [link] = await db.select().from(contributionLinks).where(eq(contributionLinks.bookingId, booking.id)).orderBy(desc(contributionLinks.id)).limit(1)
    return c.json({ link: link ? await wireLink(db, c.var.deps.secret, link, booking) : null, contributions: await contributionsOf(db, booking.id) })
  })

  .post('/:id/contributions/link', requireAuth('client'), valid('json', ContributionLinkRequest), async (c) => {
    const { db } = c.var.deps
    const booking = await ownBooking(c)
    const message = c.req.valid('json').message?.trim() || null
    const [open] = await db.select().from(contributionLinks).where(and(eq(contributionLinks.bookingId, booking.id), isNull(contributionLinks.closedAt)))
    if (open) {
      const s = await statusOf(db, open, booking)
      if (s.status === 'open') {
        // The family may change its words; the link stays the one already shared.
        const [row] = message !== open.message ? await db.update(contributionLinks).set({ message }).where(eq(contributionLinks.id, open.id)).returning() : [open]
        return c.json({ link: await wireLink(db, c.var.deps.secret, row ?? open, booking) })
      }
      await db.update(contributionLinks).set({ closedAt: sql`now()` }).where(eq(contributionLinks.id, open.id))
    }
    const s = await standing(db, booking)
    const would = linkStatus({ closedAt: null, bookingCancelled: booking.status === 'cancelled', due: s.due, lastServiceDate: s.lastServiceDate, now: Date.now() })
    if (would !== 'open') throw new ApiError(409, would === 'settled' ? MSG_NOTHING_DUE : MSG_LINK_CLOSED)
    // Not guessable, never written to the log, never stored: only its hash and nonce are.
    const { tokenHash, tokenNonce } = issueToken(c.var.deps.secret)
    const [link] = await db.insert(contributionLinks).values({ bookingId: booking.id, tokenHash, tokenNonce, message, createdBy: c.var.user.id }).returning()
    return c.json({ link: await wireLink(db, c.var.deps.secret, link!, booking) }, 201)
  })

  .delete('/:id/contributions/link', requireAuth('client'), async (c) => {
    const { db } = c.var.deps
    const booking = await ownBooking(c)
    await db.update(contributionLinks).set({ closedAt: sql`now()` }).where(and(eq(contributionLinks.bookingId, booking.id), isNull(contributionLinks.closedAt)))
    return c.json({ message: MSG_LINK_CLOSED_OK })
  })

  .post('/:id/contributions/:paymentId/thank', requireAuth('client'), async (c) => {
    const { db, log } = c.var.deps
    const booking = await ownBooking(c)
    const [p] = await db.select().from(payments).where(and(eq(payments.id, pathId(c, 'Contribution not found', 'paymentId')), eq(payments.bookingId, booking.id), eq(payments.status, 'completed')))
    if (!p || p.contributionLinkId === null) throw new ApiError(404, 'Contribution not found')
    const [family] = await db.select({ name: users.name }).from(users).where(eq(users.id, booking.clientId))
    if (p.contributorPhone && p.thankedAt === null) {
      await queueSmsTo(db, log, p.contributorPhone, { kind: 'contribution', bookingId: booking.id, body: contributorSms(p.contributorLanguage).familyThanks(family?.name ?? 'The family', await deceasedName(db, booking)) })
    }
    await db.update(payments).set({ thankedAt: sql`COALESCE(${payments.thankedAt}, now())` }).where(eq(payments.id, p.id))
    return c.json({ message: MSG_THANKED })
  })

/** The public side: anyone holding the link, no account. */
export const contributionRoutes = new Hono<AppEnv>()
  .get('/:token', async (c) => {
    const { db } = c.var.deps
    const { link, booking } = await linkByToken(db, c.req.param('token'))
    const s = await statusOf(db, link, booking)
    const general = (await storedSettings(db)).general
    const given = await db
      .select({ name: payments.contributorName, anonymous: payments.contributorAnonymous, amount: payments.amount, at: payments.paymentDate })
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), eq(payments.status, 'completed'), eq(payments.contributionLinkId, link.id)))
      .orderBy(asc(payments.paymentDate), asc(payments.id))
    return c.json({
      status: s.status,
      home: { name: general.facilityName, phone: general.contactPhone, email: general.contactEmail },
      deceased_name: await deceasedName(db, booking),
      service_date: s.lastServiceDate,
      message: link.message,
      total: booking.totalAmount,
      paid: s.paid,
      amount_due: s.due,
      contributions: given.map((g) => ({ name: publicName(g.name ?? '', g.anonymous), amount: g.amount, at: iso(g.at) })),
    })
  })

  // A relative on a weak network who sends again after a lost answer gets the first push's answer: one prompt.
  .post('/:token/push', idempotentAnonymous('token'), async (c) => {
    const { db } = c.var.deps
    await limitByAddress(c, 'contribution-push', LIMITS.contributionPushPerAddress, MSG_TOO_MANY_PUSHES)
    const { link, booking } = await linkByToken(db, c.req.param('token'))
    const raw: unknown = await c.req.json().catch(() => {
      throw new ApiError(400, 'Malformed JSON in request body')
    })
    const input = parse(ContributionPushRequest, raw)
    const phone = normaliseKenyanPhone(input.phoneNumber)!
    const s = await statusOf(db, link, booking)
    if (s.status !== 'open') throw new ApiError(409, s.status === 'settled' ? MSG_NOTHING_DUE : MSG_LINK_CLOSED)
    const since = sql`now() - ${`${CONTRIBUTION_RATE_WINDOW_MS} milliseconds`}::interval`
    const [perLink] = await db.select({ n: sql<number>`count(*)::int` }).from(mpesaRequests).where(and(eq(mpesaRequests.contributionLinkId, link.id), gt(mpesaRequests.createdAt, since)))
    const [perPhone] = await db.select({ n: sql<number>`count(*)::int` }).from(mpesaRequests).where(and(eq(mpesaRequests.phone, phone), sql`${mpesaRequests.contributionLinkId} IS NOT NULL`, gt(mpesaRequests.createdAt, since)))
    if (Number(perLink?.n ?? 0) >= CONTRIBUTION_PUSHES_PER_LINK || Number(perPhone?.n ?? 0) >= CONTRIBUTION_PUSHES_PER_PHONE) throw new ApiError(429, MSG_TOO_MANY_PUSHES)

    const claimId = `claim-${randomUUID()}`
    // The booking row is locked while the amount is reserved: two relatives at the same moment see each other's hold.
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db
      await t.execute(sql`SELECT id FROM bookings WHERE id = ${booking.id} FOR UPDATE`)
      // What is due is read again under the lock: a contribution may have completed since the check above.
      const available = (await standing(t, booking)).due - (await reservedFor(t, booking.id))
      if (input.amount > available) throw new ApiError(422, msgAmountAboveDue(available), { amount: msgAmountAboveDue(available) })
      await t.insert(mpesaRequests).values({
        checkoutRequestId: claimId,
        merchantRequestId: '',
        bookingId: booking.id,
        clientId: booking.clientId,
        phone,
        amount: input.amount,
        scenario: scenarioForPhone(phone).id,
        contributionLinkId: link.id,
        nextCheckAt: sql`now() + ${`${c.var.deps.reconcileFirstMs ?? 60_000} milliseconds`}::interval`,
      })
    })
    const data = await pushAfterClaim(c.var.deps, claimId, {
      bookingId: booking.id,
      clientId: booking.clientId,
      phone,
      amount: input.amount,
      contribution: { linkId: link.id, name: input.name, message: input.message?.trim() || null, anonymous: input.anonymous ?? false, language: input.language ?? null },
    })
    return c.json({ data })
  })

  .get('/:token/verify/:checkoutRequestId', async (c) => {
    const { db, log, daraja } = c.var.deps
    await limitByAddress(c, 'contribution-verify', LIMITS.contributionVerifyPerAddress)
    const { link } = await linkByToken(db, c.req.param('token'))
    const checkoutId = c.req.param('checkoutRequestId')
    const [req] = await db.select().from(mpesaRequests).where(and(eq(mpesaRequests.checkoutRequestId, checkoutId), eq(mpesaRequests.contributionLinkId, link.id)))
    if (!req) throw new ApiError(404, MSG_CHECKOUT_NOT_FOUND)
    return c.json({ data: await verifyPush(db, log, daraja, req, new Date(), c.var.deps.darajaQueryEveryMs ?? DARAJA_QUERY_EVERY_MS) })
  })
