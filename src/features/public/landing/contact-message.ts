import { z } from 'zod/mini'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/**
 * The landing page's contact form (SPEC.md section 3: name, email, message), its messages in the
 * language in use when the form is built (the form builds it again when the language changes).
 */
export const contactMessageSchema = (t: (message: MessageDescriptor) => string) =>
  z.object({
    name: z.string().check(z.trim(), z.minLength(1, t(msg`Name is required`))),
    email: z.pipe(z.string().check(z.trim(), z.minLength(1, t(msg`Email is required`))), z.email(t(msg`Please enter a valid email address`))),
    message: z.string().check(z.trim(), z.minLength(1, t(msg`Message is required`))),
  })

export type ContactMessage = z.input<ReturnType<typeof contactMessageSchema>>

export const emptyContactMessage: ContactMessage = { name: '', email: '', message: '' }

/** What the form says after sending: once, beside the button (no toast repeats it). */
export const CONTACT_FORM_MESSAGES = {
  sent: msg`Your message has been sent. We will reply by email, usually within a few hours.`,
  failure: msg`Your message could not be sent. Please try again, or call us.`,
  sending: msg`Sending...`,
} as const
