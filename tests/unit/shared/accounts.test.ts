/** The account rules both backends decide with (shared/contracts/auth-rules.ts, users.ts), tested once, directly. */
import { describe, expect, it } from 'vitest'
import { thrown } from './thrown'
import { DEFAULT_SETTINGS } from '../../../shared/contracts/settings'
import {
  MSG_CURRENT_PASSWORD_WRONG,
  blockedUntilPasswordChange,
  checkNewPassword,
  checkPasswordChange,
  emailLanguage,
  expiresAtSignIn,
  mustChangeFlag,
  normaliseEmail,
  profileChange,
  sessionEnded,
  sessionTimeoutSeconds,
  staffCreatedActivity,
} from '../../../shared/contracts/auth-rules'
import { MSG_SAME_PASSWORD } from '../../../shared/contracts/auth'
import { MSG_DELETE_OWN_ACCOUNT, MSG_OWN_ADMIN_ROLE, UsersQuery, checkUserDelete, decideUserEdit, listedRole, needsAdminPassword, pagination } from '../../../shared/contracts/users'

const security = DEFAULT_SETTINGS.security
const strict = { ...security, minPasswordLength: '10', requireComplexity: true }
const DAY = 86_400_000

describe('new passwords', () => {
  it('meet the admin rules, the message under the request field', () => {
    expect(thrown(() => checkNewPassword('Short1', strict))).toEqual({ status: 422, message: 'Password must be at least 10 characters', errors: { password: 'Password must be at least 10 characters' } })
    expect(thrown(() => checkNewPassword('long enough', strict, 'newPassword'))?.errors).toHaveProperty('newPassword')
    expect(thrown(() => checkNewPassword('Longenough1', strict))).toBeNull()
  })

  it('a change checks the current password first, then the rules, then that it differs', () => {
    const input = { currentPassword: 'Old#2026pass', newPassword: 'Old#2026pass' }
    expect(thrown(() => checkPasswordChange({ ...input, newPassword: 'x' }, false, strict))).toEqual({ status: 422, message: MSG_CURRENT_PASSWORD_WRONG, errors: { currentPassword: MSG_CURRENT_PASSWORD_WRONG } })
    expect(thrown(() => checkPasswordChange({ ...input, newPassword: 'x' }, true, strict))?.errors).toHaveProperty('newPassword')
    expect(thrown(() => checkPasswordChange(input, true, strict))).toEqual({ status: 422, message: MSG_SAME_PASSWORD, errors: { newPassword: MSG_SAME_PASSWORD } })
    expect(thrown(() => checkPasswordChange({ ...input, newPassword: 'New#2026pass' }, true, strict))).toBeNull()
  })
})

describe('sessions', () => {
  it('last the session timeout from the token issue time, to the second', () => {
    expect(sessionTimeoutSeconds({ sessionTimeoutMinutes: '30' })).toBe(1800)
    expect(sessionEnded(1_000, 1800, 2_799)).toBe(false)
    expect(sessionEnded(1_000, 1800, 2_800)).toBe(true)
  })

  it('while a password must change, only the calls that change it answer', () => {
    expect(blockedUntilPasswordChange(true, '/api/bookings/my')).toBe(true)
    for (const path of ['/api/auth/me', '/api/auth/change-password', '/api/auth/logout', '/api/auth/renew']) expect(blockedUntilPasswordChange(true, path)).toBe(false)
    expect(blockedUntilPasswordChange(false, '/api/bookings/my')).toBe(false)
  })

  it('a sign-in flags a password past the expiry, never with expiry 0 or one already flagged', () => {
    const now = Date.UTC(2026, 5, 1)
    const old = { mustChangePassword: false, passwordChangedAt: new Date(now - 91 * DAY) }
    expect(expiresAtSignIn(old, 90, now)).toBe(true)
    expect(expiresAtSignIn(old, 0, now)).toBe(false)
    expect(expiresAtSignIn({ ...old, passwordChangedAt: new Date(now - 89 * DAY) }, 90, now)).toBe(false)
    expect(expiresAtSignIn({ ...old, mustChangePassword: true }, 90, now)).toBe(false)
    expect(expiresAtSignIn({ ...old, passwordChangedAt: null }, 90, now)).toBe(false)
    expect(mustChangeFlag(true)).toEqual({ must_change_password: true })
    expect(mustChangeFlag(false)).toEqual({})
  })
})

