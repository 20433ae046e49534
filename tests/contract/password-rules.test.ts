/**
 * The admin's password rules (Settings, security) are the rules every new password meets, on both
 * backends: registration, staff creation, editing a user, changing and resetting a password. A
 * refused password is a 422 naming the rule, and nothing is stored.
 */
import { describe, expect, it } from 'vitest'
import { call, demo, lastResetToken, login, loginAs, useBackend } from './target'
import { DEFAULT_SETTINGS } from '../../shared/contracts/settings'
import { DEFAULT_PASSWORD_RULES } from '../../shared/contracts/password-rules'

useBackend()

const ELEVEN = 'abcdefghijk'
const TWELVE = 'abcdefghijkl'
const TOO_SHORT = 'Password must be at least 12 characters'
const NOT_COMPLEX = 'Password must contain an upper-case letter, a lower-case letter and a digit'

async function setRules(admin: string, minPasswordLength: string, requireComplexity: boolean) {
  const res = await call('PUT', '/settings/security', { token: admin, body: { ...DEFAULT_SETTINGS.security, minPasswordLength, requireComplexity } })
  expect(res.status).toBe(200)
}

const registration = (email: string, password: string) =>
  call('POST', '/auth/register', { body: { name: 'Amina Njeri', email, password, phone: '0722000111', address: 'Nakuru' } })
const staff = (admin: string, email: string, password: string) =>
  call('POST', '/auth/staff', { token: admin, body: { name: 'Otieno Staff', email, password, role: 'morgue_attendant' } })

/** 422, the rule's message, and the same under the field's name. */
function expectRefused(res: { status: number; json: Record<string, unknown> }, message: string, field = 'password') {
  expect(res.status).toBe(422)
  expect(res.json).toEqual({ message, errors: { [field]: message } })
}

async function canLogIn(email: string, password: string): Promise<boolean> {
  return (await call('POST', '/auth/login', { body: { email, password } })).status === 200
}

