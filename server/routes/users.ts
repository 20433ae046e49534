import { MSG_ADMIN_PASSWORD_REQUIRED, MSG_ADMIN_PASSWORD_WRONG } from '../../shared/contracts/auth'
import { Hono } from 'hono'
import { z } from 'zod/mini'
import { WIRE_ROLES, normaliseRole, toWireRole } from '../../shared/contracts/roles'
import { checkLengths } from '../../shared/rules'
import { ApiError, pathId, valid } from '../http'
import { ListQuery as SharedListQuery } from '../../shared/validation'
import { hashPassword, requireAuth, verifyPassword } from '../auth'
import type { AppEnv, UserRow } from '../types'
import * as repo from '../repo/users'
import { adminStatistics } from '../repo/reports'
import { checkNewPassword } from './settings'

const ListQuery = z.extend(SharedListQuery, {
  role: z.optional(z.string()).check(z.refine((v) => v === undefined || v === '' || v === 'all' || ['client', 'morgueattendant', 'admin'].includes(v.toLowerCase().replace(/[\s_-]/g, '')), 'Unknown role')),
  /** Words matched in name, email or phone, before paging (so a user is found on any page). */
  search: z.optional(z.string().check(z.maxLength(100, 'search must be at most 100 characters'))),
})

const UserUpdateRequest = z.object({
  name: z.optional(z.string().check(z.trim(), z.minLength(1, 'Name is required'))),
  email: z.optional(z.string().check(z.trim(), z.regex(z.regexes.email, 'Please enter a valid email address'))),
  role: z.optional(z.string().check(z.refine((v) => ['client', 'morgueattendant', 'admin'].includes(v.toLowerCase().replace(/[\s_-]/g, '')), `Role must be one of ${WIRE_ROLES.join(', ')}`))),
  phone: z.nullish(z.string()),
  address: z.nullish(z.string()),
  // Blank keeps the password; a new one meets the admin's rules (checkNewPassword).
  password: z.optional(z.string()),
  /** The signed-in admin's own password: required to set an administrator's password. */
  adminPassword: z.optional(z.string()),
})


/** 422 under `adminPassword` unless the signed-in admin typed their own password. */
async function confirmOwnPassword(me: UserRow, typed: string | undefined): Promise<void> {
  if (!typed) throw new ApiError(422, MSG_ADMIN_PASSWORD_REQUIRED, { adminPassword: MSG_ADMIN_PASSWORD_REQUIRED })
  if (!(await verifyPassword(typed, me.passwordHash))) throw new ApiError(422, MSG_ADMIN_PASSWORD_WRONG, { adminPassword: MSG_ADMIN_PASSWORD_WRONG })
}

export const userRoutes = new Hono<AppEnv>()
  .use(requireAuth('admin'))
  .get('/admin/statistics', async (c) => c.json(await adminStatistics(c.var.deps.db)))

  .get('/', valid('query', ListQuery), async (c) => {
    const query = c.req.valid('query')
    const role = query.role && query.role !== 'all' ? toWireRole(normaliseRole(query.role)) : null
    const { rows, total } = await repo.listUsers(c.var.deps.db, query.page, query.limit, role, query.search)
    return c.json({ users: rows.map(repo.toWireUser), pagination: { total, pages: Math.ceil(total / query.limit), page: query.page, limit: query.limit } })
  })

  .put('/:id', valid('json', UserUpdateRequest), async (c) => {
    const { db } = c.var.deps
    const me = c.var.user
    const user = await repo.findUserById(db, pathId(c, 'User not found'))
    if (!user) throw new ApiError(404, 'User not found')
    const input = checkLengths(c.req.valid('json'), { name: 'Name', email: 'Email', phone: 'Phone', address: 'Address' })
    if (input.password) await checkNewPassword(db, input.password)
    const role = input.role !== undefined ? toWireRole(normaliseRole(input.role)) : undefined
    // A stolen or unattended admin session must not be enough to take over another administrator's account.
    if (input.password && (user.role === 'admin' || role === 'admin')) await confirmOwnPassword(me, input.adminPassword)
    if (input.email !== undefined) {
      const other = await repo.findUserByEmail(db, input.email)
      if (other && other.id !== user.id) throw new ApiError(409, 'An account with this email already exists')
    }
    if (user.id === me.id && role !== undefined && role !== 'admin') throw new ApiError(422, 'You cannot remove your own admin role')
    const change: Partial<UserRow> = {}
    if (input.name !== undefined) change.name = input.name
    if (input.email !== undefined) change.email = input.email.toLowerCase()
    if (role !== undefined) change.role = role
    if (input.phone !== undefined) change.phone = input.phone?.trim() || null
    if (input.address !== undefined) change.address = input.address?.trim() || null
    if (input.password) change.passwordHash = await hashPassword(input.password)
    // A new role or password ends the user's sessions: their token no longer says who they are.
    const endSessions = (role !== undefined && role !== user.role) || change.passwordHash !== undefined
    const updated = Object.keys(change).length ? await repo.updateUser(db, user.id, change, endSessions) : user
    return c.json({ user: repo.toWireUser(updated ?? user), message: 'User updated successfully' })
  })

  .delete('/:id', async (c) => {
    const { db } = c.var.deps
    const user = await repo.findUserById(db, pathId(c, 'User not found'))
    if (!user) throw new ApiError(404, 'User not found')
    if (user.id === c.var.user.id) throw new ApiError(400, 'You cannot delete your own account')
    await repo.deleteUser(db, user.id)
    return c.json({ message: 'User deleted successfully' })
  })
