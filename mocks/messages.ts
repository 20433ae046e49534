/**
 * The mock's conversations and SMS outbox (server/routes/messages.ts and server/sms.ts do the same
 * over PostgreSQL). No SMS leaves the browser: they are kept for the admin's "Messages sent" and
 * Demo tools; a due one is "sent" (to the outbox) when the outbox is read.
 */
import { db, nextId, plain } from './db'
import type { BookingRecord, ChatMessageRecord, MessageThreadRecord, UserRecord } from './db'
import { ApiError } from './http'
import { isHomeAuthor, listsThread, mayReadThread, newsAuthors, threadOrder, threadSummary, wireChatMessage } from '../shared/messages'
import { MSG_THREAD_NOT_FOUND, SMS_SKIPPED_READ_FIRST, SMS_TEXTS, WELCOME_MESSAGE, smsLanguage, type SmsLanguage, type SmsTexts } from '../shared/contracts/messages'
import { normaliseKenyanPhone } from '../shared/contracts/payments'
import { storedSettings } from './handlers/settings'
import type { ContactMessage } from '../shared/contact-urgency'
import { dueReminders, reminderDay, reminderWindow, staffReminders } from '../shared/reminders'

const nowIso = () => new Date().toISOString()

async function welcome(threadId: number): Promise<void> {
  await db.chatMessage.create({ id: nextId('chatMessage'), thread_id: threadId, author_id: null, author_name: storedSettings().general.facilityName, author_role: 'system', body: WELCOME_MESSAGE, created_at: nowIso() })
}

/** The booking's thread, made (with its welcome) on first need. */
export async function bookingThread(bookingId: number): Promise<MessageThreadRecord> {
  const found = db.messageThread.findFirst((q) => q.where({ booking_id: bookingId }))
  if (found) return found
  const at = nowIso()
  const id = nextId('messageThread')
  await db.messageThread.create({ id, booking_id: bookingId, contact_name: null, contact_email: null, contact_phone: null, urgent: false, created_at: at, updated_at: at })
  await welcome(id)
  return db.messageThread.findFirst((q) => q.where({ id }))!
}

export async function contactThread(input: ContactMessage): Promise<void> {
  const at = nowIso()
  const id = nextId('messageThread')
  await db.messageThread.create({ id, booking_id: null, contact_name: input.name, contact_email: input.email, contact_phone: input.phone, urgent: input.urgent, created_at: at, updated_at: at })
  await welcome(id)
  await db.chatMessage.create({ id: nextId('chatMessage'), thread_id: id, author_id: null, author_name: input.name, author_role: 'visitor', body: input.message, created_at: at })
}


function lastRead(threadId: number, userId: number): number {
  return db.messageRead.findFirst((q) => q.where({ thread_id: threadId, user_id: userId }))?.last_read_id ?? 0
}

function messagesIn(threadId: number): ChatMessageRecord[] {
  return db.chatMessage.findMany((q) => q.where({ thread_id: threadId }), { orderBy: { id: 'asc' } })
}

function mayAccess(user: UserRecord, thread: MessageThreadRecord): BookingRecord | null | false {
  const booking = thread.booking_id === null ? undefined : db.booking.findFirst((q) => q.where({ id: thread.booking_id! }))
  if (!mayReadThread(user, thread, booking)) return false
  return booking ?? null
}

export function summary(user: UserRecord, thread: MessageThreadRecord) {
  const messages = messagesIn(thread.id)
  const read = lastRead(thread.id, user.id)
  const news = newsAuthors(user.role)
  const last = messages.at(-1)
  const booking = thread.booking_id === null ? undefined : db.booking.findFirst((q) => q.where({ id: thread.booking_id! }))
  return threadSummary({
    ...thread,
    deceased: (booking && db.deceased.findFirst((q) => q.where({ id: booking.deceased_id }))) ?? null,
    client_name: booking ? (db.user.findFirst((q) => q.where({ id: booking.client_id }))?.name ?? null) : null,
    urgent_flag: thread.urgent,
    answered: messages.some((m) => isHomeAuthor(m.author_role)),
    unread: messages.filter((m) => m.id > read && news.includes(m.author_role)).length,
    last: last ? { body: last.body, author_name: last.author_name, created_at: last.created_at } : null,
  })
}

