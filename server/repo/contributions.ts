/** The contribution_links table, and the payments and names a contribution page shows. */
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { bookingLines, bookings, contributionLinks, deceased, payments, users } from '../db/schema'
import type { BookingRow } from './bookings'

export type LinkRow = typeof contributionLinks.$inferSelect
/** What a link row keeps of its token: its SHA-256 and the nonce it is derived from. */
export interface StoredToken {
  tokenHash: string
  tokenNonce: string
}

/** The latest of the booking's service dates (YYYY-MM-DD), or null. */
export async function lastServiceDateOf(db: Db, bookingId: number): Promise<string | null> {
  const [last] = await db.select({ d: sql<string | null>`max(${bookingLines.scheduledDate})` }).from(bookingLines).where(eq(bookingLines.bookingId, bookingId))
  return last?.d ?? null
}

export async function findLink(db: Db, id: number): Promise<LinkRow | undefined> {
  const [row] = await db.select().from(contributionLinks).where(eq(contributionLinks.id, id))
  return row
}

/** The link whose token (or one of its earlier tokens, shared already) has this hash, with its booking. */
export async function linkByTokenHash(db: Db, hash: string): Promise<{ link: LinkRow; booking: BookingRow } | undefined> {
  const [row] = await db
    .select({ link: contributionLinks, booking: bookings })
    .from(contributionLinks)
    .innerJoin(bookings, eq(bookings.id, contributionLinks.bookingId))
    .where(or(eq(contributionLinks.tokenHash, hash), sql`${contributionLinks.legacyTokenHashes} @> ARRAY[${hash}]::text[]`))
    .limit(1)
  return row
}

/**
 * Gives the link a new token, keeping the hash of the one it had among its legacy hashes, but only
 * if the row still holds the token it was read with (two cards opened at once issue one token).
 * Returns whether this call changed it.
 */
export async function replaceToken(db: Db, row: LinkRow, fresh: StoredToken): Promise<boolean> {
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
  return updated !== undefined
}

export async function latestLinkOf(db: Db, bookingId: number): Promise<LinkRow | undefined> {
  const [link] = await db.select().from(contributionLinks).where(eq(contributionLinks.bookingId, bookingId)).orderBy(desc(contributionLinks.id)).limit(1)
  return link
}

export async function openLinkOf(db: Db, bookingId: number): Promise<LinkRow | undefined> {
  const [open] = await db.select().from(contributionLinks).where(and(eq(contributionLinks.bookingId, bookingId), isNull(contributionLinks.closedAt)))
  return open
}

export async function setLinkMessage(db: Db, id: number, message: string | null): Promise<LinkRow | undefined> {
  const [row] = await db.update(contributionLinks).set({ message }).where(eq(contributionLinks.id, id)).returning()
  return row
}

export async function closeLink(db: Db, id: number): Promise<void> {
  await db.update(contributionLinks).set({ closedAt: sql`now()` }).where(eq(contributionLinks.id, id))
}

export async function closeOpenLinks(db: Db, bookingId: number): Promise<void> {
  await db.update(contributionLinks).set({ closedAt: sql`now()` }).where(and(eq(contributionLinks.bookingId, bookingId), isNull(contributionLinks.closedAt)))
}

export async function insertLink(db: Db, link: StoredToken & { bookingId: number; message: string | null; createdBy: number }): Promise<LinkRow> {
  const [row] = await db.insert(contributionLinks).values(link).returning()
  if (!row) throw new Error('contribution link not inserted')
  return row
}

/** The booking's completed contributions (through any of its links), newest first. */
export function contributionsOf(db: Db, bookingId: number) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'completed'), sql`${payments.contributionLinkId} IS NOT NULL`))
    .orderBy(desc(payments.paymentDate), desc(payments.id))
}

/** What the page lists: the completed contributions through this link, oldest first. */
export function givenThrough(db: Db, bookingId: number, linkId: number) {
  return db
    .select({ name: payments.contributorName, anonymous: payments.contributorAnonymous, amount: payments.amount, at: payments.paymentDate })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'completed'), eq(payments.contributionLinkId, linkId)))
    .orderBy(asc(payments.paymentDate), asc(payments.id))
}

/** A completed payment of this booking (a contribution when it has a link). */
export async function completedPaymentOf(db: Db, bookingId: number, paymentId: number) {
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.bookingId, bookingId), eq(payments.status, 'completed')))
  return p
}

/** The family has thanked the contributor (once: a later thanks keeps the first time). */
export async function markThanked(db: Db, paymentId: number): Promise<void> {
  await db.update(payments).set({ thankedAt: sql`COALESCE(${payments.thankedAt}, now())` }).where(eq(payments.id, paymentId))
}

export async function userNameOf(db: Db, userId: number): Promise<string | undefined> {
  const [u] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId))
  return u?.name
}

/** "First Last" of the deceased, or '' when there is none. */
export async function deceasedNameOf(db: Db, deceasedId: number): Promise<string> {
  const [d] = await db.select({ first: deceased.firstName, last: deceased.lastName }).from(deceased).where(eq(deceased.id, deceasedId))
  return d ? `${d.first} ${d.last}` : ''
}
