/**
 * Share links for a booking's papers: a family forwards its invoice, statement, quotation or a
 * receipt by WhatsApp or SMS to someone without an account (the funeral committee, a relative).
 * The link holds an unguessable token: the paper it opens and when it stops working, signed with
 * the backend's secret (HMAC-SHA-256), so nothing is stored and a changed or made-up token opens
 * nothing. Whoever holds the link reads that one paper, until it expires.
 */
import { z } from 'zod/mini'
import { ApiError } from '../errors'
import { PAPER_KINDS, type BookingPaperKind } from './papers'

/** How long a shared link opens its paper. */
export const SHARE_LINK_DAYS = 7
export const MSG_SHARE_EXPIRED = 'This link has expired. Ask the family for a new one.'
export const MSG_SHARE_NOT_FOUND = 'Document not found'

/** POST /bookings/{id}/papers/share: which paper (a receipt names its payment). */
export const ShareRequest = z.object({
  kind: z.enum(PAPER_KINDS, { error: 'Choose the paper to share: invoice, statement, quotation or receipt' }),
  payment_id: z.optional(z.union([z.number(), z.string()])),
})
export type ShareRequest = z.infer<typeof ShareRequest>
/** Its answer: the link (under /api) and when it stops working. */
export const ShareLink = z.object({ url: z.string(), expires_at: z.string() })
export type ShareLink = z.infer<typeof ShareLink>

export interface SharedPaper {
  bookingId: number
  kind: BookingPaperKind
  paymentId: number | null
  /** Milliseconds since the epoch. */
  expiresAt: number
}

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

async function signature(secret: Uint8Array, body: string): Promise<string> {
  const key = await globalThis.crypto.subtle.importKey('raw', secret as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return base64url(new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`paper-share:${body}`))))
}

/** The same text, compared in time that does not depend on where they differ. */
function same(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

/** A link's token for one paper, good until `now` plus SHARE_LINK_DAYS. */
export async function shareLink(secret: Uint8Array, paper: Omit<SharedPaper, 'expiresAt'>, now: Date): Promise<ShareLink> {
  const expiresAt = now.getTime() + SHARE_LINK_DAYS * 86_400_000
  const body = `${paper.bookingId}.${paper.kind}.${paper.paymentId ?? 0}.${expiresAt}`
  return { url: `/papers/shared/${body}.${await signature(secret, body)}`, expires_at: new Date(expiresAt).toISOString() }
}

/** The paper a token opens: 404 for a token not made here (or changed), 410 once it has expired. */
export async function readShareToken(secret: Uint8Array, token: string, now: Date): Promise<SharedPaper> {
  const m = /^(\d{1,9})\.(invoice|statement|quotation|receipt)\.(\d{1,12})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!m) throw new ApiError(404, MSG_SHARE_NOT_FOUND)
  const [, booking, kind, payment, expires, mac] = m
  if (!same(await signature(secret, `${booking}.${kind}.${payment}.${expires}`), mac ?? '')) throw new ApiError(404, MSG_SHARE_NOT_FOUND)
  if (now.getTime() >= Number(expires)) throw new ApiError(410, MSG_SHARE_EXPIRED)
  return { bookingId: Number(booking), kind: kind as BookingPaperKind, paymentId: Number(payment) || null, expiresAt: Number(expires) }
}
