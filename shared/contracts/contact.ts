import { z } from 'zod/mini'

/**
 * `POST /contact`: the landing page's message to the home (SPEC.md shows no call; the old app sent
 * nothing). The server keeps it in its messages outbox for the staff and answers 201 `{ message }`.
 */
export const ContactRequest = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(200)),
  email: z.pipe(z.string().check(z.trim(), z.minLength(1, 'Email is required')), z.email('Please enter a valid email address')),
  message: z.string().check(z.trim(), z.minLength(1, 'Message is required'), z.maxLength(5000)),
})
export type ContactRequest = z.input<typeof ContactRequest>

export const ContactResponse = z.looseObject({ message: z.string() })

/** POST /contact's answer (201). */
export const MSG_CONTACT_SENT = 'Message sent'