describe('accounts', () => {
  it('are keyed by the e-mail in lower case; a reset mail speaks the account language, else the browser one', () => {
    expect(normaliseEmail('  Family@Funeral.TEST ')).toBe('family@funeral.test')
    expect(emailLanguage('en', 'sw-KE')).toBe('en')
    expect(emailLanguage(null, 'sw-KE,sw;q=0.9')).toBe('sw')
    expect(emailLanguage(null, 'en-GB, sw')).toBe('en')
    expect(emailLanguage(undefined, undefined)).toBe('en')
  })

  it('a profile changes only what was sent; a blank phone or address clears it', () => {
    expect(profileChange({ phone: '  ', address: ' Nairobi ', language: 'sw' })).toEqual({ phone: null, address: 'Nairobi', language: 'sw' })
    expect(profileChange({})).toEqual({})
  })

  it('names the new staff role in the activity line', () => {
    expect(staffCreatedActivity('Amina', 'morgue_attendant')).toBe('New staff account created: Amina (morgue attendant)')
    expect(staffCreatedActivity('Otieno', 'admin')).toBe('New staff account created: Otieno (admin)')
  })
})

describe("the admin's users", () => {
  const me = { id: 1 }
  const admin = { id: 2, role: 'admin' as const }
  const client = { id: 3, role: 'client' as const }
  const edit = (user: { id: number; role: 'admin' | 'client' | 'morgue_attendant' }, input: Parameters<typeof decideUserEdit>[0]['input'], more: Partial<Parameters<typeof decideUserEdit>[0]> = {}) =>
    decideUserEdit({ me, user, input, security, adminPasswordOk: undefined, emailOwnerId: null, ...more })

  it('lists by any spelling of a role, or every role', () => {
    expect(listedRole('morgueAttendant')).toBe('morgue_attendant')
    expect(listedRole('all')).toBeNull()
    expect(listedRole(undefined)).toBeNull()
    expect(UsersQuery.safeParse({ role: 'pilot' }).success).toBe(false)
    expect(pagination(21, 2, 10)).toEqual({ total: 21, pages: 3, page: 2, limit: 10 })
  })

  it("setting an administrator's password (or making one) takes the admin's own, typed right", () => {
    expect(needsAdminPassword(admin, { password: 'Secret#2026' })).toBe(true)
    expect(needsAdminPassword(client, { password: 'Secret#2026', role: 'Admin' })).toBe(true)
    expect(needsAdminPassword(client, { password: 'Secret#2026' })).toBe(false)
    expect(needsAdminPassword(admin, { role: 'admin' })).toBe(false)
    expect(thrown(() => edit(admin, { password: 'Secret#2026' }))?.errors).toHaveProperty('adminPassword')
    expect(thrown(() => edit(admin, { password: 'Secret#2026', adminPassword: 'wrong' }, { adminPasswordOk: false }))?.message).toBe('Your password is incorrect')
    expect(edit(admin, { password: 'Secret#2026', adminPassword: 'right' }, { adminPasswordOk: true }).endSessions).toBe(true)
  })

  it('refuses an e-mail another account has, and an admin removing their own admin role', () => {
    expect(thrown(() => edit(client, { email: 'taken@x.test' }, { emailOwnerId: 9 }))?.status).toBe(409)
    expect(edit(client, { email: 'Mine@X.test' }, { emailOwnerId: client.id }).change).toEqual({ email: 'mine@x.test' })
    expect(thrown(() => edit({ id: me.id, role: 'admin' }, { role: 'client' }))).toEqual({ status: 422, message: MSG_OWN_ADMIN_ROLE })
  })

  it('ends the sessions on a new role or password only', () => {
    expect(edit(client, { name: 'New name', phone: ' ' })).toEqual({ change: { name: 'New name', phone: null }, endSessions: false })
    expect(edit(client, { role: 'morgue_attendant' })).toEqual({ change: { role: 'morgue_attendant' }, endSessions: true })
    expect(edit(client, { role: 'client' }).endSessions).toBe(false)
  })

  it('an admin may delete any account but their own', () => {
    expect(thrown(() => checkUserDelete(me, { id: me.id }))).toEqual({ status: 400, message: MSG_DELETE_OWN_ACCOUNT })
    expect(thrown(() => checkUserDelete(me, client))).toBeNull()
  })
})