/** The threads a user may see: the family every booking's; staff those where someone wrote; unread first. */
export async function threadsFor(user: UserRecord) {
  if (user.role === 'client') for (const b of db.booking.findMany((q) => q.where({ client_id: user.id }))) await bookingThread(b.id)
  const visible = db.messageThread.all().filter((t) => mayAccess(user, t) !== false && listsThread(user.role, messagesIn(t.id).some((m) => m.author_role !== 'system')))
  return visible.map((t) => summary(user, plain(t))).sort(threadOrder)
}

export function visibleThread(user: UserRecord, id: number): { thread: MessageThreadRecord; booking: BookingRecord | null } {
  const thread = db.messageThread.findFirst((q) => q.where({ id }))
  const access = thread ? mayAccess(user, thread) : false
  if (!thread || access === false) throw new ApiError(404, MSG_THREAD_NOT_FOUND)
  return { thread, booking: access }
}

export async function markRead(threadId: number, userId: number): Promise<void> {
  const last = messagesIn(threadId).at(-1)?.id ?? 0
  const existing = db.messageRead.findFirst((q) => q.where({ thread_id: threadId, user_id: userId }))
  if (existing) {
    await db.messageRead.update((q) => q.where({ id: existing.id }), { data: (r) => { r.last_read_id = Math.max(r.last_read_id, last) } })
  } else {
    await db.messageRead.create({ id: nextId('messageRead'), thread_id: threadId, user_id: userId, last_read_id: last })
  }
}

export function wireMessages(user: UserRecord, threadId: number) {
  return messagesIn(threadId).map((m) => wireChatMessage(m, user.id))
}

export async function addMessage(user: UserRecord, thread: MessageThreadRecord, body: string): Promise<ChatMessageRecord> {
  const at = nowIso()
  const message = await db.chatMessage.create({ id: nextId('chatMessage'), thread_id: thread.id, author_id: user.id, author_name: user.name, author_role: user.role, body, created_at: at })
  await db.messageThread.update((q) => q.where({ id: thread.id }), { data: (t) => { t.updated_at = at } })
  await markRead(thread.id, user.id)
  return plain(message)
}

// ---- SMS ----

/** The day-before reminders due at `now` (shared/reminders.ts), each queued once, as the server's job does. */
export async function queueMockReminders(now: Date): Promise<number> {
  const day = reminderDay(now)
  if (!day) return 0
  const bookings = db.booking.findMany().map((b) => {
    const d = db.deceased.findFirst((q) => q.where({ id: b.deceased_id }))
    return { id: b.id, status: b.status, client_id: b.client_id, attendant_id: b.attendant_id, deceased: d ? `${d.first_name} ${d.last_name}` : `booking #${b.id}`, venue: b.venue ?? null, lines: b.lines }
  })
  const home = storedSettings().general.facilityName
  const window = reminderWindow(now)
  const events = db.calendarEvent
    .findMany()
    .map((e) => ({ id: e.id, title: e.title, start: Date.parse(e.starts_at), end: Date.parse(e.ends_at), resource_ids: e.resource_ids, booking_id: e.booking_id }))
    .filter((e) => window && e.start < window.end && window.start < e.end)
  const resources = db.calendarResource.findMany().map((r) => ({ id: r.id, kind: r.kind, name: r.name, capacity: r.capacity, user_id: r.user_id ?? null }))
  let queued = 0
  for (const r of [...dueReminders({ now, home, bookings }), ...staffReminders({ now, home, events, resources })]) {
    if (await queueMockSms({ userId: r.user_id, kind: 'reminder', bookingId: r.booking_id, body: r.body, dedupeKey: r.key })) queued++
  }
  return queued
}

/**
 * Queues an SMS to a user unless they turned SMS off or have no Kenyan mobile number; body may be
 * the text in the user's profile language (English when they chose none).
 */
export async function queueMockSms(sms: { userId: number; kind: string; body: string | ((language: SmsLanguage) => string); bookingId?: number | null; messageId?: number | null; delayMs?: number; dedupeKey?: string }): Promise<boolean> {
  const user = db.user.findFirst((q) => q.where({ id: sms.userId }))
  if (!user || user.sms_notifications === false || !user.phone) return false
  return queueMockSmsTo(user.phone, { ...sms, body: typeof sms.body === 'string' ? sms.body : sms.body(smsLanguage(user.language)) })
}

