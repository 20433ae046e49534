/**
 * A contribution link's token is a key to pay into a family's page: the database keeps only its
 * hash (and a nonce the token is derived from with the server's secret), yet the family is shown
 * the same link every time. A link made before (its token stored raw, hashed by migration 0021) or
 * under a secret since changed was shared already: it keeps opening the same harambee after the
 * family is shown a new derived link, until the family closes the link.
 */
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { startServerTarget } from '../contract/server-target'
import { contributionLinks, mpesaRequests } from '../../server/db/schema'
import { MPESA_TEST_NUMBERS } from '../../shared/mpesa-scenarios'

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

  })

  it('a link shared before the migration, or under an old secret, keeps opening the same harambee and taking pushes until the family closes it', async () => {
    const family = (await api<{ token: string }>('POST', '/auth/login', undefined, { email: 'family@funeral.test', password: 'Family#2026' })).json.token
    const pending = await api<{ bookings: Array<{ id: number; payment_status: string }> }>('GET', '/payments/pending', family)
    const booking = pending.json.bookings.filter((b) => b.payment_status === 'pending').at(-1)!
    const made = await api<{ link: { token: string } }>('POST', `/bookings/${booking.id}/contributions/link`, family, {})
    expect([200, 201]).toContain(made.status)
    const [row] = await target.db.select().from(contributionLinks).where(and(eq(contributionLinks.bookingId, booking.id), sql`closed_at IS NULL`))
    const linkId = row!.id

    // The row exactly as migration 0021 leaves a link made before: its raw token hashed into
    // legacy_token_hashes, no derived token yet.
    const legacy = 'L'.repeat(43)
    await target.db.update(contributionLinks).set({ tokenHash: null, tokenNonce: null, legacyTokenHashes: [sha256(legacy)] }).where(eq(contributionLinks.id, linkId))
    const before = await api<{ status: string; deceased_name: string; total: number }>('GET', `/contributions/${legacy}`)
    expect(before.status).toBe(200)
    expect(before.json.status).toBe('open')

    // The family opens their card: a new derived link is shown...
    const card = await api<{ link: { token: string } }>('GET', `/bookings/${booking.id}/contributions`, family)
    const derived = card.json.link.token
    expect(derived).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(derived).not.toBe(legacy)
    expect((await api<{ link: { token: string } }>('GET', `/bookings/${booking.id}/contributions`, family)).json.link.token).toBe(derived)
    // ...and the old link, already in the WhatsApp group, still opens the same harambee.
    const viaLegacy = await api<{ status: string; deceased_name: string; total: number }>('GET', `/contributions/${legacy}`)
    const viaDerived = await api<{ status: string; deceased_name: string; total: number }>('GET', `/contributions/${derived}`)
    expect(viaLegacy.status).toBe(200)
    expect(viaDerived.status).toBe(200)
    expect(viaLegacy.json).toEqual(viaDerived.json)
    expect(viaLegacy.json).toMatchObject({ status: 'open', deceased_name: before.json.deceased_name, total: before.json.total })

    // A relative pays through either link: both pushes go to this link's row.
    const phone = MPESA_TEST_NUMBERS.find((t) => t.scenario === 'success')!.phone
    const oldPush = await api<{ data: { ResponseCode: string } }>('POST', `/contributions/${legacy}/push`, undefined, { name: 'Rose', phoneNumber: phone, amount: 10 })
    expect(oldPush.status).toBe(200)
    expect(oldPush.json.data.ResponseCode).toBe('0')
    const newPush = await api<{ data: { ResponseCode: string } }>('POST', `/contributions/${derived}/push`, undefined, { name: 'James', phoneNumber: '0712000444', amount: 10 })
    expect(newPush.status).toBe(200)
    const pushes = await target.db.select({ linkId: mpesaRequests.contributionLinkId }).from(mpesaRequests).where(and(isNotNull(mpesaRequests.contributionLinkId), eq(mpesaRequests.bookingId, booking.id)))
    expect(pushes.map((p) => p.linkId)).toEqual([linkId, linkId])

    // The server's secret changed (the nonce no longer derives the stored hash): the family is shown
    // yet another link, and neither link shared before stops working.
    await target.db.update(contributionLinks).set({ tokenNonce: 'another-secret-nonce' }).where(eq(contributionLinks.id, linkId))
    const rotated = (await api<{ link: { token: string } }>('GET', `/bookings/${booking.id}/contributions`, family)).json.link.token
    expect([legacy, derived]).not.toContain(rotated)
    for (const t of [legacy, derived, rotated]) expect((await api<{ status: string }>('GET', `/contributions/${t}`)).json.status).toBe('open')
    const stored = await target.db.select().from(contributionLinks).where(eq(contributionLinks.id, linkId))
    expect(JSON.stringify(stored)).not.toContain(derived)
    expect(stored[0]?.legacyTokenHashes).toEqual([sha256(legacy), sha256(derived)])

    // The family closes the link: every token it ever had is closed with it.
    expect((await api('DELETE', `/bookings/${booking.id}/contributions/link`, family)).status).toBe(200)
    for (const t of [legacy, derived, rotated]) {
      expect((await api<{ status: string }>('GET', `/contributions/${t}`)).json.status).toBe('closed')
      expect((await api('POST', `/contributions/${t}/push`, undefined, { name: 'Late', phoneNumber: '0712000555', amount: 1 })).status).toBe(409)
    }
    // A new link is a new row: none of the old tokens opens it.
    const fresh = await api<{ link: { token: string } }>('POST', `/bookings/${booking.id}/contributions/link`, family, {})
    expect(fresh.status).toBe(201)
    expect([legacy, derived, rotated]).not.toContain(fresh.json.link.token)
    expect((await api<{ status: string }>('GET', `/contributions/${fresh.json.link.token}`)).json.status).toBe('open')
    expect((await api<{ status: string }>('GET', `/contributions/${legacy}`)).json.status).toBe('closed')
  })

  it('migration 0021 keeps a raw token as a legacy hash of its row, with no derived token yet', async () => {
    const dir = 'server/db/migrations'
    const statements = (file: string) => readFileSync(`${dir}/${file}`, 'utf8').split('--> statement-breakpoint').filter((q) => q.trim())
    const files = readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()
    const pg = new PGlite()
    try {
      for (const file of files.filter((f) => f < '0021')) for (const q of statements(file)) await pg.exec(q)
      const raw = 'R'.repeat(43)
      // Only this table matters here: its booking need not exist.
      await pg.exec("SET session_replication_role = replica")
      await pg.query('INSERT INTO contribution_links (booking_id, token, created_by) VALUES (1, $1, 1)', [raw])
      for (const q of statements(files.find((f) => f.startsWith('0021'))!)) await pg.exec(q)
      const { rows } = await pg.query<{ token_hash: string | null; token_nonce: string | null; legacy_token_hashes: string[] }>('SELECT token_hash, token_nonce, legacy_token_hashes FROM contribution_links')
      expect(rows).toEqual([{ token_hash: null, token_nonce: null, legacy_token_hashes: [sha256(raw)] }])
    } finally {
      await pg.close()
    }
  }, 60_000)

  it("the migration's hash is the server's: PostgreSQL's sha256() (PGlite's too) gives Node's hex", async () => {
    const text = 'AbC_-123xyz'
    const result = (await target.db.execute(sql`SELECT encode(sha256(convert_to(${text}, 'UTF8')), 'hex') AS h`)) as unknown as { rows: Array<{ h: string }> }
    expect(result.rows[0]?.h).toBe(sha256(text))
  })
})
