import { request, requestBlob } from './client'
import { AgreementCodeSent, AgreementState, type SignAgreementRequest } from '../../shared/contracts/agreement'

const at = (bookingId: string) => `/bookings/${encodeURIComponent(bookingId)}/agreement`

/** GET /bookings/{id}/agreement: the signed revision in force, or the draft to read and sign, and the history. */
export const getAgreement = (bookingId: string) => request((w) => w.url(at(bookingId)).get().json(), AgreementState)

/** POST …/agreement/code: a one-time code by SMS to the account's phone. */
export const requestAgreementCode = (bookingId: string) => request((w) => w.url(`${at(bookingId)}/code`).post().json(), AgreementCodeSent)

/** POST …/agreement/sign: the typed name, the code and the hash of the document read. */
export const signAgreement = ({ bookingId, ...body }: SignAgreementRequest & { bookingId: string }) =>
  request((w) => w.url(`${at(bookingId)}/sign`).post(body).json(), AgreementState)

/** A signed revision's PDF, or the draft (`href` as the state gives it). */
export const downloadAgreement = (href: string) => requestBlob((w) => w.url(href).accept('application/pdf').get().blob())

/** Where a signed revision's PDF is (the papers' list gives the revision only). */
export const signedAgreementHref = (bookingId: string, revision: number) => `${at(bookingId)}/${revision}`

/** POST …/agreement/void: the office voids the signed revision, with a reason; the family then signs the next. */
export const voidAgreement = ({ bookingId, reason }: { bookingId: string; reason: string }) =>
  request((w) => w.url(`${at(bookingId)}/void`).post({ reason }).json(), AgreementState)
