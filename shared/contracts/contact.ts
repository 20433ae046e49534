import { z } from 'zod/mini'

export const MSG_CONTACT_PHONE = 'Please enter a phone number we can call, like 0712345678'

/** A number someone can dial: 7 to 15 digits, with spaces, dashes, brackets or a leading + between. */
export function isCallablePhone(raw: string): boolean {
  if (!/^\+?[\d\s\-()]+$/.test(raw)) return false
  const digits = raw.replace(/\D/g, '').length
  return digits >= 7 && digits <= 15
}

/**
 * `POST /contact`: the landing page's message to the home (SPEC.md shows no call; the old app sent
 * nothing). The server keeps it in its messages outbox for the staff and answers 201 `{ message, urgent }`;
 * a message about a death just occurred or a collection today is urgent (shared/contact-urgency.ts).
 */
export const ContactRequest = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(200)),
  email: z.pipe(z.string().check(z.trim(), z.minLength(1, 'Email is required')), z.email('Please enter a valid email address')),
  message: z.string().check(z.trim(), z.minLength(1, 'Message is required'), z.maxLength(5000)),
  /** Optional: a number the home can call back (a relative abroad may give theirs, so any country). */
  phone: z.optional(z.string().check(z.trim(), z.refine((v) => v === '' || isCallablePhone(v), MSG_CONTACT_PHONE))),
})
export type ContactRequest = z.input<typeof ContactRequest>

/** 201's body: `urgent` when the message was taken as one (the form then says the home will call). */
export const ContactResponse = z.looseObject({ message: z.string(), urgent: z.optional(z.boolean()) })

/** POST /contact's answer (201). */
export const MSG_CONTACT_SENT = 'Message sent'
