/** The tributes and tribute_condolences tables. */
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { bookings, deceased, smsOutbox, tributeCondolences, tributePhotos, tributes } from '../db/schema'
import type { BookingRow } from './bookings'

export type TributeRow = typeof tributes.$inferSelect
export type CondolenceRow = typeof tributeCondolences.$inferSelect
export type PhotoRow = typeof tributePhotos.$inferSelect
export type PhotoMeta = Omit<PhotoRow, 'large' | 'medium' | 'small'>
export type TributeFields = Pick<TributeRow, 'published' | 'findable' | 'story' | 'born' | 'livestreamUrl' | 'events'>

export async function tributeOfBooking(db: Db, bookingId: number): Promise<TributeRow | undefined> {
  const [row] = await db.select().from(tributes).where(eq(tributes.bookingId, bookingId))
  return row
}

export async function tributeBySlug(db: Db, slug: string): Promise<{ tribute: TributeRow; booking: BookingRow } | undefined> {
  const [row] = await db.select({ tribute: tributes, booking: bookings }).from(tributes).innerJoin(bookings, eq(bookings.id, tributes.bookingId)).where(eq(tributes.slug, slug))
  return row
}

/** Saves the booking's tribute, made with `slug` on the first save (the slug of an existing one never changes). */
export async function upsertTribute(db: Db, bookingId: number, slug: string, fields: TributeFields): Promise<TributeRow> {
  const [row] = await db
    .insert(tributes)
    .values({ bookingId, slug, ...fields })
    .onConflictDoUpdate({ target: tributes.bookingId, set: { ...fields, updatedAt: sql`now()` } })
    .returning()
  if (!row) throw new Error('tribute not saved')
  return row
}

export function condolencesOf(db: Db, tributeId: number) {
  return db.select().from(tributeCondolences).where(eq(tributeCondolences.tributeId, tributeId)).orderBy(desc(tributeCondolences.createdAt), desc(tributeCondolences.id))
}

export function approvedCondolencesOf(db: Db, tributeId: number) {
  return db
    .select()
    .from(tributeCondolences)
    .where(and(eq(tributeCondolences.tributeId, tributeId), eq(tributeCondolences.status, 'approved')))
    .orderBy(asc(tributeCondolences.createdAt), asc(tributeCondolences.id))
}

export async function insertCondolence(db: Db, tributeId: number, name: string, message: string): Promise<CondolenceRow> {
  const [row] = await db.insert(tributeCondolences).values({ tributeId, name, message }).returning()
  if (!row) throw new Error('condolence not saved')
  return row
}

export async function setCondolenceStatus(db: Db, tributeId: number, id: number, status: 'approved' | 'hidden'): Promise<CondolenceRow | undefined> {
  const [row] = await db
    .update(tributeCondolences)
    .set({ status })
    .where(and(eq(tributeCondolences.id, id), eq(tributeCondolences.tributeId, tributeId)))
    .returning()
  return row
}

/** Whether an SMS of this kind about this booking was queued after `since`. */
export async function smsSentSince(db: Db, bookingId: number, kind: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.bookingId, bookingId), eq(smsOutbox.kind, kind), gt(smsOutbox.createdAt, since)))
    .limit(1)
  return row !== undefined
}

const photoMetaColumns = {
  tributeId: tributePhotos.tributeId,
  width: tributePhotos.width,
  height: tributePhotos.height,
  smallWidth: tributePhotos.smallWidth,
  smallHeight: tributePhotos.smallHeight,
  mediumWidth: tributePhotos.mediumWidth,
  mediumHeight: tributePhotos.mediumHeight,
  uploadedAt: tributePhotos.uploadedAt,
}

/** The photo's sizes and time, without its bytes. */
export async function photoMeta(db: Db, tributeId: number): Promise<PhotoMeta | undefined> {
  const [row] = await db.select(photoMetaColumns).from(tributePhotos).where(eq(tributePhotos.tributeId, tributeId))
  return row
}

/**
 * One of the photo's sizes, with its time (the cache's validator). A photo stored before the middle
 * size existed answers it with the large one, so an address already handed out still shows a picture.
 */
export async function photoBytes(db: Db, tributeId: number, size: 'large' | 'medium' | 'small'): Promise<{ bytes: Uint8Array; uploadedAt: Date } | undefined> {
  const [row] = await db
    .select({ large: tributePhotos.large, medium: tributePhotos.medium, small: tributePhotos.small, uploadedAt: tributePhotos.uploadedAt })
    .from(tributePhotos)
    .where(eq(tributePhotos.tributeId, tributeId))
  if (!row) return undefined
  const bytes = size === 'small' ? row.small : size === 'medium' ? (row.medium ?? row.large) : row.large
  return { bytes, uploadedAt: row.uploadedAt }
}

/** Puts the tribute's photo in place of any earlier one. */
export async function savePhoto(db: Db, photo: Omit<PhotoRow, 'uploadedAt'>): Promise<PhotoMeta> {
  const { large, medium, small, width, height, smallWidth, smallHeight, mediumWidth, mediumHeight } = photo
  const [row] = await db
    .insert(tributePhotos)
    .values(photo)
    .onConflictDoUpdate({ target: tributePhotos.tributeId, set: { large, medium, small, width, height, smallWidth, smallHeight, mediumWidth, mediumHeight, uploadedAt: sql`now()` } })
    .returning(photoMetaColumns)
  if (!row) throw new Error('photo not saved')
  return row
}

export async function deletePhoto(db: Db, tributeId: number): Promise<void> {
  await db.delete(tributePhotos).where(eq(tributePhotos.tributeId, tributeId))
}

/** Every tribute's condolences of one status, newest first, with the page they were left on. */
export function condolencesByStatus(db: Db, status: 'pending' | 'approved' | 'hidden', limit: number) {
  return db
    .select({
      id: tributeCondolences.id,
      bookingId: tributes.bookingId,
      slug: tributes.slug,
      published: tributes.published,
      first: deceased.firstName,
      last: deceased.lastName,
      name: tributeCondolences.name,
      message: tributeCondolences.message,
      status: tributeCondolences.status,
      createdAt: tributeCondolences.createdAt,
    })
    .from(tributeCondolences)
    .innerJoin(tributes, eq(tributes.id, tributeCondolences.tributeId))
    .innerJoin(bookings, eq(bookings.id, tributes.bookingId))
    .innerJoin(deceased, eq(deceased.id, bookings.deceasedId))
    .where(eq(tributeCondolences.status, status))
    .orderBy(desc(tributeCondolences.createdAt), desc(tributeCondolences.id))
    .limit(limit)
}
