/**
 * Conversations between a family and the funeral home (src/api/contracts/messages.ts; the mock's
 * mocks/handlers/messages.ts answers the same). A family sees its own bookings' threads, an
 * attendant those of bookings assigned to them, an admin all, with contact-form threads too.
 */
import { Hono } from 'hono'
import { and, eq, sql } from 'drizzle-orm'
import {
  MSG_MESSAGE_SENT,
  MSG_THREAD_NOT_FOUND,
  OpenThreadRequest,
  REPLY_SMS_DELAY_MS,
  SendMessageRequest,
  WELCOME_MESSAGE,
  type AuthorRole,
} from '../../shared/contracts/messages'
import { canSeeBooking } from '../../shared/rules'
import { ApiError, pathId, toIntId, valid } from '../http'
import { requireAuth } from '../auth'
import type { Db } from '../db/client'
import { bookings, chatMessages, messageReads, messageThreads, smsOutbox } from '../db/schema'
import type { AppEnv, UserRow } from '../types'
import { storedSettings } from './settings'
import { smsFamily } from '../sms'

const MSG_BOOKING_NOT_FOUND = 'Booking not found'

const iso = (column: unknown) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** The author roles whose messages are news to this user: the other side of the conversation. */
const otherSide = (user: Pick<UserRow, 'role'>) => (user.role === 'client' ? sql`('admin', 'morgue_attendant')` : sql`('client', 'visitor')`)

interface ThreadRow {
  id: number
  booking_id: number | null
  title: string
  family_name: string | null
  unread: number
  last_body: string | null
  last_author: string | null
  last_at: string | null
  updated_at: string
}

function toWireThread(r: ThreadRow) {
  return {
    id: r.id,
    booking_id: r.booking_id,
    title: r.title,
    family_name: r.family_name,
    unread: Number(r.unread),
    last_message: r.last_body === null ? null : { body: r.last_body, author_name: r.last_author ?? '', created_at: r.last_at ?? r.updated_at },
    updated_at: r.updated_at,
  }
}

/** The threads a user may see (optionally one of them), unread first, then the most recent. */
export async function threadsFor(db: Db, user: UserRow, onlyId?: number) {
  const access =
    user.role === 'admin'
      ? sql`TRUE`
      : user.role === 'morgue_attendant'
        ? sql`b.attendant_id = ${user.id}`
        : sql`b.client_id = ${user.id}`
  // Staff lists show threads where someone has written; the family sees every booking's thread.
  const written = user.role === 'client' || onlyId !== undefined ? sql`TRUE` : sql`EXISTS (SELECT 1 FROM chat_messages w WHERE w.thread_id = t.id AND w.author_role <> 'system')`
  const only = onlyId === undefined ? sql`TRUE` : sql`t.id = ${onlyId}`
  const result = await db.execute(sql`
    SELECT t.id, t.booking_id,
      COALESCE(d.first_name || ' ' || d.last_name, t.contact_name, '') AS title,
      COALESCE(u.name, t.contact_email) AS family_name,
      (SELECT count(*) FROM chat_messages m WHERE m.thread_id = t.id AND m.id > COALESCE(r.last_read_id, 0) AND m.author_role IN ${otherSide(user)})::int AS unread,
      lm.body AS last_body, lm.author_name AS last_author, ${iso(sql`lm.created_at`)} AS last_at,
      ${iso(sql`t.updated_at`)} AS updated_at
    FROM message_threads t
    LEFT JOIN bookings b ON b.id = t.booking_id
    LEFT JOIN deceased d ON d.id = b.deceased_id
    LEFT JOIN users u ON u.id = b.client_id
    LEFT JOIN message_reads r ON r.thread_id = t.id AND r.user_id = ${user.id}
    LEFT JOIN LATERAL (SELECT body, author_name, created_at FROM chat_messages m WHERE m.thread_id = t.id ORDER BY m.id DESC LIMIT 1) lm ON TRUE
    WHERE (t.booking_id IS NULL AND ${user.role === 'admin' ? sql`TRUE` : sql`FALSE`} OR t.booking_id IS NOT NULL AND ${access}) AND ${written} AND ${only}
    ORDER BY (SELECT count(*) FROM chat_messages m WHERE m.thread_id = t.id AND m.id > COALESCE(r.last_read_id, 0) AND m.author_role IN ${otherSide(user)}) > 0 DESC, t.updated_at DESC, t.id DESC`)
  return (result as unknown as { rows: ThreadRow[] }).rows.map(toWireThread)
}

/** The welcome every thread opens with, signed with the home's name. */
async function welcome(db: Db, threadId: number): Promise<void> {
  const home = (await storedSettings(db)).general.facilityName
  await db.insert(chatMessages).values({ threadId, authorName: home, authorRole: 'system', body: WELCOME_MESSAGE })
}

/** Makes the missing threads of these bookings (each with its welcome). */
async function ensureBookingThreads(db: Db, bookingIds: number[]): Promise<void> {
  if (!bookingIds.length) return
  const made = await db
    .insert(messageThreads)
    .values(bookingIds.map((bookingId) => ({ bookingId })))
    .onConflictDoNothing({ target: messageThreads.bookingId })
    .returning({ id: messageThreads.id })
  for (const t of made) await welcome(db, t.id)
}

/** A contact-form message becomes a thread without a booking, for the admins. */
export async function contactThread(db: Db, input: { name: string; email: string; message: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [thread] = await tx.insert(messageThreads).values({ contactName: input.name, contactEmail: input.email }).returning({ id: messageThreads.id })
    if (!thread) return
    await welcome(tx as unknown as Db, thread.id)
    await tx.insert(chatMessages).values({ threadId: thread.id, authorName: input.name, authorRole: 'visitor', body: input.message })
  })
}

