/**
 * Rules an attacker's sweep of the API found missing (ids reused, attendants reading any deceased,
 * unbounded text, sessions outliving a password change), and the server's own guards.
 */
import { describe, expect, it } from 'vitest'
import { decodeJwt } from 'jose'
import { call, login, loginAs, mockOnly, nairobiDay, seed, serverOnly, tokenIssuedAt, useBackend } from './target'
import { SEED_USER_PASSWORD } from '../../shared/demo-accounts'

useBackend()

const newcomer = { name: 'Akinyi Odhiambo', email: 'akinyi@example.com', password: 'secret123', phone: '0722000111', address: 'Kisumu' }
const deceasedBody = { first_name: 'Jane', last_name: 'Doe', date_of_death: nairobiDay(-1), place_of_death: 'Nairobi', gender: 'female', religion: null }

describe('ids are never reused', () => {
  it("a sign-up after a deletion gets a new id, not the deleted family's, and the deleted user's token is dead", async () => {
    const admin = await loginAs('admin')
    const first = await call<{ user: { id: number } }>('POST', '/auth/register', { body: newcomer })
    const token = await login(newcomer.email, newcomer.password)
    expect((await call('DELETE', `/users/${first.json.user.id}`, { token: admin })).status).toBe(200)
    expect((await call('GET', '/auth/me', { token })).status).toBe(401)
    const second = await call<{ user: { id: number } }>('POST', '/auth/register', { body: { ...newcomer, email: 'other@example.com' } })
    expect(second.status).toBe(201)
    expect(second.json.user.id).toBeGreaterThan(first.json.user.id)
    expect((await call('GET', '/auth/me', { token })).status).toBe(401)
  })
})

describe('an attendant reads only the deceased of bookings assigned to them', () => {
  it('404 for another booking\'s deceased, 200 for an assigned one', async () => {
    const token = await loginAs('morgue_attendant')
    const peter = seed.user.findFirst((q) => q.where({ email: 'attendant@funeral.test' }))
    const mine = seed.booking.findFirst((q) => q.where({ attendant_id: peter?.id }))
    const notMine = seed.booking.findFirst((q) => q.where({ attendant_id: (id) => id !== peter?.id }))
    if (!mine || !notMine) throw new Error('seed changed')
    expect((await call('GET', `/deceased/${mine.deceased_id}`, { token })).status).toBe(200)
    const res = await call('GET', `/deceased/${notMine.deceased_id}`, { token })
    expect(res.status).toBe(404)
    expect(res.json).toEqual({ message: 'Deceased record not found' })
  })
})

describe('free text has a length limit, named in the message', () => {
  it('deceased names and places: 100', async () => {
    const token = await loginAs('client')
    const res = await call('POST', '/deceased', { token, body: { ...deceasedBody, first_name: 'x'.repeat(101) } })
    expect(res.status).toBe(422)
    expect(res.json).toEqual({ message: 'First name must be at most 100 characters', errors: { first_name: 'First name must be at most 100 characters' } })
  })

  // A million characters: the server refuses the body by its size before reading a field; the mock,
  // which has no body limit, by the field's length.
  const hugePlace = async () => call('POST', '/deceased', { token: await loginAs('client'), body: { ...deceasedBody, place_of_death: 'x'.repeat(1_000_000) } })
  serverOnly.it('a million-character place of death is over the body limit (413)', async () => {
    expect((await hugePlace()).status).toBe(413)
  })
  mockOnly.it('a million-character place of death is over its field limit (422)', async () => {
    expect((await hugePlace()).status).toBe(422)
  })

  it('booking notes: 2,000; register name: 100, phone: 20', async () => {
    const token = await loginAs('client')
    const deceased = await call<{ deceased: { id: number } }>('POST', '/deceased', { token, body: deceasedBody })
    const line = { service_id: 1, quantity: 1, scheduled_date: `${nairobiDay(2)}T09:00:00` }
    const notes = await call('POST', '/bookings', { token, body: { deceased_id: deceased.json.deceased.id, services: [line], notes: 'x'.repeat(2001) } })
    expect(notes.status).toBe(422)
    expect(notes.json.message).toBe('Notes must be at most 2000 characters')
    const name = await call('POST', '/auth/register', { body: { ...newcomer, name: 'x'.repeat(101) } })
    expect(name.json.message).toBe('Name must be at most 100 characters')
    const phone = await call('POST', '/auth/register', { body: { ...newcomer, phone: '0'.repeat(21) } })
    expect(phone.json.message).toBe('Phone must be at most 20 characters')
    expect((await call('POST', '/auth/login', { body: { email: newcomer.email, password: newcomer.password } })).status).toBe(401)
  })
})

