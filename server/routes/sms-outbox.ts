/** The admin's "Messages sent": every SMS the server queued, sent, skipped or gave up on, newest first. */
import { Hono } from 'hono'
import { requireAuth } from '../auth'
import type { AppEnv } from '../types'
import { listSms } from '../domain/outbox'
import { maskSignInCode } from '../../shared/contracts/two-factor'

export const smsOutboxRoutes = new Hono<AppEnv>().get('/', requireAuth('admin'), async (c) => {
  // The SMS itself went out with the code; the admin sees it masked.
  const messages = (await listSms(c.var.deps.db)).map((row) => ({ ...row, body: maskSignInCode(row.kind, row.body) }))
  return c.json({ messages, provider: c.var.deps.smsProvider ?? 'outbox' })
})