async function markRead(db: Db, threadId: number, userId: number): Promise<void> {
  const [last] = await db.select({ id: sql<number>`max(${chatMessages.id})` }).from(chatMessages).where(eq(chatMessages.threadId, threadId))
  const lastId = Number(last?.id ?? 0)
  await db
    .insert(messageReads)
    .values({ threadId, userId, lastReadId: lastId })
    .onConflictDoUpdate({ target: [messageReads.threadId, messageReads.userId], set: { lastReadId: sql`GREATEST(${messageReads.lastReadId}, ${lastId})` } })
}

/** The thread with its booking, when this user may see it; else 404 (never say it exists). */
async function visibleThread(db: Db, user: UserRow, id: number) {
  const [row] = await db
    .select({ thread: messageThreads, booking: bookings })
    .from(messageThreads)
    .leftJoin(bookings, eq(bookings.id, messageThreads.bookingId))
    .where(eq(messageThreads.id, id))
  if (!row) throw new ApiError(404, MSG_THREAD_NOT_FOUND)
  const allowed = row.booking
    ? canSeeBooking(user, { client_id: row.booking.clientId, attendant_id: row.booking.attendantId })
    : user.role === 'admin'
  if (!allowed) throw new ApiError(404, MSG_THREAD_NOT_FOUND)
  return row
}

async function messagesOf(db: Db, threadId: number, user: UserRow) {
  const rows = await db
    .select({ id: chatMessages.id, body: chatMessages.body, author_name: chatMessages.authorName, author_role: chatMessages.authorRole, author_id: chatMessages.authorId, created_at: iso(chatMessages.createdAt) })
    .from(chatMessages)
    .where(eq(chatMessages.threadId, threadId))
    .orderBy(chatMessages.id)
  return rows.map(({ author_id, ...m }) => ({ ...m, mine: author_id === user.id }))
}

export const messageRoutes = new Hono<AppEnv>()
  .get('/threads', requireAuth(), async (c) => {
    const { db } = c.var.deps
    const user = c.var.user
    if (user.role === 'client') {
      const own = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.clientId, user.id))
      await ensureBookingThreads(db, own.map((b) => b.id))
    }
    return c.json({ threads: await threadsFor(db, user) })
  })

  .get('/unread', requireAuth(), async (c) => {
    const threads = await threadsFor(c.var.deps.db, c.var.user)
    return c.json({ unread: threads.reduce((n, t) => n + t.unread, 0) })
  })

  .post('/threads', requireAuth(), valid('json', OpenThreadRequest), async (c) => {
    const { db } = c.var.deps
    const bookingId = toIntId(c.req.valid('json').booking_id)
    const [booking] = bookingId === null ? [] : await db.select().from(bookings).where(eq(bookings.id, bookingId))
    if (!booking || !canSeeBooking(c.var.user, { client_id: booking.clientId, attendant_id: booking.attendantId })) throw new ApiError(404, MSG_BOOKING_NOT_FOUND)
    await ensureBookingThreads(db, [booking.id])
    const [t] = await db.select({ id: messageThreads.id }).from(messageThreads).where(eq(messageThreads.bookingId, booking.id))
    const [thread] = t ? await threadsFor(db, c.var.user, t.id) : []
    if (!thread) throw new ApiError(404, MSG_BOOKING_NOT_FOUND)
    return c.json({ thread })
  })

  .get('/threads/:id', requireAuth(), async (c) => {
    const { db } = c.var.deps
    const user = c.var.user
    const { thread, booking } = await visibleThread(db, user, pathId(c, MSG_THREAD_NOT_FOUND))
    // Opening a thread reads it: its news leaves the side menu and the family's dashboard.
    await markRead(db, thread.id, user.id)
    if (booking && user.role === 'client' && booking.hasNotifications) await db.update(bookings).set({ hasNotifications: false }).where(eq(bookings.id, booking.id))
    const [summary] = await threadsFor(db, user, thread.id)
    return c.json({ thread: summary, messages: await messagesOf(db, thread.id, user) })
  })

  .post('/threads/:id/messages', requireAuth(), valid('json', SendMessageRequest), async (c) => {
    const { db } = c.var.deps
    const user = c.var.user
    const { thread, booking } = await visibleThread(db, user, pathId(c, MSG_THREAD_NOT_FOUND))
    const body = c.req.valid('json').body
    const role: AuthorRole = user.role
    const [message] = await db
      .insert(chatMessages)
      .values({ threadId: thread.id, authorId: user.id, authorName: user.name, authorRole: role, body })
      .returning()
    if (!message) throw new ApiError(500, 'Message not stored')
    await db.update(messageThreads).set({ updatedAt: sql`now()` }).where(eq(messageThreads.id, thread.id))
    await markRead(db, thread.id, user.id)
    if (booking && user.role !== 'client') {
      await db.update(bookings).set({ hasNotifications: true }).where(eq(bookings.id, booking.id))
      // One SMS for a burst of answers: sent only if the family has not read them within a few minutes.
      const [waiting] = await db
        .select({ id: smsOutbox.id })
        .from(smsOutbox)
        .where(and(eq(smsOutbox.bookingId, booking.id), eq(smsOutbox.kind, 'reply'), eq(smsOutbox.status, 'queued')))
      if (!waiting) await smsFamily(c.var.deps, booking, (t, home, name) => t.reply(home, name), 'reply', { messageId: message.id, delayMs: REPLY_SMS_DELAY_MS })
    }
    const [item] = (await messagesOf(db, thread.id, user)).filter((m) => m.id === message.id)
    return c.json({ message: MSG_MESSAGE_SENT, item }, 201)
  })
