/**
 * The family's list (`GET /bookings/my`) is kept by each instance while its version stands: every
 * change to what the list shows, made anywhere (here by hand, through another connection to the
 * same database), moves the version in its own transaction, so the next answer shows it.
 */
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import pino from 'pino'
import { createApp } from '../../server/app'
import { openDatabase, type Database } from '../../server/db/client'
import { seedIfEmpty, truncateAll } from '../../server/seed'
import { emptyDatabaseDump } from './pglite-template.mjs'

// The server suite runs once on PGlite, then again on PostgreSQL with CONTRACT_DATABASE_URL set.
const url = process.env.CONTRACT_DATABASE_URL || undefined

interface WireBooking {
  id: number
  status: string
  deceased_first_name: string
  client_name: string
  services: Array<{ id: number; scheduled_date: string }>
  amount_paid: number
  audit: unknown[]
  assignedAttendant: { id: number; name: string } | null
  morgue: { tasks: string[]; client_phone: string | null; documents: Array<{ name: string }> }
}

async function rowsOf<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows
}

describe(`the family’s kept list on ${url ? 'PostgreSQL' : 'PGlite'}`, () => {
  const databaseUrl = url
  it('is answered again while its version stands, and shows every change to what it shows on the next call', async () => {
    // `server` serves the app; `hand` changes rows directly (on PostgreSQL: another connection, as
    // another instance or a person with psql would).
    const server = await openDatabase(databaseUrl ? { databaseUrl } : { loadDataDir: emptyDatabaseDump() })
    const hand = databaseUrl ? await openDatabase({ databaseUrl }) : server
    try {
      if (databaseUrl) await truncateAll(server.db)
      await seedIfEmpty(server.db, 'demo')
      const app = createApp({ db: server.db, secret: randomBytes(32), log: pino({ level: 'silent' }), dev: false, trustProxy: 0 })
      const login = await app.request('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'family@funeral.test', password: 'Family#2026' }) })
      const { token, user } = (await login.json()) as { token: string; user: { id: number } }
      const list = async () => {
        const res = await app.request('/api/bookings/my', { headers: { Authorization: `Bearer ${token}` } })
        expect(res.status).toBe(200)
        expect(res.headers.get('content-type')).toMatch(/^application\/json/)
        return ((await res.json()) as { bookings: WireBooking[] }).bookings
      }
      const version = async () => (await rowsOf<{ v: string }>(hand, sql`SELECT version::text AS v FROM client_versions WHERE client_id = ${user.id}`))[0]?.v

      const first = await list()
      expect(first.length).toBeGreaterThan(0)
      const booking = first[0] as WireBooking
      const mine = () => list().then((all) => all.find((b) => b.id === booking.id) as WireBooking)

      // Kept: with its version put back by hand after a change, the earlier answer comes back.
      const before = await version()
      expect(before).toBeDefined()
      await hand.db.execute(sql`UPDATE bookings SET status = 'confirmed' WHERE id = ${booking.id} AND status <> 'confirmed'`)
      await hand.db.execute(sql`UPDATE bookings SET status = 'in_progress' WHERE id = ${booking.id}`)
      expect(await version()).not.toBe(before)
      await hand.db.execute(sql`UPDATE client_versions SET version = ${before}::bigint WHERE client_id = ${user.id}`)
      expect((await mine()).status).toBe(booking.status)
      // Moved again, it is built again.
      await hand.db.execute(sql`SELECT afh_bump_client(${user.id})`)
      expect((await mine()).status).toBe('in_progress')

      // Each table the list reads, changed by hand, shows on the very next call.
      const [line] = await rowsOf<{ id: number }>(hand, sql`SELECT id FROM booking_lines WHERE booking_id = ${booking.id} ORDER BY id LIMIT 1`)
      await hand.db.execute(sql`UPDATE booking_lines SET scheduled_date = '2031-02-03T10:00:00' WHERE id = ${line?.id}`)
      expect((await mine()).services.find((s) => s.id === line?.id)?.scheduled_date).toBe('2031-02-03T10:00:00')

      await hand.db.execute(sql`INSERT INTO documents (booking_id, uploaded_by, name, document_type, file_path, mime_type, size, status)
        VALUES (${booking.id}, ${user.id}, 'by-hand.pdf', 'other', 'by-hand.pdf', 'application/pdf', 10, 'pending')`)
      expect((await mine()).morgue.documents.map((d) => d.name)).toContain('by-hand.pdf')

      const paid = (await mine()).amount_paid
      await hand.db.execute(sql`INSERT INTO payments (booking_id, client_id, payment_method, status, amount) VALUES (${booking.id}, ${user.id}, 'mpesa', 'completed', 123)`)
      expect((await mine()).amount_paid).toBe(paid + 123)

      await hand.db.execute(sql`INSERT INTO morgue_care (booking_id, received_at, tasks) VALUES (${booking.id}, now(), '["embalming"]'::jsonb)
        ON CONFLICT (booking_id) DO UPDATE SET tasks = '["embalming"]'::jsonb`)
      expect((await mine()).morgue.tasks).toEqual(['embalming'])

      const audited = (await mine()).audit.length
      await hand.db.execute(sql`INSERT INTO booking_audit (booking_id, by_name, field, "from", "to") VALUES (${booking.id}, 'By Hand', 'status', 'pending', 'confirmed')`)
      expect((await mine()).audit).toHaveLength(audited + 1)

      await hand.db.execute(sql`UPDATE deceased SET first_name = 'Renamed' WHERE id = (SELECT deceased_id FROM bookings WHERE id = ${booking.id})`)
      expect((await mine()).deceased_first_name).toBe('Renamed')

      await hand.db.execute(sql`UPDATE users SET name = 'Family Renamed', phone = '0700000001' WHERE id = ${user.id}`)
      const renamed = await mine()
      expect(renamed.client_name).toBe('Family Renamed')
      expect(renamed.morgue.client_phone).toBe('0700000001')

      const [attendant] = await rowsOf<{ id: number }>(hand, sql`SELECT id FROM users WHERE role = 'morgue_attendant' ORDER BY id LIMIT 1`)
      await hand.db.execute(sql`UPDATE bookings SET attendant_id = ${attendant?.id} WHERE id = ${booking.id}`)
      expect((await mine()).assignedAttendant?.id).toBe(attendant?.id)
      await hand.db.execute(sql`UPDATE users SET name = 'Attendant Renamed' WHERE id = ${attendant?.id}`)
      expect((await mine()).assignedAttendant?.name).toBe('Attendant Renamed')

      const [made] = await rowsOf<{ id: number }>(
        hand,
        sql`INSERT INTO bookings (client_id, deceased_id, status, payment_status, total_amount) SELECT client_id, deceased_id, 'pending', 'pending', 1 FROM bookings WHERE id = ${booking.id} RETURNING id`,
      )
      expect((await list()).map((b) => b.id)).toContain(made?.id)
      await hand.db.execute(sql`DELETE FROM bookings WHERE id = ${made?.id}`)
      expect((await list()).map((b) => b.id)).not.toContain(made?.id)
    } finally {
      if (hand !== server) await hand.close()
      await server.close()
    }
  }, 60_000)

  // Two connections, as two instances: a payment settling (the payment, then its booking, in one
  // transaction) while an admin changes the same booking's status (the booking, then its history).
  ;(databaseUrl ? it : it.skip)('moves the version at commit: a settlement and a status change of one booking at once both go through', async () => {
    const database = await openDatabase(databaseUrl ? { databaseUrl } : { loadDataDir: emptyDatabaseDump() })
    const { default: pg } = await import('pg')
    const settlement = new pg.Client({ connectionString: databaseUrl })
    const admin = new pg.Client({ connectionString: databaseUrl })
    try {
      await truncateAll(database.db)
      await seedIfEmpty(database.db, 'demo')
      await settlement.connect()
      await admin.connect()
      // A wait for the other would fail this test at once, not at its time limit.
      await admin.query(`SET lock_timeout = '3s'`)
      const [b] = (await settlement.query<{ id: number; client_id: number }>(`SELECT id, client_id FROM bookings ORDER BY id LIMIT 1`)).rows
      const before = (await settlement.query<{ v: string }>(`SELECT version::text AS v FROM client_versions WHERE client_id = $1`, [b?.client_id])).rows[0]?.v
      await settlement.query('BEGIN')
      await settlement.query(`INSERT INTO payments (booking_id, client_id, payment_method, status, amount) VALUES ($1, $2, 'mpesa', 'completed', 10)`, [b?.id, b?.client_id])
      // The admin's change takes the booking's row; were the family's version moved at once, the
      // settlement would hold it and each would wait for the other.
      const statusChange = admin.query(`UPDATE bookings SET status = 'confirmed' WHERE id = $1`, [b?.id])
      await statusChange
      await settlement.query(`UPDATE bookings SET payment_status = 'partial' WHERE id = $1`, [b?.id])
      await settlement.query('COMMIT')
      const after = (await settlement.query<{ status: string; payment_status: string }>(`SELECT status, payment_status FROM bookings WHERE id = $1`, [b?.id])).rows[0]
      expect(after).toEqual({ status: 'confirmed', payment_status: 'partial' })
      const moved = (await settlement.query<{ v: string }>(`SELECT version::text AS v FROM client_versions WHERE client_id = $1`, [b?.client_id])).rows[0]?.v
      expect(moved).not.toBe(before)
    } finally {
      await settlement.end()
      await admin.end()
      await database.close()
    }
  }, 60_000)
})
