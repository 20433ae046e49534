/**
 * The tribute page on the server: the family's edits, the public page's data and condolences. The
 * rules are shared/tributes.ts's (the mock follows the same ones); the tables are
 * server/repo/tributes.ts's.
 */
import { randomBytes } from 'node:crypto'
import { ADMIN_CONDOLENCES_MAX, CONDOLENCE_SMS, CONDOLENCE_SMS_EVERY_MS, CONDOLENCE_SMS_KIND, MSG_CONDOLENCE_NOT_FOUND, type TributeRequest } from '../../shared/contracts/tributes'
import { familyCondolence, looksLikeSlug, refuseSpam, refuseUnlessPublished, slugFrom, tributeFields, tributePage, wireTribute } from '../../shared/tributes'
import { ApiError } from '../http'
import type { Db } from '../db/client'
import type { Deps } from '../types'
import type { BookingRow } from '../repo/bookings'
import { findDeceased } from '../repo/bookings'
import * as repo from '../repo/tributes'
import type { CondolenceRow, PhotoMeta, TributeRow } from '../repo/tributes'
import { deceasedNameOf } from '../repo/contributions'
import { harambeeOf } from './contributions'
import { queueSms } from '../sms'
import { reencodePhoto } from '../tribute-photo'
import { MSG_PHOTO_NOT_FOUND } from '../../shared/tribute-photo'

const version = (p: PhotoMeta) => p.uploadedAt.getTime().toString(36)
const storedPhoto = (p: PhotoMeta | undefined) => (p ? { width: p.width, height: p.height, smallWidth: p.smallWidth, smallHeight: p.smallHeight, mediumWidth: p.mediumWidth, mediumHeight: p.mediumHeight, version: version(p) } : null)
const stored = (t: TributeRow, photo: PhotoMeta | undefined) => ({ ...t, updatedAt: t.updatedAt.toISOString(), photo: storedPhoto(photo) })
const wireCondolence = (c: CondolenceRow) => familyCondolence({ ...c, at: c.createdAt.toISOString() })

/** GET /bookings/{id}/tribute: the tribute (null before the first save) and every condolence, newest first. */
export async function bookingTribute(db: Db, booking: BookingRow) {
  const t = await repo.tributeOfBooking(db, booking.id)
  return { tribute: t ? wireTribute(stored(t, await repo.photoMeta(db, t.id))) : null, condolences: t ? (await repo.condolencesOf(db, t.id)).map(wireCondolence) : [] }
}

/** PUT /bookings/{id}/tribute: saved as sent; the first save gives it its slug. */
export async function saveTribute(db: Db, booking: BookingRow, input: TributeRequest) {
  // 32 random bytes always hold 12 usable ones (each is refused with probability 1/8).
  const row = await repo.upsertTribute(db, booking.id, slugFrom(randomBytes(32)), tributeFields(input))
  return wireTribute(stored(row, await repo.photoMeta(db, row.id)))
}

/** The booking's tribute, made (unpublished) when the family adds a photo before saving anything else. */
async function tributeToEdit(db: Db, booking: BookingRow) {
  return (await repo.tributeOfBooking(db, booking.id)) ?? (await repo.upsertTribute(db, booking.id, slugFrom(randomBytes(32)), tributeFields({ published: false, findable: false, story: '', born: '', livestream_url: '', events: [] })))
}

/** PUT /bookings/{id}/tribute/photo: re-encoded without metadata (server/tribute-photo.ts), in place of any earlier one. */
export async function saveTributePhoto(db: Db, booking: BookingRow, upload: Uint8Array) {
  const photo = await reencodePhoto(upload)
  const t = await tributeToEdit(db, booking)
  const meta = await repo.savePhoto(db, { tributeId: t.id, ...photo })
  return wireTribute(stored(t, meta))
}

/** DELETE /bookings/{id}/tribute/photo. */
export async function removeTributePhoto(db: Db, booking: BookingRow) {
  const t = await tributeToEdit(db, booking)
  await repo.deletePhoto(db, t.id)
  return wireTribute(stored(t, undefined))
}

