/** The admin's e-mails beside "Messages sent": every mail queued, sent, skipped or given up on, newest first; never a link. */
import { Hono } from 'hono'
import { requireAuth } from '../auth'
import type { AppEnv } from '../types'
import { listMails } from '../domain/outbox'

export const mailOutboxRoutes = new Hono<AppEnv>().get('/', requireAuth('admin'), async (c) => c.json({ mails: await listMails(c.var.deps.db), transport: c.var.deps.mailTransport ?? 'none' }))
