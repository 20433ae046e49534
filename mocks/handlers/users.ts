import { MSG_ADMIN_PASSWORD_REQUIRED, MSG_ADMIN_PASSWORD_WRONG } from '../../shared/contracts/auth'
import { http, HttpResponse } from 'msw'
import { z } from 'zod/mini'
import { db } from '../db'
import type { UserRecord } from '../db'
import { ApiError, body, parseId, requireRoleOf, route, validate } from '../http'
import { createPasswordHash, verifyPassword } from '../passwords'
import { toWireUser } from '../serialize'
import { lengths } from '../limits'
import { WIRE_ROLES, normaliseRole, toWireRole } from '../../shared/contracts/auth'
import { findUserByEmail } from './auth'
import { checkNewPassword } from './settings'
import { paymentsBetween, trend } from '../reports'
import { ListQuery as SharedListQuery } from '../../shared/validation'

const ListQuery = z.extend(SharedListQuery, {
  role: z
    .optional(z.string())
    .check(
      z.refine((v) => v === undefined || v === '' || v === 'all' || ['client', 'morgueattendant', 'admin'].includes(v.toLowerCase().replace(/[\s_-]/g, '')), 'Unknown role'),
    ),
  /** Words matched in name, email or phone, before paging (so a user is found on any page). */
  search: z.optional(z.string().check(z.maxLength(100, 'search must be at most 100 characters'))),
})

const UserUpdateRequest = z.object({
  name: z.optional(z.string().check(z.trim(), z.minLength(1, 'Name is required'))),
  email: z.optional(z.string().check(z.trim(), z.regex(z.regexes.email, 'Please enter a valid email address'))),
  role: z.optional(
    z.string().check(z.refine((v) => ['client', 'morgueattendant', 'admin'].includes(v.toLowerCase().replace(/[\s_-]/g, '')), `Role must be one of ${WIRE_ROLES.join(', ')}`)),
  ),
  phone: z.nullish(z.string()),
  address: z.nullish(z.string()),
  // Blank keeps the password; a new one meets the admin's rules (checkNewPassword).
  password: z.optional(z.string()),
  /** The signed-in admin's own password: required to set an administrator's password. */
  adminPassword: z.optional(z.string()),
})


/** 422 under `adminPassword` unless the signed-in admin typed their own password (as the server). */
async function confirmOwnPassword(me: UserRecord, typed: string | undefined): Promise<void> {
  if (!typed) throw new ApiError(422, MSG_ADMIN_PASSWORD_REQUIRED, { adminPassword: MSG_ADMIN_PASSWORD_REQUIRED })
  if (!(await verifyPassword(typed, me.password_salt, me.password_hash))) throw new ApiError(422, MSG_ADMIN_PASSWORD_WRONG, { adminPassword: MSG_ADMIN_PASSWORD_WRONG })
}

function findUser(rawId: string | readonly string[] | undefined): UserRecord {
  const id = parseId(rawId, 'User not found')
  const user = db.user.findFirst((q) => q.where({ id }))
  if (!user) throw new ApiError(404, 'User not found')
  return user
}

const DAY = 24 * 60 * 60 * 1000

function adminStatistics() {
  const now = Date.now()
  const cur = new Date(now - 30 * DAY).toISOString()
  const prev = new Date(now - 60 * DAY).toISOString()
  const nowIso = new Date(now).toISOString()
  const users = db.user.all()
  const bookings = db.booking.all()
  const revenue = (from: string, to: string) =>
    paymentsBetween(new Date(from), new Date(to)).filter((p) => p.status === 'completed').reduce((s, p) => s + p.amount, 0)
  const count = <T extends { created_at: string }>(rows: T[], from: string, to: string) => rows.filter((r) => r.created_at >= from && r.created_at < to).length
  const monthlyRevenue = revenue(cur, nowIso)
  const stats = {
    totalUsers: users.length,
    activeBookings: bookings.filter((b) => b.status === 'pending' || b.status === 'confirmed' || b.status === 'in_progress').length,
    monthlyRevenue,
    pendingApprovals: db.document.findMany((q) => q.where({ status: 'pending' })).length,
    usersTrend: trend(count(users, cur, nowIso), count(users, prev, cur)),
    bookingsTrend: trend(count(bookings, cur, nowIso), count(bookings, prev, cur)),
    revenueTrend: trend(monthlyRevenue, revenue(prev, cur)),
  }
  const recentActivities = db.activity
    .all()
    .sort((a, b) => b.time.localeCompare(a.time) || b.id - a.id)
    .slice(0, 10)
    .map((a) => ({ id: a.id, type: a.type, message: a.message, time: a.time }))
  return { stats, recentActivities }
}

