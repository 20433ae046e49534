import { z } from 'zod/mini'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { isCallablePhone } from '../../../../shared/contracts/contact'

/**
 * The landing page's contact form (SPEC.md section 3: name, email, message), its messages in the
 * language in use when the form is built (the form builds it again when the language changes).
 */
export const contactMessageSchema = (t: (message: MessageDescriptor) => string) =>
  z.object({
    name: z.string().check(z.trim(), z.minLength(1, t(msg`Name is required`))),
    email: z.pipe(z.string().check(z.trim(), z.minLength(1, t(msg`Email is required`))), z.email(t(msg`Please enter a valid email address`))),
    message: z.string().check(z.trim(), z.minLength(1, t(msg`Message is required`))),
    // Optional, so nobody is kept from writing; with it the home can call back at once.
    phone: z.string().check(z.trim(), z.refine((v) => v === '' || isCallablePhone(v), t(msg`Please enter a phone number we can call, like 0712345678`))),
  })

export type ContactMessage = z.input<ReturnType<typeof contactMessageSchema>>

export const emptyContactMessage: ContactMessage = { name: '', email: '', phone: '', message: '' }

/** What the form says after sending: once, beside the button (no toast repeats it). */
export const CONTACT_FORM_MESSAGES = {
  sent: msg`Your message has been sent. We will reply by email, usually within a few hours.`,
  /** With a phone number: how the home will answer. */
  sentWithPhone: msg`Your message has been sent. We will call you back, usually within a few hours.`,
  /** A death just occurred or a collection today: the staff on duty were told at once. */
  sentUrgent: msg`Your message has reached the staff on duty, who will call you shortly. If you cannot wait, call us now:`,
  failure: msg`Your message could not be sent. Please try again, or call us.`,
  sending: msg`Sending...`,
} as const

/**
 * The server's words about a refused message, listed so the home page's catalogue carries their
 * Kiswahili (each id is its English: the form says them with `translated(text)`). The form checks
 * the fields first, so only a limit reached or a fault reaches the visitor.
 */
export const CONTACT_SERVER_WORDS = [
  msg({ id: 'Too many requests in a short time. Please wait a few minutes and try again.', message: 'Too many requests in a short time. Please wait a few minutes and try again.' }),
  msg({ id: 'Something went wrong on the server. Please try again.', message: 'Something went wrong on the server. Please try again.' }),
]
