/**
 * The admin's list and editing of accounts (GET/PUT/DELETE /users) as both backends take them: the
 * query and request they parse, their words, and who may change what, as plain functions.
 */
import { z } from 'zod/mini'
import { ApiError } from '../errors'
import { ListQuery } from '../validation'
import { MSG_ADMIN_PASSWORD_REQUIRED, MSG_ADMIN_PASSWORD_WRONG } from './auth'
import { MSG_EMAIL_TAKEN, blankAsNull, checkNewPassword } from './auth-rules'
import { WIRE_ROLES, normaliseRole, toWireRole, type WireRole } from './roles'

export const MSG_USER_NOT_FOUND = 'User not found'
export const MSG_OWN_ADMIN_ROLE = 'You cannot remove your own admin role'
export const MSG_DELETE_OWN_ACCOUNT = 'You cannot delete your own account'
export const MSG_USER_UPDATED = 'User updated successfully'
export const MSG_USER_DELETED = 'User deleted successfully'

/** A role as typed in a request: any spelling of the three (morgue_attendant, morgueAttendant, …). */
const isRoleSpelling = (v: string) => ['client', 'morgueattendant', 'admin'].includes(v.toLowerCase().replace(/[\s_-]/g, ''))

/** GET /users: a page, a role (or all) and words to find. */
export const UsersQuery = z.extend(ListQuery, {
  role: z.optional(z.string()).check(z.refine((v) => v === undefined || v === '' || v === 'all' || isRoleSpelling(v), 'Unknown role')),
  /** Words matched in name, email or phone, before paging (so a user is found on any page). */
  search: z.optional(z.string().check(z.maxLength(100, 'search must be at most 100 characters'))),
})
export type UsersQuery = z.infer<typeof UsersQuery>

/** The role a list is filtered by, or null for every role. */
export const listedRole = (role: string | undefined): WireRole | null => (role && role !== 'all' ? toWireRole(normaliseRole(role)) : null)

/** The page count of a list of `total` rows, `limit` a page, as `pagination` says it. */
export const pagination = (total: number, page: number, limit: number) => ({ total, pages: Math.ceil(total / limit), page, limit })

/**
 * PUT /users/{id} as the backends accept it: every field optional, a role in any spelling (the
 * app's form sends the stricter shape in ./admin.ts).
 */
export const UserEditRequest = z.object({
  name: z.optional(z.string().check(z.trim(), z.minLength(1, 'Name is required'))),
  email: z.optional(z.string().check(z.trim(), z.regex(z.regexes.email, 'Please enter a valid email address'))),
  role: z.optional(z.string().check(z.refine(isRoleSpelling, `Role must be one of ${WIRE_ROLES.join(', ')}`))),
  phone: z.nullish(z.string()),
  address: z.nullish(z.string()),
  // Blank keeps the password; a new one meets the admin's rules.
  password: z.optional(z.string()),
  /** The signed-in admin's own password: required to set an administrator's password. */
  adminPassword: z.optional(z.string()),
})
export type UserEditRequest = z.infer<typeof UserEditRequest>

/**
 * Whether this edit needs the signed-in admin's own password: it sets a password of an
 * administrator (or of someone it makes one). A stolen or unattended admin session must not be
 * enough to take over another administrator's account.
 */
export const needsAdminPassword = (user: { role: WireRole }, input: Pick<UserEditRequest, 'password' | 'role'>) =>
  Boolean(input.password) && (user.role === 'admin' || (input.role !== undefined && toWireRole(normaliseRole(input.role)) === 'admin'))

/** The fields an edit changes, in the wire's names (the password apart: each backend hashes it its own way). */
export interface UserChange {
  name?: string
  email?: string
  role?: WireRole
  phone?: string | null
  address?: string | null
}

/**
 * An admin's edit of an account, decided: the new password against the rules, the admin's own
 * password where needed (`adminPasswordOk`: whether the one typed was right, undefined when none
 * was typed), an e-mail another account has (`emailOwnerId`), and an admin's own role. Throws the
 * answer's error, in that order; else what changes and whether the account's sessions end (a new
 * role or password: their token no longer says who they are).
 */
export function decideUserEdit(args: {
  me: { id: number }
  user: { id: number; role: WireRole }
  input: UserEditRequest
  security: { minPasswordLength: string; requireComplexity: boolean }
  adminPasswordOk: boolean | undefined
  emailOwnerId: number | null
}): { change: UserChange; endSessions: boolean } {
  const { me, user, input } = args
  if (input.password) checkNewPassword(input.password, args.security)
  const role = input.role !== undefined ? toWireRole(normaliseRole(input.role)) : undefined
  if (needsAdminPassword(user, input)) {
    if (!input.adminPassword) throw new ApiError(422, MSG_ADMIN_PASSWORD_REQUIRED, { adminPassword: MSG_ADMIN_PASSWORD_REQUIRED })
    if (!args.adminPasswordOk) throw new ApiError(422, MSG_ADMIN_PASSWORD_WRONG, { adminPassword: MSG_ADMIN_PASSWORD_WRONG })
  }
  if (input.email !== undefined && args.emailOwnerId !== null && args.emailOwnerId !== user.id) throw new ApiError(409, MSG_EMAIL_TAKEN)
  if (user.id === me.id && role !== undefined && role !== 'admin') throw new ApiError(422, MSG_OWN_ADMIN_ROLE)
  const change: UserChange = {}
  if (input.name !== undefined) change.name = input.name
  if (input.email !== undefined) change.email = input.email.toLowerCase()
  if (role !== undefined) change.role = role
  if (input.phone !== undefined) change.phone = blankAsNull(input.phone)
  if (input.address !== undefined) change.address = blankAsNull(input.address)
  return { change, endSessions: (role !== undefined && role !== user.role) || Boolean(input.password) }
}

/** An admin may delete any account but their own. */
export function checkUserDelete(me: { id: number }, user: { id: number }): void {
  if (user.id === me.id) throw new ApiError(400, MSG_DELETE_OWN_ACCOUNT)
}