describe('sane numbers and dates', () => {
  it('a service price has a bound; a service date in the year 9999 is refused', async () => {
    const admin = await loginAs('admin')
    const price = await call('POST', '/services', { token: admin, body: { name: 'Gold casket', price: 1e12 } })
    expect(price.status).toBe(422)
    expect(price.json.message).toBe('Price cannot exceed 10,000,000 KSH')
    const token = await loginAs('client')
    const deceased = await call<{ deceased: { id: number } }>('POST', '/deceased', { token, body: deceasedBody })
    const far = await call('POST', '/bookings', { token, body: { deceased_id: deceased.json.deceased.id, services: [{ service_id: 1, quantity: 1, scheduled_date: '9999-01-01T09:00:00' }] } })
    expect(far.status).toBe(422)
    expect(far.json.message).toBe('Service date is too far in the future')
  })
})

serverOnly.describe('sessions end when they should (server)', () => {
  it('a password change ends every earlier token', async () => {
    // Ended by the account's token version, not by comparing times: no wait between the two.
    const token = await loginAs('client')
    expect((await call('PUT', '/auth/change-password', { token, body: { currentPassword: 'Family#2026', newPassword: 'newpass1' } })).status).toBe(200)
    const res = await call('GET', '/auth/me', { token })
    expect(res.status).toBe(401)
    expect(res.json.message).toBe('Session expired, please log in again')
    expect((await call('GET', '/auth/me', { token: await login('family@funeral.test', 'newpass1') })).status).toBe(200)
  })

  it('logout ends the token; a role change ends the changed user\'s', async () => {
    const token = await loginAs('client')
    expect((await call('POST', '/auth/logout', { token })).status).toBe(200)
    expect((await call('GET', '/auth/me', { token })).status).toBe(401)
    const john = await login('john.mwangi@example.co.ke', SEED_USER_PASSWORD)
    const id = decodeJwt(john).sub
    const admin = await loginAs('admin')
    expect((await call('PUT', `/users/${id}`, { token: admin, body: { role: 'admin' } })).status).toBe(200)
    expect((await call('GET', '/users', { token: john })).status).toBe(401)
  })

  it('a token issued in the future is refused', async () => {
    const future = await tokenIssuedAt('family@funeral.test', Math.floor(Date.now() / 1000) + 3600)
    expect((await call('GET', '/auth/me', { token: future })).status).toBe(401)
  })

  it('forgot-password answers the same for any e-mail and never carries the link', async () => {
    const known = await call('POST', '/auth/forgot-password', { body: { email: 'family@funeral.test' } })
    const unknown = await call('POST', '/auth/forgot-password', { body: { email: 'nobody@example.com' } })
    expect(known.json).toEqual(unknown.json)
    expect(JSON.stringify(known.json)).not.toMatch(/token|reset-password/)
  })

  it('failed sign-ins are limited per e-mail (429 with a clear message and Retry-After)', async () => {
    for (let i = 0; i < 5; i++) expect((await call('POST', '/auth/login', { body: { email: 'admin@funeral.test', password: 'wrong' } })).status).toBe(401)
    const blocked = await call('POST', '/auth/login', { body: { email: 'admin@funeral.test', password: 'Admin#2026' } })
    expect(blocked.status).toBe(429)
    expect(blocked.json.message).toMatch(/Too many failed sign-in attempts/)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another account from the same address still works.
    await loginAs('client')
  })
})

