import { z } from 'zod/mini'
import { Id } from './common'

/**
 * The service agreement the family signs on their phone: its requests, its answer and the words
 * both backends say. The rules that decide live in shared/paper/agreement.ts.
 */
export const SIGNER_NAME_MAX = 100
export const VOID_REASON_MAX = 500

export const MSG_AGREEMENT_CODE_SENT = 'A code to sign the agreement has been sent by SMS'
export const MSG_AGREEMENT_CODE_WRONG = 'The code is incorrect. Check the SMS and try again.'
export const MSG_AGREEMENT_CODE_EXPIRED = 'This code has expired or was tried too many times. Ask for a new code.'
export const MSG_AGREEMENT_NO_PHONE = 'Signing needs a mobile number on your account. Add one in your profile.'
export const MSG_AGREEMENT_SIGNED = 'The agreement is already signed'
export const MSG_AGREEMENT_CHANGED = 'The agreement has changed since you opened it. Please read it again before you sign.'
export const MSG_AGREEMENT_ONLY_FAMILY = 'Only the family who made the booking can sign its agreement'
export const MSG_AGREEMENT_ONLY_ADMIN = 'Only an administrator can void a signed agreement'
export const MSG_AGREEMENT_NOT_SIGNED = 'There is no signed agreement to void'
export const MSG_AGREEMENT_NOT_FOUND = 'Agreement not found'
export const MSG_AGREEMENT_SIGNED_OK = 'Agreement signed'
export const MSG_AGREEMENT_VOIDED = 'Agreement voided'

/** POST /bookings/{id}/agreement/sign: the name typed, the code from the SMS, and which document was read. */
export const SignAgreementRequest = z.object({
  full_name: z
    .string()
    .check(
      z.trim(),
      z.minLength(3, 'Type your full name'),
      z.maxLength(SIGNER_NAME_MAX, `Your name must be at most ${SIGNER_NAME_MAX} characters`),
      z.refine((v) => v.trim().split(/\s+/).length >= 2, 'Type your full name (first and last name)'),
    ),
  challenge: z.string().check(z.minLength(1, 'Ask for a code first'), z.maxLength(200, 'Ask for a code first')),
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code from the SMS')),
  /** The SHA-256 of the agreement the family read (GET …/agreement gives it): a changed one is refused. */
  document_sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/, MSG_AGREEMENT_CHANGED)),
})
export type SignAgreementRequest = z.infer<typeof SignAgreementRequest>

export const VoidAgreementRequest = z.object({
  reason: z.string().check(z.trim(), z.minLength(3, 'Enter why the agreement is voided'), z.maxLength(VOID_REASON_MAX, `The reason must be at most ${VOID_REASON_MAX} characters`)),
})
export type VoidAgreementRequest = z.infer<typeof VoidAgreementRequest>

/** POST …/agreement/code's answer. */
export const AgreementCodeSent = z.object({ challenge: z.string(), phoneEnding: z.string(), message: z.string() })
export type AgreementCodeSent = z.infer<typeof AgreementCodeSent>

export const SignedAgreement = z.looseObject({
  revision: z.number(),
  signed_name: z.string(),
  signed_at: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  /** SHA-256 of the agreement as read (shown on the signature page). */
  document_sha256: z.string(),
  /** SHA-256 of the signed PDF as stored and served (agreement and signature page). */
  sha256: z.string(),
  voided_at: z.nullable(z.string()),
  void_reason: z.nullable(z.string()),
  /** The signed PDF, under /api. */
  href: z.string(),
})
export type SignedAgreement = z.infer<typeof SignedAgreement>

/** GET /bookings/{id}/agreement: the signed one in force, the draft to sign when there is none, and every revision. */
export const AgreementState = z.looseObject({
  booking_id: Id,
  status: z.enum(['signed', 'unsigned']),
  signed: z.nullable(SignedAgreement),
  /** The next revision to read and sign (null while one is signed and in force). */
  draft: z.nullable(z.looseObject({ revision: z.number(), document_sha256: z.string(), href: z.string() })),
  history: z.array(SignedAgreement),
})
export type AgreementState = z.infer<typeof AgreementState>

/** The agreement's SMS: the code that signs it, in the family's language. */
export const AGREEMENT_CODE_SMS = {
  en: (home: string, code: string, minutes: number) => `${home}: your code to sign the service agreement is ${code}. It expires in ${minutes} minutes. Never share it.`,
  sw: (home: string, code: string, minutes: number) => `${home}: nambari yako ya kutia sahihi mkataba wa huduma ni ${code}. Itaisha baada ya dakika ${minutes}. Usimpe mtu yeyote.`,
} as const
export const AGREEMENT_SMS_KIND = 'agreement-code'
