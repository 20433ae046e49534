import { describe, expect, it } from 'vitest'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import { call, demo, lastResetToken, login, loginAs, mockOnly, tokenIssuedAt, useBackend } from './target'
import { AuthResponse, UserResponse } from '../../shared/contracts/auth'
import { ErrorBody } from '../../shared/contracts/common'
import { SEED_USER_PASSWORD } from '../../shared/demo-accounts'

useBackend()

describe('auth', () => {
  it('login issues a verifiable HS256 JWT with role, living as long as the session timeout (30 min by default)', async () => {
    const a = demo('morgue_attendant')
    const res = await call('POST', '/auth/login', { body: { email: a.email, password: a.password } })
    expect(res.status).toBe(200)
    const parsed = AuthResponse.parse(res.json)
    expect(parsed.user.role).toBe('morgueAttendant')
    expect(res.json).toMatchObject({ user: { role: 'morgue_attendant', name: 'Peter Otieno' } })
    expect(JSON.stringify(res.json)).not.toMatch(/password|salt|hash/i)
    // The signature is each backend's own secret; that it is checked is the tampered-token test's job.
    const payload = decodeJwt(parsed.token)
    expect(decodeProtectedHeader(parsed.token).alg).toBe('HS256')
    expect(payload.role).toBe('morgue_attendant')
    expect(payload.email).toBe(a.email)
    expect(payload.sub).toBe(String(parsed.user.id))
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(30 * 60)
  })

  it('login is case-insensitive on email', async () => {
    const res = await call('POST', '/auth/login', { body: { email: 'ADMIN@funeral.test', password: 'Admin#2026' } })
    expect(res.status).toBe(200)
  })

  it('wrong password and unknown email give 401 with a message', async () => {
    for (const body of [
      { email: 'admin@funeral.test', password: 'nope' },
      { email: 'nobody@funeral.test', password: 'Admin#2026' },
    ]) {
      const res = await call('POST', '/auth/login', { body })
      expect(res.status).toBe(401)
      expect(res.json).toEqual({ message: 'Invalid email or password' })
    }
  })

  it('invalid login body is 422 with message and errors', async () => {
    const res = await call('POST', '/auth/login', { body: { email: 'not-an-email', password: '' } })
    expect(res.status).toBe(422)
    const err = ErrorBody.parse(res.json)
    expect(err.message).toBe('Please enter a valid email address')
    expect(err.errors).toHaveProperty('password')
  })

  it('malformed JSON is 400', async () => {
    const res = await call('POST', '/auth/login', { rawBody: '{"email": ' })
    expect(res.status).toBe(400)
    expect(typeof res.json.message).toBe('string')
  })

  it('me needs a valid token', async () => {
    expect((await call('GET', '/auth/me')).json).toEqual({ message: 'Authentication required' })
    expect((await call('GET', '/auth/me')).status).toBe(401)
    const token = await loginAs('client')
    const me = await call('GET', '/auth/me', { token })
    expect(me.status).toBe(200)
    expect(UserResponse.parse(me.json).email).toBe('family@funeral.test')
  })

  it('tampered token is 401', async () => {
    const token = await loginAs('client')
    const [h, p, s] = token.split('.')
    const payload = JSON.parse(Buffer.from(p ?? '', 'base64url').toString()) as Record<string, unknown>
    payload.role = 'admin'
    const forged = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`
    const res = await call('GET', '/auth/me', { token: forged })
    expect(res.status).toBe(401)
    expect(res.json.message).toBe('Authentication required')
    // Change one whole byte of the signature (the first character: its 6 bits all count; the last
    // characters carry padding bits a lenient decoder may ignore, which made this test flaky).
    const sig = s ?? ''
    const badSig = `${h}.${p}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`
    expect((await call('GET', '/auth/me', { token: badSig })).status).toBe(401)
    expect((await call('GET', '/auth/me', { token: 'garbage' })).status).toBe(401)
  })

  it('expired token is 401 with the session-expired message', async () => {
    const expired = await tokenIssuedAt('family@funeral.test', Math.floor(Date.now() / 1000) - 9 * 3600)
    const res = await call('GET', '/auth/me', { token: expired })
    expect(res.status).toBe(401)
    expect(res.json.message).toBe('Session expired, please log in again')
  })

  it('wrong role is 403', async () => {
    const token = await loginAs('client')
    const res = await call('GET', '/bookings', { token })
    expect(res.status).toBe(403)
    expect(res.json).toEqual({ message: 'You do not have permission to perform this action' })
  })

  it('register creates a client (even when asked for admin) and refuses duplicates', async () => {
    const body = { name: 'Wanjiku Kamau', email: 'wanjiku@example.com', password: 'secret123', phone: '0722000111', address: 'Thika' }
    const res = await call('POST', '/auth/register', { body })
    expect(res.status).toBe(201)
    expect(res.json).toMatchObject({ message: 'Registration successful', user: { role: 'client', email: 'wanjiku@example.com' } })
    const dup = await call('POST', '/auth/register', { body: { ...body, email: 'WANJIKU@example.com' } })
    expect(dup.status).toBe(409)
    expect(dup.json.message).toBe('An account with this email already exists')
    const sneaky = await call('POST', '/auth/register', { body: { ...body, email: 'sneaky@example.com', role: 'admin' } })
    expect(sneaky.status).toBe(201)
    expect(sneaky.json).toMatchObject({ user: { role: 'client' } })
    await login('wanjiku@example.com', 'secret123')
  })

  it('staff creation is admin-only', async () => {
    const body = { name: 'Otieno Staff', email: 'staff1@funeral.test', password: 'secret123', role: 'morgue_attendant' }
    expect((await call('POST', '/auth/staff', { body })).status).toBe(401)
    expect((await call('POST', '/auth/staff', { body, token: await loginAs('client') })).status).toBe(403)
    expect((await call('POST', '/auth/staff', { body, token: await loginAs('morgue_attendant') })).status).toBe(403)
    const res = await call('POST', '/auth/staff', { body, token: await loginAs('admin') })
    expect(res.status).toBe(201)
    expect(res.json).toMatchObject({ user: { role: 'morgue_attendant' } })
    const bad = await call('POST', '/auth/staff', { body: { ...body, email: 'x@funeral.test', role: 'client' }, token: await loginAs('admin') })
    expect(bad.status).toBe(422)
  })

  it('profile update and change password', async () => {
    const token = await loginAs('client')
    const res = await call('PUT', '/auth/profile', { token, body: { phone: '0799000111' } })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ user: { phone: '0799000111', name: 'Mary Achieng' } })
    const wrong = await call('PUT', '/auth/change-password', { token, body: { currentPassword: 'bad', newPassword: 'newpass1' } })
    expect(wrong.status).toBe(422)
    const ok = await call('PUT', '/auth/change-password', { token, body: { currentPassword: 'Family#2026', newPassword: 'newpass1' } })
    expect(ok.status).toBe(200)
    await login('family@funeral.test', 'newpass1')
  })

  it('forgot/reset password round trip; link is single use', async () => {
    const unknown = await call('POST', '/auth/forgot-password', { body: { email: 'nobody@example.com' } })
    const known = await call('POST', '/auth/forgot-password', { body: { email: 'family@funeral.test' } })
    expect(unknown.status).toBe(200)
    expect(known.status).toBe(200)
    expect(unknown.json.message).toBe(known.json.message)
    expect(unknown.json.resetUrl).toBeUndefined()
    // The link goes to the account's e-mail only (the server's outbox); the mock, a dev tool, also
    // shows it in its answer. That the server's two answers are the same is its own test, declared
    // server-only in rules.test.ts.
    const token = (await lastResetToken('family@funeral.test')) ?? ''
    expect(token).not.toBe('')
    const reset = await call('POST', '/auth/reset-password', { body: { token, password: 'brandnew1' } })
    expect(reset.status).toBe(200)
    expect(reset.json.message).toBe('Your password has been reset. Please sign in.')
    expect((await call('POST', '/auth/login', { body: { email: 'family@funeral.test', password: 'Family#2026' } })).status).toBe(401)
    await login('family@funeral.test', 'brandnew1')
    const again = await call('POST', '/auth/reset-password', { body: { token, password: 'another1' } })
    expect(again.status).toBe(400)
    expect(again.json.message).toBe('This reset link is invalid or has expired')
  })

  it('seeded users can log in with the documented password', async () => {
    await login('john.mwangi@example.co.ke', SEED_USER_PASSWORD)
  })

  it('unknown /api route is 404 with a message', async () => {
    const res = await call('GET', '/nope/nothing')
    expect(res.status).toBe(404)
    expect(res.json).toEqual({ message: 'Not found' })
    expect((await call('DELETE', '/auth/login')).status).toBe(404)
  })

  mockOnly.it('reset endpoint reseeds (the mock\'s dev endpoint)', async () => {
    await call('POST', '/auth/register', { body: { name: 'A B', email: 'ab@example.com', password: 'secret123', phone: '0700000000', address: 'X' } })
    const res = await call('POST', '/__mock/reset')
    expect(res.status).toBe(200)
    expect(typeof res.json.message).toBe('string')
    expect((await call('POST', '/auth/login', { body: { email: 'ab@example.com', password: 'secret123' } })).status).toBe(401)
  })

  it('the profile keeps the language the user chose (English or Kiswahili) and refuses any other', async () => {
    const token = await loginAs('client')
    const before = await call<{ user: { language: string | null } }>('GET', '/auth/me', { token })
    expect(before.json.user.language ?? null).toBeNull()
    const saved = await call<{ user: { language: string } }>('PUT', '/auth/profile', { token, body: { language: 'sw' } })
    expect(saved.status).toBe(200)
    expect(saved.json.user.language).toBe('sw')
    expect((await call<{ user: { language: string } }>('GET', '/auth/me', { token })).json.user.language).toBe('sw')
    expect((await call('PUT', '/auth/profile', { token, body: { language: 'fr' } })).status).toBe(422)
    expect((await call<{ user: { language: string } }>('GET', '/auth/me', { token })).json.user.language).toBe('sw')
  })
})