export const userHandlers = [
  http.get(
    '*/api/users/admin/statistics',
    route(async ({ request }) => {
      await requireRoleOf(request, 'admin')
      return HttpResponse.json(adminStatistics())
    }),
  ),

  http.get(
    '*/api/users',
    route(async ({ request }) => {
      await requireRoleOf(request, 'admin')
      const params = Object.fromEntries(new URL(request.url).searchParams)
      const query = validate(ListQuery, params)
      const role = query.role && query.role !== 'all' ? toWireRole(normaliseRole(query.role)) : null
      const needle = query.search?.trim().toLowerCase() ?? ''
      const all = db
        .user.findMany(role ? (q) => q.where({ role }) : undefined, { orderBy: { id: 'asc' } })
        .filter((u) => !needle || [u.name, u.email, u.phone ?? ''].some((v) => v.toLowerCase().includes(needle)))
      const total = all.length
      const pages = Math.ceil(total / query.limit)
      const users = all.slice((query.page - 1) * query.limit, query.page * query.limit).map(toWireUser)
      return HttpResponse.json({ users, pagination: { total, pages, page: query.page, limit: query.limit } })
    }),
  ),

  http.put(
    '*/api/users/:id',
    route(async ({ request, params }) => {
      const me = await requireRoleOf(request, 'admin')
      const user = findUser(params.id)
      const input = lengths(await body(request, UserUpdateRequest), { name: 'Name', email: 'Email', phone: 'Phone', address: 'Address' })
      if (input.password) checkNewPassword(input.password)
      const role = input.role !== undefined ? toWireRole(normaliseRole(input.role)) : undefined
      if (input.password && (user.role === 'admin' || role === 'admin')) await confirmOwnPassword(me, input.adminPassword)
      if (input.email !== undefined) {
        const other = findUserByEmail(input.email)
        if (other && other.id !== user.id) throw new ApiError(409, 'An account with this email already exists')
      }
      if (user.id === me.id && role !== undefined && role !== 'admin') throw new ApiError(422, 'You cannot remove your own admin role')
      const hash = input.password ? await createPasswordHash(input.password) : null
      const updated = await db.user.update((q) => q.where({ id: user.id }), {
        data(u) {
          if (input.name !== undefined) u.name = input.name
          if (input.email !== undefined) u.email = input.email.toLowerCase()
          if (role !== undefined) u.role = role
          if (input.phone !== undefined) u.phone = input.phone?.trim() || null
          if (input.address !== undefined) u.address = input.address?.trim() || null
          if (hash) {
            u.password_hash = hash.password_hash
            u.password_salt = hash.password_salt
          }
        },
      })
      return HttpResponse.json({ user: toWireUser(updated ?? user), message: 'User updated successfully' })
    }),
  ),

  http.delete(
    '*/api/users/:id',
    route(async ({ request, params }) => {
      const me = await requireRoleOf(request, 'admin')
      const user = findUser(params.id)
      if (user.id === me.id) throw new ApiError(400, 'You cannot delete your own account')
      db.user.delete((q) => q.where({ id: user.id }))
      // Bookings assigned to a deleted attendant become unassigned.
      await db.booking.updateMany((q) => q.where({ attendant_id: user.id }), {
        data(b) {
          b.attendant_id = null
        },
      })
      return HttpResponse.json({ message: 'User deleted successfully' })
    }),
  ),
]
