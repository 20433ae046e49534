/**
 * The service agreement the family signs on their phone: what it says (the quotation's lines and
 * the home's terms), who may sign and void it, and what both backends answer. A signed agreement
 * never changes: the admin voids it (with a reason) and the family signs the next revision; every
 * revision stays in the booking's history.
 */
import { ApiError } from '../errors'
import { nairobiDay } from '../dates'
import { TIME_ZONE } from '../constants'
import type { OneTimeCodeWords } from '../contracts/two-factor'
import {
  MSG_AGREEMENT_CHANGED,
  MSG_AGREEMENT_CODE_EXPIRED,
  MSG_AGREEMENT_CODE_WRONG,
  MSG_AGREEMENT_NOT_SIGNED,
  MSG_AGREEMENT_ONLY_ADMIN,
  MSG_AGREEMENT_ONLY_FAMILY,
  MSG_AGREEMENT_SIGNED,
  type AgreementState,
  type SignedAgreement,
} from '../contracts/agreement'
import { dmy, quotationPaper, bookedQuotationLines, type Paper, type PaperBooking, type PaperHome } from './paper'
import { PAPER_WORDS, type PaperLanguage } from './words'

/** A signed revision as either backend keeps it. */
export interface AgreementRecord {
  id: number
  booking_id: number
  revision: number
  signer_id: number
  signed_name: string
  /** ISO instant. */
  signed_at: string
  ip: string
  user_agent: string
  document_sha256: string
  sha256: string
  voided_at: string | null
  voided_by: number | null
  void_reason: string | null
}

/** A refused code says 422 here: a 401 would end the family's session. */
export const AGREEMENT_CODE_WORDS: OneTimeCodeWords = { status: 422, expired: MSG_AGREEMENT_CODE_EXPIRED, wrong: MSG_AGREEMENT_CODE_WRONG }
/** The code's scope: a code sent to sign one booking's agreement signs no other and signs no one in. */
export const agreementScope = (bookingId: number) => `agreement:${bookingId}`
/** The signed PDFs kept per revision are at most this big (a few tens of KB in practice). */
export const AGREEMENT_MAX_BYTES = 5 * 1024 * 1024

/** The revision in force: the one signed and not voided (there is at most one). */
export const inForce = (records: readonly AgreementRecord[]) => records.find((r) => !r.voided_at) ?? null
/** The revision the family signs next. */
export const nextRevision = (records: readonly AgreementRecord[]) => records.reduce((max, r) => Math.max(max, r.revision), 0) + 1

/** Only the family whose booking it is signs it (not staff on their behalf). */
export function checkMaySign(user: { id: number; role: string }, booking: { client_id: number | string | null | undefined }): void {
  if (user.role !== 'client' || String(booking.client_id) !== String(user.id)) throw new ApiError(403, MSG_AGREEMENT_ONLY_FAMILY)
}
export function checkMayVoid(user: { role: string }): void {
  if (user.role !== 'admin') throw new ApiError(403, MSG_AGREEMENT_ONLY_ADMIN)
}
/** A signed agreement is signed once: the next revision only after a void. */
export function checkUnsigned(records: readonly AgreementRecord[]): void {
  if (inForce(records)) throw new ApiError(409, MSG_AGREEMENT_SIGNED)
}
/** The one to void, or 409. */
export function toVoid(records: readonly AgreementRecord[]): AgreementRecord {
  const record = inForce(records)
  if (!record) throw new ApiError(409, MSG_AGREEMENT_NOT_SIGNED)
  return record
}
/** The family signs what they read: a document changed since (new terms, prices) is refused. */
export function checkSameDocument(read: string, now: string): void {
  if (read !== now) throw new ApiError(409, MSG_AGREEMENT_CHANGED)
}

const base = (bookingId: number | string) => `/bookings/${bookingId}/agreement`
export const draftHref = (bookingId: number | string) => `${base(bookingId)}/draft`
export const signedHref = (bookingId: number | string, revision: number) => `${base(bookingId)}/${revision}`

