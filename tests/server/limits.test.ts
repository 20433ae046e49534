/**
 * The rate limits on the public doors (server/limits.ts), against the real app over its own PGlite:
 * sign-in per account (growing delays, counted before the password is checked) and per address,
 * TRUST_PROXY's reading of X-Forwarded-For, register, forgot-password and contact per address.
 * The server's clock is Date.now(): the tests move it (vi.setSystemTime), never wait.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { count, eq } from 'drizzle-orm'
import pino from 'pino'
import { createApp } from '../../server/app'
import { openDatabase, type Database } from '../../server/db/client'
import { contactMessages, passwordResets, rateLimits, users } from '../../server/db/schema'
import { insertDemo, truncateAll } from '../../server/seed'
import { LIMITS, MSG_TOO_MANY_REQUESTS, MSG_TOO_MANY_SIGN_INS, SIGN_IN_FREE_FAILURES, SIGN_IN_MAX_DELAY_MS, signInDelayMs } from '../../server/limits'
import { readConfig } from '../../server/config'
import { emptyDatabaseDump } from './pglite-template.mjs'

let database: Database
const apps: Record<0 | 1 | 2, ReturnType<typeof createApp>> = {} as never
const ADMIN = { email: 'admin@funeral.test', password: 'Admin#2026' }
let now = 0

beforeAll(async () => {
  // PostgreSQL too when given (CONTRACT_DATABASE_URL): there parallel tries really run at once.
  database = await openDatabase(process.env.CONTRACT_DATABASE_URL ? { databaseUrl: process.env.CONTRACT_DATABASE_URL } : { loadDataDir: emptyDatabaseDump() })
  const secret = randomBytes(32)
  for (const n of [0, 1, 2] as const) apps[n] = createApp({ db: database.db, secret, log: pino({ level: 'silent' }), dev: false, trustProxy: n })
}, 60_000)
afterAll(async () => {
  await database.close()
})
beforeEach(async () => {
  await truncateAll(database.db)
  await insertDemo(database.db)
  // A fixed point in time, moved by hand: windows and delays never depend on the wall clock.
  now = Date.UTC(2031, 4, 6, 9, 0, 0)
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(now)
})
afterEach(() => {
  vi.useRealTimers()
})
const advance = (ms: number) => {
  now += ms
  vi.setSystemTime(now)
}

async function post(path: string, body: unknown, options: { proxies?: 0 | 1 | 2; forwardedFor?: string } = {}) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (options.forwardedFor) headers['X-Forwarded-For'] = options.forwardedFor
  const res = await apps[options.proxies ?? 0].fetch(new Request(`http://localhost/api${path}`, { method: 'POST', headers, body: JSON.stringify(body) }))
  return { status: res.status, retryAfter: res.headers.get('retry-after'), json: (await res.json()) as { message: string; token?: string } }
}
const signIn = (email: string, password: string, options?: Parameters<typeof post>[2]) => post('/auth/login', { email, password }, options)

describe('sign-in per account: growing delays, counted before the password is checked', () => {
  it(`20 parallel wrong guesses: at most ${SIGN_IN_FREE_FAILURES} are checked (401), the rest are 429 with Retry-After`, async () => {
    const tries = Array.from({ length: 20 }, (_, i) => signIn(ADMIN.email, `wrong-${i}`))
    const answers = await Promise.all(tries)
    const checked = answers.filter((a) => a.status !== 429)
    expect(checked.length).toBeLessThanOrEqual(SIGN_IN_FREE_FAILURES)
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(refused.json.message).toBe(MSG_TOO_MANY_SIGN_INS)
      expect(Number(refused.retryAfter)).toBeGreaterThan(0)
    }
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(20 - SIGN_IN_FREE_FAILURES)
  })

  it('wrong guesses from many addresses do not lock the admin out: after the delay the right password signs in, and the failures are forgotten', async () => {
    for (let i = 0; i < 12; i++) {
      const res = await signIn(ADMIN.email, 'guess', { proxies: 1, forwardedFor: `10.0.${i}.1` })
      expect(res.status).toBe(i < SIGN_IN_FREE_FAILURES ? 401 : 429)
    }
    const blocked = await signIn(ADMIN.email, ADMIN.password, { proxies: 1, forwardedFor: '192.168.1.10' })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.retryAfter)).toBe(Math.ceil(signInDelayMs(SIGN_IN_FREE_FAILURES) / 1000))
    advance(signInDelayMs(SIGN_IN_FREE_FAILURES))
    const admin = await signIn(ADMIN.email, ADMIN.password, { proxies: 1, forwardedFor: '192.168.1.10' })
    expect(admin.status).toBe(200)
    expect(admin.json.token).toBeTruthy()
    // Forgotten: the next wrong guesses are free again.
    expect((await signIn(ADMIN.email, 'guess')).status).toBe(401)
  })

  it('each further failure doubles the wait, up to 15 minutes; a try inside the wait is 429 and does not make it longer', async () => {
    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++) expect((await signIn(ADMIN.email, 'guess')).status).toBe(401)
    let waited = signInDelayMs(SIGN_IN_FREE_FAILURES)
    for (let failures = SIGN_IN_FREE_FAILURES + 1; failures <= SIGN_IN_FREE_FAILURES + 8; failures++) {
      // Inside the wait: refused, and the wait left is what it was.
      advance(waited - 1000)
      const early = await signIn(ADMIN.email, ADMIN.password)
      expect(early.status).toBe(429)
      expect(early.retryAfter).toBe('1')
      advance(1000)
      expect((await signIn(ADMIN.email, 'guess')).status).toBe(401)
      const next = signInDelayMs(failures)
      expect(next).toBe(Math.min(SIGN_IN_MAX_DELAY_MS, waited * 2))
      waited = next
    }
    expect(waited).toBe(SIGN_IN_MAX_DELAY_MS)
    advance(waited)
    expect((await signIn(ADMIN.email, ADMIN.password)).status).toBe(200)
  })

  it('an unknown e-mail is limited the same way (the answers tell nothing about which accounts exist)', async () => {
    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++) expect((await signIn('nobody@example.com', 'guess')).status).toBe(401)
    expect((await signIn('nobody@example.com', 'guess')).status).toBe(429)
  })

  it('a password reset forgets the failures: the new password signs in at once', async () => {
    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++) await signIn('family@funeral.test', 'guess')
    expect((await signIn('family@funeral.test', 'Family#2026')).status).toBe(429)
    const { signInKey, signInSucceeded } = await import('../../server/limits')
    await signInSucceeded(database.db, signInKey('family@funeral.test'))
    expect((await signIn('family@funeral.test', 'Family#2026')).status).toBe(200)
  })
})

describe('sign-in per address, and TRUST_PROXY', () => {
  const max = LIMITS.signInPerAddress.max

  it(`TRUST_PROXY=1: a new left-most X-Forwarded-For each time changes nothing; the right-most (our proxy's) is counted: ${max} failures, then 429`, async () => {
    for (let i = 0; i < max; i++) {
      // Each try names another account (no per-account delay) and forges another client address.
      const res = await signIn(`someone${i}@example.com`, 'guess', { proxies: 1, forwardedFor: `203.0.113.${i}, 198.51.100.7` })
      expect(res.status).toBe(401)
    }
    const refused = await signIn('someone-else@example.com', 'guess', { proxies: 1, forwardedFor: '203.0.113.250, 198.51.100.7' })
    expect(refused.status).toBe(429)
    expect(refused.json.message).toBe(MSG_TOO_MANY_SIGN_INS)
    expect(Number(refused.retryAfter)).toBeGreaterThan(0)
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(LIMITS.signInPerAddress.windowMs / 1000)
    // Another address is not concerned, and once the window is over this one may try again.
    expect((await signIn(ADMIN.email, ADMIN.password, { proxies: 1, forwardedFor: '198.51.100.8' })).status).toBe(200)
    advance(LIMITS.signInPerAddress.windowMs)
    expect((await signIn('someone-else@example.com', 'guess', { proxies: 1, forwardedFor: '198.51.100.7' })).status).toBe(401)
  })

  it('TRUST_PROXY=2 reads the second from the right; without TRUST_PROXY the header is ignored', async () => {
    for (let i = 0; i < max; i++) await signIn(`someone${i}@example.com`, 'guess', { proxies: 2, forwardedFor: `203.0.113.${i}, 198.51.100.7, 10.0.0.2` })
    expect((await signIn('x@example.com', 'guess', { proxies: 2, forwardedFor: '1.1.1.1, 198.51.100.7, 10.0.0.3' })).status).toBe(429)
    // The same requests read with no proxy trusted: the socket's address, untouched so far.
    expect((await signIn('x@example.com', 'guess', { proxies: 0, forwardedFor: '1.1.1.1, 198.51.100.7, 10.0.0.3' })).status).toBe(401)
  })

  it('successful sign-ins do not count against the address (the staff room shares one address)', async () => {
    for (let i = 0; i < max + 5; i++) expect((await signIn(ADMIN.email, ADMIN.password)).status).toBe(200)
    expect((await signIn('x@example.com', 'guess')).status).toBe(401)
  })

  it('TRUST_PROXY accepts a number of proxies, true or false, and refuses anything else naming the variable', () => {
    expect(readConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(readConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1)
    expect(readConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
    expect(readConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0)
    expect(readConfig({}).TRUST_PROXY).toBe(0)
    expect(() => readConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/)
  })
})

describe('register, forgot-password and contact per address', () => {
  const newcomer = (i: number) => ({ name: `Newcomer ${i}`, email: `newcomer${i}@example.com`, password: 'Newcomer#2026', phone: '0712345678', address: 'Nairobi' })
  const usersCount = async () => (await database.db.select({ n: count() }).from(users))[0]!.n

  it(`register: ${LIMITS.register.max} an hour per address, then 429 with Retry-After and nothing stored`, async () => {
    for (let i = 0; i < LIMITS.register.max; i++) expect((await post('/auth/register', newcomer(i))).status).toBe(201)
    const before = await usersCount()
    const refused = await post('/auth/register', newcomer(99))
    expect(refused.status).toBe(429)
    expect(refused.json).toEqual({ message: MSG_TOO_MANY_REQUESTS })
    expect(Number(refused.retryAfter)).toBeGreaterThan(0)
    expect(await usersCount()).toBe(before)
    advance(LIMITS.register.windowMs)
    expect((await post('/auth/register', newcomer(99))).status).toBe(201)
  })

  it(`forgot-password: ${LIMITS.forgotPerAddress.max} per address and ${LIMITS.forgotPerEmail.max} per e-mail, then 429; no link is made for a refused one`, async () => {
    const links = async () => (await database.db.select({ n: count() }).from(passwordResets))[0]!.n
    // One e-mail from many addresses: the account's inbox is not flooded.
    for (let i = 0; i < LIMITS.forgotPerEmail.max; i++) expect((await post('/auth/forgot-password', { email: ADMIN.email }, { proxies: 1, forwardedFor: `10.1.0.${i}` })).status).toBe(200)
    expect(await links()).toBe(LIMITS.forgotPerEmail.max)
    const perEmail = await post('/auth/forgot-password', { email: ADMIN.email }, { proxies: 1, forwardedFor: '10.1.0.200' })
    expect(perEmail.status).toBe(429)
    expect(perEmail.retryAfter).toBeTruthy()
    expect(await links()).toBe(LIMITS.forgotPerEmail.max)
    // Many e-mails from one address.
    for (let i = 0; i < LIMITS.forgotPerAddress.max; i++) expect((await post('/auth/forgot-password', { email: `who${i}@example.com` })).status).toBe(200)
    expect((await post('/auth/forgot-password', { email: 'family@funeral.test' })).status).toBe(429)
    expect(await links()).toBe(LIMITS.forgotPerEmail.max)
  })

  it(`contact: ${LIMITS.contact.max} messages an hour per address, then 429 and nothing stored`, async () => {
    const message = (i: number) => ({ name: 'Visitor', email: 'visitor@example.com', message: `Question ${i}` })
    for (let i = 0; i < LIMITS.contact.max; i++) expect((await post('/contact', message(i))).status).toBe(201)
    const refused = await post('/contact', message(99))
    expect(refused.status).toBe(429)
    expect(refused.retryAfter).toBeTruthy()
    expect((await database.db.select({ n: count() }).from(contactMessages))[0]!.n).toBe(LIMITS.contact.max)
    // Another address may still write.
    expect((await post('/contact', message(100), { proxies: 1, forwardedFor: '10.9.9.9' })).status).toBe(201)
  })

  it(`contribution pushes (${LIMITS.contributionPushPerAddress.max} in 15 min) and their verifies (${LIMITS.contributionVerifyPerAddress.max}) per address: every try counts, a guessed link too`, async () => {
    const get = (path: string, forwardedFor?: string) =>
      apps[1].fetch(new Request(`http://localhost/api${path}`, { headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {} }))
    for (let i = 0; i < LIMITS.contributionPushPerAddress.max; i++) {
      expect((await post(`/contributions/guess${i}/push`, { name: 'A', phoneNumber: '0712345678', amount: 10 }, { proxies: 1, forwardedFor: '10.2.0.1' })).status).toBe(404)
    }
    const pushes = await post('/contributions/guess/push', { name: 'A', phoneNumber: '0712345678', amount: 10 }, { proxies: 1, forwardedFor: '10.2.0.1' })
    expect(pushes.status).toBe(429)
    expect(pushes.json.message).toBe('Too many payment requests in a short time. Please wait a few minutes and try again.')
    expect(pushes.retryAfter).toBeTruthy()
    for (let i = 0; i < LIMITS.contributionVerifyPerAddress.max; i++) expect((await get(`/contributions/guess/verify/ws_CO_${i}`, '10.2.0.2')).status).toBe(404)
    const verifies = await get('/contributions/guess/verify/ws_CO_x', '10.2.0.2')
    expect(verifies.status).toBe(429)
    expect(verifies.headers.get('retry-after')).toBeTruthy()
    // Another address is not concerned.
    expect((await get('/contributions/guess/verify/ws_CO_x', '10.2.0.3')).status).toBe(404)
  })

  it('windows that are over are pruned: the table keeps only current counters', async () => {
    await post('/contact', { name: 'Visitor', email: 'visitor@example.com', message: 'Hello' })
    advance(LIMITS.contact.windowMs + 1000)
    // A new window (of any key) drops the old rows.
    await post('/contact', { name: 'Visitor', email: 'visitor@example.com', message: 'Hello again' })
    const rows = await database.db.select().from(rateLimits)
    expect(rows.every((r) => r.expiresAt.getTime() > now)).toBe(true)
    expect(rows.filter((r) => r.key.startsWith('contact:'))).toHaveLength(1)
    expect((await database.db.select().from(rateLimits).where(eq(rateLimits.key, 'contact:ip:local')))[0]?.hits).toBe(1)
  })
})
