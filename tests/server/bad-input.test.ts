/**
 * Bad input as an attacker sends it, on every route the server runs: never a 500, always a
 * `{ message }`. (The contract suite checks the exact answers; this checks that nothing breaks.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServerTarget } from '../contract/server-target'

type Target = Awaited<ReturnType<typeof startServerTarget>>
let target: Target

beforeAll(async () => {
  target = await startServerTarget()
}, 60_000)
afterAll(async () => {
  await target.close()
})

const ROUTES: Array<[string, string]> = [
  ['POST', '/auth/login'], ['POST', '/auth/register'], ['POST', '/auth/staff'], ['GET', '/auth/me'], ['PUT', '/auth/profile'],
  ['PUT', '/auth/change-password'], ['POST', '/auth/forgot-password'], ['POST', '/auth/reset-password'], ['POST', '/auth/logout'],
  ['GET', '/services'], ['GET', '/services/1'], ['POST', '/services'], ['PUT', '/services/1'], ['PUT', '/services/pricing'], ['DELETE', '/services/9'],
  ['POST', '/deceased'], ['GET', '/deceased/1'],
  ['GET', '/bookings'], ['GET', '/bookings/my'], ['GET', '/bookings/attendant'], ['POST', '/bookings'], ['GET', '/bookings/1'],
  ['PATCH', '/bookings/1/status'], ['PATCH', '/bookings/1/payment'], ['POST', '/bookings/1/assign'],
  ['PUT', '/bookings/1/tasks'], ['POST', '/bookings/1/release'], ['PATCH', '/bookings/1/transport'],
  ['GET', '/bookings/1/custody'], ['POST', '/bookings/1/custody'],
  ['GET', '/calendar/resources'], ['POST', '/calendar/resources'], ['PATCH', '/calendar/resources/1'], ['GET', '/calendar/events'], ['POST', '/calendar/events'], ['PATCH', '/calendar/events/1'], ['GET', '/calendar/free-times'],
  ['GET', '/users'], ['GET', '/users/admin/statistics'], ['PUT', '/users/5'], ['DELETE', '/users/6'],
  ['GET', '/payments/summary'], ['GET', '/payments/transactions'], ['GET', '/payments/report'],
  ['GET', '/settings'], ['GET', '/settings/public'], ['PUT', '/settings/general'], ['PUT', '/settings/security'],
]

const deep = (n: number): unknown => (n === 0 ? 'x' : { a: deep(n - 1) })
const weird = [null, true, -1, 0, 1.5, 1e308, -1e308, '', ' ', 'x'.repeat(5000), '9'.repeat(40), '<script>', "' OR 1=1 --", '\u202e', '\ud800', [], {}, ['a'], { $ne: 1 }]
const fields = ['email', 'password', 'name', 'phone', 'address', 'role', 'token', 'currentPassword', 'newPassword', 'price', 'description', 'category', 'first_name', 'last_name', 'date_of_death', 'place_of_death', 'gender', 'religion', 'deceased_id', 'services', 'notes', 'status', 'payment_status', 'attendant_id', 'tasks', 'transport_status', 'basicFuneral', 'kind', 'location', 'receiver_name', 'receiver_id_number', 'receiver_relationship', 'title', 'start', 'minutes', 'resource_ids', 'override_reason', 'capacity', 'retired']
const BODIES: Array<string | undefined> = [
  undefined, '', 'null', '[]', '"str"', '1e999', '{', '{"a":', JSON.stringify(deep(200)), '{"__proto__": {"admin": true}}',
  ...weird.map((v) => JSON.stringify(Object.fromEntries(fields.map((f) => [f, v])))),
  JSON.stringify({ deceased_id: 1, services: [{ service_id: '1', quantity: 1, scheduled_date: '2099-13-45T99:99:00' }] }),
  JSON.stringify({ deceased_id: 2 ** 53, services: [{ service_id: -1, quantity: 1, scheduled_date: '0000-00-00T00:00:00' }] }),
]
const QUERIES = ['', '?page=-1&limit=abc', '?timeframe[]=x&type=%00', '?status=%27%3B', '?role=ADMIN&page=1e9', '?limit=100&page=99999', '?search=%25_%5C%27%00']

async function send(method: string, path: string, token: string | undefined, body: string | undefined) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (token) headers.Authorization = `Bearer ${token}`
  const res = await target.fetch(new Request(`http://localhost:3000/api${path}`, { method, headers, body: method === 'GET' || method === 'DELETE' ? undefined : body }))
  const text = await res.text()
  return { status: res.status, text, type: res.headers.get('content-type') ?? '' }
}

describe('no bad input makes a 500', () => {
  it('every route, every body, three roles and none', async () => {
    const tokens: Array<string | undefined> = [undefined]
    for (const [email, password] of [['admin@funeral.test', 'Admin#2026'], ['family@funeral.test', 'Family#2026'], ['attendant@funeral.test', 'Attendant#2026']]) {
      const res = await send('POST', '/auth/login', undefined, JSON.stringify({ email, password }))
      tokens.push((JSON.parse(res.text) as { token: string }).token)
    }
    const problems: string[] = []
    let calls = 0
    for (const [method, path] of ROUTES) {
      for (const token of tokens) {
        const bodies = method === 'GET' || method === 'DELETE' ? QUERIES.map((q) => ({ path: path + q, body: undefined })) : BODIES.map((b) => ({ path, body: b }))
        for (const { path: p, body } of bodies) {
          // Destructive calls that succeed would change what later calls see; that is fine, they are all bad anyway.
          const res = await send(method, p, token, body)
          calls += 1
          const isJsonError = res.status < 400 || (res.type.includes('application/json') && typeof (JSON.parse(res.text) as { message?: unknown }).message === 'string')
          if (res.status >= 500 || !isJsonError) problems.push(`${method} ${p} ${body?.slice(0, 60)} → ${res.status} ${res.text.slice(0, 120)}`)
        }
      }
    }
    expect(calls).toBeGreaterThan(2000)
    expect(problems).toEqual([])
  }, 300_000)
})

describe('bad input that used to make a 500', () => {
  // The sweep above changed settings and accounts: back to the seed.
  beforeAll(async () => {
    await target.reset()
  })
  const admin = async () => JSON.parse((await send('POST', '/auth/login', undefined, JSON.stringify({ email: 'admin@funeral.test', password: 'Admin#2026' }))).text) as { token: string }

  it('a page or limit no database offset can hold is a 422 on every paged list', async () => {
    const { token } = await admin()
    for (const list of ['/documents', '/users', '/bookings']) {
      for (const q of ['?page=99999999999999999999', '?page=1e21&limit=10', '?page=1&limit=99999999999999999999', '?page=0', '?page=1.5']) {
        const res = await send('GET', `${list}${q}`, token, undefined)
        expect(res.status, `${list}${q}: ${res.text}`).toBe(422)
        expect((JSON.parse(res.text) as { message: string }).message).toMatch(/^(page|limit)/)
      }
      expect((await send('GET', `${list}?page=2&limit=5`, token, undefined)).status).toBe(200)
    }
  })

  it('JSON nested 40,000 deep (under 100 KB) is refused with a 400 and a clear message on every route', async () => {
    const { token } = await admin()
    const deepBodies = ['['.repeat(40_000), `{"a":${'{"a":'.repeat(16_000)}1${'}'.repeat(16_001)}`, JSON.stringify(deep(33))]
    const problems: string[] = []
    for (const [method, path] of ROUTES.filter(([m]) => m !== 'GET' && m !== 'DELETE')) {
      for (const body of deepBodies) {
        const res = await send(method, path, token, body)
        if (res.status !== 400 || !/nested too deeply/.test(res.text)) problems.push(`${method} ${path} ${body.slice(0, 10)} → ${res.status} ${res.text.slice(0, 80)}`)
      }
    }
    expect(problems).toEqual([])
    // Brackets inside strings are text, not nesting.
    expect((await send('POST', '/auth/login', undefined, JSON.stringify({ email: '['.repeat(50_000), password: 'x' }))).status).not.toBe(400)
  })

  it('five registrations of one e-mail at once: one 201, four 409, and nothing logged about the person', async () => {
    const stop = target.listenToLog()
    const body = JSON.stringify({ name: 'Wanjiru Kamau', email: 'same.person@example.com', phone: '0722000111', address: 'Nakuru', password: 'Harambee#2026x' })
    const answers = await Promise.all(Array.from({ length: 5 }, () => send('POST', '/auth/register', undefined, body)))
    const lines = stop()
    expect(answers.map((a) => a.status).sort(), answers[0]?.text).toEqual([201, 409, 409, 409, 409])
    for (const a of answers.filter((x) => x.status === 409)) expect(JSON.parse(a.text)).toEqual({ message: 'An account with this email already exists' })
    expect(lines.filter((l) => /same\.person|Wanjiru|0722000111|argon2/.test(l))).toEqual([])
  })
})

describe('a logged database error', () => {
  it('keeps the database message and code, never the query, its parameters or the row', async () => {
    const { users } = await import('../../server/db/schema')
    const { loggableError } = await import('../../server/http')
    const pinoModule = await import('pino')
    const row = { name: 'Akinyi Otieno', email: 'family@funeral.test', role: 'client' as const, phone: '0733444555', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0$aGFzaA' }
    const error = await target.db
      .insert(users)
      .values(row)
      .then(() => null)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    const logged = JSON.stringify(pinoModule.default.stdSerializers.err(loggableError(error) as Error))
    expect(logged).toContain('duplicate key')
    expect(logged).toContain('23505')
    for (const secret of ['family@funeral.test', 'Akinyi', '0733444555', '$argon2id', 'insert into']) expect(logged.toLowerCase()).not.toContain(secret.toLowerCase())
  })
})

describe('the NUL search', () => {
  it('walks a value nested 100,000 deep without recursion, and names the field', async () => {
    const { findNul } = await import('../../server/http')
    let value: unknown = 'x\u0000'
    for (let i = 0; i < 100_000; i++) value = { a: value }
    expect(findNul(value)?.split('.')).toHaveLength(100_000)
    expect(findNul({ name: 'ok', relative: { name: 'Otieno\u0000' } })).toBe('relative.name')
    expect(findNul({ name: 'ok', list: ['a', 'b'] })).toBeNull()
  })
})