/** Queues an SMS to a number (a contributor has no account). */
export async function queueMockSmsTo(raw: string, sms: { userId?: number | null; kind: string; body: string; bookingId?: number | null; messageId?: number | null; delayMs?: number; dedupeKey?: string }): Promise<boolean> {
  const phone = normaliseKenyanPhone(raw)
  if (!phone) return false
  const key = sms.dedupeKey
  if (key && db.sms.findFirst((q) => q.where({ dedupe_key: key }))) return false
  await db.sms.create({
    id: nextId('sms'),
    to_phone: `+${phone}`,
    body: sms.body,
    kind: sms.kind,
    booking_id: sms.bookingId ?? null,
    message_id: sms.messageId ?? null,
    user_id: sms.userId ?? null,
    status: 'queued',
    provider: null,
    attempts: 0,
    last_error: null,
    send_after: Date.now() + (sms.delayMs ?? 0),
    created_at: nowIso(),
    sent_at: null,
    dedupe_key: sms.dedupeKey ?? null,
  })
  return true
}

/** SMS to a booking's family, worded with the home's and the deceased's names, in the family's language. */
export async function smsMockFamily(booking: BookingRecord, kind: string, text: (texts: SmsTexts, home: string, deceased: string) => string, extra: { messageId?: number; delayMs?: number } = {}): Promise<void> {
  const d = db.deceased.findFirst((q) => q.where({ id: booking.deceased_id }))
  const home = storedSettings().general.facilityName
  const name = d ? `${d.first_name} ${d.last_name}` : `booking #${booking.id}`
  await queueMockSms({ ...extra, userId: booking.client_id, kind, bookingId: booking.id, body: (language) => text(SMS_TEXTS[language], home, name) })
}

/** "Sends" the due SMS into the outbox; an answer already read is skipped. */
export async function flushDueSms(now = Date.now()): Promise<void> {
  for (const s of db.sms.findMany((q) => q.where({ status: 'queued' }))) {
    if (s.send_after > now) continue
    const read = s.kind === 'reply' && s.message_id !== null && s.user_id !== null && db.chatMessage.findFirst((q) => q.where({ id: s.message_id! }))
    const skipped = read ? lastRead(read.thread_id, s.user_id!) >= read.id : false
    await db.sms.update((q) => q.where({ id: s.id }), {
      data(r) {
        r.attempts += skipped ? 0 : 1
        r.status = skipped ? 'skipped' : 'sent'
        r.provider = skipped ? null : 'outbox'
        r.last_error = skipped ? SMS_SKIPPED_READ_FIRST : null
        r.sent_at = skipped ? null : new Date(now).toISOString()
      },
    })
  }
}

export function wireSms() {
  return db.sms.findMany(undefined, { orderBy: { id: 'desc' } }).slice(0, 200).map(({ send_after: _due, message_id: _m, user_id: _u, dedupe_key: _k, ...s }) => plain(s))
}

/** SMS to every administrator (each in their language, unless they turned SMS off). */
export async function smsMockAdmins(kind: string, text: (language: SmsLanguage, home: string) => string): Promise<void> {
  const home = storedSettings().general.facilityName
  for (const admin of db.user.findMany((q) => q.where({ role: 'admin' }), { orderBy: { id: 'asc' } })) await queueMockSms({ userId: admin.id, kind, body: (language) => text(language, home) })
}

/** Urgent website messages no one of the home has written in yet, oldest first, with the visitor's first words. */
export function unansweredUrgentThreads() {
  return db.messageThread
    .findMany((q) => q.where({ booking_id: null, urgent: true }), { orderBy: { id: 'asc' } })
    .filter((t) => !messagesIn(t.id).some((m) => isHomeAuthor(m.author_role)))
    .map((t) => ({
      thread_id: t.id,
      name: t.contact_name ?? '',
      phone: t.contact_phone,
      email: t.contact_email ?? '',
      message: messagesIn(t.id).find((m) => m.author_role === 'visitor')?.body ?? '',
      received_at: t.created_at,
    }))
}
