/**
 * Two instances on one PostgreSQL (only when CONTRACT_DATABASE_URL is set, as in CI): they start
 * together and seed once, a token from one works on the other, and a logout on one ends it on both;
 * with separate DATA_DIRs and one S3-compatible bucket, a document uploaded through one downloads
 * through the other.
 * An instance keeps the accounts behind tokens for a moment; a change made anywhere else (another
 * instance, or by hand) still ends a token there as soon as the database's notice arrives.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { count, sql } from 'drizzle-orm'
import pino from 'pino'
import { createApp } from '../../server/app'
import { openDatabase, type Database } from '../../server/db/client'
import { seedIfEmpty, truncateAll } from '../../server/seed'
import { users } from '../../server/db/schema'
import { openStorage } from '../../server/storage/open'
import { parseConfig } from '../../server/config'
import { S3RVER_CREDENTIALS, startS3rver } from './s3-store'
import { pdfFile } from './files'

const url = process.env.CONTRACT_DATABASE_URL
const maybe = url ? describe : describe.skip

/**
 * A seeded database reached through two instances: `a` changes things by hand, `b` serves the app
 * and logs what its account notices do. Time stands still for it (a kept account never grows old,
 * so only a notice can end it) until `end()`.
 */
async function seededPair(beforeB: (a: Database) => Promise<unknown> = async () => undefined) {
  const a = await openDatabase({ databaseUrl: url })
  await truncateAll(a.db)
  await seedIfEmpty(a.db, 'demo')
  await beforeB(a)
  const logged: Array<[string, string]> = []
  // B connects again 3 s after losing its listening connection (1 s in service): long enough that
  // a busy machine cannot mistake the fresh start for the loss itself.
  const b = await openDatabase({ databaseUrl: url, noticesRetryMs: 3_000, log: (level, message) => void logged.push([level, message]) })
  vi.spyOn(Date, 'now').mockReturnValue(Date.now())
  const app = createApp({ db: b.db, secret: randomBytes(32), log: pino({ level: 'silent' }), dev: false, trustProxy: 0 })
  const signIn = async () => {
    const login = await app.request('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'family@funeral.test', password: 'Family#2026' }) })
    return { headers: { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` } }
  }
  const end = async () => {
    vi.restoreAllMocks()
    await a.close()
    await b.close()
  }
  return { a, app, logged, signIn, end }
}

maybe('two instances on one PostgreSQL', () => {
  it('separate DATA_DIRs, one bucket: a document uploaded through one downloads through the other, the same bytes', async () => {
    const s3 = await startS3rver()
    const a = await openDatabase({ databaseUrl: url })
    const b = await openDatabase({ databaseUrl: url })
    const dirs = [await mkdtemp(join(tmpdir(), 'afh-two-a-')), await mkdtemp(join(tmpdir(), 'afh-two-b-'))] as const
    try {
      await truncateAll(a.db)
      await seedIfEmpty(a.db, 'demo')
      const { bucket, endpoint } = await s3.bucket()
      // Each instance reads the same variables, as two machines with one environment file would.
      const config = parseConfig({ STORAGE_URL: `s3://${bucket}?endpoint=${endpoint}`, AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey })
      const secret = randomBytes(32)
      const log = pino({ level: 'silent' })
      const appA = createApp({ db: a.db, secret, log, dev: false, trustProxy: 0, dataDir: dirs[0], storage: (await openStorage(config, dirs[0])).storage })
      const appB = createApp({ db: b.db, secret, log, dev: false, trustProxy: 0, dataDir: dirs[1], storage: (await openStorage(config, dirs[1])).storage })
      const login = await appA.request('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'family@funeral.test', password: 'Family#2026' }) })
      const auth = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` }
      const bytes = pdfFile()
      const form = new FormData()
      form.append('document_type', 'death_certificate')
      form.append('file', new File([new Uint8Array(bytes)], 'Cheti cha kifo.pdf', { type: 'application/pdf' }))
      const uploaded = await appA.request('/api/documents', { method: 'POST', headers: auth, body: form })
      expect(uploaded.status).toBe(201)
      const { document } = (await uploaded.json()) as { document: { id: number } }
      const download = await appB.request(`/api/documents/${document.id}/download`, { headers: auth })
      expect(download.status).toBe(200)
      expect(download.headers.get('content-type')).toBe('application/pdf')
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true)
      // Deleted through B, gone for A too, and from the bucket.
      expect((await appB.request(`/api/documents/${document.id}`, { method: 'DELETE', headers: auth })).status).toBe(200)
      expect((await appA.request(`/api/documents/${document.id}/download`, { headers: auth })).status).toBe(404)
      expect(await s3.keys({ bucket, endpoint, region: 'us-east-1' })).toEqual([])
    } finally {
      await a.close()
      await b.close()
      await s3.close()
      for (const dir of dirs) await rm(dir, { recursive: true, force: true })
    }
  }, 60_000)

  it('seed once, share sessions, end them together', async () => {
    const a = await openDatabase({ databaseUrl: url })
    await truncateAll(a.db)
    const b = await openDatabase({ databaseUrl: url })
    try {
      const results = await Promise.all([seedIfEmpty(a.db, 'demo'), seedIfEmpty(b.db, 'demo')])
      expect(results.filter((r) => r === 'demo')).toHaveLength(1)
      const [row] = await a.db.select({ n: count() }).from(users)
      expect(row?.n).toBe(34)
      const secret = randomBytes(32)
      const log = pino({ level: 'silent' })
      const appA = createApp({ db: a.db, secret, log, dev: false, trustProxy: 0 })
      const appB = createApp({ db: b.db, secret, log, dev: false, trustProxy: 0 })
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

  it('an account changed by hand ends its token on a running instance, even while the instance keeps accounts; and again once its listening connection was cut', async () => {
    const { a, app, logged, signIn, end } = await seededPair()
    try {
      // How many times the instance has started listening (its log says so once it has).
      const listening = () => logged.filter(([level]) => level === 'info').length
      const status = async (auth: { headers: Record<string, string> }) => (await app.request('/api/auth/me', auth)).status
      // Until the instance listens, every call reads the account; wait until it listens.
      await expect.poll(listening, { message: 'B hears notices', timeout: 10_000 }).toBe(1)

      const first = await signIn()
      expect(await status(first)).toBe(200)
      expect(await status(first)).toBe(200) // now kept
      await a.db.execute(sql`UPDATE users SET token_version = token_version + 1 WHERE email = 'family@funeral.test'`)
      await expect.poll(() => status(first), { message: 'a token ended by hand', timeout: 10_000 }).toBe(401)

      // The listening connection is cut: what was kept is forgotten, nothing is kept until it listens again.
      const second = await signIn()
      expect(await status(second)).toBe(200)
      // Only this database's listeners: another stage's servers may be running on the same cluster.
      await a.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'afh account notices' AND datname = current_database()`)
      await a.db.execute(sql`UPDATE users SET token_version = token_version + 1 WHERE email = 'family@funeral.test'`)
      await expect.poll(() => status(second), { message: 'a token ended once the listening connection was lost', timeout: 10_000 }).toBe(401)
      // Ended by the loss itself, not by the new connection's fresh start (three seconds at the soonest).
      expect(listening(), 'the token ended before B listened again').toBe(1)
      // The server's log says so, once.
      expect(logged.filter(([level]) => level === 'warn')).toEqual([['warn', expect.stringMatching(/^account notices: connection lost/)]])
      // It listens again by itself, and notices work as before.
      await expect.poll(listening, { message: 'B listens again', timeout: 15_000 }).toBe(2)
      const third = await signIn()
      expect(await status(third)).toBe(200)
      await a.db.execute(sql`UPDATE users SET role = 'morgue_attendant' WHERE email = 'family@funeral.test'`)
      await expect.poll(async () => (await (await app.request('/api/auth/me', third)).json()) as { user?: { role?: string } }, { timeout: 10_000 }).toMatchObject({ user: { role: 'morgue_attendant' } })
    } finally {
      await end()
    }
  }, 60_000)

  it('a listener that hears nothing (the trigger disabled) is not trusted: every call reads the account', async () => {
    const { a, app, logged, signIn, end } = await seededPair((a) => a.db.execute(sql`ALTER TABLE users DISABLE TRIGGER users_account_changed`))
    try {
      await expect.poll(() => logged.map(([, message]) => message), { timeout: 10_000 }).toContainEqual(expect.stringMatching(/^account notices: not heard/))
      const auth = await signIn()
      expect((await app.request('/api/auth/me', auth)).status).toBe(200)
      expect((await app.request('/api/auth/me', auth)).status).toBe(200)
      await a.db.execute(sql`UPDATE users SET token_version = token_version + 1 WHERE email = 'family@funeral.test'`)
      // No notice will come: the very next call reads the account and refuses the token.
      expect((await app.request('/api/auth/me', auth)).status).toBe(401)
      expect(logged.filter(([level]) => level === 'info')).toEqual([])
    } finally {
      await a.db.execute(sql`ALTER TABLE users ENABLE TRIGGER users_account_changed`)
      await end()
    }
  }, 60_000)
})
