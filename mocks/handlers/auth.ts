import { http, HttpResponse } from 'msw'
import { db, logActivity, nextId, type UserRecord } from '../db'
import { ApiError, body, requireRoleOf, requireUser, route } from '../http'
import { omit } from 'zod/mini'
import { signToken } from '../jwt'
import { createPasswordHash, randomHex, verifyPassword } from '../passwords'
import { toWireUser } from '../serialize'
import { lengths } from '../limits'
import { storedSettings } from '../settings-store'
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
} from '../../shared/contracts/auth'
import {
  MSG_EMAIL_TAKEN,
  MSG_FORGOT,
  MSG_INVALID_LOGIN,
  MSG_PASSWORD_CHANGED,
  MSG_PROFILE_UPDATED,
  MSG_REGISTERED,
  MSG_RESET_DONE,
  MSG_RESET_INVALID,
  MSG_STAFF_CREATED,
  RESET_LINK_TTL_MS,
  USER_LABELS,
  blankAsNull,
  checkNewPassword,
  checkPasswordChange,
  clientRegisteredActivity,
  emailLanguage,
  expiresAtSignIn,
  mustChangeFlag,
  normaliseEmail,
  profileChange,
  sessionTimeoutSeconds,
  staffCreatedActivity,
} from '../../shared/contracts/auth-rules'

const security = () => storedSettings().security

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
  const account = { mustChangePassword: Boolean(user.must_change_password), passwordChangedAt: user.password_changed_at ? new Date(user.password_changed_at) : null }
  if (expiresAtSignIn(account, Number(security().passwordExpiryDays))) {
    signedIn = (await db.user.update((q) => q.where({ id: user.id }), { data: (u) => void (u.must_change_password = true) })) ?? user
  }
  const token = await signToken(signedIn, { expiresInSeconds: sessionTimeoutSeconds(security()) })
  return { token, user: toWireUser(signedIn), ...mustChangeFlag(Boolean(signedIn.must_change_password)) }
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
      return HttpResponse.json({ token: await signToken(user, { expiresInSeconds: sessionTimeoutSeconds(security()) }) })
    }),
  ),

  http.post(
    '*/api/auth/register',
    route(async ({ request }) => {
      // Any role sent is ignored (stripped): self-registration always creates a client.
      const input = lengths(await body(request, omit(RegisterRequest, { role: true })), USER_LABELS)
      checkNewPassword(input.password, security())
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
      await logActivity('user', clientRegisteredActivity(user.name), user.id)
      return HttpResponse.json({ message: MSG_REGISTERED, user: toWireUser(user) }, { status: 201 })
    }),
  ),

  http.post(
    '*/api/auth/staff',
    route(async ({ request }) => {
      await requireRoleOf(request, 'admin')
      const input = lengths(await body(request, StaffRequest), USER_LABELS)
      checkNewPassword(input.password, security())
      if (findUserByEmail(input.email)) throw new ApiError(409, MSG_EMAIL_TAKEN)
      const user = await db.user.create({
        id: nextId('user'),
        name: input.name,
        email: normaliseEmail(input.email),
        role: input.role,
        phone: blankAsNull(input.phone),
        address: blankAsNull(input.address),
        created_at: new Date().toISOString(),
        password_changed_at: new Date().toISOString(),
        ...(await createPasswordHash(input.password)),
      })
      await logActivity('user', staffCreatedActivity(user.name, user.role), user.id)
      return HttpResponse.json({ message: MSG_STAFF_CREATED, user: toWireUser(user) }, { status: 201 })
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
      const change = profileChange(lengths(await body(request, ProfileRequest), USER_LABELS))
      const updated = await db.user.update((q) => q.where({ id: user.id }), { data: (u) => void Object.assign(u, change) })
      return HttpResponse.json({ user: toWireUser(updated ?? user), message: MSG_PROFILE_UPDATED })
    }),
  ),

  http.put(
    '*/api/auth/change-password',
    route(async ({ request }) => {
      const user = await requireUser(request)
      const input = await body(request, ChangePasswordRequest)
      checkPasswordChange(input, await verifyPassword(input.currentPassword, user.password_salt, user.password_hash), security())
      const hash = await createPasswordHash(input.newPassword)
      await db.user.update((q) => q.where({ id: user.id }), {
        data(u) {
          u.password_hash = hash.password_hash
          u.password_salt = hash.password_salt
          u.must_change_password = false
          u.password_changed_at = new Date().toISOString()
        },
      })
      return HttpResponse.json({ message: MSG_PASSWORD_CHANGED })
    }),
  ),

  http.post(
    '*/api/auth/forgot-password',
    route(async ({ request }) => {
      const { email } = await body(request, ForgotPasswordRequest)
      const user = findUserByEmail(email)
      if (!user) return HttpResponse.json({ message: MSG_FORGOT })
      const token = randomHex(24)
      await db.passwordReset.create({ id: nextId('passwordReset'), token, user_id: user.id, expires_at: Date.now() + RESET_LINK_TTL_MS, used: false })
      // Noted as sent for the admin's list (never with its link), in the language the server would write it in.
      const language = emailLanguage(user.language, request.headers.get('Accept-Language'))
      const now = new Date().toISOString()
      await db.mail.create({ id: nextId('mail'), to: user.email, kind: 'password_reset', language, status: 'sent', attempts: 1, last_error: null, created_at: now, sent_at: now })
      return HttpResponse.json({ message: MSG_FORGOT, resetUrl: `/reset-password?token=${token}` })
    }),
  ),

  http.post(
    '*/api/auth/reset-password',
    route(async ({ request }) => {
      const input = await body(request, ResetPasswordRequest)
      checkNewPassword(input.password, security())
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
