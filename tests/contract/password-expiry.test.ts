/**
 * A password past the expiry in Settings (security.passwordExpiryDays, 0 = never) must be replaced
 * at sign-in: the answer says so, every other signed-in call is a 403 until it is changed, and the
 * new password starts a new period. The same state holds a first administrator's one-time password.
 */
import { describe, expect, it } from 'vitest'
import { call, demo, fixtures, login, loginAs, useBackend } from './target'
import { MSG_MUST_CHANGE_PASSWORD } from '../../shared/contracts/auth'
import { DEFAULT_SETTINGS } from '../../shared/contracts/settings'

useBackend()

const DAY = 24 * 60 * 60 * 1000

async function setExpiry(days: string) {
  const admin = await loginAs('admin')
  const res = await call('PUT', '/settings/security', { token: admin, body: { ...DEFAULT_SETTINGS.security, passwordExpiryDays: days } })
  expect(res.status).toBe(200)
}

describe('password expiry', () => {
  it('a password older than the expiry must be replaced before anything else; the new one signs in freely', async () => {
    const family = demo('client')
    await setExpiry('30')
    await fixtures.agePassword(family.email, 31 * DAY)

    const signIn = await call<{ token: string; must_change_password?: boolean; user: { must_change_password?: boolean } }>('POST', '/auth/login', { body: { email: family.email, password: family.password } })
    expect(signIn.status).toBe(200)
    expect(signIn.json.must_change_password).toBe(true)
    expect(signIn.json.user.must_change_password).toBe(true)
    const token = signIn.json.token

    for (const path of ['/bookings/my', '/payments/my', '/payments/pending']) {
      const refused = await call('GET', path, { token })
      expect(refused.status, path).toBe(403)
      expect(refused.json).toEqual({ message: MSG_MUST_CHANGE_PASSWORD })
    }
    const profile = await call('PUT', '/auth/profile', { token, body: { name: 'Someone Else' } })
    expect(profile.status).toBe(403)
    const me = await call<{ user: { must_change_password?: boolean } }>('GET', '/auth/me', { token })
    expect(me.status).toBe(200)
    expect(me.json.user.must_change_password).toBe(true)

    // The same password again is no new password.
    const same = await call('PUT', '/auth/change-password', { token, body: { currentPassword: family.password, newPassword: family.password } })
    expect(same.status).toBe(422)
    expect(same.json).toMatchObject({ message: 'Choose a password different from the current one', errors: { newPassword: 'Choose a password different from the current one' } })
    expect((await call('PUT', '/auth/change-password', { token, body: { currentPassword: family.password, newPassword: 'Fresh#Start2026' } })).status).toBe(200)

    const again = await call<{ token: string; must_change_password?: boolean; user: { name: string; must_change_password?: boolean } }>('POST', '/auth/login', { body: { email: family.email, password: 'Fresh#Start2026' } })
    expect(again.status).toBe(200)
    expect(again.json.must_change_password).toBeUndefined()
    expect(again.json.user.must_change_password).toBeUndefined()
    expect(again.json.user.name).toBe(family.name)
    expect((await call('GET', '/bookings/my', { token: again.json.token })).status).toBe(200)
  })

  it('a password younger than the expiry, or any password when the expiry is 0, signs in as before', async () => {
    const family = demo('client')
    await setExpiry('30')
    await fixtures.agePassword(family.email, 29 * DAY)
    const young = await call<{ must_change_password?: boolean }>('POST', '/auth/login', { body: { email: family.email, password: family.password } })
    expect(young.json.must_change_password).toBeUndefined()

    await setExpiry('0')
    await fixtures.agePassword(family.email, 3000 * DAY)
    const token = await login(family.email, family.password)
    expect((await call('GET', '/bookings/my', { token })).status).toBe(200)
  })
})
