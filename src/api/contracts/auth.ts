import { z } from 'zod'
import { Id } from './common'

import { STAFF_ROLES, normaliseRole, type Role } from './roles'

export { ROLES, STAFF_ROLES, WIRE_ROLES, normaliseRole, toWireRole, type Role, type WireRole } from './roles'

export const RoleSchema = z.unknown().transform(normaliseRole)

export const User = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  phone: z.string().nullish(),
  address: z.string().nullish(),
  created_at: z.string().nullish(),
})
export type User = z.infer<typeof User>

/** The fields the app reads from the JWT payload (jwt-decode does not verify; the server does). */
export const TokenPayload = z.object({
  sub: z.union([z.string(), z.number()]).optional(),
  id: z.union([z.string(), z.number()]).optional(),
  name: z.string().optional(),
  email: z.string().optional(),
  role: z.unknown().optional(),
  exp: z.number().optional(),
  iat: z.number().optional(),
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
}

// ---- requests (shared with mocks/, which validates with the same schemas) ----
export { LoginRequest, RegisterRequest } from './auth-requests'

export const StaffRequest = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  email: z.string().trim().email('Please enter a valid email address'),
  password: z.string().min(6, 'Password must be at least 6 characters'),
  role: z.enum(STAFF_ROLES),
  phone: z.string().optional(),
  address: z.string().optional(),
})
export type StaffRequest = z.infer<typeof StaffRequest>

export const ProfileRequest = z.object({
  name: z.string().trim().min(1).optional(),
  phone: z.string().optional(),
  address: z.string().optional(),
})
export type ProfileRequest = z.infer<typeof ProfileRequest>

export const ChangePasswordRequest = z.object({
  currentPassword: z.string().min(1, 'Current password is required'),
  newPassword: z.string().min(6, 'Password must be at least 6 characters'),
})
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>

export const ForgotPasswordRequest = z.object({
  email: z.string().trim().min(1, 'Email is required').email('Please enter a valid email address'),
})
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>

export const ResetPasswordRequest = z.object({
  token: z.string().min(1, 'The reset link is incomplete'),
  password: z.string().min(6, 'Password must be at least 6 characters'),
})
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>

// ---- responses ----
export const AuthResponse = z.object({ token: z.string().min(1), user: User })
export type AuthResponse = z.infer<typeof AuthResponse>

export const MessageResponse = z.object({ message: z.string() }).passthrough()

/** `{ user }` or a bare user. */
export const UserResponse = z.union([z.object({ user: User }).transform((o) => o.user), User])

/**
 * Forgot-password answer. `resetUrl` is only ever present from the mock backend (so the flow can be
 * tried without email); a real server sends an email instead.
 */
export const ForgotPasswordResponse = z.object({ message: z.string(), resetUrl: z.string().optional() })
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponse>
