import { z } from 'zod/mini'
import { Id, Money } from './common'
import { MPESA_PUSH_EXPIRY_MS, normaliseKenyanPhone } from './payments'

/**
 * Harambee: relatives and friends pay towards a booking from a link the family shares.
 *
 * Family (signed in, its own booking):
 * - `GET /bookings/{id}/contributions`: `{ link, contributions }` (link null when none was made).
 * - `POST /bookings/{id}/contributions/link` `{ message? }`: the open link (made on first need).
 * - `DELETE /bookings/{id}/contributions/link`: closes it.
 * - `POST /bookings/{id}/contributions/{paymentId}/thank`: an SMS of thanks to the contributor.
 *
 * Anyone with the link (no account):
 * - `GET /contributions/{token}`: what the page shows (nothing else about the family or the booking).
 * - `POST /contributions/{token}/push`: the STK push to the contributor's phone (Daraja's answer, as /stk-push).
 * - `GET /contributions/{token}/verify/{checkoutRequestId}`: as /payments/mpesa/verify.
 */
export const CONTRIBUTION_DAYS_AFTER_SERVICE = 30
/**
 * An unanswered push holds its amount this long, the life of a push (it is closed as expired then):
 * two relatives can never together pay more than is due.
 */
export const CONTRIBUTION_RESERVATION_MS = MPESA_PUSH_EXPIRY_MS
/** Pushes per link and per phone within CONTRIBUTION_RATE_WINDOW_MS. */
export const CONTRIBUTION_PUSHES_PER_LINK = 20
export const CONTRIBUTION_PUSHES_PER_PHONE = 4
export const CONTRIBUTION_RATE_WINDOW_MS = 10 * 60_000
export const CONTRIBUTION_MESSAGE_MAX = 300
export const FAMILY_MESSAGE_MAX = 500

export const MSG_LINK_NOT_FOUND = 'This contribution link does not exist. Please check it with the family.'
export const MSG_LINK_CLOSED = 'This contribution link is closed: no more contributions are being collected.'
export const MSG_TOO_MANY_PUSHES = 'Too many payment requests in a short time. Please wait a few minutes and try again.'
export const MSG_NOTHING_DUE = 'Nothing is due on this booking any more.'
export const MSG_LINK_CLOSED_OK = 'Contribution link closed'
export const MSG_THANKED = 'Thank-you message sent'
export const MSG_NAME_REQUIRED = 'Please enter your name'
export const MSG_AMOUNT_WHOLE = 'Enter a whole amount in KSH, at least 1'
export const msgAmountAboveDue = (available: number) =>
  available > 0 ? `Amount cannot be more than the KSH ${available.toLocaleString('en-KE')} still due` : 'Others are paying the rest right now. Please look again in a few minutes.'

export const LINK_STATUSES = ['open', 'closed', 'settled', 'expired'] as const
export type LinkStatus = (typeof LINK_STATUSES)[number]

/** The link's state now: closed by the family or a cancellation, settled when nothing is due, expired 30 days after the service. */
export function linkStatus(input: { closedAt: string | Date | null; bookingCancelled: boolean; due: number; lastServiceDate: string | null; now: number }): LinkStatus {
  if (input.closedAt !== null || input.bookingCancelled) return 'closed'
  if (input.due <= 0) return 'settled'
  if (input.lastServiceDate) {
    const end = Date.parse(`${input.lastServiceDate.slice(0, 10)}T23:59:59+03:00`) + CONTRIBUTION_DAYS_AFTER_SERVICE * 86_400_000
    if (Number.isFinite(end) && input.now > end) return 'expired'
  }
  return 'open'
}

