/** The admin's accounts on the server: the list, an edit and a deletion, decided by the shared rules (shared/contracts/users.ts). */
import type { Db } from '../db/client'
import { ApiError } from '../../shared/errors'
import { hashPassword, verifyPassword } from '../auth'
import * as repo from '../repo/users'
import type { UserRow } from '../types'
import { storedSettings } from './settings'
import { checkLengths } from '../../shared/rules'
import { USER_LABELS } from '../../shared/contracts/auth-rules'
import { MSG_USER_NOT_FOUND, checkUserDelete, decideUserEdit, listedRole, needsAdminPassword, pagination, type UserEditRequest, type UsersQuery } from '../../shared/contracts/users'

export async function listUsers(db: Db, query: UsersQuery) {
  const { rows, total } = await repo.listUsers(db, query.page, query.limit, listedRole(query.role), query.search)
  return { users: rows.map(repo.toWireUser), pagination: pagination(total, query.page, query.limit) }
}

async function userOf(db: Db, id: number): Promise<UserRow> {
  const user = await repo.findUserById(db, id)
  if (!user) throw new ApiError(404, MSG_USER_NOT_FOUND)
  return user
}

/** An admin edits an account; a new role or password ends its sessions. */
export async function editUser(db: Db, me: UserRow, id: number, edit: UserEditRequest): Promise<UserRow> {
  const user = await userOf(db, id)
  const input = checkLengths(edit, USER_LABELS)
  const adminPasswordOk = needsAdminPassword(user, input) && input.adminPassword ? await verifyPassword(input.adminPassword, me.passwordHash) : undefined
  const emailOwnerId = input.email !== undefined ? ((await repo.findUserByEmail(db, input.email))?.id ?? null) : null
  const { change, endSessions } = decideUserEdit({ me, user, input, security: (await storedSettings(db)).security, adminPasswordOk, emailOwnerId })
  const columns: Partial<UserRow> = { ...change, ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}) }
  return (Object.keys(columns).length ? await repo.updateUser(db, user.id, columns, endSessions) : user) ?? user
}

/** Deletes an account (not the admin's own); bookings assigned to it become unassigned. */
export async function removeUser(db: Db, me: UserRow, id: number): Promise<void> {
  const user = await userOf(db, id)
  checkUserDelete(me, user)
  await repo.deleteUser(db, user.id)
}

/** A user as the API shows one (no hash, no secrets). */
export { toWireUser } from '../repo/users'
