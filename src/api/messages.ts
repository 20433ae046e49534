import { request } from './client'
import { MailOutbox, SentMessage, SmsOutbox, ThreadDetail, ThreadList, ThreadResponse, UnreadCount } from '../../shared/contracts/messages'

/** The caller's conversations (GET /messages/threads). */
export const listThreads = () => request((w) => w.url('/messages/threads').get().json(), ThreadList).then((r) => r.threads)

/** A booking's conversation, made on first need (POST /messages/threads). */
export const openBookingThread = (bookingId: string) =>
  request((w) => w.url('/messages/threads').post({ booking_id: bookingId }).json(), ThreadResponse).then((r) => r.thread)

/** One conversation with its messages; reading it marks it read (GET /messages/threads/{id}). */
export const getThread = (id: string) => request((w) => w.url(`/messages/threads/${encodeURIComponent(id)}`).get().json(), ThreadDetail)

/** Write in a conversation (POST /messages/threads/{id}/messages); answers the stored message. */
export const sendMessage = (id: string, body: string) =>
  request((w) => w.url(`/messages/threads/${encodeURIComponent(id)}/messages`).post({ body }).json(), SentMessage).then((r) => r.item)

/** How many messages wait unread (GET /messages/unread), for the side menu. */
export const unreadMessages = () => request((w) => w.url('/messages/unread').get().json(), UnreadCount).then((r) => r.unread)

/** The SMS the server sent or keeps (GET /sms-outbox, admin). */
export const smsOutbox = () => request((w) => w.url('/sms-outbox').get().json(), SmsOutbox)

/** The e-mails the server sent, is still trying, or gave up on (GET /mail-outbox, admin). */
export const mailOutbox = () => request((w) => w.url('/mail-outbox').get().json(), MailOutbox)
