import { z } from 'zod/mini'
import { Id, Money, orEmptyText } from './common'
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

/** What a service lacks (shared/office-agenda.ts): unknown kinds are kept as sent and shown as they are. */
export const AGENDA_GAPS = ['attendant', 'documents', 'review', 'preparation', 'payment', 'agreement'] as const
export type AgendaGap = (typeof AGENDA_GAPS)[number]

/** One service on the admin's dashboard: "Needs attention" and "Upcoming services". */
export const AgendaItem = z.object({
  booking_id: Id,
  deceased_name: z.string(),
  /** The first service line's 'YYYY-MM-DDTHH:mm:00', Nairobi local time. */
  service_at: z.string(),
  service_name: z.string(),
  venue: orEmptyText,
  status: z.string(),
  attendant_name: z.nullable(z.string()),
  gaps: z.array(z.string()),
  /** Each required paper not yet approved: missing, rejected or waiting for review. */
  papers: z.array(z.object({ type: z.string(), state: z.string() })),
  balance_due: Money,
})
export type AgendaItem = z.infer<typeof AgendaItem>

/** A website message about a death just occurred or a collection today that no one of the home has answered yet. */
export const UrgentMessage = z.object({
  thread_id: Id,
  name: z.string(),
  phone: z.nullable(z.string()),
  email: z.string(),
  /** What they wrote (their first message). */
  message: z.string(),
  received_at: z.string(),
})
export type UrgentMessage = z.infer<typeof UrgentMessage>

export const AdminStatisticsResponse = z.object({
  stats: AdminStats,
  recentActivities: z._default(z.array(RecentActivity), []),
  /** Services in the next 48 hours that lack anything, soonest first. */
  attention: z._default(z.array(AgendaItem), []),
  /** Open services in the next 7 days, soonest first. */
  upcoming: z._default(z.array(AgendaItem), []),
  /** Urgent website messages not answered yet, oldest first: they lead "Needs attention". */
  urgent: z._default(z.array(UrgentMessage), []),
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
