/** The contact form's messages, as the staff's list shows them. */
import { desc } from 'drizzle-orm'
import type { Db } from '../db/types'
import { contactMessages } from '../db/schema'

export async function keepContactMessage(db: Db, input: { name: string; email: string; message: string; phone: string | null; urgent: boolean }): Promise<void> {
  await db.insert(contactMessages).values(input)
}

/** Newest first. */
export async function listContactMessages(db: Db) {
  const rows = await db.select().from(contactMessages).orderBy(desc(contactMessages.id))
  return rows.map((m) => ({ id: m.id, name: m.name, email: m.email, phone: m.phone, message: m.message, urgent: m.urgent, created_at: m.createdAt.toISOString() }))
}
