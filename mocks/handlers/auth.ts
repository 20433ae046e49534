import { MSG_SAME_PASSWORD } from '../../shared/contracts/auth'
import { http, HttpResponse } from 'msw'
import { db, logActivity, nextId, type UserRecord } from '../db'
import { ApiError, body, requireRoleOf, requireUser, route } from '../http'
import { omit } from 'zod/mini'
import { signToken } from '../jwt'
import { createPasswordHash, randomHex, verifyPassword } from '../passwords'
import { toWireUser } from '../serialize'
import { lengths } from '../limits'
import { checkNewPassword, storedSettings } from './settings'
import { sessionTimeoutSeconds } from '../settings-store'
import { mockCodeStep, mockVerifyCode } from '../two-factor'
import { VerifyCodeRequest } from '../../shared/contracts/two-factor'
import {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  LoginRequest,
  ProfileRequest,
  RegisterRequest,
  ResetPasswordRequest,
  StaffRequest,
  passwordExpired,
} from '../../shared/contracts/auth'

export const MSG_INVALID_LOGIN = 'Invalid email or password'
export const MSG_EMAIL_TAKEN = 'An account with this email already exists'
export const MSG_FORGOT = 'If an account exists for that email, a reset link has been sent.'
export const MSG_RESET_DONE = 'Your password has been reset. Please sign in.'
export const MSG_RESET_INVALID = 'This reset link is invalid or has expired'
const RESET_TTL_MS = 60 * 60 * 1000
const USER_LABELS = { name: 'Name', email: 'Email', phone: 'Phone', address: 'Address' } as const

const normaliseEmail = (email: string) => email.trim().toLowerCase()

export function findUserByEmail(email: string) {
  const wanted = normaliseEmail(email)
  return db.user.findFirst((q) => q.where({ email: (e) => e.toLowerCase() === wanted }))
}

/**
 * A sign-in's answer (after the password, and the code where two-step sign-in applies): a token
 * living as long as the session timeout, and the "must change password" flag when the password is
 * past the expiry in Settings.
 */
async function signedInAnswer(user: UserRecord) {
  let signedIn = user
  if (!user.must_change_password && user.password_changed_at && passwordExpired(new Date(user.password_changed_at), Number(storedSettings().security.passwordExpiryDays))) {
    signedIn = (await db.user.update((q) => q.where({ id: user.id }), { data: (u) => void (u.must_change_password = true) })) ?? user
  }
  const token = await signToken(signedIn, { expiresInSeconds: sessionTimeoutSeconds() })
  return { token, user: toWireUser(signedIn), ...(signedIn.must_change_password ? { must_change_password: true } : {}) }
}

