import { z } from 'zod/mini'
import { Id } from './common'
import { DOCUMENT_TYPE_LABELS, type BookingStatus, type DocumentType } from './bookings'

/**
 * Messages: one conversation per booking between the family and the funeral home's staff (the
 * assigned attendant and the admins), plus one per landing-page contact message (no booking).
 *
 * - `GET /messages/threads`: the caller's threads (family: one per booking; staff: threads with
 *   something written in them, unread first).
 * - `POST /messages/threads` `{ booking_id }`: the booking's thread, made on first need.
 * - `GET /messages/threads/{id}`: the thread and its messages; reading it marks it read for the caller.
 * - `POST /messages/threads/{id}/messages` `{ body }`: 201 `{ message, item }`.
 * - `GET /messages/unread`: `{ unread }`, for the side menu.
 * - `GET /sms-outbox` (admin): the SMS the server sent or keeps.
 * - `GET /mail-outbox` (admin): the e-mails the server sent, is still trying, or gave up on (never their links).
 */
export const MESSAGE_MAX = 2000
export const MSG_MESSAGE_EMPTY = 'Please write a message before sending'
export const MSG_MESSAGE_TOO_LONG = 'A message can be at most 2,000 characters'
export const MSG_MESSAGE_SENT = 'Message sent'
export const MSG_THREAD_NOT_FOUND = 'Conversation not found'
/** Why an SMS about a message was not sent: the family read the message in the app first (the outbox's reason). */
export const SMS_SKIPPED_READ_FIRST = 'Read in the app before the SMS was due'
/** The system welcome message SPEC.md names: the first message of every thread. */
export const WELCOME_MESSAGE = 'Welcome to Amani Funeral Home messages. We are here to help you at every step.'
/** How often an open conversation or the side menu asks for new messages while the page is visible. */
export const MESSAGES_POLL_MS = 20_000

export const MessageBody = z.string().check(
  z.trim(),
  z.minLength(1, MSG_MESSAGE_EMPTY),
  z.maxLength(MESSAGE_MAX, MSG_MESSAGE_TOO_LONG),
)
export const SendMessageRequest = z.object({ body: MessageBody })
export type SendMessageRequest = z.input<typeof SendMessageRequest>

export const OpenThreadRequest = z.object({ booking_id: z.union([z.number(), z.string()]) })

export const AUTHOR_ROLES = ['system', 'client', 'visitor', 'morgue_attendant', 'admin'] as const
export type AuthorRole = (typeof AUTHOR_ROLES)[number]
/** Who is on the family's side of a conversation (the rest is the funeral home). */
export const isFamilySide = (role: AuthorRole) => role === 'client' || role === 'visitor'

export const ChatMessage = z.object({
  id: Id,
  body: z.string(),
  author_name: z.string(),
  author_role: z.enum(AUTHOR_ROLES),
  mine: z.boolean(),
  created_at: z.string(),
})
export type ChatMessage = z.infer<typeof ChatMessage>

export const ThreadSummary = z.object({
  id: Id,
  booking_id: z.nullable(Id),
  /** The deceased's name for a booking; the visitor's name for a contact message. */
  title: z.string(),
  /** The family's account name, or the visitor's e-mail. */
  family_name: z.nullable(z.string()),
  /** A contact-form visitor's phone, when they gave one. */
  contact_phone: z.nullable(z.string()),
  /** A website message about a death just occurred or a collection today, not answered yet: it leads the inbox. */
  urgent: z.boolean(),
  unread: z.number(),
  last_message: z.nullable(z.object({ body: z.string(), author_name: z.string(), created_at: z.string() })),
  updated_at: z.string(),
})
export type ThreadSummary = z.infer<typeof ThreadSummary>

export const ThreadList = z.object({ threads: z.array(ThreadSummary) })
export const ThreadResponse = z.object({ thread: ThreadSummary })
export const ThreadDetail = z.object({ thread: ThreadSummary, messages: z.array(ChatMessage) })
export type ThreadDetail = z.infer<typeof ThreadDetail>
export const SentMessage = z.object({ message: z.string(), item: ChatMessage })
export const UnreadCount = z.object({ unread: z.number() })

export const SMS_STATUSES = ['queued', 'sent', 'failed', 'skipped'] as const
export const SmsRecord = z.object({
  id: Id,
  to_phone: z.string(),
  body: z.string(),
  kind: z.string(),
  booking_id: z.nullable(Id),
  status: z.enum(SMS_STATUSES),
  /** 'outbox' when no SMS provider is configured: kept here, not sent. */
  provider: z.nullable(z.string()),
  attempts: z.number(),
  last_error: z.nullable(z.string()),
  created_at: z.string(),
  sent_at: z.nullable(z.string()),
})
export type SmsRecord = z.infer<typeof SmsRecord>
export const SmsOutbox = z.object({ messages: z.array(SmsRecord), provider: z.string() })

