import { Hono } from 'hono'
import { omit } from 'zod/mini'
import { ChangePasswordRequest, ForgotPasswordRequest, LoginRequest, ProfileRequest, RegisterRequest, ResetPasswordRequest, StaffRequest } from '../../shared/contracts/auth'
import { VerifyCodeRequest } from '../../shared/contracts/two-factor'
import {
  MSG_FORGOT,
  MSG_PASSWORD_CHANGED,
  MSG_PROFILE_UPDATED,
  MSG_REGISTERED,
  MSG_RESET_DONE,
  MSG_SIGNED_OUT,
  MSG_STAFF_CREATED,
  USER_LABELS,
  emailLanguage,
} from '../../shared/contracts/auth-rules'
import { checkLengths } from '../../shared/rules'
import { valid } from '../http'
import { requireAuth } from '../auth'
import type { AppEnv } from '../types'
import { toWireUser } from '../domain/users'
import { LIMITS, MSG_TOO_MANY_SIGN_INS, clientAddress, limit, limitByAddress, signInKey, signInTry, unhit } from '../limits'
import * as auth from '../domain/auth'

export const authRoutes = new Hono<AppEnv>()
  .post('/login', valid('json', LoginRequest), async (c) => {
    const { db, secret, log } = c.var.deps
    const { email, password } = c.req.valid('json')
    // Both counted before the password is checked (parallel tries cannot slip past): the address's
    // limit, then the account's delay. A success gives the address its try back.
    const addressKey = `sign-in:ip:${clientAddress(c)}`
    await limit(c, addressKey, LIMITS.signInPerAddress, MSG_TOO_MANY_SIGN_INS)
    await signInTry(db, signInKey(email))
    const user = await auth.checkSignIn(db, email, password)
    await unhit(db, addressKey)
    // Staff, when the Settings ask for two-step sign-in: a code by SMS first (POST /auth/login/verify).
    return c.json(await auth.afterPassword(db, secret, log, user))
  })

  .post('/login/verify', valid('json', VerifyCodeRequest), async (c) => {
    const { db, secret } = c.var.deps
    const { challenge, code } = c.req.valid('json')
    return c.json(await auth.signInWithCode(db, secret, challenge, code))
  })

  // An active session asks for a fresh token before its own runs out (the app does when the user
  // has been active); an idle one is not renewed and ends at the session timeout.
  .post('/renew', requireAuth(), async (c) => c.json({ token: await auth.renewToken(c.var.deps.db, c.var.deps.secret, c.var.user) }))

  .post('/register', valid('json', omit(RegisterRequest, { role: true })), async (c) => {
    await limitByAddress(c, 'register', LIMITS.register)
    // Any role sent is ignored: self-registration always creates a client.
    const user = await auth.register(c.var.deps.db, checkLengths(c.req.valid('json'), USER_LABELS))
    return c.json({ message: MSG_REGISTERED, user: toWireUser(user) }, 201)
  })

  .post('/staff', requireAuth('admin'), valid('json', StaffRequest), async (c) => {
    const user = await auth.createStaff(c.var.deps.db, checkLengths(c.req.valid('json'), USER_LABELS))
    return c.json({ message: MSG_STAFF_CREATED, user: toWireUser(user) }, 201)
  })

  .get('/me', requireAuth(), (c) => c.json({ user: toWireUser(c.var.user) }))

  .put('/profile', requireAuth(), valid('json', ProfileRequest), async (c) => {
    const updated = await auth.updateProfile(c.var.deps.db, c.var.user, checkLengths(c.req.valid('json'), USER_LABELS))
    return c.json({ user: toWireUser(updated), message: MSG_PROFILE_UPDATED })
  })

  .put('/change-password', requireAuth(), valid('json', ChangePasswordRequest), async (c) => {
    await auth.changePassword(c.var.deps.db, c.var.user, c.req.valid('json'))
    return c.json({ message: MSG_PASSWORD_CHANGED })
  })

  .post('/logout', requireAuth(), async (c) => {
    await auth.signOut(c.var.deps.db, c.var.user)
    return c.json({ message: MSG_SIGNED_OUT })
  })

  .post('/forgot-password', valid('json', ForgotPasswordRequest), async (c) => {
    const { email } = c.req.valid('json')
    await limitByAddress(c, 'forgot', LIMITS.forgotPerAddress)
    // Per e-mail too, whether or not it has an account (the answer tells nothing either way).
    await limit(c, `forgot:${signInKey(email)}`, LIMITS.forgotPerEmail)
    // The reset e-mail's language: the account's, else the browser's that asked for it.
    await auth.forgotPassword(c.var.deps.db, email, (chosen) => emailLanguage(chosen, c.req.header('Accept-Language')))
    return c.json({ message: MSG_FORGOT })
  })

  .post('/reset-password', valid('json', ResetPasswordRequest), async (c) => {
    const input = c.req.valid('json')
    await auth.resetPassword(c.var.deps.db, input.token, input.password)
    return c.json({ message: MSG_RESET_DONE })
  })
