/** The admin's e-mails beside "Messages sent": every mail queued, sent, skipped or given up on, newest first; never a link. */
import { Hono } from 'hono'
import { desc, sql } from 'drizzle-orm'
import { requireAuth } from '../auth'
import { mailOutbox } from '../db/schema'
import type { AppEnv } from '../types'

const iso = (column: unknown) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

export const mailOutboxRoutes = new Hono<AppEnv>().get('/', requireAuth('admin'), async (c) => {
  const rows = await c.var.deps.db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      kind: mailOutbox.kind,
      language: mailOutbox.language,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      last_error: mailOutbox.lastError,
      created_at: iso(mailOutbox.createdAt),
      sent_at: sql<string | null>`CASE WHEN ${mailOutbox.sentAt} IS NULL THEN NULL ELSE ${iso(mailOutbox.sentAt)} END`,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.id))
    .limit(200)
  return c.json({ mails: rows, transport: c.var.deps.mailTransport ?? 'none' })
})
