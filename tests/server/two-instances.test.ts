/**
 * Two instances on one PostgreSQL (only when CONTRACT_DATABASE_URL is set, as in CI): they start
 * together and seed once, a token from one works on the other, and a logout on one ends it on both.
 */
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { count } from 'drizzle-orm'
import pino from 'pino'
import { createApp } from '../../server/app'
import { openDatabase } from '../../server/db/client'
import { seedIfEmpty, truncateAll } from '../../server/db/seed'
import { users } from '../../server/db/schema'

const url = process.env.CONTRACT_DATABASE_URL
const maybe = url ? describe : describe.skip

maybe('two instances on one PostgreSQL', () => {
  it('seed once, share sessions, end them together', async () => {
    const a = await openDatabase({ databaseUrl: url })
    await truncateAll(a.db)
    const b = await openDatabase({ databaseUrl: url })
    try {
      const results = await Promise.all([seedIfEmpty(a.db, true), seedIfEmpty(b.db, true)])
      expect(results.filter((r) => r === 'demo')).toHaveLength(1)
      const [row] = await a.db.select({ n: count() }).from(users)
      expect(row?.n).toBe(34)
      const secret = randomBytes(32)
      const log = pino({ level: 'silent' })
      const appA = createApp({ db: a.db, secret, log, dev: false, trustProxy: false })
      const appB = createApp({ db: b.db, secret, log, dev: false, trustProxy: false })
      const login = await appA.request('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'family@funeral.test', password: 'Family#2026' }) })
      const { token } = (await login.json()) as { token: string }
      const auth = { headers: { Authorization: `Bearer ${token}` } }
      expect((await appB.request('/api/auth/me', auth)).status).toBe(200)
      expect((await appA.request('/api/auth/logout', { method: 'POST', ...auth })).status).toBe(200)
      expect((await appB.request('/api/auth/me', auth)).status).toBe(401)
    } finally {
      await a.close()
      await b.close()
    }
  }, 60_000)
})
