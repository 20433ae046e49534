/**
 * A contribution link's token is a key to pay into a family's page: the database keeps only its
 * hash (and a nonce the token is derived from with the server's secret), yet the family is shown
 * the same link every time, and links made before (stored raw, hashed by migration 0021) are
 * replaced by one that works.
 */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { startServerTarget } from '../contract/server-target'
import { contributionLinks } from '../../server/db/schema'

type Target = Awaited<ReturnType<typeof startServerTarget>>
let target: Target

beforeAll(async () => {
  target = await startServerTarget()
}, 60_000)
afterAll(async () => {
  await target.close()
})

async function api<T = Record<string, unknown>>(method: string, path: string, token?: string, body?: unknown) {
  const res = await target.fetch(
    new Request(`http://localhost:3000/api${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
  return { status: res.status, json: (await res.json()) as T }
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

describe('contribution link tokens', () => {
  it('are stored only as hashes, and the family sees the same link again', async () => {
    const login = await api<{ token: string }>('POST', '/auth/login', undefined, { email: 'family@funeral.test', password: 'Family#2026' })
    const family = login.json.token
    const pending = await api<{ bookings: Array<{ id: number; payment_status: string }> }>('GET', '/payments/pending', family)
    const booking = pending.json.bookings.find((b) => b.payment_status === 'pending')!
    const made = await api<{ link: { token: string } }>('POST', `/bookings/${booking.id}/contributions/link`, family, {})
    expect(made.status).toBe(201)
    const token = made.json.link.token
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)

    const rows = await target.db.select().from(contributionLinks).where(eq(contributionLinks.bookingId, booking.id))
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(token)
    expect(rows[0]?.tokenHash).toBe(sha256(token))

    const shown = await api<{ link: { token: string } }>('GET', `/bookings/${booking.id}/contributions`, family)
    expect(shown.json.link.token).toBe(token)
    expect((await api('GET', `/contributions/${token}`)).status).toBe(200)

    // A link from before (its token stored raw, then hashed by the migration: no nonce) still opens,
    // and the family is given a new one that works.
    const legacy = 'L'.repeat(43)
    await target.db.update(contributionLinks).set({ tokenHash: sha256(legacy), tokenNonce: null }).where(eq(contributionLinks.bookingId, booking.id))
    expect((await api('GET', `/contributions/${legacy}`)).status).toBe(200)
    const reissued = await api<{ link: { token: string } }>('GET', `/bookings/${booking.id}/contributions`, family)
    expect(reissued.json.link.token).not.toBe(legacy)
    expect((await api('GET', `/contributions/${reissued.json.link.token}`)).status).toBe(200)
    expect((await api<{ link: { token: string } }>('GET', `/bookings/${booking.id}/contributions`, family)).json.link.token).toBe(reissued.json.link.token)
  })

  it("the migration's hash is the server's: PostgreSQL's sha256() (PGlite's too) gives Node's hex", async () => {
    const text = 'AbC_-123xyz'
    const result = (await target.db.execute(sql`SELECT encode(sha256(convert_to(${text}, 'UTF8')), 'hex') AS h`)) as unknown as { rows: Array<{ h: string }> }
    expect(result.rows[0]?.h).toBe(sha256(text))
  })
})
