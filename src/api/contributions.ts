import { z } from 'zod/mini'
import { ApiError, request } from './client'
import { BookingContributions, ContributionLinkResponse, ContributionPage, ContributionPushRequest } from '../../shared/contracts/contributions'
import { StkPushResponse, VerifyResponse, normaliseKenyanPhone } from '../../shared/contracts/payments'
import { withPushKey } from './push-key'

const anonymous = { authenticated: false }
const at = (token: string) => `/contributions/${encodeURIComponent(token)}`

// ---- the family ----

/** The booking's link (null when none was made) and the contributions so far. */
export const bookingContributions = (bookingId: string) => request((w) => w.url(`/bookings/${encodeURIComponent(bookingId)}/contributions`).get().json(), BookingContributions)

/** The open link, made on first need, with the family's words for it. */
export const inviteContributions = (bookingId: string, message: string) =>
  request((w) => w.url(`/bookings/${encodeURIComponent(bookingId)}/contributions/link`).post(message.trim() ? { message } : {}).json(), ContributionLinkResponse).then((r) => r.link)

export const closeContributionLink = (bookingId: string) =>
  request((w) => w.url(`/bookings/${encodeURIComponent(bookingId)}/contributions/link`).delete().json(), z.object({ message: z.string() }))

export const thankContributor = (bookingId: string, paymentId: string) =>
  request((w) => w.url(`/bookings/${encodeURIComponent(bookingId)}/contributions/${encodeURIComponent(paymentId)}/thank`).post().json(), z.object({ message: z.string() }))

/** The address a relative opens: the public page of the link. */
export const contributionUrl = (token: string, origin = typeof location === 'undefined' ? '' : location.origin) => `${origin}/contribute/${token}`

// ---- anyone with the link (no account: a 401 here would not mean a session ended) ----

export const contributionPage = (token: string) => request((w) => w.url(at(token)).get().json(), ContributionPage, anonymous)

export async function contributionPush(token: string, body: ContributionPushRequest) {
  const checked = ContributionPushRequest.safeParse(body)
  if (!checked.success) throw new ApiError(0, checked.error.issues[0]?.message)
  const intent = `${token}|${checked.data.amount}|${normaliseKenyanPhone(checked.data.phoneNumber) ?? ''}`
  return withPushKey(intent, async (key) => (await request((w) => w.url(`${at(token)}/push`).headers({ 'Idempotency-Key': key }).post(checked.data).json(), StkPushResponse, anonymous)).data)
}

export const contributionVerify = (token: string, checkoutRequestId: string) =>
  request((w) => w.url(`${at(token)}/verify/${encodeURIComponent(checkoutRequestId)}`).get().json(), VerifyResponse, anonymous).then((r) => r.data)
