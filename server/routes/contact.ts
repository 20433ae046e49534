import { Hono } from 'hono'
import { ContactRequest, MSG_CONTACT_SENT } from '../../shared/contracts/contact'
import { normaliseEmail } from '../../shared/contracts/auth-rules'
import { valid } from '../http'
import { requireAuth } from '../auth'
import type { AppEnv } from '../types'
import { contactThread } from '../domain/messages'
import { LIMITS, limitByAddress } from '../limits'
import { keepContactMessage, listContactMessages } from '../repo/contact'

export const contactRoutes = new Hono<AppEnv>()
  // Anyone may write: a grieving visitor should not need an account to reach the home.
  .post('/', valid('json', ContactRequest), async (c) => {
    await limitByAddress(c, 'contact', LIMITS.contact)
    const input = c.req.valid('json')
    const message = { name: input.name, email: normaliseEmail(input.email), message: input.message }
    await keepContactMessage(c.var.deps.db, message)
    // The staff read and answer it in their Messages inbox, as a conversation without a booking.
    await contactThread(c.var.deps.db, message)
    return c.json({ message: MSG_CONTACT_SENT }, 201)
  })

  // The staff's inbox of those messages, newest first.
  .get('/', requireAuth('admin'), async (c) => c.json({ messages: await listContactMessages(c.var.deps.db) }))
