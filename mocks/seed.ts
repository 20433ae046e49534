/**
 * The mock's seed: the demo data (shared/demo/data.ts, the same rows the server seeds) stored in
 * the @msw/data collections as of the real current date, each account's published password hashed
 * with the mock's own hasher.
 */
import { db } from './db'
import { createPasswordHash } from './passwords'
import { demoData } from '../shared/demo/data'

/** `now`: the instant the demo is dated from (default: this one). */
export async function seedDatabase(now = new Date()): Promise<void> {
  const data = demoData({ now })
  for (const { password, ...user } of data.users) await db.user.create({ ...user, ...(await createPasswordHash(password)) })
  for (const s of data.services) await db.service.create({ ...s })
  for (const d of data.deceased) await db.deceased.create(d)
  for (const b of data.bookings) await db.booking.create(b)
  for (const d of data.documents) await db.document.create(d)
  for (const p of data.payments) await db.payment.create(p)
  for (const a of data.activities) await db.activity.create(a)
  for (const m of data.morgueCare) await db.morgueCare.create(m)
  for (const e of data.custodyEvents) await db.custodyEvent.create(e)
  for (const r of data.calendarResources) await db.calendarResource.create(r)
  for (const e of data.calendarEvents) await db.calendarEvent.create({ ...e, resource_ids: [...e.resource_ids] })
}
