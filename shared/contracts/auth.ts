import { z } from 'zod/mini'
import { Id } from './common'
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem, type PasswordRules } from './password-rules'

import { STAFF_ROLES, normaliseRole, type Role } from './roles'

export { ROLES, STAFF_ROLES, WIRE_ROLES, normaliseRole, toWireRole, type Role, type WireRole } from './roles'

export const RoleSchema = z.pipe(z.unknown(), z.transform(normaliseRole))

export const User = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  phone: z.nullish(z.string()),
  address: z.nullish(z.string()),
  created_at: z.nullish(z.string()),
  /** SMS about the family's bookings (absent: on). */
  sms_notifications: z.optional(z.boolean()),
  /** The language the user chose for the app and their SMS (absent: not chosen yet). */
  language: z.nullish(z.enum(['en', 'sw'])),
  /** A password someone else chose, or one past its expiry: the user must choose a new one before anything else (absent: no). */
  must_change_password: z.optional(z.boolean()),
})
export type User = z.infer<typeof User>

/** The 403 of every signed-in call but /auth/me, /auth/change-password and /auth/logout while the user must choose a new password. */
export const MSG_MUST_CHANGE_PASSWORD = 'Please choose a new password before you continue.'
/** The only signed-in calls allowed while the user must choose a new password. */
export const PASSWORD_CHANGE_PATHS = ['/api/auth/me', '/api/auth/change-password', '/api/auth/logout', '/api/auth/renew'] as const

/** True when a password chosen at `changedAt` is older than the Settings' expiry (0 days: never expires). */
export function passwordExpired(changedAt: Date, expiryDays: number, now = Date.now()): boolean {
  return expiryDays > 0 && now - changedAt.getTime() > expiryDays * 24 * 60 * 60 * 1000
}

/** The fields the app reads from the JWT payload (jwt-decode does not verify; the server does). */
export const TokenPayload = z.object({
  sub: z.optional(z.union([z.string(), z.number()])),
  id: z.optional(z.union([z.string(), z.number()])),
  name: z.optional(z.string()),
  email: z.optional(z.string()),
  role: z.optional(z.unknown()),
  exp: z.optional(z.number()),
  iat: z.optional(z.number()),
})
export type TokenPayload = z.infer<typeof TokenPayload>

/** The session's user: what the token says, refined by /auth/me or profile updates. */
export interface SessionUser {
  id: string
  name: string
  email: string
  role: Role
  phone?: string | null
  address?: string | null
  /** SMS about the family's bookings (absent: on). */
  sms_notifications?: boolean
  /** The language the user chose (absent: not chosen yet). */
  language?: 'en' | 'sw' | null
  /** The user must choose a new password before anything else (absent: no). */
  must_change_password?: boolean
  /** When the account was made (absent: not known yet): a family is welcomed on its first day, welcomed back later. */
  created_at?: string
}

// ---- requests (shared with mocks/, which validates with the same schemas) ----
export { LoginRequest, RegisterRequest } from './auth-requests'

// A new password's length and complexity are the admin's rules, checked by the backend after parsing (password-rules.ts).
export const StaffRequest = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required')),
  email: z.string().check(z.trim(), z.regex(z.regexes.email, 'Please enter a valid email address')),
  password: z.string().check(z.minLength(1, 'Password is required')),
  role: z.enum(STAFF_ROLES),
  phone: z.optional(z.string()),
  address: z.optional(z.string()),
})
export type StaffRequest = z.infer<typeof StaffRequest>

export const ProfileRequest = z.object({
  name: z.optional(z.string().check(z.trim(), z.minLength(1))),
  phone: z.optional(z.string()),
  address: z.optional(z.string()),
  sms_notifications: z.optional(z.boolean()),
  language: z.optional(z.enum(['en', 'sw'])),
})
export type ProfileRequest = z.infer<typeof ProfileRequest>

export const ChangePasswordRequest = z.object({
  currentPassword: z.string().check(z.minLength(1, 'Current password is required')),
  newPassword: z.string().check(z.minLength(1, 'New password is required')),
})
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>

export const ForgotPasswordRequest = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'Email is required'), z.regex(z.regexes.email, 'Please enter a valid email address')),
})
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>

export const ResetPasswordRequest = z.object({
  token: z.string().check(z.minLength(1, 'The reset link is incomplete')),
  password: z.string().check(z.minLength(1, 'Password is required')),
})
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>

/** A form's check of a new password against the home's rules; a blank one is left to the form's own "required" message. */
export const meetsPasswordRules = (rules: PasswordRules) =>
  // `refine` with a message function rather than `superRefine`: the zod code any chunk uses sits in the sign-in pages' first load.
  z.refine<string>((password) => !password || !passwordProblem(password, rules), {
    error: (issue) => passwordProblem(issue.input as string, rules),
  })

// ---- responses ----
export const AuthResponse = z.object({ token: z.string().check(z.minLength(1)), user: User })
export type AuthResponse = z.infer<typeof AuthResponse>

/** POST /auth/renew: a fresh token for a session still alive (its life is the Settings' session timeout). */
export const RenewResponse = z.object({ token: z.string().check(z.minLength(1)) })

export const MessageResponse = z.looseObject({ message: z.string() })

/** GET /settings/public: the password rules every new password must meet (public, so the forms can check before sending). */
export const PasswordRulesResponse = z.pipe(
  z.object({
    password: z.object({
      minLength: z.number().check(z.int(), z.gte(MIN_PASSWORD_LENGTH), z.lte(MAX_PASSWORD_LENGTH)),
      requireComplexity: z.boolean(),
    }),
  }),
  z.transform((o): PasswordRules => o.password),
)

/** `{ user }` or a bare user. */
export const UserResponse = z.union([z.pipe(z.object({ user: User }), z.transform((o) => o.user)), User])

/**
 * Forgot-password answer. `resetUrl` is only ever present from the mock backend (so the flow can be
 * tried without email); a real server sends an email instead.
 */
export const ForgotPasswordResponse = z.object({ message: z.string(), resetUrl: z.optional(z.string()) })
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponse>

/** A new password the same as the current one (change-password, both backends). */
export const MSG_SAME_PASSWORD = 'Choose a password different from the current one'
/** Setting an administrator's password takes the signed-in admin's own (both backends). */
export const MSG_ADMIN_PASSWORD_REQUIRED = "Enter your own password to set an administrator's password"
export const MSG_ADMIN_PASSWORD_WRONG = 'Your password is incorrect'
