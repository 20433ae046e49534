import { http, HttpResponse } from 'msw'
import { db, nextId, plain } from '../db'
import { body, requireRoleOf, route } from '../http'
import { ContactRequest, MSG_CONTACT_SENT } from '../../shared/contracts/contact'
import { contactMessageOf, urgentMessageSms } from '../../shared/contact-urgency'
import { contactThread, smsMockAdmins } from '../messages'

export const contactHandlers = [
  // Anyone may write: a grieving visitor should not need an account to reach the home.
  http.post(
    '*/api/contact',
    route(async ({ request }) => {
      const message = contactMessageOf(await body(request, ContactRequest))
      await db.contactMessage.create({ id: nextId('contactMessage'), ...message, created_at: new Date().toISOString() })
      // The staff read and answer it in their Messages inbox, as a conversation without a booking.
      await contactThread(message)
      // A death just occurred or a body to collect today: the admins hear of it at once, wherever they are.
      if (message.urgent) await smsMockAdmins('urgent', (language, home) => urgentMessageSms(language, home, message))
      return HttpResponse.json({ message: MSG_CONTACT_SENT, urgent: message.urgent }, { status: 201 })
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
