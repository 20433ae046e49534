/**
 * The mock's service agreement (server/domain/agreement.ts's twin): the same document and signature
 * page from shared/paper, the same one-time code path as two-step sign-in (mocks/two-factor.ts,
 * through the mock's SMS outbox), and the signed PDF kept with its record.
 */
import { http, HttpResponse } from 'msw'
import { db, nextId } from '../db'
import type { BookingRecord, ServiceAgreementRecord, UserRecord } from '../db'
import { ApiError, body, requireRole, requireUser, route } from '../http'
import { toWireBooking, userName } from '../serialize'
import { storedSettings } from '../settings-store'
import { mockCheckOneTimeCode, mockSendOneTimeCode } from '../two-factor'
import { findVisibleBooking } from './bookings'
import { loadFonts } from '../paper-fonts'
import { FORMER_CLIENT } from '../../shared/contracts/bookings'
import { normaliseKenyanPhone } from '../../shared/contracts/payments'
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
  SignAgreementRequest,
  VoidAgreementRequest,
} from '../../shared/contracts/agreement'
import {
  AGREEMENT_CODE_WORDS,
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
  type AgreementRecord,
} from '../../shared/paper/agreement'
import { checkMayReadPapers, paperHome } from '../../shared/paper/papers'
import { paperLanguage } from '../../shared/paper/words'

const toRecord = ({ pdf_base64: _, ...r }: ServiceAgreementRecord): AgreementRecord => r
const rows = (bookingId: number) => db.serviceAgreement.findMany((q) => q.where({ booking_id: bookingId })).sort((a, b) => a.revision - b.revision)
const records = (bookingId: number) => rows(bookingId).map(toRecord)

/** What the papers' list says of the agreement. */
export const mockAgreementSummary = (bookingId: number) => agreementSummary(records(bookingId))

async function renderDraft(paper: ReturnType<typeof agreementPaper>, createdAt: string, home: string) {
  const [{ renderPaperPdf }, fonts] = await Promise.all([import('../../shared/paper/pdf'), loadFonts()])
  const bytes = await renderPaperPdf(paper, fonts, new Date(createdAt))
  return { bytes, sha256: await sha256Hex(bytes), language: paper.language, home, fonts }
}

/**
 * Drafts already drawn, by their content: the same paper is the same bytes, and drawing one takes
 * the page's own thread for a second or more (the dialog reads the agreement, then its PDF, then
 * signs it). A change to the booking, the terms or the family's language is another paper.
 */
const drafts = new Map<string, ReturnType<typeof renderDraft>>()
const KEPT_DRAFTS = 20

function draft(b: BookingRecord, revision: number) {
  const family = db.user.findFirst((q) => q.where({ id: b.client_id }))
  const general = storedSettings().general
  const language = paperLanguage(null, family?.language)
  const booking = { ...toWireBooking(b), client_name: userName(b.client_id) ?? FORMER_CLIENT }
  const paper = agreementPaper({ booking, home: paperHome(general), terms: agreementTermsOf(general, language), language, revision })
  const key = `${booking.created_at}\n${general.facilityName}\n${JSON.stringify(paper)}`
  let found = drafts.get(key)
  if (!found) {
    found = renderDraft(paper, booking.created_at, general.facilityName)
    drafts.set(key, found)
    found.catch(() => drafts.delete(key))
    if (drafts.size > KEPT_DRAFTS) drafts.delete(drafts.keys().next().value!)
  }
  return found
}