serverOnly.describe('the server\'s own guards', () => {
  it('security headers on every answer', async () => {
    const res = await call('GET', '/services')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('a body over the limit is 413 and malformed JSON 400, both with a message', async () => {
    const big = await call('POST', '/auth/register', { rawBody: JSON.stringify({ ...newcomer, address: 'x'.repeat(200_000) }) })
    expect(big.status).toBe(413)
    expect(big.json).toEqual({ message: 'Request body is too large' })
    const bad = await call('POST', '/bookings', { token: await loginAs('client'), rawBody: '{"deceased_id": ' })
    expect(bad.status).toBe(400)
    expect(bad.json.message).toBe('Malformed JSON in request body')
  })

  it('a NUL character in any text is 422 naming the field, never a database error', async () => {
    const token = await loginAs('client')
    const res = await call('POST', '/deceased', { token, body: { ...deceasedBody, place_of_death: 'Nai\u0000robi' } })
    expect(res.status).toBe(422)
    expect(res.json.message).toBe('place_of_death: must not contain a NUL character')
    expect((await call('POST', '/auth/login', { body: { email: 'a\u0000@b.co', password: 'x' } })).status).toBe(422)
  })

  it('the mock\'s dev endpoints do not exist', async () => {
    expect((await call('POST', '/__mock/reset')).status).toBe(404)
  })
})

describe('validation messages name the field', () => {
  it('a wrong type, option or shape says which field', async () => {
    const token = await loginAs('client')
    const admin = await loginAs('admin')
    const cases: Array<[string, string, unknown, string, RegExp]> = [
      ['POST', '/bookings', { deceased_id: null, services: [] }, token, /^deceased_id: /],
      ['POST', '/bookings', { deceased_id: 1, services: [{ service_id: 1, quantity: 0, scheduled_date: `${nairobiDay(2)}T09:00:00` }] }, token, /^(services\.0\.quantity: )?Number of days must be a whole number/],
      ['PATCH', '/bookings/1/status', { status: 'done' }, admin, /^status: /],
      ['PATCH', '/bookings/1/payment', { payment_status: 'free' }, admin, /^payment_status: /],
      ['POST', '/deceased', { first_name: 'A', last_name: 'B', date_of_death: nairobiDay(-1), place_of_death: 'X', gender: 'robot' }, token, /^gender: /],
      ['POST', '/bookings/1/assign', { attendant_id: true }, admin, /^attendant_id: /],
    ]
    for (const [method, path, body, auth, expected] of cases) {
      const res = await call(method, path, { token: auth, body })
      expect(res.status, `${method} ${path}`).toBe(422)
      expect(String(res.json.message), `${method} ${path}`).toMatch(expected)
    }
  })
})

describe('a retried create never makes a second record (Idempotency-Key)', () => {
  it('the same key returns the first answer; another key creates; a refused request may be retried with its key', async () => {
    const token = await loginAs('client')
    const headers = { 'Idempotency-Key': 'wizard-intent-1' }
    const first = await call<{ deceased: { id: number } }>('POST', '/deceased', { token, body: deceasedBody, headers })
    const again = await call<{ deceased: { id: number } }>('POST', '/deceased', { token, body: deceasedBody, headers })
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(again.json).toEqual(first.json)
    const other = await call<{ deceased: { id: number } }>('POST', '/deceased', { token, body: deceasedBody, headers: { 'Idempotency-Key': 'wizard-intent-2' } })
    expect(other.json.deceased.id).toBeGreaterThan(first.json.deceased.id)

    const line = { service_id: 1, quantity: 1, scheduled_date: `${nairobiDay(2)}T09:00:00` }
    const bookingHeaders = { 'Idempotency-Key': 'booking-intent-1' }
    const refused = await call('POST', '/bookings', { token, body: { deceased_id: first.json.deceased.id, services: [] }, headers: bookingHeaders })
    expect(refused.status).toBe(422)
    const made = await call<{ booking: { id: number } }>('POST', '/bookings', { token, body: { deceased_id: first.json.deceased.id, services: [line] }, headers: bookingHeaders })
    const repeat = await call<{ booking: { id: number } }>('POST', '/bookings', { token, body: { deceased_id: first.json.deceased.id, services: [line] }, headers: bookingHeaders })
    expect(made.status).toBe(201)
    expect(repeat.json.booking.id).toBe(made.json.booking.id)
    const mine = await call<{ bookings: unknown[] }>('GET', '/bookings/my', { token })
    expect(mine.json.bookings.length).toBe(5)
    // Keys are per user: another family's same key is its own.
    const john = await login('john.mwangi@example.co.ke', SEED_USER_PASSWORD)
    const johns = await call<{ deceased: { id: number } }>('POST', '/deceased', { token: john, body: deceasedBody, headers })
    expect(johns.json.deceased.id).not.toBe(first.json.deceased.id)
  })
})
