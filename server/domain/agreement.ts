/**
 * The service agreement on the server: the draft of the next revision (built from the booking and
 * the home's terms), the one-time code by SMS (the two-step sign-in's code path, with a scope of its
 * own), the signing (the agreement as read, kept with its signature page in the documents storage),
 * the admin's void, and the signed PDF as stored.
 */
import { Readable } from 'node:stream'
import type { Deps, UserRow } from '../types'
import type { Db } from '../db/client'
import * as repo from '../repo/agreements'
import * as bookings from '../repo/bookings'
import { findUserById } from '../repo/users'
import { storedSettings } from '../repo/settings'
import { paperFonts } from '../paper-fonts'
import { ApiError } from '../http'
import { smsPhone } from '../sms'
import { checkOneTimeCode, sendOneTimeCode } from '../two-factor'
import { storageOf } from './documents'
import { FORMER_CLIENT } from '../../shared/contracts/bookings'
import { agreementTermsOf } from '../../shared/contracts/settings'
import { smsLanguage } from '../../shared/contracts/messages'
import { CODE_TTL_MINUTES } from '../../shared/contracts/two-factor'
import {
  AGREEMENT_CODE_SMS,
  AGREEMENT_SMS_KIND,
  MSG_AGREEMENT_CODE_EXPIRED,
  MSG_AGREEMENT_CODE_SENT,
  MSG_AGREEMENT_NO_PHONE,
  MSG_AGREEMENT_NOT_FOUND,
  MSG_AGREEMENT_SIGNED,
  type SignAgreementRequest,
} from '../../shared/contracts/agreement'
import {
  AGREEMENT_CODE_WORDS,
  AGREEMENT_MAX_BYTES,
  agreementPaper,
  agreementScope,
  agreementState,
  agreementSummary,
  checkMaySign,
  checkMayVoid,
  checkSameDocument,
  checkUnsigned,
  nextRevision,
  sha256Hex,
  toVoid,
} from '../../shared/paper/agreement'
import { checkMayReadPapers, paperHome } from '../../shared/paper/papers'
import { paperLanguage } from '../../shared/paper/words'

const records = async (db: Db, bookingId: number) => (await repo.agreementsOf(db, bookingId)).map(repo.toRecord)

/** The next revision's agreement as the family reads it, and its hash. */
async function draft(db: Db, row: bookings.BookingRow, revision: number) {
  const booking = await bookings.toWireBooking(db, row)
  const family = await findUserById(db, row.clientId)
  const general = (await storedSettings(db)).general
  const language = paperLanguage(null, family?.language)
  const paper = agreementPaper({ booking: { ...booking, client_name: booking.client_name ?? FORMER_CLIENT }, home: paperHome(general), terms: agreementTermsOf(general, language), language, revision })
  const [{ renderPaperPdf }, fonts] = await Promise.all([import('../../shared/paper/pdf'), paperFonts()])
  // Dated by the booking: the same revision renders to the same bytes until its lines or terms change.
  const bytes = await renderPaperPdf(paper, fonts, new Date(booking.created_at))
  return { bytes, sha256: await sha256Hex(bytes), language, home: general.facilityName, fonts }
}

export async function agreementOf(db: Db, user: UserRow, row: bookings.BookingRow) {
  checkMayReadPapers(user, { client_id: row.clientId })
  const list = await records(db, row.id)
  const hash = list.some((r) => !r.voided_at) ? null : (await draft(db, row, nextRevision(list))).sha256
  return agreementState(row.id, list, hash)
}

/** What the papers' list says of the agreement. */
export const agreementSummaryOf = async (db: Db, bookingId: number) => agreementSummary(await records(db, bookingId))

export async function draftPdf(db: Db, user: UserRow, row: bookings.BookingRow) {
  checkMayReadPapers(user, { client_id: row.clientId })
  const list = await records(db, row.id)
  checkUnsigned(list)
  const revision = nextRevision(list)
  return { bytes: (await draft(db, row, revision)).bytes, fileName: `agreement-${row.id}-${revision}-draft.pdf` }
}