/** '254712345678' → '0712 ••• 678': enough for the family to recognise, not to call. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  const local = digits.startsWith('254') ? `0${digits.slice(3)}` : digits
  return local.length >= 7 ? `${local.slice(0, 4)} ••• ${local.slice(-3)}` : '•••'
}

export const ContributionLinkRequest = z.object({
  message: z.optional(z.string().check(z.trim(), z.maxLength(FAMILY_MESSAGE_MAX, `Your message can be at most ${FAMILY_MESSAGE_MAX} characters`))),
})

export const ContributionPushRequest = z.object({
  name: z.string().check(z.trim(), z.minLength(1, MSG_NAME_REQUIRED), z.maxLength(100, 'Your name can be at most 100 characters')),
  phoneNumber: z.string().check(z.refine((v) => normaliseKenyanPhone(v) !== null, 'Enter a Safaricom number like 0712345678')),
  amount: z.number().check(z.int(MSG_AMOUNT_WHOLE), z.gte(1, MSG_AMOUNT_WHOLE), z.lte(250000, 'Amount cannot exceed 250,000 KSH')),
  message: z.optional(z.string().check(z.trim(), z.maxLength(CONTRIBUTION_MESSAGE_MAX, `Your message can be at most ${CONTRIBUTION_MESSAGE_MAX} characters`))),
  anonymous: z.optional(z.boolean()),
  /** The language of the page they paid from: their thank-you SMS is in it (English when absent). */
  language: z.optional(z.enum(['en', 'sw'])),
})
export type ContributionPushRequest = z.input<typeof ContributionPushRequest>

/** What the public page shows. */
export const ContributionPage = z.object({
  status: z.enum(LINK_STATUSES),
  home: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
  deceased_name: z.string(),
  service_date: z.nullable(z.string()),
  message: z.nullable(z.string()),
  total: Money,
  paid: Money,
  amount_due: Money,
  contributions: z.array(z.object({ name: z.string(), amount: Money, at: z.string() })),
})
export type ContributionPage = z.infer<typeof ContributionPage>

export const ContributionLink = z.object({
  token: z.string(),
  status: z.enum(LINK_STATUSES),
  message: z.nullable(z.string()),
  created_at: z.string(),
})
export type ContributionLink = z.infer<typeof ContributionLink>

export const Contribution = z.object({
  id: Id,
  name: z.string(),
  anonymous: z.boolean(),
  amount: Money,
  at: z.string(),
  message: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  receipt: z.nullable(z.string()),
  thanked: z.boolean(),
})
export type Contribution = z.infer<typeof Contribution>

export const BookingContributions = z.object({ link: z.nullable(ContributionLink), contributions: z.array(Contribution) })
export type BookingContributions = z.infer<typeof BookingContributions>
export const ContributionLinkResponse = z.object({ link: ContributionLink })

/** How the admin's transactions name a relative's contribution. */
export const contributionCustomer = (name: string) => `${name} (contribution)`

/** The name the page and the family show for a contribution. */
export const WELL_WISHER = 'A well-wisher'
export const publicName = (name: string, anonymous: boolean) => (anonymous ? WELL_WISHER : name.trim().split(/\s+/)[0] || WELL_WISHER)

export const CONTRIBUTION_SMS = {
  thanks: (home: string, deceased: string, amount: number, receipt: string | null) =>
    `${home}: thank you for your contribution of KSH ${amount.toLocaleString('en-KE')} towards the funeral of ${deceased}.${receipt ? ` M-Pesa receipt ${receipt}.` : ''}`,
  /** name: null when the contributor gave none. */
  family: (name: string | null, amount: number, due: number) => `${name ?? WELL_WISHER} contributed KSH ${amount.toLocaleString('en-KE')}; KSH ${due.toLocaleString('en-KE')} still due`,
  familyThanks: (family: string, deceased: string) => `${family} thanks you for your contribution towards the funeral of ${deceased}.`,
}
/**
 * The contribution SMS in Kiswahili: to the family (an account with a language), and the thanks to a
 * contributor who paid from the page in Kiswahili (the language is sent with the push).
 */
export const CONTRIBUTION_SMS_SW: typeof CONTRIBUTION_SMS = {
  thanks: (home, deceased, amount, receipt) =>
    `${home}: asante kwa mchango wako wa KSH ${amount.toLocaleString('en-KE')} kwa mazishi ya ${deceased}.${receipt ? ` Risiti ya M-Pesa ${receipt}.` : ''}`,
  family: (name, amount, due) => `${name ?? 'Mtakia mema'} amechangia KSH ${amount.toLocaleString('en-KE')}; KSH ${due.toLocaleString('en-KE')} bado zinadaiwa`,
  familyThanks: (family, deceased) => `${family} inakushukuru kwa mchango wako kwa mazishi ya ${deceased}.`,
}
/** The SMS texts for a contributor who paid in `language` (English when it is not known). */
export const contributorSms = (language: string | null | undefined) => (language === 'sw' ? CONTRIBUTION_SMS_SW : CONTRIBUTION_SMS)
