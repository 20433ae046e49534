import { request } from './client'
import { MessageResponse, UserResponse } from '../../shared/contracts/auth'
import type { WireRole } from '../../shared/contracts/auth'
import { AdminStatisticsResponse, UserPage, type UserUpdateRequest } from '../../shared/contracts/admin'

/** The admin dashboard's numbers and recent activity (GET /users/admin/statistics). */
export const adminStatistics = (): Promise<AdminStatisticsResponse> =>
  request((w) => w.url('/users/admin/statistics').get().json(), AdminStatisticsResponse)

export interface UserQuery {
  page: number
  limit: number
  /** A wire role, or null for every role (then not sent). */
  role: WireRole | null
  /** Words to find in name, email or phone (not sent when blank). */
  search?: string
}

/**
 * One page of users (GET /users?page&limit&role&search). SPEC.md keeps the search local to the
 * page; it is sent so a user is found whatever page they are on.
 */
export const listUsers = ({ page, limit, role, search }: UserQuery): Promise<UserPage> => {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) })
  if (role) params.set('role', role)
  if (search?.trim()) params.set('search', search.trim())
  return request((w) => w.url(`/users?${params.toString()}`).get().json(), UserPage)
}

/** PUT /users/{id}: a blank password is left out by the caller, so the old one stays. */
export const updateUser = (id: string, body: UserUpdateRequest) =>
  request((w) => w.url(`/users/${encodeURIComponent(id)}`).put(body).json(), UserResponse)

export const deleteUser = (id: string) =>
  request((w) => w.url(`/users/${encodeURIComponent(id)}`).delete().json(), MessageResponse)
