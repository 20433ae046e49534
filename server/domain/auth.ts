/**
 * The account use cases of the server (sign-in, registration, profile, passwords): each takes the
 * database and what it needs as parameters, decides through the shared rules
 * (shared/contracts/auth-rules.ts) and writes through the repository. The route (routes/auth.ts)
 * parses, applies the rate limits and answers; the mock does the same over its own store.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Logger } from 'pino'
import type { Db } from '../db/client'
import { ApiError } from '../../shared/errors'
import { hashPassword, signToken, verifyPassword } from '../auth'
import { queuePasswordReset } from '../mail'
import { signInKey, signInSucceeded } from '../limits'
import { codeStep, verifyCode } from '../two-factor'
import * as repo from '../repo/users'
import type { UserRow } from '../types'
import { sessionTimeoutSeconds, storedSettings } from './settings'
import type { CodeRequiredResponse } from '../../shared/contracts/two-factor'
import type { ChangePasswordRequest, ProfileRequest, StaffRequest } from '../../shared/contracts/auth'
import {
  MSG_EMAIL_TAKEN,
  MSG_INVALID_LOGIN,
  MSG_RESET_INVALID,
  blankAsNull,
  checkNewPassword,
  checkPasswordChange,
  clientRegisteredActivity,
  expiresAtSignIn,
  mustChangeFlag,
  profileChange,
  staffCreatedActivity,
} from '../../shared/contracts/auth-rules'

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')
/** A hash no password matches, checked when the e-mail has no account (made once, with the same parameters as real ones). */
const dummy = hashPassword(randomBytes(32).toString('base64url'))

const security = async (db: Db) => (await storedSettings(db)).security

/**
 * A sign-in's answer (after the password, and the code where two-step sign-in applies): a token
 * living as long as the session timeout, and the "must change password" flag when the password is
 * past the expiry in Settings (a first admin's one-time password is flagged when it is made).
 */
export async function signedInAnswer(db: Db, secret: Uint8Array, user: UserRow) {
  let signedIn = user
  if (expiresAtSignIn(user, Number((await security(db)).passwordExpiryDays))) {
    signedIn = (await repo.updateUser(db, user.id, { mustChangePassword: true })) ?? user
  }
  return { token: await renewToken(db, secret, signedIn), user: repo.toWireUser(signedIn), ...mustChangeFlag(signedIn.mustChangePassword) }
}

/** A token for the user, living as long as the session timeout. */
export const renewToken = async (db: Db, secret: Uint8Array, user: UserRow) => signToken(secret, user, Date.now(), await sessionTimeoutSeconds(db))

/**
 * The password step of a sign-in (the rate limits already counted it): the account, or 401. An
 * unknown e-mail costs the same argon2 check as a known one: the time tells nothing. A success
 * forgets the account's failed tries.
 */
export async function checkSignIn(db: Db, email: string, password: string): Promise<UserRow> {
  const user = await repo.findUserByEmail(db, email)
  const passwordOk = await verifyPassword(password, user?.passwordHash ?? (await dummy))
  if (!user || !passwordOk) throw new ApiError(401, MSG_INVALID_LOGIN)
  await signInSucceeded(db, signInKey(email))
  return user
}

/** After the password: the code step when the Settings ask for it (staff), else the signed-in answer. */
export async function afterPassword(db: Db, secret: Uint8Array, log: Logger, user: UserRow): Promise<CodeRequiredResponse | Awaited<ReturnType<typeof signedInAnswer>>> {
  return (await codeStep(db, secret, log, user)) ?? (await signedInAnswer(db, secret, user))
}

/** The code of a two-step sign-in, exchanged for the signed-in answer. */
export async function signInWithCode(db: Db, secret: Uint8Array, challenge: string, code: string) {
  return signedInAnswer(db, secret, await verifyCode(db, secret, challenge, code))
}

interface NewAccount {
  name: string
  email: string
  password: string
  phone?: string | null
  address?: string | null
}

async function createAccount(db: Db, input: NewAccount, role: UserRow['role']): Promise<UserRow> {
  checkNewPassword(input.password, await security(db))
  if (await repo.findUserByEmail(db, input.email)) throw new ApiError(409, MSG_EMAIL_TAKEN)
  return repo.createUser(db, { name: input.name, email: input.email, role, phone: input.phone ?? null, address: input.address ?? null, passwordHash: await hashPassword(input.password) })
}

/** Self-registration: always a client. */
export async function register(db: Db, input: NewAccount): Promise<UserRow> {
  const user = await createAccount(db, input, 'client')
  await repo.logActivity(db, 'user', clientRegisteredActivity(user.name), user.id)
  return user
}

/** An admin creates a staff account. */
export async function createStaff(db: Db, input: StaffRequest): Promise<UserRow> {
  const user = await createAccount(db, { ...input, phone: blankAsNull(input.phone), address: blankAsNull(input.address) }, input.role)
  await repo.logActivity(db, 'user', staffCreatedActivity(user.name, user.role), user.id)
  return user
}

export async function updateProfile(db: Db, user: UserRow, input: ProfileRequest): Promise<UserRow> {
  const { sms_notifications, ...change } = profileChange(input)
  const columns = { ...change, ...(sms_notifications !== undefined ? { smsNotifications: sms_notifications } : {}) }
  return (Object.keys(columns).length ? await repo.updateUser(db, user.id, columns) : user) ?? user
}

/** Every token issued so far stops working, including this one: the app signs in again. */
export async function changePassword(db: Db, user: UserRow, input: ChangePasswordRequest): Promise<void> {
  checkPasswordChange(input, await verifyPassword(input.currentPassword, user.passwordHash), await security(db))
  await repo.updateUser(db, user.id, { passwordHash: await hashPassword(input.newPassword), mustChangePassword: false, passwordChangedAt: new Date() }, true)
}

/** Every token of the account ends. */
export const signOut = async (db: Db, user: UserRow) => void (await repo.updateUser(db, user.id, {}, true))

/**
 * A reset link goes only to the account's e-mail (the answer is the same whether or not it exists).
 * Only queued here: the mail job mints the link's token when it sends (server/mail.ts), so no table holds it.
 */
export async function forgotPassword(db: Db, email: string, language: (chosen: 'en' | 'sw' | null) => 'en' | 'sw'): Promise<void> {
  const user = await repo.findUserByEmail(db, email)
  if (user) await queuePasswordReset(db, user, language(user.language))
}

/** A reset link sets a new password (once); the account's failed sign-ins are forgotten. */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  checkNewPassword(password, await security(db))
  const email = await repo.resetPasswordWith(db, sha256(token), await hashPassword(password))
  if (email === null) throw new ApiError(400, MSG_RESET_INVALID)
  await signInSucceeded(db, signInKey(email))
}
