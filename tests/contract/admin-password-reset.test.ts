/**
 * An admin sets another administrator's password only after typing their own (both backends): a
 * signed-in admin screen left open, or a stolen admin token, is not enough to take over an admin account.
 */
import { describe, expect, it } from 'vitest'
import { call, demo, loginAs, useBackend } from './target'

useBackend()

const REQUIRED = "Enter your own password to set an administrator's password"
const WRONG = 'Your password is incorrect'
const NEW_PASSWORD = 'Fresh#Pass2026'

async function canLogIn(email: string, password: string): Promise<boolean> {
  return (await call('POST', '/auth/login', { body: { email, password } })).status === 200
}

async function newUser(admin: string, role: 'admin' | 'morgue_attendant', email: string) {
  const res = await call<{ user: { id: number } }>('POST', '/auth/staff', { token: admin, body: { name: 'Second Person', email, password: 'Start#Pass2026', role } })
  expect(res.status).toBe(201)
  return res.json.user.id
}

const edit = (admin: string, id: number, email: string, role: string, extra: Record<string, unknown>) =>
  call('PUT', `/users/${id}`, { token: admin, body: { name: 'Second Person', email, role, ...extra } })

describe("resetting another admin's password", () => {
  it('without the admin\'s own password: 422 saying so, and the password is unchanged', async () => {
    const admin = await loginAs('admin')
    const id = await newUser(admin, 'admin', 'second.admin@funeral.test')
    const res = await edit(admin, id, 'second.admin@funeral.test', 'admin', { password: NEW_PASSWORD })
    expect(res.status).toBe(422)
    expect(res.json).toEqual({ message: REQUIRED, errors: { adminPassword: REQUIRED } })
    expect(await canLogIn('second.admin@funeral.test', 'Start#Pass2026')).toBe(true)
    expect(await canLogIn('second.admin@funeral.test', NEW_PASSWORD)).toBe(false)
  })

  it('with a wrong one: 422 "Your password is incorrect", nothing changes; with the right one, the new password works', async () => {
    const admin = await loginAs('admin')
    const id = await newUser(admin, 'admin', 'second.admin@funeral.test')
    const wrong = await edit(admin, id, 'second.admin@funeral.test', 'admin', { password: NEW_PASSWORD, adminPassword: 'not-my-password' })
    expect(wrong.status).toBe(422)
    expect(wrong.json).toEqual({ message: WRONG, errors: { adminPassword: WRONG } })
    expect(await canLogIn('second.admin@funeral.test', NEW_PASSWORD)).toBe(false)

    const right = await edit(admin, id, 'second.admin@funeral.test', 'admin', { password: NEW_PASSWORD, adminPassword: demo('admin').password })
    expect(right.status).toBe(200)
    expect(await canLogIn('second.admin@funeral.test', NEW_PASSWORD)).toBe(true)
  })

  it('making someone an admin with a new password asks too; other edits of an admin, and a staff member\'s password, do not', async () => {
    const admin = await loginAs('admin')
    const attendant = await newUser(admin, 'morgue_attendant', 'second.attendant@funeral.test')
    const promote = await edit(admin, attendant, 'second.attendant@funeral.test', 'admin', { password: NEW_PASSWORD })
    expect(promote.status).toBe(422)
    expect(promote.json.message).toBe(REQUIRED)
    expect((await edit(admin, attendant, 'second.attendant@funeral.test', 'morgue_attendant', { password: NEW_PASSWORD })).status).toBe(200)
    expect(await canLogIn('second.attendant@funeral.test', NEW_PASSWORD)).toBe(true)

    const other = await newUser(admin, 'admin', 'second.admin@funeral.test')
    expect((await edit(admin, other, 'second.admin@funeral.test', 'admin', { phone: '0711000222' })).status).toBe(200)
  })
})