export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'skipped'] as const
/** An e-mail the server queued: to whom, which mail, how it went. Its text (a reset link) is never shown or kept. */
export const MailRecord = z.object({
  id: Id,
  to: z.string(),
  kind: z.enum(['password_reset']),
  language: z.enum(['en', 'sw']),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number(),
  last_error: z.nullable(z.string()),
  created_at: z.string(),
  sent_at: z.nullable(z.string()),
})
export type MailRecord = z.infer<typeof MailRecord>
/**
 * `transport`: 'smtp'; 'log' when the server writes mails to its log (development) or the mock
 * keeps them; 'none' when nothing sends them (production without SMTP_URL: they wait).
 */
export const MailOutbox = z.object({ mails: z.array(MailRecord), transport: z.enum(['smtp', 'log', 'none']) })

/** The languages an SMS is written in: the family's profile language, English when they chose none. */
export type SmsLanguage = 'en' | 'sw'
export const smsLanguage = (language: string | null | undefined): SmsLanguage => (language === 'sw' ? 'sw' : 'en')

/** The result of a document review, as an SMS states it. */
export type ReviewResult = 'approved' | 'rejected'

/** The words an SMS puts in its sentences, per language. */
const SMS_WORDS: Record<SmsLanguage, { status: Record<BookingStatus, string>; review: Record<ReviewResult, string>; document: Record<DocumentType, string>; unknownDocument: string }> = {
  en: {
    status: { pending: 'pending', confirmed: 'confirmed', in_progress: 'in progress', completed: 'completed', cancelled: 'cancelled' },
    review: { approved: 'approved', rejected: 'rejected' },
    document: DOCUMENT_TYPE_LABELS,
    unknownDocument: 'Document',
  },
  sw: {
    status: { pending: 'inasubiri', confirmed: 'imethibitishwa', in_progress: 'inaendelea', completed: 'imekamilika', cancelled: 'imeghairiwa' },
    review: { approved: 'imeidhinishwa', rejected: 'imekataliwa' },
    document: {
      death_certificate: 'Cheti cha kifo',
      burial_permit: 'Kibali cha mazishi',
      contract: 'Mkataba wa huduma',
      invoice: 'Ankara',
      receipt: 'Risiti ya malipo',
      other: 'Hati nyingine',
    },
    unknownDocument: 'Hati',
  },
}

/**
 * The SMS texts to a family (short: one 160-character page where possible). The server and the mock
 * cannot use the app's Lingui catalogues, so the Kiswahili lives here next to the English.
 */
export interface SmsTexts {
  reply(home: string, deceased: string): string
  status(home: string, deceased: string, status: BookingStatus): string
  /** documentType: the stored type (an unknown one is named as a plain document). */
  document(home: string, deceased: string, documentType: string, result: ReviewResult, reason: string | null): string
}

const documentName = (language: SmsLanguage, type: string) => {
  const words = SMS_WORDS[language]
  return (words.document as Record<string, string>)[type] ?? words.unknownDocument
}

export const SMS_TEXTS: Record<SmsLanguage, SmsTexts> = {
  en: {
    reply: (home, deceased) => `${home}: you have a new message about ${deceased}. Open the app to read it and reply.`,
    status: (home, deceased, status) => `${home}: the booking for ${deceased} is now ${SMS_WORDS.en.status[status]}.`,
    document: (home, deceased, type, result, reason) =>
      `${home}: your document "${documentName('en', type)}" for ${deceased} was ${SMS_WORDS.en.review[result]}.${reason ? ` Reason: ${reason}` : ''}`,
  },
  sw: {
    reply: (home, deceased) => `${home}: una ujumbe mpya kuhusu ${deceased}. Fungua programu kuusoma na kujibu.`,
    status: (home, deceased, status) => `${home}: nafasi ya ${deceased} sasa ${SMS_WORDS.sw.status[status]}.`,
    document: (home, deceased, type, result, reason) =>
      `${home}: hati yako "${documentName('sw', type)}" ya ${deceased} ${SMS_WORDS.sw.review[result]}.${reason ? ` Sababu: ${reason}` : ''}`,
  },
}
/** The English texts, for everyone who chose no language (and contributors, who have no account). */
export const SMS_TEXT = SMS_TEXTS.en
/** A staff answer the family has not read within this long is sent to them by SMS. */
export const REPLY_SMS_DELAY_MS = 5 * 60_000
