import { Hono } from 'hono'
import { desc } from 'drizzle-orm'
import { ContactRequest } from '../../shared/contracts/contact'
import { valid } from '../http'
import { requireAuth } from '../auth'
import { contactMessages } from '../db/schema'
import type { AppEnv } from '../types'
import { contactThread } from '../domain/messages'
import { LIMITS, limitByAddress } from '../limits'

export const MSG_CONTACT_SENT = 'Message sent'

export const contactRoutes = new Hono<AppEnv>()
  // Anyone may write: a grieving visitor should not need an account to reach the home.
  .post('/', valid('json', ContactRequest), async (c) => {
    await limitByAddress(c, 'contact', LIMITS.contact)
    const input = c.req.valid('json')
    await c.var.deps.db.insert(contactMessages).values({ name: input.name, email: input.email.toLowerCase(), message: input.message })
    // The staff read and answer it in their Messages inbox, as a conversation without a booking.
    await contactThread(c.var.deps.db, { name: input.name, email: input.email.toLowerCase(), message: input.message })
    return c.json({ message: MSG_CONTACT_SENT }, 201)
  })

  // The staff's inbox of those messages, newest first.
  .get('/', requireAuth('admin'), async (c) => {
    const rows = await c.var.deps.db.select().from(contactMessages).orderBy(desc(contactMessages.id))
    return c.json({ messages: rows.map((m) => ({ id: m.id, name: m.name, email: m.email, message: m.message, created_at: m.createdAt.toISOString() })) })
  })
