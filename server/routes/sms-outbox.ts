/** The admin's "Messages sent": every SMS the server queued, sent, skipped or gave up on, newest first. */
import { Hono } from 'hono'
import { desc, sql } from 'drizzle-orm'
import { requireAuth } from '../auth'
import { smsOutbox } from '../db/schema'
import type { AppEnv } from '../types'
import { maskSignInCode } from '../../shared/contracts/two-factor'

const iso = (column: unknown) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

export const smsOutboxRoutes = new Hono<AppEnv>().get('/', requireAuth('admin'), async (c) => {
  const rows = await c.var.deps.db
    .select({
      id: smsOutbox.id,
      to_phone: smsOutbox.toPhone,
      body: smsOutbox.body,
      kind: smsOutbox.kind,
      booking_id: smsOutbox.bookingId,
      status: smsOutbox.status,
      provider: smsOutbox.provider,
      attempts: smsOutbox.attempts,
      last_error: smsOutbox.lastError,
      created_at: iso(smsOutbox.createdAt),
      sent_at: sql<string | null>`CASE WHEN ${smsOutbox.sentAt} IS NULL THEN NULL ELSE ${iso(smsOutbox.sentAt)} END`,
    })
    .from(smsOutbox)
    .orderBy(desc(smsOutbox.id))
    .limit(200)
  // The SMS itself went out with the code; the admin sees it masked.
  const messages = rows.map((row) => ({ ...row, body: maskSignInCode(row.kind, row.body) }))
  return c.json({ messages, provider: c.var.deps.smsProvider ?? 'outbox' })
})