export const authHandlers = [
  http.post(
    '*/api/auth/login',
    route(async ({ request }) => {
      const { email, password } = await body(request, LoginRequest)
      const user = findUserByEmail(email)
      if (!user || !(await verifyPassword(password, user.password_salt, user.password_hash))) throw new ApiError(401, MSG_INVALID_LOGIN)
      // Staff, when the Settings ask for two-step sign-in: a code by SMS first.
      const step = await mockCodeStep(user)
      if (step) return HttpResponse.json(step)
      return HttpResponse.json(await signedInAnswer(user))
    }),
  ),

  http.post(
    '*/api/auth/login/verify',
    route(async ({ request }) => {
      const { challenge, code } = await body(request, VerifyCodeRequest)
      const user = await mockVerifyCode(challenge, code)
      return HttpResponse.json(await signedInAnswer(user))
    }),
  ),

  // An active session's fresh token (the app asks when the user has been active); an idle one ends at the timeout.
  http.post(
    '*/api/auth/renew',
    route(async ({ request }) => {
      const user = await requireUser(request)
      return HttpResponse.json({ token: await signToken(user, { expiresInSeconds: sessionTimeoutSeconds() }) })
    }),
  ),

  http.post(
    '*/api/auth/register',
    route(async ({ request }) => {
      // Any role sent is ignored (stripped): self-registration always creates a client.
      const input = lengths(await body(request, omit(RegisterRequest, { role: true })), USER_LABELS)
      checkNewPassword(input.password)
      if (findUserByEmail(input.email)) throw new ApiError(409, MSG_EMAIL_TAKEN)
      const user = await db.user.create({
        id: nextId('user'),
        name: input.name,
        email: normaliseEmail(input.email),
        role: 'client',
        phone: input.phone,
        address: input.address,
        created_at: new Date().toISOString(),
        password_changed_at: new Date().toISOString(),
        ...(await createPasswordHash(input.password)),
      })
      await logActivity('user', `New client registered: ${user.name}`, user.id)
      return HttpResponse.json({ message: 'Registration successful', user: toWireUser(user) }, { status: 201 })
    }),
  ),

  http.post(
    '*/api/auth/staff',
    route(async ({ request }) => {
      await requireRoleOf(request, 'admin')
      const input = lengths(await body(request, StaffRequest), USER_LABELS)
      checkNewPassword(input.password)
      if (findUserByEmail(input.email)) throw new ApiError(409, MSG_EMAIL_TAKEN)
      const user = await db.user.create({
        id: nextId('user'),
        name: input.name,
        email: normaliseEmail(input.email),
        role: input.role,
        phone: input.phone?.trim() || null,
        address: input.address?.trim() || null,
        created_at: new Date().toISOString(),
        password_changed_at: new Date().toISOString(),
        ...(await createPasswordHash(input.password)),
      })
      await logActivity('user', `New staff account created: ${user.name} (${user.role === 'admin' ? 'admin' : 'morgue attendant'})`, user.id)
      return HttpResponse.json({ message: 'User created successfully', user: toWireUser(user) }, { status: 201 })
    }),
  ),

  http.get(
    '*/api/auth/me',
    route(async ({ request }) => {
      const user = await requireUser(request)
      return HttpResponse.json({ user: toWireUser(user) })
    }),
  ),

  http.put(
    '*/api/auth/profile',
    route(async ({ request }) => {
      const user = await requireUser(request)
      const input = lengths(await body(request, ProfileRequest), USER_LABELS)
      const updated = await db.user.update((q) => q.where({ id: user.id }), {
        data(u) {
          if (input.name !== undefined) u.name = input.name
          if (input.phone !== undefined) u.phone = input.phone.trim() || null
          if (input.address !== undefined) u.address = input.address.trim() || null
          if (input.sms_notifications !== undefined) u.sms_notifications = input.sms_notifications
          if (input.language !== undefined) u.language = input.language
        },
      })
      return HttpResponse.json({ user: toWireUser(updated ?? user), message: 'Profile updated successfully' })
    }),
  ),

  http.put(
    '*/api/auth/change-password',
    route(async ({ request }) => {
      const user = await requireUser(request)
      const input = await body(request, ChangePasswordRequest)
      if (!(await verifyPassword(input.currentPassword, user.password_salt, user.password_hash))) {
        throw new ApiError(422, 'Current password is incorrect', { currentPassword: 'Current password is incorrect' })
      }
      checkNewPassword(input.newPassword, 'newPassword')
      if (input.newPassword === input.currentPassword) throw new ApiError(422, MSG_SAME_PASSWORD, { newPassword: MSG_SAME_PASSWORD })
      const hash = await createPasswordHash(input.newPassword)
      await db.user.update((q) => q.where({ id: user.id }), {
        data(u) {
          u.password_hash = hash.password_hash
          u.password_salt = hash.password_salt
          u.must_change_password = false
          u.password_changed_at = new Date().toISOString()
        },
      })
      return HttpResponse.json({ message: 'Password changed successfully' })
    }),
  ),

  http.post(
    '*/api/auth/forgot-password',
    route(async ({ request }) => {
      const { email } = await body(request, ForgotPasswordRequest)
      const user = findUserByEmail(email)
      if (!user) return HttpResponse.json({ message: MSG_FORGOT })
      const token = randomHex(24)
      await db.passwordReset.create({ id: nextId('passwordReset'), token, user_id: user.id, expires_at: Date.now() + RESET_TTL_MS, used: false })
      // Noted as sent for the admin's list (never with its link), in the language the server would write it in.
      const language = user.language ?? (/^\s*sw\b/i.test(request.headers.get('Accept-Language') ?? '') ? 'sw' : 'en')
      const now = new Date().toISOString()
      await db.mail.create({ id: nextId('mail'), to: user.email, kind: 'password_reset', language, status: 'sent', attempts: 1, last_error: null, created_at: now, sent_at: now })
      return HttpResponse.json({ message: MSG_FORGOT, resetUrl: `/reset-password?token=${token}` })
    }),
  ),

  http.post(
    '*/api/auth/reset-password',
    route(async ({ request }) => {
      const input = await body(request, ResetPasswordRequest)
      checkNewPassword(input.password)
      const reset = db.passwordReset.findFirst((q) => q.where({ token: input.token }))
      if (!reset || reset.used || reset.expires_at < Date.now()) throw new ApiError(400, MSG_RESET_INVALID)
      const user = db.user.findFirst((q) => q.where({ id: reset.user_id }))
      if (!user) throw new ApiError(400, MSG_RESET_INVALID)
      const hash = await createPasswordHash(input.password)
      await db.user.update((q) => q.where({ id: user.id }), {
        data(u) {
          u.password_hash = hash.password_hash
          u.password_salt = hash.password_salt
          u.must_change_password = false
          u.password_changed_at = new Date().toISOString()
        },
      })
      // Single use: this and every other outstanding link of the user stop working.
      await db.passwordReset.updateMany((q) => q.where({ user_id: user.id }), {
        data(r) {
          r.used = true
        },
      })
      return HttpResponse.json({ message: MSG_RESET_DONE })
    }),
  ),
]
