import { MSG_SAME_PASSWORD } from '../../shared/contracts/auth'
import { createHash, randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { omit } from 'zod/mini'
import { ChangePasswordRequest, ForgotPasswordRequest, LoginRequest, ProfileRequest, RegisterRequest, ResetPasswordRequest, StaffRequest, passwordExpired } from '../../shared/contracts/auth'
import { ApiError, valid } from '../http'
import { hashPassword, requireAuth, signToken, verifyPassword } from '../auth'
import type { AppEnv, UserRow } from '../types'
import { checkLengths } from '../../shared/rules'
import { passwordResets, users } from '../db/schema'
import { queuePasswordReset } from '../mail'
import { checkNewPassword, storedSettings } from './settings'
import { clearFailures, createUser, findUserByEmail, logActivity, toWireUser, updateUser } from '../repo/users'
import { LIMITS, MSG_TOO_MANY_SIGN_INS, clientAddress, limit, limitByAddress, signInKey, signInSucceeded, signInTry, unhit } from '../limits'
import { sessionTimeoutSeconds } from '../repo/settings'
import { codeStep, verifyCode } from '../two-factor'
import { VerifyCodeRequest } from '../../shared/contracts/two-factor'

export const MSG_INVALID_LOGIN = 'Invalid email or password'
export const MSG_EMAIL_TAKEN = 'An account with this email already exists'
export const MSG_FORGOT = 'If an account exists for that email, a reset link has been sent.'
export const MSG_RESET_DONE = 'Your password has been reset. Please sign in.'
export const MSG_RESET_INVALID = 'This reset link is invalid or has expired'
export const MSG_TOO_MANY = MSG_TOO_MANY_SIGN_INS

/** The reset e-mail's language: the account's (chosen in the app); until then the browser's that asked for it, else English. */
const emailLanguage = (chosen: 'en' | 'sw' | null, acceptLanguage: string | undefined): 'en' | 'sw' =>
  chosen ?? (/^\s*sw\b/i.test(acceptLanguage ?? '') ? 'sw' : 'en')
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')
/** A hash no password matches, checked when the e-mail has no account (made once, with the same parameters as real ones). */
const dummy = hashPassword(randomBytes(32).toString('base64url'))
const dummyHash = () => dummy

const USER_LIMITS = { name: 'Name', phone: 'Phone', address: 'Address', email: 'Email' } as const

/**
 * A sign-in's answer (after the password, and the code where two-step sign-in applies): a token
 * living as long as the session timeout, and the "must change password" flag when the password is
 * past the expiry in Settings (a first admin's one-time password is flagged when it is made).
 */
async function signedInAnswer(db: AppEnv['Variables']['deps']['db'], secret: Uint8Array, user: UserRow) {
  let signedIn = user
  if (!user.mustChangePassword && passwordExpired(user.passwordChangedAt, Number((await storedSettings(db)).security.passwordExpiryDays))) {
    signedIn = (await updateUser(db, user.id, { mustChangePassword: true })) ?? user
  }
  // The flag is there only when set (absent: no), on the answer and on its user.
  return { token: await signToken(secret, signedIn, Date.now(), await sessionTimeoutSeconds(db)), user: toWireUser(signedIn), ...(signedIn.mustChangePassword ? { must_change_password: true } : {}) }
}

export const authRoutes = new Hono<AppEnv>()
  .post('/login', valid('json', LoginRequest), async (c) => {
    const { db, secret } = c.var.deps
    const { email, password } = c.req.valid('json')
    // Both counted before the password is checked (parallel tries cannot slip past): the address's
    // limit, then the account's delay. A success gives the address its try back.
    const addressKey = `sign-in:ip:${clientAddress(c)}`
    await limit(c, addressKey, LIMITS.signInPerAddress, MSG_TOO_MANY)
    await signInTry(db, signInKey(email))
    const user = await findUserByEmail(db, email)
    // An unknown e-mail costs the same argon2 check as a known one: the time tells nothing.
    const passwordOk = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()))
    if (!user || !passwordOk) throw new ApiError(401, MSG_INVALID_LOGIN)
    await signInSucceeded(db, signInKey(email))
    await unhit(db, addressKey)
    // Staff, when the Settings ask for two-step sign-in: a code by SMS first (POST /auth/login/verify).
    const step = await codeStep(db, secret, c.var.deps.log, user)
    if (step) return c.json(step)
    return c.json(await signedInAnswer(db, secret, user))
  })

  .post('/login/verify', valid('json', VerifyCodeRequest), async (c) => {
    const { db, secret } = c.var.deps
    const { challenge, code } = c.req.valid('json')
    const user = await verifyCode(db, secret, challenge, code)
    return c.json(await signedInAnswer(db, secret, user))
  })

  // An active session asks for a fresh token before its own runs out (the app does when the user
  // has been active); an idle one is not renewed and ends at the session timeout.
  .post('/renew', requireAuth(), async (c) => {
    const { db, secret } = c.var.deps
    return c.json({ token: await signToken(secret, c.var.user, Date.now(), await sessionTimeoutSeconds(db)) })
  })

  .post('/register', valid('json', omit(RegisterRequest, { role: true })), async (c) => {
    const { db } = c.var.deps
    await limitByAddress(c, 'register', LIMITS.register)
    // Any role sent is ignored: self-registration always creates a client.
    const input = checkLengths(c.req.valid('json'), USER_LIMITS)
    await checkNewPassword(db, input.password)
    if (await findUserByEmail(db, input.email)) throw new ApiError(409, MSG_EMAIL_TAKEN)
    const user = await createUser(db, { name: input.name, email: input.email, role: 'client', phone: input.phone, address: input.address, passwordHash: await hashPassword(input.password) })
    await logActivity(db, 'user', `New client registered: ${user.name}`, user.id)
    return c.json({ message: 'Registration successful', user: toWireUser(user) }, 201)
  })

  .post('/staff', requireAuth('admin'), valid('json', StaffRequest), async (c) => {
    const { db } = c.var.deps
    const input = checkLengths(c.req.valid('json'), USER_LIMITS)
    await checkNewPassword(db, input.password)
    if (await findUserByEmail(db, input.email)) throw new ApiError(409, MSG_EMAIL_TAKEN)
    const user = await createUser(db, {
      name: input.name,
      email: input.email,
      role: input.role,
      phone: input.phone?.trim() || null,
      address: input.address?.trim() || null,
      passwordHash: await hashPassword(input.password),
    })
    await logActivity(db, 'user', `New staff account created: ${user.name} (${user.role === 'admin' ? 'admin' : 'morgue attendant'})`, user.id)
    return c.json({ message: 'User created successfully', user: toWireUser(user) }, 201)
  })

  .get('/me', requireAuth(), (c) => c.json({ user: toWireUser(c.var.user) }))

  .put('/profile', requireAuth(), valid('json', ProfileRequest), async (c) => {
    const input = checkLengths(c.req.valid('json'), USER_LIMITS)
    const change: Partial<typeof users.$inferInsert> = {}
    if (input.name !== undefined) change.name = input.name
    if (input.phone !== undefined) change.phone = input.phone.trim() || null
    if (input.address !== undefined) change.address = input.address.trim() || null
    if (input.sms_notifications !== undefined) change.smsNotifications = input.sms_notifications
    if (input.language !== undefined) change.language = input.language
    const updated = Object.keys(change).length ? await updateUser(c.var.deps.db, c.var.user.id, change) : c.var.user
    return c.json({ user: toWireUser(updated ?? c.var.user), message: 'Profile updated successfully' })
  })

  .put('/change-password', requireAuth(), valid('json', ChangePasswordRequest), async (c) => {
    const input = c.req.valid('json')
    if (!(await verifyPassword(input.currentPassword, c.var.user.passwordHash))) {
      throw new ApiError(422, 'Current password is incorrect', { currentPassword: 'Current password is incorrect' })
    }
    await checkNewPassword(c.var.deps.db, input.newPassword, 'newPassword')
    // Every token issued so far stops working, including this one: the app signs in again.
    if (input.newPassword === input.currentPassword) throw new ApiError(422, MSG_SAME_PASSWORD, { newPassword: MSG_SAME_PASSWORD })
    await updateUser(c.var.deps.db, c.var.user.id, { passwordHash: await hashPassword(input.newPassword), mustChangePassword: false, passwordChangedAt: new Date() }, true)
    return c.json({ message: 'Password changed successfully' })
  })

  .post('/logout', requireAuth(), async (c) => {
    await updateUser(c.var.deps.db, c.var.user.id, {}, true)
    return c.json({ message: 'Signed out' })
  })

  .post('/forgot-password', valid('json', ForgotPasswordRequest), async (c) => {
    const { db } = c.var.deps
    const { email } = c.req.valid('json')
    await limitByAddress(c, 'forgot', LIMITS.forgotPerAddress)
    // Per e-mail too, whether or not it has an account (the answer tells nothing either way).
    await limit(c, `forgot:${signInKey(email)}`, LIMITS.forgotPerEmail)
    const user = await findUserByEmail(db, email)
    // The same answer whether or not the account exists; the link goes only to the account's e-mail.
    // Only queued here: the mail job mints the link's token when it sends (server/mail.ts), so no table holds it.
    if (user) await queuePasswordReset(db, user, emailLanguage(user.language, c.req.header('Accept-Language')))
    return c.json({ message: MSG_FORGOT })
  })

  .post('/reset-password', valid('json', ResetPasswordRequest), async (c) => {
    const { db } = c.var.deps
    const input = c.req.valid('json')
    await checkNewPassword(db, input.password)
    const [reset] = await db
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.tokenHash, sha256(input.token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
    if (!reset) throw new ApiError(400, MSG_RESET_INVALID)
    const passwordHash = await hashPassword(input.password)
    const done = await db.transaction(async (tx) => {
      // Single use: this and every other outstanding link of the user stop working.
      const used = await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)))
        .returning({ id: passwordResets.id })
      if (!used.some((r) => r.id === reset.id)) return false
      const updated = await updateUser(tx as never, reset.userId, { passwordHash, mustChangePassword: false, passwordChangedAt: new Date() }, true)
      return updated !== undefined
    })
    if (!done) throw new ApiError(400, MSG_RESET_INVALID)
    await clearFailures(db, `email:${(await db.select({ email: users.email }).from(users).where(eq(users.id, reset.userId)))[0]?.email.toLowerCase() ?? ''}`)
    return c.json({ message: MSG_RESET_DONE })
  })
