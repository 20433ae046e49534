/** The admin's lists of what the server sent: the e-mails and the SMS, newest first (the latest 200 of each). */
import { desc, sql } from 'drizzle-orm'
import type { Db } from '../db/types'
import { mailOutbox, smsOutbox } from '../db/schema'

const iso = (column: unknown) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
const isoOrNull = (column: unknown) => sql<string | null>`CASE WHEN ${column} IS NULL THEN NULL ELSE ${iso(column)} END`

/** Every mail queued, sent, skipped or given up on; never a link. */
export function listMails(db: Db) {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      kind: mailOutbox.kind,
      language: mailOutbox.language,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      last_error: mailOutbox.lastError,
      created_at: iso(mailOutbox.createdAt),
      sent_at: isoOrNull(mailOutbox.sentAt),
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.id))
    .limit(200)
}

/** Every SMS queued, sent, skipped or given up on, as it went out. */
export function listSms(db: Db) {
  return db
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
      sent_at: isoOrNull(smsOutbox.sentAt),
    })
    .from(smsOutbox)
    .orderBy(desc(smsOutbox.id))
    .limit(200)
}
