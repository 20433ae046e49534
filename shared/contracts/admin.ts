import { z } from 'zod/mini'
import { Id, Money } from './common'
import { User } from './auth'
import { WIRE_ROLES } from './roles'

/** GET /users/admin/statistics (SPEC.md section 3 "Admin stats" and "Recent activities"). */
export const AdminStats = z.object({
  totalUsers: z.number(),
  activeBookings: z.number(),
  monthlyRevenue: Money,
  pendingApprovals: z.number(),
  usersTrend: z.number(),
  bookingsTrend: z.number(),
  revenueTrend: z.number(),
})
export type AdminStats = z.infer<typeof AdminStats>

export const ACTIVITY_KINDS = ['booking', 'payment', 'document', 'user'] as const
export const RecentActivity = z.object({
  id: Id,
  /** booking, payment, document (SPEC.md); the mock also logs new users. Unknown kinds show as "other". */
  type: z.string(),
  message: z.string(),
  time: z.string(),
})
export type RecentActivity = z.infer<typeof RecentActivity>

export const AdminStatisticsResponse = z.object({
  stats: AdminStats,
  recentActivities: z._default(z.array(RecentActivity), []),
})
export type AdminStatisticsResponse = z.infer<typeof AdminStatisticsResponse>

/** GET /users?page&limit&role: users and pagination {total, pages}. */
export const UserPage = z.object({
  users: z.array(User),
  pagination: z.looseObject({ total: z.number().check(z.int()), pages: z.number().check(z.int()) }),
})
export type UserPage = z.infer<typeof UserPage>

/** PUT /users/{id}: the edited fields; the password only when filled (SPEC.md section 5), meeting the admin's password rules. */
export const UserUpdateRequest = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required')),
  email: z.string().check(z.trim(), z.regex(z.regexes.email, 'Please enter a valid email address')),
  role: z.enum(WIRE_ROLES),
  phone: z.optional(z.string()),
  address: z.optional(z.string()),
  password: z.optional(z.string()),
  /** The signed-in admin's own password: required to set an administrator's password. */
  adminPassword: z.optional(z.string()),
})
export type UserUpdateRequest = z.infer<typeof UserUpdateRequest>