/** The code that signs, by SMS to the family's account phone. */
export async function sendSigningCode(deps: Deps, user: UserRow, row: bookings.BookingRow) {
  checkMaySign(user, { client_id: row.clientId })
  checkUnsigned(await records(deps.db, row.id))
  const phone = smsPhone(user.phone)
  if (!phone) throw new ApiError(422, MSG_AGREEMENT_NO_PHONE, { phone: MSG_AGREEMENT_NO_PHONE })
  const home = (await storedSettings(deps.db)).general.facilityName
  const sent = await sendOneTimeCode(deps.db, deps.secret, deps.log, user, phone, { scope: agreementScope(row.id), kind: AGREEMENT_SMS_KIND, body: (code) => AGREEMENT_CODE_SMS[smsLanguage(user.language)](home, code, CODE_TTL_MINUTES) })
  return { ...sent, message: MSG_AGREEMENT_CODE_SENT }
}

/**
 * Signs: the document read must be the one the server would build now; the code is checked (and
 * used) only then; the signature page is appended and the whole kept, unchanged from then on.
 */
export async function sign(deps: Deps, user: UserRow, row: bookings.BookingRow, input: SignAgreementRequest, from: { ip: string; userAgent: string }, now = new Date()) {
  const { db } = deps
  checkMaySign(user, { client_id: row.clientId })
  const list = await records(db, row.id)
  checkUnsigned(list)
  const revision = nextRevision(list)
  const doc = await draft(db, row, revision)
  checkSameDocument(input.document_sha256, doc.sha256)
  const signer = await checkOneTimeCode(db, deps.secret, agreementScope(row.id), input.challenge, input.code, AGREEMENT_CODE_WORDS, now)
  if (signer.id !== user.id) throw new ApiError(422, MSG_AGREEMENT_CODE_EXPIRED)
  const { appendSignaturePage } = await import('../../shared/paper/signature-pdf')
  const phoneEnding = (smsPhone(user.phone) ?? '').slice(-4)
  const signed = await appendSignaturePage(doc.bytes, doc.fonts, doc.language, doc.home, { signedName: input.full_name, signedAt: now, phoneEnding, ip: from.ip, userAgent: from.userAgent, documentSha256: doc.sha256, revision })
  const storage = storageOf(deps)
  const stored = await storage.put(Readable.from([Buffer.from(signed)]), { maxBytes: AGREEMENT_MAX_BYTES })
  const inserted = await repo.insertAgreement(db, {
    bookingId: row.id,
    revision,
    signerId: user.id,
    signedName: input.full_name,
    signedAt: now,
    ip: from.ip,
    userAgent: from.userAgent.slice(0, 400),
    documentSha256: doc.sha256,
    sha256: stored.sha256,
    storageKey: stored.key,
  })
  if (!inserted) {
    // Another signing of this booking was kept first: this one's bytes go.
    await storage.delete(stored.key)
    throw new ApiError(409, MSG_AGREEMENT_SIGNED)
  }
  return agreementState(row.id, await records(db, row.id), null)
}

export async function voidSigned(db: Db, admin: UserRow, row: bookings.BookingRow, reason: string, now = new Date()) {
  checkMayVoid(admin)
  const record = toVoid(await records(db, row.id))
  if (!(await repo.voidAgreement(db, record.id, admin.id, reason, now))) toVoid([])
  return agreementOf(db, admin, row)
}

/** A signed revision's PDF, as it was stored. */
export async function signedPdf(deps: Deps, user: UserRow, row: bookings.BookingRow, revision: number) {
  checkMayReadPapers(user, { client_id: row.clientId })
  const found = (await repo.agreementsOf(deps.db, row.id)).find((r) => r.revision === revision)
  if (!found) throw new ApiError(404, MSG_AGREEMENT_NOT_FOUND)
  const stream = await storageOf(deps).get(found.storageKey)
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array))
  return { bytes: new Uint8Array(Buffer.concat(chunks)), fileName: `agreement-${row.id}-${revision}.pdf` }
}
