/** Conversations' rows: threads, their messages, who read what, and the reply SMS waiting to go. */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { chatMessages, messageReads, messageThreads, smsOutbox } from '../db/schema'
import type { AuthorRole } from '../../shared/contracts/messages'
import { HOME_AUTHORS } from '../../shared/messages'
import type { WireRole } from '../../shared/contracts/roles'

export type ThreadRow = typeof messageThreads.$inferSelect

/** Someone of the home has written in thread `t` (shared/messages.ts, HOME_AUTHORS): an urgent message is being seen to. */
const answeredSql = sql`EXISTS (SELECT 1 FROM chat_messages s WHERE s.thread_id = t.id AND s.author_role IN (${sql.join(HOME_AUTHORS.map((r) => sql`${r}`), sql`, `)}))`

const iso = (column: unknown) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** A thread with what its summary needs (shared/messages.ts builds the summary). */
export interface ThreadParts {
  id: number
  booking_id: number | null
  first_name: string | null
  last_name: string | null
  client_name: string | null
  contact_name: string | null
  contact_email: string | null
  contact_phone: string | null
  urgent_flag: boolean
  answered: boolean
  unread: number
  last_body: string | null
  last_author: string | null
  last_at: string | null
  updated_at: string
}

/**
 * The threads a user may see (optionally one of them), unread first, then the most recent: the
 * shared rules' access (`mayReadThread`), news (`newsAuthors`) and listing (`listsThread`), said in SQL.
 */
export async function threadsFor(db: Db, user: { id: number; role: WireRole }, news: readonly AuthorRole[], onlyId?: number): Promise<ThreadParts[]> {
  const access =
    user.role === 'admin'
      ? sql`TRUE`
      : user.role === 'morgue_attendant'
        ? sql`b.attendant_id = ${user.id}`
        : sql`b.client_id = ${user.id}`
  const newsRoles = sql`(${sql.join(news.map((r) => sql`${r}`), sql`, `)})`
  const written = user.role === 'client' || onlyId !== undefined ? sql`TRUE` : sql`EXISTS (SELECT 1 FROM chat_messages w WHERE w.thread_id = t.id AND w.author_role <> 'system')`
  const only = onlyId === undefined ? sql`TRUE` : sql`t.id = ${onlyId}`
  const answered = answeredSql
  const unread = sql`(SELECT count(*) FROM chat_messages m WHERE m.thread_id = t.id AND m.id > COALESCE(r.last_read_id, 0) AND m.author_role IN ${newsRoles})`
  const result = await db.execute(sql`
    SELECT t.id, t.booking_id, d.first_name, d.last_name, u.name AS client_name, t.contact_name, t.contact_email, t.contact_phone,
      t.urgent AS urgent_flag, ${answered} AS answered,
      ${unread}::int AS unread,
      lm.body AS last_body, lm.author_name AS last_author, ${iso(sql`lm.created_at`)} AS last_at,
      ${iso(sql`t.updated_at`)} AS updated_at
    FROM message_threads t
    LEFT JOIN bookings b ON b.id = t.booking_id
    LEFT JOIN deceased d ON d.id = b.deceased_id
    LEFT JOIN users u ON u.id = b.client_id
    LEFT JOIN message_reads r ON r.thread_id = t.id AND r.user_id = ${user.id}
    LEFT JOIN LATERAL (SELECT body, author_name, created_at FROM chat_messages m WHERE m.thread_id = t.id ORDER BY m.id DESC LIMIT 1) lm ON TRUE
    WHERE (t.booking_id IS NULL AND ${user.role === 'admin' ? sql`TRUE` : sql`FALSE`} OR t.booking_id IS NOT NULL AND ${access}) AND ${written} AND ${only}
    ORDER BY (t.urgent AND NOT ${answered}) DESC, ${unread} > 0 DESC, t.updated_at DESC, t.id DESC`)
  return (result as unknown as { rows: ThreadParts[] }).rows
}

export async function insertMessage(db: Db, message: { threadId: number; authorId?: number | null; authorName: string; authorRole: AuthorRole; body: string }) {
  const [row] = await db.insert(chatMessages).values(message).returning()
  if (!row) throw new Error('Message not stored')
  return row
}

