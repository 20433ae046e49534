import { z } from 'zod/mini'

/** The landing page's contact form (SPEC.md section 3: name, email, message). */
export const contactMessageSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required')),
  email: z.pipe(z.string().check(z.trim(), z.minLength(1, 'Email is required')), z.email('Please enter a valid email address')),
  message: z.string().check(z.trim(), z.minLength(1, 'Message is required')),
})

export type ContactMessage = z.input<typeof contactMessageSchema>

export const emptyContactMessage: ContactMessage = { name: '', email: '', message: '' }

/** What the form says after sending: once, beside the button (no toast repeats it). */
export const CONTACT_FORM_MESSAGES = {
  sent: 'Your message has been sent. We will reply by email, usually within a few hours.',
  failure: 'Your message could not be sent. Please try again, or call us.',
  sending: 'Sending...',
} as const
