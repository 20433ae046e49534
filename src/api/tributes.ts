import { z } from 'zod/mini'
import { request } from './client'
import { AdminCondolences, BookingTribute, CondolenceResponse, TributePage, TributeResponse, type CondolenceRequest, type CondolenceStatus, type TributeRequest } from '../../shared/contracts/tributes'

const of = (bookingId: string) => `/bookings/${encodeURIComponent(bookingId)}/tribute`

/** The booking's tribute page (null before the first save) and every condolence, newest first. */
export const bookingTribute = (bookingId: string) => request((w) => w.url(of(bookingId)).get().json(), BookingTribute)

export const saveTribute = (bookingId: string, body: TributeRequest) => request((w) => w.url(of(bookingId)).put(body).json(), TributeResponse).then((r) => r.tribute)

export const moderateCondolence = (bookingId: string, id: string, status: Exclude<CondolenceStatus, 'pending'>) =>
  request((w) => w.url(`${of(bookingId)}/condolences/${encodeURIComponent(id)}`).patch({ status }).json(), CondolenceResponse).then((r) => r.condolence)

/** The photo's bytes as the body, its own type as Content-Type (the server reads the picture, not the name). */
export const uploadTributePhoto = (bookingId: string, file: Blob) =>
  request((w) => w.url(`${of(bookingId)}/photo`).content(file.type || 'application/octet-stream').body(file).put().json(), TributeResponse).then((r) => r.tribute)

export const removeTributePhoto = (bookingId: string) => request((w) => w.url(`${of(bookingId)}/photo`).delete().json(), TributeResponse).then((r) => r.tribute)

/** The admin's moderation list across every tribute page (pending unless another status is named). */
export const condolencesToModerate = (status: CondolenceStatus) =>
  request((w) => w.url(`/tributes/condolences?status=${status}`).get().json(), AdminCondolences).then((r) => r.condolences)

/** The address relatives open: the page the server writes. */
export const tributeUrl = (slug: string, origin = typeof location === 'undefined' ? '' : location.origin) => `${origin}/t/${slug}`

// ---- anyone with the address (no account: a 401 here would not mean a session ended) ----

const anonymous = { authenticated: false }
const publicAt = (slug: string) => `/tributes/${encodeURIComponent(slug)}`

/** What the page shows; an ApiError 404 (unknown) or 410 (taken down) otherwise. */
export const tributePage = (slug: string) => request((w) => w.url(publicAt(slug)).get().json(), TributePage, anonymous)

export const leaveCondolence = (slug: string, body: CondolenceRequest) =>
  request((w) => w.url(`${publicAt(slug)}/condolences`).post(body).json(), z.object({ message: z.string() }), anonymous)
