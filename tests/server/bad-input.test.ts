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
  ['GET', '/users'], ['GET', '/users/admin/statistics'], ['PUT', '/users/5'], ['DELETE', '/users/6'],
  ['GET', '/payments/summary'], ['GET', '/payments/transactions'], ['GET', '/payments/report'],
  ['GET', '/settings'], ['GET', '/settings/public'], ['PUT', '/settings/general'], ['PUT', '/settings/security'],
]

const deep = (n: number): unknown => (n === 0 ? 'x' : { a: deep(n - 1) })
const weird = [null, true, -1, 0, 1.5, 1e308, -1e308, '', ' ', 'x'.repeat(5000), '9'.repeat(40), '<script>', "' OR 1=1 --", '\u202e', '\ud800', [], {}, ['a'], { $ne: 1 }]
const fields = ['email', 'password', 'name', 'phone', 'address', 'role', 'token', 'currentPassword', 'newPassword', 'price', 'description', 'category', 'first_name', 'last_name', 'date_of_death', 'place_of_death', 'gender', 'religion', 'deceased_id', 'services', 'notes', 'status', 'payment_status', 'attendant_id', 'tasks', 'transport_status', 'basicFuneral', 'kind', 'location', 'receiver_name', 'receiver_id_number', 'receiver_relationship']
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