const pdf = (bytes: Uint8Array, fileName: string) =>
  new HttpResponse(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${fileName}"`, 'Cache-Control': 'private, no-store' } })

const toBase64 = (bytes: Uint8Array) => {
  let text = ''
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(text)
}
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

async function visible(request: Request, id: string | readonly string[] | undefined): Promise<{ user: UserRecord; b: BookingRecord }> {
  const user = await requireUser(request)
  return { user, b: findVisibleBooking(user, id) }
}

async function state(user: UserRecord, b: BookingRecord) {
  checkMayReadPapers(user, b)
  const list = records(b.id)
  const hash = list.some((r) => !r.voided_at) ? null : (await draft(b, nextRevision(list))).sha256
  return agreementState(b.id, list, hash)
}

export const agreementHandlers = [
  http.get(
    '*/api/bookings/:id/agreement',
    route(async ({ request, params }) => {
      const { user, b } = await visible(request, params.id)
      return HttpResponse.json(await state(user, b))
    }),
  ),
  http.get(
    '*/api/bookings/:id/agreement/draft',
    route(async ({ request, params }) => {
      const { user, b } = await visible(request, params.id)
      checkMayReadPapers(user, b)
      const list = records(b.id)
      checkUnsigned(list)
      const revision = nextRevision(list)
      // A copy: the drawn draft is kept for the next reader, whatever becomes of this response's bytes.
      return pdf((await draft(b, revision)).bytes.slice(), `agreement-${b.id}-${revision}-draft.pdf`)
    }),
  ),
  http.get(
    '*/api/bookings/:id/agreement/:revision',
    route(async ({ request, params }) => {
      const { user, b } = await visible(request, params.id)
      checkMayReadPapers(user, b)
      const found = rows(b.id).find((r) => String(r.revision) === params.revision)
      if (!found) throw new ApiError(404, MSG_AGREEMENT_NOT_FOUND)
      return pdf(fromBase64(found.pdf_base64), `agreement-${b.id}-${found.revision}.pdf`)
    }),
  ),
  http.post(
    '*/api/bookings/:id/agreement/code',
    route(async ({ request, params }) => {
      const { user, b } = await visible(request, params.id)
      checkMaySign(user, b)
      checkUnsigned(records(b.id))
      const phone = user.phone ? normaliseKenyanPhone(user.phone) : null
      if (!phone) throw new ApiError(422, MSG_AGREEMENT_NO_PHONE, { phone: MSG_AGREEMENT_NO_PHONE })
      const home = storedSettings().general.facilityName
      const sent = await mockSendOneTimeCode(user, phone, { scope: agreementScope(b.id), kind: AGREEMENT_SMS_KIND, body: (code) => AGREEMENT_CODE_SMS[smsLanguage(user.language)](home, code, CODE_TTL_MINUTES) })
      return HttpResponse.json({ ...sent, message: MSG_AGREEMENT_CODE_SENT })
    }),
  ),
  http.post(
    '*/api/bookings/:id/agreement/sign',
    route(async ({ request, params }) => {
      const { user, b } = await visible(request, params.id)
      const input = await body(request, SignAgreementRequest)
      checkMaySign(user, b)
      const list = records(b.id)
      checkUnsigned(list)
      const revision = nextRevision(list)
      const doc = await draft(b, revision)
      checkSameDocument(input.document_sha256, doc.sha256)
      const signer = await mockCheckOneTimeCode(agreementScope(b.id), input.challenge, input.code, AGREEMENT_CODE_WORDS)
      if (signer.id !== user.id) throw new ApiError(422, MSG_AGREEMENT_CODE_EXPIRED)
      // Signed while this one was being built (the server's unique index says the same).
      if (records(b.id).some((r) => !r.voided_at)) throw new ApiError(409, MSG_AGREEMENT_SIGNED)
      const now = new Date()
      const phone = normaliseKenyanPhone(user.phone ?? '') ?? ''
      // The mock sees no network address: it says so, as the in-process server does.
      const from = { ip: 'local', userAgent: request.headers.get('user-agent') ?? '' }
      const { appendSignaturePage } = await import('../../shared/paper/signature-pdf')
      const signed = await appendSignaturePage(doc.bytes, doc.fonts, doc.language, doc.home, { signedName: input.full_name, signedAt: now, phoneEnding: phone.slice(-4), ip: from.ip, userAgent: from.userAgent, documentSha256: doc.sha256, revision })
      await db.serviceAgreement.create({
        id: nextId('serviceAgreement'),
        booking_id: b.id,
        revision,
        signer_id: user.id,
        signed_name: input.full_name,
        signed_at: now.toISOString(),
        ip: from.ip,
        user_agent: from.userAgent.slice(0, 400),
        document_sha256: doc.sha256,
        sha256: await sha256Hex(signed),
        voided_at: null,
        voided_by: null,
        void_reason: null,
        pdf_base64: toBase64(signed),
      })
      return HttpResponse.json(agreementState(b.id, records(b.id), null), { status: 201 })
    }),
  ),
  http.post(
    '*/api/bookings/:id/agreement/void',
    route(async ({ request, params }) => {
      const { user, b } = await visible(request, params.id)
      requireRole(user, 'admin')
      checkMayVoid(user)
      const { reason } = await body(request, VoidAgreementRequest)
      const record = toVoid(records(b.id))
      await db.serviceAgreement.update((q) => q.where({ id: record.id }), { data: (r) => void Object.assign(r, { voided_at: new Date().toISOString(), voided_by: user.id, void_reason: reason }) })
      return HttpResponse.json(await state(user, b))
    }),
  ),
]
