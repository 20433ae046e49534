import { http, HttpResponse } from 'msw'
import { db, nextId, plain } from '../db'
import type { BookingRecord, ContributionLinkRecord, UserRecord } from '../db'
import { ApiError, body, parseId, readJson, requireUser, route, validate } from '../http'
import {
  CONTRIBUTION_RATE_WINDOW_MS,
  ContributionLinkRequest,
  ContributionPushRequest,
  MSG_LINK_CLOSED_OK,
  MSG_LINK_NOT_FOUND,
  MSG_THANKED,
  linkStatus,
  contributorSms,
} from '../../shared/contracts/contributions'
import { MSG_CHECKOUT_NOT_FOUND, normaliseKenyanPhone } from '../../shared/contracts/payments'
import {
  MSG_CONTRIBUTION_NOT_FOUND,
  checkContribution,
  contributionPage,
  familyContribution,
  lastServiceDate as lastOf,
  looksLikeToken,
  refuseTooManyContributionPushes,
  refuseUnlessFamily,
  refuseUnlessOpen,
} from '../../shared/contributions'
import { findVisibleBooking } from './bookings'
import { amountDueToday, toWireBooking } from '../serialize'
import { reservedFor } from '../mpesa'
import { queueMockSmsTo } from '../messages'
import { storedSettings } from './settings'
import { startMockPush, verifyAnswer } from './payments'
import { idempotent } from '../idempotency'
import { cryptoRandom } from '../passwords'

/** The latest of the booking's services: the link expires 30 days after it. */
const lastServiceDate = (b: BookingRecord) => lastOf(b.lines.map((l) => l.scheduled_date))

/** Every charge so far: the booked lines with storage for the days in care (the invoice's total). */
const chargesOf = (b: BookingRecord) => toWireBooking(b).charges_to_date

function statusOf(link: ContributionLinkRecord, booking: BookingRecord) {
  return linkStatus({ closedAt: link.closed_at, bookingCancelled: booking.status === 'cancelled', due: amountDueToday(booking), lastServiceDate: lastServiceDate(booking), now: Date.now() })
}

function linkByToken(token: unknown): { link: ContributionLinkRecord; booking: BookingRecord } {
  const t = typeof token === 'string' ? token : ''
  const link = looksLikeToken(t) ? db.contributionLink.findFirst((q) => q.where({ token: t })) : undefined
  const booking = link ? db.booking.findFirst((q) => q.where({ id: link.booking_id })) : undefined
  if (!link || !booking) throw new ApiError(404, MSG_LINK_NOT_FOUND)
  return { link, booking }
}

function ownBooking(user: UserRecord, id: string | readonly string[] | undefined, write: boolean): BookingRecord {
  const booking = findVisibleBooking(user, id)
  refuseUnlessFamily(user, write)
  return booking
}

const wireLink = (link: ContributionLinkRecord, booking: BookingRecord) => ({ token: link.token, status: statusOf(link, booking), message: link.message, created_at: link.created_at })

function contributionsOf(bookingId: number) {
  return db.payment
    .findMany((q) => q.where({ booking_id: bookingId, status: 'completed' }))
    .filter((p) => p.contribution_link_id)
    .sort((a, b) => b.payment_date.localeCompare(a.payment_date) || b.id - a.id)
    .map((p) =>
      familyContribution({
        id: p.id,
        contributorName: p.contributor_name ?? null,
        contributorAnonymous: p.contributor_anonymous ?? false,
        amount: p.amount,
        at: p.payment_date,
        contributorMessage: p.contributor_message ?? null,
        contributorPhone: p.contributor_phone ?? null,
        receipt: p.transaction_id,
        thanked: !!p.thanked_at,
      }),
    )
}

