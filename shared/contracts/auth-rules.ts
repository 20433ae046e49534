/**
 * Accounts as both backends decide them (the mock in mocks/, the server in server/): the API's
 * words for sign-in, registration and passwords, and the rules as plain functions over plain data.
 * Each backend parses, looks up its own store, calls these and answers; none keeps a copy.
 */
import { ApiError } from '../errors'
import { MSG_SAME_PASSWORD, PASSWORD_CHANGE_PATHS, passwordExpired } from './auth'
import { passwordProblem, passwordRulesOf } from './password-rules'
import type { WireRole } from './roles'

export const MSG_INVALID_LOGIN = 'Invalid email or password'
export const MSG_EMAIL_TAKEN = 'An account with this email already exists'
export const MSG_FORGOT = 'If an account exists for that email, a reset link has been sent.'
export const MSG_RESET_DONE = 'Your password has been reset. Please sign in.'
export const MSG_RESET_INVALID = 'This reset link is invalid or has expired'
export const MSG_CURRENT_PASSWORD_WRONG = 'Current password is incorrect'
export const MSG_REGISTERED = 'Registration successful'
export const MSG_STAFF_CREATED = 'User created successfully'
export const MSG_PROFILE_UPDATED = 'Profile updated successfully'
export const MSG_PASSWORD_CHANGED = 'Password changed successfully'
export const MSG_SIGNED_OUT = 'Signed out'

export const MSG_AUTH_REQUIRED = 'Authentication required'
export const MSG_SESSION_EXPIRED = 'Session expired, please log in again'
export const MSG_FORBIDDEN = 'You do not have permission to perform this action'

/** The lifetime of a token signed without the settings at hand (tests); sign-in and renewal use the session timeout. */
export const TOKEN_TTL_SECONDS = 8 * 60 * 60
/** How long a password-reset link works once it is sent. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000

/** The free-text fields of an account and the names their length messages use (shared/rules.ts checkLengths). */
export const USER_LABELS = { name: 'Name', email: 'Email', phone: 'Phone', address: 'Address' } as const

/** An e-mail as accounts are keyed by it: trimmed, lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase()

/** An optional text field as stored: blank reads as none. */
export const blankAsNull = (value: string | null | undefined) => value?.trim() || null

/** The reset e-mail's language: the account's (chosen in the app); until then the browser's that asked for it, else English. */
export const emailLanguage = (chosen: 'en' | 'sw' | null | undefined, acceptLanguage: string | null | undefined): 'en' | 'sw' =>
  chosen ?? (/^\s*sw\b/i.test(acceptLanguage ?? '') ? 'sw' : 'en')

/** The activity lines of new accounts (the admin's dashboard). */
export const clientRegisteredActivity = (name: string) => `New client registered: ${name}`
export const staffCreatedActivity = (name: string, role: WireRole) => `New staff account created: ${name} (${role === 'admin' ? 'admin' : 'morgue attendant'})`

/**
 * Refuses a new password the admin's rules (the security settings) do not allow: 422 with the
 * rule's message under the request's field, before anything is stored.
 */
export function checkNewPassword(password: string, security: { minPasswordLength: string; requireComplexity: boolean }, field = 'password'): void {
  const problem = passwordProblem(password, passwordRulesOf(security))
  if (problem) throw new ApiError(422, problem, { [field]: problem })
}

/**
 * A password change, given whether the current password was typed right: that first, then the
 * admin's rules, then a new password the same as the current one.
 */
export function checkPasswordChange(
  input: { currentPassword: string; newPassword: string },
  currentPasswordOk: boolean,
  security: { minPasswordLength: string; requireComplexity: boolean },
): void {
  if (!currentPasswordOk) throw new ApiError(422, MSG_CURRENT_PASSWORD_WRONG, { currentPassword: MSG_CURRENT_PASSWORD_WRONG })
  checkNewPassword(input.newPassword, security, 'newPassword')
  if (input.newPassword === input.currentPassword) throw new ApiError(422, MSG_SAME_PASSWORD, { newPassword: MSG_SAME_PASSWORD })
}

/** The session timeout in seconds, from the security settings (kept as typed text there). */
export const sessionTimeoutSeconds = (security: { sessionTimeoutMinutes: string }) => Number(security.sessionTimeoutMinutes) * 60

/** A token issued at `issuedAt` (epoch seconds) has ended: idle longer than the session timeout as it is now. */
export const sessionEnded = (issuedAt: number, timeoutSeconds: number, nowSeconds: number) => issuedAt + timeoutSeconds <= nowSeconds

/** Until a password someone else chose (or an expired one) is replaced, only the calls that replace it answer. */
export const blockedUntilPasswordChange = (mustChangePassword: boolean, path: string) =>
  mustChangePassword && !(PASSWORD_CHANGE_PATHS as readonly string[]).includes(path)

/** Whether a sign-in now flags the account "must change password": its password is past the expiry in Settings (0 days: never). */
export function expiresAtSignIn(user: { mustChangePassword: boolean; passwordChangedAt: Date | null }, expiryDays: number, now = Date.now()): boolean {
  return !user.mustChangePassword && user.passwordChangedAt !== null && passwordExpired(user.passwordChangedAt, expiryDays, now)
}

/** The answer's "must change password" flag: there only when set (absent: no). */
export const mustChangeFlag = (mustChangePassword: boolean) => (mustChangePassword ? { must_change_password: true as const } : {})

/**
 * What a profile update changes, in the wire's names: only the fields sent; a blank phone or
 * address clears it.
 */
export function profileChange(input: { name?: string; phone?: string; address?: string; sms_notifications?: boolean; language?: 'en' | 'sw' }) {
  const change: { name?: string; phone?: string | null; address?: string | null; sms_notifications?: boolean; language?: 'en' | 'sw' } = {}
  if (input.name !== undefined) change.name = input.name
  if (input.phone !== undefined) change.phone = blankAsNull(input.phone)
  if (input.address !== undefined) change.address = blankAsNull(input.address)
  if (input.sms_notifications !== undefined) change.sms_notifications = input.sms_notifications
  if (input.language !== undefined) change.language = input.language
  return change
}
