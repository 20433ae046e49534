/**
 * The admin's booking search looks in what the database keeps on each booking: renaming the
 * deceased or the family, or deleting the family's account, changes what finds it at once, however
 * the change was made (here by hand, through another connection on PostgreSQL).
 */
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import pino from 'pino'
import { createApp } from '../../server/app'
import { openDatabase } from '../../server/db/client'
import { seedIfEmpty, truncateAll } from '../../server/seed'
import { emptyDatabaseDump } from './pglite-template.mjs'

// The server suite runs once on PGlite, then again on PostgreSQL with CONTRACT_DATABASE_URL set.
const url = process.env.CONTRACT_DATABASE_URL || undefined

describe(`the admin's booking search on ${url ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('finds a booking by the names it shows now, and by "Former client" once the family’s account is gone', async () => {
    const server = await openDatabase(url ? { databaseUrl: url } : { loadDataDir: emptyDatabaseDump() })
    const hand = url ? await openDatabase({ databaseUrl: url }) : server
    try {
      if (url) await truncateAll(server.db)
      await seedIfEmpty(server.db, 'demo')
      const app = createApp({ db: server.db, secret: randomBytes(32), log: pino({ level: 'silent' }), dev: false, trustProxy: 0 })
      const login = await app.request('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'admin@funeral.test', password: 'Admin#2026' }) })
      const { token } = (await login.json()) as { token: string }
      const found = async (words: string) => {
        const res = await app.request(`/api/bookings?page=1&limit=50&search=${encodeURIComponent(words)}`, { headers: { Authorization: `Bearer ${token}` } })
        expect(res.status).toBe(200)
        const body = (await res.json()) as { bookings: Array<{ id: number }>; pagination: { total: number } }
        expect(body.pagination.total).toBe(body.bookings.length)
        return body.bookings.map((b) => b.id)
      }
      const rows = async <T>(query: ReturnType<typeof sql>) => ((await hand.db.execute(query)) as unknown as { rows: T[] }).rows
      const [b] = await rows<{ id: number; deceased_id: number; client_id: number }>(sql`SELECT id, deceased_id, client_id FROM bookings ORDER BY id LIMIT 1`)
      if (!b) throw new Error('no booking seeded')
      const others = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM bookings WHERE client_id = ${b.client_id}`)

      await hand.db.execute(sql`UPDATE deceased SET first_name = 'Zawadi', last_name = 'Kipchumba' WHERE id = ${b.deceased_id}`)
      expect(await found('zawadi KIPCHUMBA')).toEqual([b.id])

      await hand.db.execute(sql`UPDATE users SET name = 'Wanjiru Nyambura' WHERE id = ${b.client_id}`)
      expect(await found('Wanjiru Nyambura')).toHaveLength(others[0]?.n ?? 0)
      expect(await found('zawadi kipchumba wanjiru')).toEqual([b.id])

      // A booking moved to another deceased record is found by that name.
      const [d] = await rows<{ id: number }>(
        sql`INSERT INTO deceased (client_id, first_name, last_name, date_of_death, place_of_death) VALUES (${b.client_id}, 'Baraka', 'Mutua', '2026-01-01', 'Nairobi') RETURNING id`,
      )
      await hand.db.execute(sql`UPDATE bookings SET deceased_id = ${d?.id} WHERE id = ${b.id}`)
      expect(await found('baraka mutua')).toEqual([b.id])
      expect(await found('zawadi')).toEqual([])

      await hand.db.execute(sql`DELETE FROM users WHERE id = ${b.client_id}`)
      expect(await found('Wanjiru')).toEqual([])
      expect(await found('baraka mutua former client')).toEqual([b.id])
    } finally {
      if (hand !== server) await hand.close()
      await server.close()
    }
  }, 60_000)
})
