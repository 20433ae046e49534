import { http, HttpResponse } from 'msw'
import { db, nextId, plain } from '../db'
import { body, requireRoleOf, route } from '../http'
import { ContactRequest, MSG_CONTACT_SENT } from '../../shared/contracts/contact'
import { normaliseEmail } from '../../shared/contracts/auth-rules'
import { contactThread } from '../messages'

export const contactHandlers = [
  // Anyone may write: a grieving visitor should not need an account to reach the home.
  http.post(
    '*/api/contact',
    route(async ({ request }) => {
      const input = await body(request, ContactRequest)
      const message = { name: input.name, email: normaliseEmail(input.email), message: input.message }
      await db.contactMessage.create({ id: nextId('contactMessage'), ...message, created_at: new Date().toISOString() })
      // The staff read and answer it in their Messages inbox, as a conversation without a booking.
      await contactThread(message)
      return HttpResponse.json({ message: MSG_CONTACT_SENT }, { status: 201 })
    }),
  ),

  // The staff's outbox of those messages, newest first.
  http.get(
    '*/api/contact',
    route(async ({ request }) => {
      await requireRoleOf(request, 'admin')
      const messages = db.contactMessage.findMany(undefined, { orderBy: { id: 'desc' } }).map(plain)
      return HttpResponse.json({ messages })
    }),
  ),
]
