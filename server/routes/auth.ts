import { createHash, randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { omit } from 'zod/mini'
import { ChangePasswordRequest, ForgotPasswordRequest, LoginRequest, ProfileRequest, RegisterRequest, ResetPasswordRequest, StaffRequest } from '../../src/api/contracts/auth'
import { ApiError, publicOrigin, valid } from '../http'
import { hashPassword, requireAuth, signToken, verifyPassword } from '../auth'
import type { AppEnv } from '../types'
import { checkLengths } from '../../shared/rules'
import { devOutbox, passwordResets, users } from '../db/schema'
import { checkNewPassword } from './settings'
import { sessionTimeoutSeconds } from '../repo/settings'
import { codeStep, verifyCode } from '../two-factor'
import { VerifyCodeRequest } from '../../src/api/contracts/two-factor'
import { clearFailures, createUser, findUserByEmail, logActivity, recentFailures, recordFailures, toWireUser, updateUser } from '../repo/users'

export const MSG_INVALID_LOGIN = 'Invalid email or password'
export const MSG_EMAIL_TAKEN = 'An account with this email already exists'
export const MSG_FORGOT = 'If an account exists for that email, a reset link has been sent.'
export const MSG_RESET_DONE = 'Your password has been reset. Please sign in.'
export const MSG_RESET_INVALID = 'This reset link is invalid or has expired'
export const MSG_TOO_MANY = 'Too many failed sign-in attempts. Please wait 15 minutes and try again, or reset your password.'
const RESET_TTL_MS = 60 * 60 * 1000

/**
 * The reset e-mail in the account's language (chosen in the app; until then the browser's that
 * asked for it, else English). The server cannot read the app's catalogues: both texts live here.
 */
export const RESET_EMAIL = {
  en: { subject: 'Reset your password', body: (link: string) => `Open this link within an hour to choose a new password: ${link}` },
  sw: { subject: 'Badilisha nenosiri lako', body: (link: string) => `Fungua kiungo hiki ndani ya saa moja ili uchague nenosiri jipya: ${link}` },
} as const
const emailLanguage = (chosen: 'en' | 'sw' | null, acceptLanguage: string | undefined): 'en' | 'sw' =>
  chosen ?? (/^\s*sw\b/i.test(acceptLanguage ?? '') ? 'sw' : 'en')
const FAILURE_WINDOW_MS = 15 * 60 * 1000
/** Per e-mail: slows guessing one account's password. Per address: slows trying many accounts. */
const MAX_FAILURES_PER_EMAIL = 10
const MAX_FAILURES_PER_ADDRESS = 50

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

function clientAddress(c: Context<AppEnv>): string {
  if (c.var.deps.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'local' // in-process requests (tests) have no socket
  }
}

const USER_LIMITS = { name: 'Name', phone: 'Phone', address: 'Address', email: 'Email' } as const

export const authRoutes = new Hono<AppEnv>()
  .post('/login', valid('json', LoginRequest), async (c) => {
    const { db, secret } = c.var.deps
    const { email, password } = c.req.valid('json')
    const emailKey = `email:${email.trim().toLowerCase()}`
    const addressKey = `ip:${clientAddress(c)}`
    const since = new Date(Date.now() - FAILURE_WINDOW_MS)
    if ((await recentFailures(db, emailKey, since)) >= MAX_FAILURES_PER_EMAIL || (await recentFailures(db, addressKey, since)) >= MAX_FAILURES_PER_ADDRESS) {
      throw new ApiError(429, MSG_TOO_MANY)
    }
    const user = await findUserByEmail(db, email)
    if (!user || !(await verifyPassword(password, user.passwordHash))) {
      await recordFailures(db, [emailKey, addressKey], since)
      throw new ApiError(401, MSG_INVALID_LOGIN)
    }
    await clearFailures(db, emailKey)
    // Staff, when the Settings ask for two-step sign-in: a code by SMS first (POST /auth/login/verify).
    const step = await codeStep(db, secret, c.var.deps.log, user)
    if (step) return c.json(step)
    return c.json({ token: await signToken(secret, user, Date.now(), await sessionTimeoutSeconds(db)), user: toWireUser(user) })
  })

  .post('/login/verify', valid('json', VerifyCodeRequest), async (c) => {
    const { db, secret } = c.var.deps
    const { challenge, code } = c.req.valid('json')
    const user = await verifyCode(db, secret, challenge, code)
    return c.json({ token: await signToken(secret, user, Date.now(), await sessionTimeoutSeconds(db)), user: toWireUser(user) })
  })

  // An active session asks for a fresh token before its own runs out (the app does when the user
  // has been active); an idle one is not renewed and ends at the session timeout.
  .post('/renew', requireAuth(), async (c) => {
    const { db, secret } = c.var.deps
    return c.json({ token: await signToken(secret, c.var.user, Date.now(), await sessionTimeoutSeconds(db)) })
  })

  .post('/register', valid('json', omit(RegisterRequest, { role: true })), async (c) => {
    const { db } = c.var.deps
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
    await updateUser(c.var.deps.db, c.var.user.id, { passwordHash: await hashPassword(input.newPassword) }, true)
    return c.json({ message: 'Password changed successfully' })
  })

  .post('/logout', requireAuth(), async (c) => {
    await updateUser(c.var.deps.db, c.var.user.id, {}, true)
    return c.json({ message: 'Signed out' })
  })

  .post('/forgot-password', valid('json', ForgotPasswordRequest), async (c) => {
    const { db, log, dev } = c.var.deps
    const { email } = c.req.valid('json')
    const user = await findUserByEmail(db, email)
    // The same answer whether or not the account exists; the link goes only to the account's e-mail.
    if (user) {
      const token = randomBytes(32).toString('base64url')
      await db.insert(passwordResets).values({ tokenHash: sha256(token), userId: user.id, expiresAt: new Date(Date.now() + RESET_TTL_MS) })
      const link = `${publicOrigin(c.var.deps)}/reset-password?token=${token}`
      // No mail service yet: the message goes to the dev outbox (a table) and, in development, to the log.
      const mail = RESET_EMAIL[emailLanguage(user.language, c.req.header('Accept-Language'))]
      await db.insert(devOutbox).values({ to: user.email, subject: mail.subject, body: mail.body(link) })
      if (dev) log.info({ to: user.email, link }, 'password reset link (development only)')
    }
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
      const updated = await updateUser(tx as never, reset.userId, { passwordHash }, true)
      return updated !== undefined
    })
    if (!done) throw new ApiError(400, MSG_RESET_INVALID)
    await clearFailures(db, `email:${(await db.select({ email: users.email }).from(users).where(eq(users.id, reset.userId)))[0]?.email.toLowerCase() ?? ''}`)
    return c.json({ message: MSG_RESET_DONE })
  })
