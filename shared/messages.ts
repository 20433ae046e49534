/**
 * The rules of conversations, as both backends apply them (mocks/messages.ts and
 * server/domain/messages.ts): who may read a thread, whose messages are news to whom, and the wire
 * shapes of a thread and a message, built from plain parts.
 */
import { canSeeBooking } from './rules'
import { AUTHOR_ROLES, isFamilySide, type AuthorRole } from './contracts/messages'
import type { WireRole } from './contracts/roles'
import { compareIso } from './dates'

interface Actor {
  id: number
  role: WireRole
}

/** A booking's thread is read by whoever may see the booking; a contact-form thread (no booking) by admins only. */
export function mayReadThread(user: Actor, thread: { booking_id: number | null }, booking: { client_id: number; attendant_id: number | null } | undefined): boolean {
  if (thread.booking_id === null) return user.role === 'admin'
  return booking !== undefined && canSeeBooking(user, booking)
}

/** The authors whose messages are news to this user: the other side of the conversation (never the system's welcome). */
export function newsAuthors(role: WireRole): AuthorRole[] {
  return AUTHOR_ROLES.filter((author) => author !== 'system' && (role === 'client' ? !isFamilySide(author) : isFamilySide(author)))
}

/** Who writes for the home (a family's news): a thread with any of their messages is being seen to. */
export const HOME_AUTHORS: readonly AuthorRole[] = newsAuthors('client')
export const isHomeAuthor = (role: AuthorRole): boolean => HOME_AUTHORS.includes(role)

/** Staff lists show the threads where someone has written; a family sees every booking's thread. */
export const listsThread = (role: WireRole, someoneWrote: boolean): boolean => role === 'client' || someoneWrote

/** The thread as the app reads it: titled with the deceased's name (or the visitor's), the family's name (or the visitor's e-mail). */
export function threadSummary(parts: {
  id: number
  booking_id: number | null
  deceased: { first_name: string; last_name: string } | null
  client_name: string | null
  contact_name: string | null
  contact_email: string | null
  /** The phone a visitor gave on the contact form (null for a booking's thread). */
  contact_phone?: string | null
  /** The visitor's message was marked urgent on arrival (shared/contact-urgency.ts). */
  urgent_flag?: boolean
  /** Someone of the home has written in the thread since. */
  answered?: boolean
  unread: number
  last: { body: string; author_name: string; created_at: string } | null
  updated_at: string
}) {
  const { deceased } = parts
  return {
    id: parts.id,
    booking_id: parts.booking_id,
    title: deceased ? `${deceased.first_name} ${deceased.last_name}` : (parts.contact_name ?? ''),
    family_name: parts.booking_id === null ? parts.contact_email : parts.client_name,
    contact_phone: parts.contact_phone ?? null,
    // Urgent until someone of the home answers: then it takes its place like any other.
    urgent: (parts.urgent_flag ?? false) && !(parts.answered ?? false),
    unread: parts.unread,
    last_message: parts.last,
    updated_at: parts.updated_at,
  }
}

/** A message as its reader sees it: `mine` when they wrote it. */
export function wireChatMessage(m: { id: number; body: string; author_name: string; author_role: AuthorRole; author_id: number | null; created_at: string }, readerId: number) {
  return { id: m.id, body: m.body, author_name: m.author_name, author_role: m.author_role, mine: m.author_id === readerId, created_at: m.created_at }
}

/** Urgent ones not yet answered first, then unread, then the most recently active. */
type Ordered = { id: number; unread: number; updated_at: string; urgent?: boolean }
export const threadOrder = (a: Ordered, b: Ordered): number =>
  Number(b.urgent ?? false) - Number(a.urgent ?? false) || Number(b.unread > 0) - Number(a.unread > 0) || compareIso(b.updated_at, a.updated_at) || b.id - a.id