/** Makes the missing threads of these bookings; returns the ids of those made. */
export async function insertBookingThreads(db: Db, bookingIds: number[]): Promise<number[]> {
  if (!bookingIds.length) return []
  const made = await db
    .insert(messageThreads)
    .values(bookingIds.map((bookingId) => ({ bookingId })))
    .onConflictDoNothing({ target: messageThreads.bookingId })
    .returning({ id: messageThreads.id })
  return made.map((t) => t.id)
}

export async function insertContactThread(db: Db, contact: { name: string; email: string; phone: string | null; urgent: boolean }): Promise<number | undefined> {
  const [thread] = await db
    .insert(messageThreads)
    .values({ contactName: contact.name, contactEmail: contact.email, contactPhone: contact.phone, urgent: contact.urgent })
    .returning({ id: messageThreads.id })
  return thread?.id
}

export async function threadIdOfBooking(db: Db, bookingId: number): Promise<number | undefined> {
  const [t] = await db.select({ id: messageThreads.id }).from(messageThreads).where(eq(messageThreads.bookingId, bookingId))
  return t?.id
}

export async function findThread(db: Db, id: number): Promise<ThreadRow | undefined> {
  const [row] = await db.select().from(messageThreads).where(eq(messageThreads.id, id))
  return row
}

/** The thread was written in: it rises to the top of the lists. */
export async function touchThread(db: Db, id: number): Promise<void> {
  await db.update(messageThreads).set({ updatedAt: sql`now()` }).where(eq(messageThreads.id, id))
}

/** This user has read the thread up to its last message (never backwards). */
export async function markRead(db: Db, threadId: number, userId: number): Promise<void> {
  const [last] = await db.select({ id: sql<number>`max(${chatMessages.id})` }).from(chatMessages).where(eq(chatMessages.threadId, threadId))
  const lastId = Number(last?.id ?? 0)
  await db
    .insert(messageReads)
    .values({ threadId, userId, lastReadId: lastId })
    .onConflictDoUpdate({ target: [messageReads.threadId, messageReads.userId], set: { lastReadId: sql`GREATEST(${messageReads.lastReadId}, ${lastId})` } })
}

export async function messagesOf(db: Db, threadId: number) {
  return db
    .select({ id: chatMessages.id, body: chatMessages.body, author_name: chatMessages.authorName, author_role: chatMessages.authorRole, author_id: chatMessages.authorId, created_at: iso(chatMessages.createdAt) })
    .from(chatMessages)
    .where(eq(chatMessages.threadId, threadId))
    .orderBy(chatMessages.id)
}

/** A reply SMS to this booking's family is already waiting to go (one SMS for a burst of answers). */
export async function replySmsWaiting(db: Db, bookingId: number): Promise<boolean> {
  const [waiting] = await db
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.bookingId, bookingId), eq(smsOutbox.kind, 'reply'), eq(smsOutbox.status, 'queued')))
  return waiting !== undefined
}

/** Urgent website messages no one of the home has written in yet, oldest first, with the visitor's first words. */
export async function unansweredUrgentThreads(db: Db) {
  const result = await db.execute(sql`
    SELECT t.id AS thread_id, t.contact_name AS name, t.contact_phone AS phone, t.contact_email AS email,
      COALESCE(v.body, '') AS message, ${iso(sql`t.created_at`)} AS received_at
    FROM message_threads t
    LEFT JOIN LATERAL (SELECT body FROM chat_messages m WHERE m.thread_id = t.id AND m.author_role = 'visitor' ORDER BY m.id LIMIT 1) v ON TRUE
    WHERE t.booking_id IS NULL AND t.urgent
      AND NOT ${answeredSql}
    ORDER BY t.created_at, t.id`)
  return (result as unknown as { rows: Array<{ thread_id: number; name: string | null; phone: string | null; email: string | null; message: string; received_at: string }> }).rows.map((r) => ({
    ...r,
    name: r.name ?? '',
    email: r.email ?? '',
  }))
}