/** GET /tributes/{slug}/photo[/medium|/small]: the bytes while the page is published (404 none, 410 unpublished). */
export async function tributePhoto(db: Db, slug: string, size: 'large' | 'medium' | 'small') {
  const { tribute } = await publishedBySlug(db, slug)
  const photo = await repo.photoBytes(db, tribute.id, size)
  if (!photo) throw new ApiError(404, MSG_PHOTO_NOT_FOUND)
  return { bytes: photo.bytes, version: photo.uploadedAt.getTime().toString(36) }
}

/** The link preview's inputs: the page as the public sees it and the photo's bytes (null: none). */
export async function tributePreview(deps: Deps, slug: string, home: { name: string; phone: string; email: string }) {
  const page = await publicTribute(deps, slug, home)
  const { tribute } = await publishedBySlug(deps.db, slug)
  const photo = page.photo ? await repo.photoBytes(deps.db, tribute.id, 'large') : undefined
  return { page, photo: photo?.bytes ?? null }
}

/** PATCH /bookings/{id}/tribute/condolences/{cid}: approved (shown) or hidden. */
export async function moderateCondolence(db: Db, booking: BookingRow, id: number, status: 'approved' | 'hidden') {
  const t = await repo.tributeOfBooking(db, booking.id)
  const row = t ? await repo.setCondolenceStatus(db, t.id, id, status) : undefined
  if (!row) throw new ApiError(404, MSG_CONDOLENCE_NOT_FOUND)
  return wireCondolence(row)
}

/** The published tribute a public request names: 404 unknown, 410 unpublished. */
async function publishedBySlug(db: Db, slug: string) {
  const found = looksLikeSlug(slug) ? await repo.tributeBySlug(db, slug) : undefined
  refuseUnlessPublished(found?.tribute)
  return found!
}

/** GET /tributes/{slug}: what the page shows. */
export async function publicTribute(deps: Deps, slug: string, home: { name: string; phone: string; email: string }) {
  const { tribute, booking } = await publishedBySlug(deps.db, slug)
  const deceased = await findDeceased(deps.db, booking.deceasedId)
  return tributePage({
    tribute: stored(tribute, await repo.photoMeta(deps.db, tribute.id)),
    deceasedName: await deceasedNameOf(deps.db, booking.deceasedId),
    died: deceased?.dateOfDeath ?? '',
    home,
    harambee: await harambeeOf(deps, booking),
    approved: (await repo.approvedCondolencesOf(deps.db, tribute.id)).map((c) => ({ name: c.name, message: c.message, at: c.createdAt.toISOString() })),
  })
}

/**
 * POST /tributes/{slug}/condolences: kept pending until the family approves it. The family is told
 * by SMS, at most once a day per booking (a page shared to a large group would otherwise ring all day).
 */
export async function leaveCondolence(deps: Deps, slug: string, input: { name: string; message: string }, home: string): Promise<void> {
  const { db, log } = deps
  const { tribute, booking } = await publishedBySlug(db, slug)
  refuseSpam(input)
  await repo.insertCondolence(db, tribute.id, input.name.trim(), input.message.trim())
  if (await repo.smsSentSince(db, booking.id, CONDOLENCE_SMS_KIND, new Date(Date.now() - CONDOLENCE_SMS_EVERY_MS))) return
  const deceased = await deceasedNameOf(db, booking.deceasedId)
  await queueSms(db, log, { userId: booking.clientId, kind: 'condolence', bookingId: booking.id, body: (language) => CONDOLENCE_SMS[language === 'sw' ? 'sw' : 'en'](home, deceased) })
}

/** GET /tributes/condolences: the admin's list across every page, newest first. */
export async function condolencesToModerate(db: Db, status: 'pending' | 'approved' | 'hidden') {
  const rows = await repo.condolencesByStatus(db, status, ADMIN_CONDOLENCES_MAX)
  return rows.map((r) => ({ id: r.id, booking_id: r.bookingId, deceased_name: `${r.first} ${r.last}`, slug: r.slug, published: r.published, name: r.name, message: r.message, status: r.status, at: r.createdAt.toISOString() }))
}
