import { Hono } from 'hono'
import { ContactRequest, MSG_CONTACT_SENT } from '../../shared/contracts/contact'
import { contactMessageOf, urgentMessageSms } from '../../shared/contact-urgency'
import { valid } from '../http'
import { requireAuth } from '../auth'
import type { AppEnv } from '../types'
import { contactThread, keepContactMessage, listContactMessages } from '../domain/messages'
import { LIMITS, limitByAddress } from '../limits'
import { smsAdmins } from '../sms'

export const contactRoutes = new Hono<AppEnv>()
  // Anyone may write: a grieving visitor should not need an account to reach the home.
  .post('/', valid('json', ContactRequest), async (c) => {
    await limitByAddress(c, 'contact', LIMITS.contact)
    const message = contactMessageOf(c.req.valid('json'))
    await keepContactMessage(c.var.deps.db, message)
    // The staff read and answer it in their Messages inbox, as a conversation without a booking.
    await contactThread(c.var.deps.db, message)
    // A death just occurred or a body to collect today: the admins hear of it at once, wherever they are.
    if (message.urgent) await smsAdmins(c.var.deps, 'urgent', (language, home) => urgentMessageSms(language, home, message))
    return c.json({ message: MSG_CONTACT_SENT, urgent: message.urgent }, 201)
  })

  // The staff's inbox of those messages, newest first.
  .get('/', requireAuth('admin'), async (c) => c.json({ messages: await listContactMessages(c.var.deps.db) }))