/** 256 random bits, url-safe. */
function newToken(): string {
  const bytes = new Uint8Array(32)
  if (globalThis.crypto?.getRandomValues) globalThis.crypto.getRandomValues(bytes)
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(cryptoRandom() * 256)
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

const deceasedNameOf = (b: BookingRecord) => {
  const d = db.deceased.findFirst((q) => q.where({ id: b.deceased_id }))
  return d ? `${d.first_name} ${d.last_name}` : ''
}

/**
 * One relative's check-and-hold at a time per booking, as the server's lock on the booking row:
 * @msw/data writes asynchronously, so two pushes at the same moment could otherwise both pass the
 * check before either is recorded, and together hold more than is due.
 */
const holding = new Map<number, Promise<unknown>>()
function oneAtATime<T>(bookingId: number, task: () => Promise<T>): Promise<T> {
  const run = (holding.get(bookingId) ?? Promise.resolve()).then(task, task)
  const done = run.catch(() => undefined)
  holding.set(bookingId, done)
  void done.then(() => {
    if (holding.get(bookingId) === done) holding.delete(bookingId)
  })
  return run
}

/** Harambee (src/api/contracts/contributions.ts), as the server answers it. */
export const contributionHandlers = [
  http.get(
    '*/api/bookings/:id/contributions',
    route(async ({ request, params }) => {
      const booking = ownBooking(await requireUser(request), params.id, false)
      const link = db.contributionLink.findMany((q) => q.where({ booking_id: booking.id }), { orderBy: { id: 'desc' } })[0]
      return HttpResponse.json({ link: link ? wireLink(link, booking) : null, contributions: contributionsOf(booking.id) })
    }),
  ),

  http.post(
    '*/api/bookings/:id/contributions/link',
    route(async ({ request, params }) => {
      const user = await requireUser(request)
      const booking = ownBooking(user, params.id, true)
      const message = (await body(request, ContributionLinkRequest)).message?.trim() || null
      const open = db.contributionLink.findFirst((q) => q.where({ booking_id: booking.id, closed_at: null }))
      if (open) {
        if (statusOf(open, booking) === 'open') {
          const row = (await db.contributionLink.update((q) => q.where({ id: open.id }), { data: (l) => void (l.message = message) })) ?? open
          return HttpResponse.json({ link: wireLink(row, booking) })
        }
        await db.contributionLink.update((q) => q.where({ id: open.id }), { data: (l) => void (l.closed_at = new Date().toISOString()) })
      }
      refuseUnlessOpen(linkStatus({ closedAt: null, bookingCancelled: booking.status === 'cancelled', due: amountDueToday(booking), lastServiceDate: lastServiceDate(booking), now: Date.now() }))
      const link = await db.contributionLink.create({ id: nextId('contributionLink'), booking_id: booking.id, token: newToken(), message, created_by: user.id, created_at: new Date().toISOString(), closed_at: null })
      return HttpResponse.json({ link: wireLink(plain(link), booking) }, { status: 201 })
    }),
  ),

  http.delete(
    '*/api/bookings/:id/contributions/link',
    route(async ({ request, params }) => {
      const booking = ownBooking(await requireUser(request), params.id, true)
      await db.contributionLink.updateMany((q) => q.where({ booking_id: booking.id, closed_at: null }), { data: (l) => void (l.closed_at = new Date().toISOString()) })
      return HttpResponse.json({ message: MSG_LINK_CLOSED_OK })
    }),
  ),

  http.post(
    '*/api/bookings/:id/contributions/:paymentId/thank',
    route(async ({ request, params }) => {
      const booking = ownBooking(await requireUser(request), params.id, true)
      const id = parseId(params.paymentId, MSG_CONTRIBUTION_NOT_FOUND)
      const p = db.payment.findFirst((q) => q.where({ id, booking_id: booking.id, status: 'completed' }))
      if (!p || !p.contribution_link_id) throw new ApiError(404, MSG_CONTRIBUTION_NOT_FOUND)
      if (p.contributor_phone && !p.thanked_at) {
        const family = db.user.findFirst((q) => q.where({ id: booking.client_id }))
        await queueMockSmsTo(p.contributor_phone, { kind: 'contribution', bookingId: booking.id, body: contributorSms(p.contributor_language).familyThanks(family?.name ?? 'The family', deceasedNameOf(booking)) })
        await db.payment.update((q) => q.where({ id: p.id }), { data: (r) => void (r.thanked_at = new Date().toISOString()) })
      }
      return HttpResponse.json({ message: MSG_THANKED })
    }),
  ),

  http.get(
    '*/api/contributions/:token',
    route(async ({ params }) => {
      const { link, booking } = linkByToken(params.token)
      const due = amountDueToday(booking)
      const general = storedSettings().general
      const given = db.payment
        .findMany((q) => q.where({ booking_id: booking.id, status: 'completed' }))
        .filter((p) => p.contribution_link_id === link.id)
        .sort((a, b) => a.payment_date.localeCompare(b.payment_date) || a.id - b.id)
      return HttpResponse.json(
        contributionPage({
          status: statusOf(link, booking),
          home: { name: general.facilityName, phone: general.contactPhone, email: general.contactEmail },
          deceasedName: deceasedNameOf(booking),
          serviceDate: lastServiceDate(booking),
          message: link.message,
          // All that is charged so far (storage for the days in care counted), as the invoice has it.
          total: chargesOf(booking),
          due,
          given: given.map((p) => ({ name: p.contributor_name ?? null, anonymous: p.contributor_anonymous ?? false, amount: p.amount, at: p.payment_date })),
        }),
      )
    }),
  ),

  http.post(
    '*/api/contributions/:token/push',
    // A relative on a weak network who sends again after a lost answer gets the first push's answer: one prompt.
    route(async ({ request, params }) =>
      idempotent(request, 0, async () => {
        const { link, booking: found } = linkByToken(params.token)
        const input = validate(ContributionPushRequest, await readJson(request))
        const phone = normaliseKenyanPhone(input.phoneNumber)!
        return oneAtATime(found.id, async () => {
          // The booking as it is now that no other push is being checked (a payment may have completed meanwhile).
          const booking = db.booking.findFirst((q) => q.where({ id: found.id })) ?? found
          refuseUnlessOpen(statusOf(link, booking))
          const since = Date.now() - CONTRIBUTION_RATE_WINDOW_MS
          const recent = db.mpesaRequest.findMany((q) => q.where({ booking_id: booking.id })).filter((r) => r.contribution_link_id && Date.parse(r.created_at) > since)
          const byPhone = db.mpesaRequest.all().filter((r) => r.contribution_link_id && r.phone === phone && Date.parse(r.created_at) > since)
          refuseTooManyContributionPushes({ perLink: recent.filter((r) => r.contribution_link_id === link.id).length, perPhone: byPhone.length })
          checkContribution(amountDueToday(booking), reservedFor(booking.id), input.amount)
          return startMockPush({
            bookingId: booking.id,
            clientId: booking.client_id,
            phone,
            amount: input.amount,
            linkId: link.id,
            contributor: { name: input.name, message: input.message?.trim() || null, anonymous: input.anonymous ?? false, language: input.language },
          })
        })
      }),
    ),
  ),

  http.get(
    '*/api/contributions/:token/verify/:checkoutRequestId',
    route(async ({ params }) => {
      const { link } = linkByToken(params.token)
      const checkoutId = typeof params.checkoutRequestId === 'string' ? params.checkoutRequestId : ''
      const req = db.mpesaRequest.findFirst((q) => q.where({ checkout_request_id: checkoutId }))
      if (!req || req.contribution_link_id !== link.id) throw new ApiError(404, MSG_CHECKOUT_NOT_FOUND)
      return verifyAnswer(req)
    }),
  ),
]

/** The harambee a tribute page shows beside it: the booking's latest link (null without one). */
export function harambeeOf(booking: BookingRecord) {
  const link = db.contributionLink.findMany((q) => q.where({ booking_id: booking.id }), { orderBy: { id: 'desc' } })[0]
  return link ? { status: statusOf(link, booking), total: chargesOf(booking), due: amountDueToday(booking), token: link.token } : null
}
