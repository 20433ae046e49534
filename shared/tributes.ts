/**
 * The rules of the tribute page that both backends follow, as plain functions over plain data: who
 * edits, what a slug looks like, when the public page answers, which condolences are refused, and
 * what the family and the public are shown. Wire shapes and words: shared/contracts/tributes.ts.
 */
import { ApiError } from './errors'
import {
  CONDOLENCE_STATUSES,
  MSG_CONDOLENCE_NO_LINKS,
  MSG_CONDOLENCE_SPAM,
  MSG_ONLY_FAMILY_TRIBUTE,
  MSG_TRIBUTE_GONE,
  MSG_TRIBUTE_NOT_FOUND,
  TRIBUTE_SLUG_LENGTH,
  type CondolenceStatus,
  type TributeEvent,
  type TributePage,
  type TributeRequest,
} from './contracts/tributes'
import { tributePhotoPath } from './tribute-photo'
import { compareIso } from './dates'

const SLUG_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** A new slug from `random` bytes (at least TRIBUTE_SLUG_LENGTH): unambiguous letters and digits, short enough to read out. */
export function slugFrom(random: Uint8Array): string {
  let slug = ''
  // 56 symbols: bytes of 224 and above are not used, so every symbol is equally likely.
  for (const b of random) {
    if (b >= 224) continue
    slug += SLUG_ALPHABET[b % 56]
    if (slug.length === TRIBUTE_SLUG_LENGTH) return slug
  }
  throw new Error('not enough random bytes for a slug')
}

/** Anything else is not a slug (and reaches no store). */
export const looksLikeSlug = (slug: string): boolean => new RegExp(`^[${SLUG_ALPHABET}]{${TRIBUTE_SLUG_LENGTH}}$`).test(slug)

/** Only the booking's family edits its tribute (403); an admin may look and moderate condolences. */
export function refuseUnlessTributeOwner(user: { role: string }): void {
  if (user.role !== 'client') throw new ApiError(403, MSG_ONLY_FAMILY_TRIBUTE)
}

/** The public door: 404 for an unknown slug, 410 at once when the family unpublished it. */
export function refuseUnlessPublished<T extends { published: boolean }>(tribute: T | undefined | null): T {
  if (!tribute) throw new ApiError(404, MSG_TRIBUTE_NOT_FOUND)
  if (!tribute.published) throw new ApiError(410, MSG_TRIBUTE_GONE)
  return tribute
}

const LINK = /(https?:\/\/|www\.|\b[a-z0-9-]+\.(com|net|org|info|biz|xyz|top|ru|io|co|ke|ly|me|site|online|click)\b|@[a-z0-9-]+\.[a-z]{2,})/i
const SPAM_WORDS = /\b(viagra|casino|bitcoin|crypto|forex|betting|loan offer|earn money|make money|click here|sex|porn|telegram)\b/i

/** A condolence with a link (or e-mail address) or the obvious marks of spam is refused with words that say why (422). */
export function refuseSpam(input: { name: string; message: string }): void {
  const text = `${input.name}\n${input.message}`
  if (LINK.test(text)) throw new ApiError(422, MSG_CONDOLENCE_NO_LINKS, { message: MSG_CONDOLENCE_NO_LINKS })
  const letters = input.message.replace(/[^\p{L}]/gu, '')
  const shouting = letters.length >= 20 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()
  if (SPAM_WORDS.test(text) || /(.)\1{9,}/u.test(text) || shouting) throw new ApiError(422, MSG_CONDOLENCE_SPAM, { message: MSG_CONDOLENCE_SPAM })
}

/** The admin's list shows this status: pending (waiting for someone) unless another is named. */
export const condolenceListStatus = (asked: string | null | undefined): CondolenceStatus =>
  (CONDOLENCE_STATUSES as readonly string[]).includes(asked ?? '') ? (asked as CondolenceStatus) : 'pending'