export function wireAgreement(r: AgreementRecord): SignedAgreement {
  return {
    revision: r.revision,
    signed_name: r.signed_name,
    signed_at: r.signed_at,
    ip: r.ip,
    user_agent: r.user_agent,
    document_sha256: r.document_sha256,
    sha256: r.sha256,
    voided_at: r.voided_at,
    void_reason: r.void_reason,
    href: signedHref(r.booking_id, r.revision),
  }
}

/** GET /bookings/{id}/agreement: the revision in force, else the draft to sign; every revision, newest first. */
export function agreementState(bookingId: number, records: readonly AgreementRecord[], draftSha256: string | null): AgreementState {
  const signed = inForce(records)
  return {
    booking_id: String(bookingId),
    status: signed ? 'signed' : 'unsigned',
    signed: signed ? wireAgreement(signed) : null,
    draft: signed || !draftSha256 ? null : { revision: nextRevision(records), document_sha256: draftSha256, href: draftHref(bookingId) },
    history: [...records].sort((a, b) => b.revision - a.revision).map(wireAgreement),
  }
}

/** What the papers' list says of the agreement (the office's case file and the family's page). */
export function agreementSummary(records: readonly AgreementRecord[]) {
  const signed = inForce(records)
  return signed ? { status: 'signed' as const, revision: signed.revision, signed_name: signed.signed_name, signed_at: signed.signed_at } : { status: 'unsigned' as const, revision: null, signed_name: null, signed_at: null }
}

/**
 * The agreement of a revision: the quotation's lines (the booking's services at their booked
 * prices, storage at its daily rate for the expected days) and the home's terms. Dated by the
 * booking, not by today, so the same revision is the same document (and the same bytes) whenever
 * it is read, until its lines or terms change.
 */
export function agreementPaper({ booking, home, terms, language, revision }: { booking: PaperBooking; home: PaperHome; terms: string; language: PaperLanguage; revision: number }): Paper {
  const w = PAPER_WORDS[language]
  const quotation = quotationPaper({
    lines: bookedQuotationLines(booking),
    home,
    language,
    now: new Date(booking.created_at),
    deceasedName: `${booking.deceased_first_name} ${booking.deceased_last_name}`.trim(),
    familyName: booking.client_name ?? '',
  })
  const paragraphs = terms.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)
  return {
    ...quotation,
    kind: 'quotation',
    title: w.agreement,
    number: `AGR-${booking.id}-${revision}`,
    facts: [
      [w.booking, `#${booking.id}`],
      [w.bookedOn, dmy(nairobiDay(new Date(booking.created_at)))],
      [w.revision, String(revision)],
      [w.deceased, `${booking.deceased_first_name} ${booking.deceased_last_name}`.trim()],
      [w.family, booking.client_name ?? ''],
    ],
    totals: quotation.totals.slice(0, 1),
    notes: [...quotation.notes, `${w.terms}:`, ...paragraphs, w.agreementNote],
    amounts: { total: quotation.amounts.total ?? 0 },
  }
}

/** What the signature page shows. */
export interface SignatureDetails {
  signedName: string
  signedAt: Date
  phoneEnding: string
  ip: string
  userAgent: string
  documentSha256: string
  revision: number
}

/** An instant as the signature page prints it: DD/MM/YYYY HH:MM:SS EAT (Nairobi). */
export function nairobiStamp(at: Date): string {
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(at)
  return `${dmy(nairobiDay(at))} ${time} EAT`
}

/** Printable text only (a browser's user agent is the client's words): no control characters, bounded. */
export const printable = (text: string, max = 400) => text.replace(/[^\x20-\x7E]/g, '?').slice(0, max)

/** Hex SHA-256 of bytes (WebCrypto: the same in Node and the browser). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}
