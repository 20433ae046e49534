import { z } from 'zod/mini'
import { CONTACT } from '../../../lib/contact-details'

/** The landing page's contact form (SPEC.md section 3: name, email, message). */
export const contactMessageSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required')),
  email: z.pipe(z.string().check(z.trim(), z.minLength(1, 'Email is required')), z.email('Please enter a valid email address')),
  message: z.string().check(z.trim(), z.minLength(1, 'Message is required')),
})

export type ContactMessage = z.input<typeof contactMessageSchema>

export const emptyContactMessage: ContactMessage = { name: '', email: '', message: '' }

/**
 * The form has no server call (SPEC.md section 7): the message goes out through the visitor's own
 * mail app, addressed to support and filled in, so nothing is lost and nothing is sent behind their back.
 */
export function contactMailtoUrl(value: ContactMessage): string {
  const name = value.name.trim()
  const email = value.email.trim()
  const subject = `Message from ${name}`
  const body = [`Name: ${name}`, `Email: ${email}`, '', value.message.trim()].join('\r\n')
  return `mailto:${CONTACT.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}
