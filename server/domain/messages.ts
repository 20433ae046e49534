/**
 * Conversations between a family and the funeral home on the server: the rules are the shared
 * ones (shared/messages.ts, as the mock's mocks/messages.ts); this reads and writes through the
 * repositories. A family sees its own bookings' threads, an attendant those of bookings assigned to
 * them, an admin all, with contact-form threads too.
 */
import { ApiError } from '../../shared/errors'
import { MSG_THREAD_NOT_FOUND, REPLY_SMS_DELAY_MS, WELCOME_MESSAGE, type AuthorRole } from '../../shared/contracts/messages'
import { MSG_BOOKING_NOT_FOUND } from '../../shared/contracts/bookings'
import { canSeeBooking } from '../../shared/rules'
import { mayReadThread, newsAuthors, threadSummary, wireChatMessage } from '../../shared/messages'
import type { Db } from '../db/client'
import type { Deps, UserRow } from '../types'
import * as repo from '../repo/messages'
import { bookingIdsOf, findBooking, inTransaction, plainBooking, updateBooking, type BookingRow } from '../repo/bookings'
import { storedSettings } from '../repo/settings'
import { smsFamily } from '../sms'
import type { ContactMessage } from '../../shared/contact-urgency'

const summaryOf = (r: repo.ThreadParts) =>
  threadSummary({
    ...r,
    deceased: r.first_name === null ? null : { first_name: r.first_name, last_name: r.last_name ?? '' },
    unread: Number(r.unread),
    last: r.last_body === null ? null : { body: r.last_body, author_name: r.last_author ?? '', created_at: r.last_at ?? r.updated_at },
  })

/** The threads a user may see (optionally one of them), unread first, then the most recent. */
export async function threadsFor(db: Db, user: UserRow, onlyId?: number) {
  return (await repo.threadsFor(db, user, newsAuthors(user.role), onlyId)).map(summaryOf)
}

/** The family's list: every booking of theirs has its thread (made on first need). */
export async function listThreads(db: Db, user: UserRow) {
  if (user.role === 'client') await ensureBookingThreads(db, await bookingIdsOf(db, user.id))
  return threadsFor(db, user)
}

export async function unreadCount(db: Db, user: UserRow): Promise<number> {
  return (await threadsFor(db, user)).reduce((n, t) => n + t.unread, 0)
}

/** The welcome every thread opens with, signed with the home's name. */
async function welcome(db: Db, threadId: number): Promise<void> {
  const home = (await storedSettings(db)).general.facilityName
  await repo.insertMessage(db, { threadId, authorName: home, authorRole: 'system', body: WELCOME_MESSAGE })
}

async function ensureBookingThreads(db: Db, bookingIds: number[]): Promise<void> {
  for (const id of await repo.insertBookingThreads(db, bookingIds)) await welcome(db, id)
}

/** A contact-form message becomes a thread without a booking, for the admins. */
export async function contactThread(db: Db, input: ContactMessage): Promise<void> {
  await inTransaction(db, async (tx) => {
    const threadId = await repo.insertContactThread(tx, input)
    if (threadId === undefined) return
    await welcome(tx, threadId)
    await repo.insertMessage(tx, { threadId, authorName: input.name, authorRole: 'visitor', body: input.message })
  })
}

/** POST /messages/threads: the thread of a booking this user may see (made on first need). */
export async function openBookingThread(db: Db, user: UserRow, bookingId: number | null) {
  const booking = bookingId === null ? undefined : await findBooking(db, bookingId)
  if (!booking || !canSeeBooking(user, plainBooking(booking))) throw new ApiError(404, MSG_BOOKING_NOT_FOUND)
  await ensureBookingThreads(db, [booking.id])
  const threadId = await repo.threadIdOfBooking(db, booking.id)
  const [thread] = threadId === undefined ? [] : await threadsFor(db, user, threadId)
  if (!thread) throw new ApiError(404, MSG_BOOKING_NOT_FOUND)
  return thread
}

/** The thread with its booking, when this user may see it; else 404 (never say it exists). */
async function visibleThread(db: Db, user: UserRow, id: number): Promise<{ thread: repo.ThreadRow; booking: BookingRow | undefined }> {
  const thread = await repo.findThread(db, id)
  const booking = thread?.bookingId == null ? undefined : await findBooking(db, thread.bookingId)
  if (!thread || !mayReadThread(user, { booking_id: thread.bookingId }, booking && plainBooking(booking))) throw new ApiError(404, MSG_THREAD_NOT_FOUND)
  return { thread, booking }
}

const messagesFor = async (db: Db, threadId: number, user: UserRow) => (await repo.messagesOf(db, threadId)).map((m) => wireChatMessage(m, user.id))

/** Opening a thread reads it: its news leaves the side menu and the family's dashboard. */
export async function readThread(db: Db, user: UserRow, id: number) {
  const { thread, booking } = await visibleThread(db, user, id)
  await repo.markRead(db, thread.id, user.id)
  if (booking && user.role === 'client' && booking.hasNotifications) await updateBooking(db, booking.id, { hasNotifications: false })
  const [summary] = await threadsFor(db, user, thread.id)
  return { thread: summary, messages: await messagesFor(db, thread.id, user) }
}

export async function sendMessage(deps: Deps, user: UserRow, id: number, body: string) {
  const { db } = deps
  const { thread, booking } = await visibleThread(db, user, id)
  const role: AuthorRole = user.role
  const message = await repo.insertMessage(db, { threadId: thread.id, authorId: user.id, authorName: user.name, authorRole: role, body })
  await repo.touchThread(db, thread.id)
  await repo.markRead(db, thread.id, user.id)
  if (booking && user.role !== 'client') {
    await updateBooking(db, booking.id, { hasNotifications: true })
    // One SMS for a burst of answers: sent only if the family has not read them within a few minutes.
    if (!(await repo.replySmsWaiting(db, booking.id))) await smsFamily(deps, booking, (t, home, name) => t.reply(home, name), 'reply', { messageId: message.id, delayMs: REPLY_SMS_DELAY_MS })
  }
  return (await messagesFor(db, thread.id, user)).find((m) => m.id === message.id)
}

/** The contact form's messages: kept as they come, listed for the office. */
export { keepContactMessage, listContactMessages } from '../repo/contact'
