import { http, HttpResponse } from 'msw'
import { db } from '../db'
import type { UserRecord } from '../db'
import { ApiError, body, parseId, requireRoleOf, route, validate } from '../http'
import { createPasswordHash, verifyPassword } from '../passwords'
import { toWireUser } from '../serialize'
import { lengths } from '../limits'
import { storedSettings } from '../settings-store'
import { findUserByEmail } from './auth'
import { paymentsBetween, trend } from '../reports'
import { toWireBooking } from '../serialize'
import { Booking } from '../../shared/contracts/bookings'
import { officeAgenda } from '../../shared/office-agenda'
import { unansweredUrgentThreads } from '../messages'
import { isOpenBooking } from '../../shared/urgency'
import { USER_LABELS } from '../../shared/contracts/auth-rules'
import {
  MSG_USER_DELETED,
  MSG_USER_NOT_FOUND,
  MSG_USER_UPDATED,
  UserEditRequest,
  UsersQuery,
  checkUserDelete,
  decideUserEdit,
  listedRole,
  needsAdminPassword,
  pagination,
} from '../../shared/contracts/users'

function findUser(rawId: string | readonly string[] | undefined): UserRecord {
  const id = parseId(rawId, MSG_USER_NOT_FOUND)
  const user = db.user.findFirst((q) => q.where({ id }))
  if (!user) throw new ApiError(404, MSG_USER_NOT_FOUND)
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
  const open = bookings.filter(isOpenBooking).map((b) => Booking.parse(toWireBooking(b)))
  return { stats, recentActivities, ...officeAgenda(open, new Date(now)), urgent: unansweredUrgentThreads() }
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
      const query = validate(UsersQuery, params)
      const role = listedRole(query.role)
      const needle = query.search?.trim().toLowerCase() ?? ''
      const all = db
        .user.findMany(role ? (q) => q.where({ role }) : undefined, { orderBy: { id: 'asc' } })
        .filter((u) => !needle || [u.name, u.email, u.phone ?? ''].some((v) => v.toLowerCase().includes(needle)))
      const users = all.slice((query.page - 1) * query.limit, query.page * query.limit).map(toWireUser)
      return HttpResponse.json({ users, pagination: pagination(all.length, query.page, query.limit) })
    }),
  ),

  http.put(
    '*/api/users/:id',
    route(async ({ request, params }) => {
      const me = await requireRoleOf(request, 'admin')
      const user = findUser(params.id)
      const input = lengths(await body(request, UserEditRequest), USER_LABELS)
      const adminPasswordOk = needsAdminPassword(user, input) && input.adminPassword ? await verifyPassword(input.adminPassword, me.password_salt, me.password_hash) : undefined
      const emailOwnerId = input.email !== undefined ? (findUserByEmail(input.email)?.id ?? null) : null
      const { change } = decideUserEdit({ me, user, input, security: storedSettings().security, adminPasswordOk, emailOwnerId })
      const hash = input.password ? await createPasswordHash(input.password) : null
      const updated = await db.user.update((q) => q.where({ id: user.id }), { data: (u) => void Object.assign(u, change, hash ?? {}) })
      return HttpResponse.json({ user: toWireUser(updated ?? user), message: MSG_USER_UPDATED })
    }),
  ),

  http.delete(
    '*/api/users/:id',
    route(async ({ request, params }) => {
      const me = await requireRoleOf(request, 'admin')
      const user = findUser(params.id)
      checkUserDelete(me, user)
      db.user.delete((q) => q.where({ id: user.id }))
      // Bookings assigned to a deleted attendant become unassigned.
      await db.booking.updateMany((q) => q.where({ attendant_id: user.id }), {
        data(b) {
          b.attendant_id = null
        },
      })
      return HttpResponse.json({ message: MSG_USER_DELETED })
    }),
  ),
]
