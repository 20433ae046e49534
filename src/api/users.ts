import { request } from './client'
import { MessageResponse, UserResponse } from './contracts/auth'
import type { WireRole } from './contracts/auth'
import { AdminStatisticsResponse, UserPage, type UserUpdateRequest } from './contracts/admin'

/** The admin dashboard's numbers and recent activity (GET /users/admin/statistics). */
export const adminStatistics = (): Promise<AdminStatisticsResponse> =>
  request((w) => w.url('/users/admin/statistics').get().json(), AdminStatisticsResponse)

export interface UserQuery {
  page: number
  limit: number
  /** A wire role, or null for every role (then not sent). */
  role: WireRole | null
}

/** One page of users (GET /users?page&limit&role); the search text is never sent (SPEC.md section 7). */
export const listUsers = ({ page, limit, role }: UserQuery): Promise<UserPage> => {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) })
  if (role) params.set('role', role)
  return request((w) => w.url(`/users?${params.toString()}`).get().json(), UserPage)
}

/** PUT /users/{id}: a blank password is left out by the caller, so the old one stays. */
export const updateUser = (id: string, body: UserUpdateRequest) =>
  request((w) => w.url(`/users/${encodeURIComponent(id)}`).put(body).json(), UserResponse)

export const deleteUser = (id: string) =>
  request((w) => w.url(`/users/${encodeURIComponent(id)}`).delete().json(), MessageResponse)