/** The tribute as both stores keep it. */
export interface StoredTribute {
  slug: string
  published: boolean
  findable: boolean
  story: string
  born: string | null
  livestreamUrl: string | null
  events: TributeEvent[]
  updatedAt: string
  photo: StoredPhoto | null
}

/** The photo's sizes as stored (the large one at most TRIBUTE_PHOTO_WIDTH wide) and its version. */
export interface StoredPhoto {
  width: number
  height: number
  smallWidth: number
  smallHeight: number
  /** Null for a photo stored before the middle size was made. */
  mediumWidth: number | null
  mediumHeight: number | null
  version: string
}

/** The request as stored: empty texts are none, events in time order. */
export function tributeFields(input: TributeRequest) {
  return {
    published: input.published,
    findable: input.findable,
    story: input.story.trim(),
    born: input.born || null,
    livestreamUrl: input.livestream_url || null,
    events: [...input.events].map((e) => ({ ...e, place: e.place.trim(), map_url: e.map_url.trim() })).sort((a, b) => compareIso(a.starts_at, b.starts_at)),
  }
}

export const wireTribute = (t: StoredTribute) => ({
  slug: t.slug,
  published: t.published,
  findable: t.findable,
  story: t.story,
  born: t.born,
  livestream_url: t.livestreamUrl,
  events: t.events,
  updated_at: t.updatedAt,
  photo: t.photo ? { width: t.photo.width, height: t.photo.height, version: t.photo.version } : null,
})

export interface StoredCondolence {
  id: number
  name: string
  message: string
  status: CondolenceStatus
  at: string
}
export const familyCondolence = (c: StoredCondolence) => ({ id: c.id, name: c.name, message: c.message, status: c.status, at: c.at })

/**
 * The map link an event shows: the family's own, else a search for its place (none without a place).
 */
export function mapLink(event: Pick<TributeEvent, 'place' | 'map_url'>): string | null {
  if (event.map_url) return event.map_url
  return event.place ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(event.place)}` : null
}

/**
 * The card's first programme: the booking's service at its time (10:00 when only the day is known)
 * at its venue; the family changes what differs.
 */
export function suggestedProgramme(serviceDate: string | null | undefined, venue: string | null | undefined, title = 'Funeral service'): TributeEvent[] {
  if (!serviceDate) return []
  const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(serviceDate) ? serviceDate.slice(0, 16) : `${serviceDate.slice(0, 10)}T10:00`
  return [{ title, starts_at: time, place: venue ?? '', map_url: '' }]
}

/** What the public page shows: approved condolences only, oldest first; harambee only if the family made a link. */
export function tributePage(input: {
  tribute: StoredTribute
  deceasedName: string
  died: string
  home: TributePage['home']
  harambee: { status: string; total: number; due: number; token: string } | null
  approved: ReadonlyArray<{ name: string; message: string; at: string }>
}): TributePage {
  const t = input.tribute
  const h = input.harambee
  return {
    slug: t.slug,
    deceased_name: input.deceasedName,
    born: t.born,
    died: input.died.slice(0, 10),
    story: t.story,
    livestream_url: t.livestreamUrl,
    events: t.events,
    findable: t.findable,
    updated_at: t.updatedAt,
    home: input.home,
    harambee: h ? { status: h.status, total: h.total, paid: h.total - h.due, amount_due: h.due, path: h.status === 'open' ? `/contribute/${h.token}` : null } : null,
    condolences: [...input.approved].sort((a, b) => compareIso(a.at, b.at)).map((c) => ({ name: c.name, message: c.message, at: c.at })),
    photo: t.photo
      ? {
          url: tributePhotoPath(t.slug, t.photo.version),
          small_url: tributePhotoPath(t.slug, t.photo.version, 'small'),
          width: t.photo.width,
          height: t.photo.height,
          small_width: t.photo.smallWidth,
          small_height: t.photo.smallHeight,
          medium_url: t.photo.mediumWidth ? tributePhotoPath(t.slug, t.photo.version, 'medium') : null,
          medium_width: t.photo.mediumWidth,
          medium_height: t.photo.mediumHeight,
        }
      : null,
  }
}