describe('password rules from the settings', () => {
  it('by default they are SPEC.md\'s: 6 characters, no complexity; the public settings say so', async () => {
    expect(DEFAULT_PASSWORD_RULES).toEqual({ minLength: 6, requireComplexity: false })
    expect((await call('GET', '/settings/public')).json.password).toEqual({ minLength: 6, requireComplexity: false })
    expectRefused(await registration('five@example.com', 'abcde'), 'Password must be at least 6 characters')
    expect((await registration('six@example.com', 'abcdef')).status).toBe(201)
  })

  it('raised to 12: registration and staff creation refuse 11 characters and store nothing; 12 pass', async () => {
    const admin = await loginAs('admin')
    await setRules(admin, '12', false)
    expect((await call('GET', '/settings/public')).json.password).toEqual({ minLength: 12, requireComplexity: false })

    expectRefused(await registration('amina@example.com', ELEVEN), TOO_SHORT)
    expect(await canLogIn('amina@example.com', ELEVEN)).toBe(false)
    expectRefused(await staff(admin, 'otieno@funeral.test', ELEVEN), TOO_SHORT)
    expect(await canLogIn('otieno@funeral.test', ELEVEN)).toBe(false)
    const found = await call<{ users: unknown[] }>('GET', '/users?page=1&limit=10&role=all&search=otieno%40funeral.test', { token: admin })
    expect(found.json.users).toEqual([])

    expect((await registration('amina@example.com', TWELVE)).status).toBe(201)
    expect(await canLogIn('amina@example.com', TWELVE)).toBe(true)
    expect((await staff(admin, 'otieno@funeral.test', TWELVE)).status).toBe(201)
    expect(await canLogIn('otieno@funeral.test', TWELVE)).toBe(true)
  })

  it('raised to 12: a password change and an admin\'s edit refuse 11 characters and keep the old password; 12 pass', async () => {
    const admin = await loginAs('admin')
    await setRules(admin, '12', false)
    const family = demo('client')

    const change = (token: string, newPassword: string) =>
      call('PUT', '/auth/change-password', { token, body: { currentPassword: family.password, newPassword } })
    const token = await login(family.email, family.password)
    expectRefused(await change(token, ELEVEN), TOO_SHORT, 'newPassword')
    expect(await canLogIn(family.email, family.password)).toBe(true)
    expect(await canLogIn(family.email, ELEVEN)).toBe(false)
    expect((await change(token, TWELVE)).status).toBe(200)
    expect(await canLogIn(family.email, TWELVE)).toBe(true)

    const attendant = demo('morgue_attendant')
    const users = await call<{ users: Array<{ id: number; name: string; email: string; role: string }> }>(
      'GET',
      `/users?page=1&limit=10&role=all&search=${encodeURIComponent(attendant.email)}`,
      { token: admin },
    )
    const row = users.json.users[0]
    if (!row) throw new Error('the demo attendant is not listed')
    const edit = (password: string) =>
      call('PUT', `/users/${row.id}`, { token: admin, body: { name: row.name, email: row.email, role: row.role, password } })
    expectRefused(await edit(ELEVEN), TOO_SHORT)
    expect(await canLogIn(attendant.email, attendant.password)).toBe(true)
    // A blank password keeps the old one, whatever the rules.
    expect((await edit('')).status).toBe(200)
    expect(await canLogIn(attendant.email, attendant.password)).toBe(true)
    expect((await edit(TWELVE)).status).toBe(200)
    expect(await canLogIn(attendant.email, TWELVE)).toBe(true)
  })

  it('raised to 12: a reset refuses 11 characters, keeps the old password and the link; 12 pass', async () => {
    const admin = await loginAs('admin')
    await setRules(admin, '12', false)
    const family = demo('client')
    expect((await call('POST', '/auth/forgot-password', { body: { email: family.email } })).status).toBe(200)
    const token = (await lastResetToken(family.email)) ?? ''
    expect(token).not.toBe('')

    expectRefused(await call('POST', '/auth/reset-password', { body: { token, password: ELEVEN } }), TOO_SHORT)
    expect(await canLogIn(family.email, family.password)).toBe(true)
    expect((await call('POST', '/auth/reset-password', { body: { token, password: TWELVE } })).status).toBe(200)
    expect(await canLogIn(family.email, TWELVE)).toBe(true)
    expect(await canLogIn(family.email, family.password)).toBe(false)
  })

  it('complexity on: a password without a digit (or without an upper-case letter) is refused everywhere', async () => {
    const admin = await loginAs('admin')
    await setRules(admin, '12', true)
    expect((await call('GET', '/settings/public')).json.password).toEqual({ minLength: 12, requireComplexity: true })
    const family = demo('client')

    // Long enough, so the complexity is what is named.
    for (const weak of ['Abcdefghijkl', 'abcdefghijk1']) {
      expectRefused(await registration('wanjiru@example.com', weak), NOT_COMPLEX)
      expectRefused(await staff(admin, 'kamau@funeral.test', weak), NOT_COMPLEX)
      const token = await login(family.email, family.password)
      expectRefused(
        await call('PUT', '/auth/change-password', { token, body: { currentPassword: family.password, newPassword: weak } }),
        NOT_COMPLEX,
        'newPassword',
      )
    }
    expect(await canLogIn('wanjiru@example.com', 'Abcdefghijkl')).toBe(false)
    expect(await canLogIn(family.email, family.password)).toBe(true)
    // Too short is named first, then complexity.
    expectRefused(await registration('wanjiru@example.com', 'Abc1'), TOO_SHORT)

    expect((await registration('wanjiru@example.com', 'Abcdefghijk1')).status).toBe(201)
    expect((await staff(admin, 'kamau@funeral.test', 'Abcdefghijk1')).status).toBe(201)
    expect(await canLogIn('kamau@funeral.test', 'Abcdefghijk1')).toBe(true)
  })
})
