import { Hono } from 'hono'
import { MSG_USER_DELETED, MSG_USER_NOT_FOUND, MSG_USER_UPDATED, UserEditRequest, UsersQuery } from '../../shared/contracts/users'
import { pathId, valid } from '../http'
import { requireAuth } from '../auth'
import type { AppEnv } from '../types'
import { adminDashboard } from '../domain/dashboard'
import { editUser, listUsers, removeUser, toWireUser } from '../domain/users'

export const userRoutes = new Hono<AppEnv>()
  .use(requireAuth('admin'))
  .get('/admin/statistics', async (c) => c.json(await adminDashboard(c.var.deps.db)))

  .get('/', valid('query', UsersQuery), async (c) => c.json(await listUsers(c.var.deps.db, c.req.valid('query'))))

  .put('/:id', valid('json', UserEditRequest), async (c) => {
    const id = pathId(c, MSG_USER_NOT_FOUND)
    const updated = await editUser(c.var.deps.db, c.var.user, id, c.req.valid('json'))
    return c.json({ user: toWireUser(updated), message: MSG_USER_UPDATED })
  })

  .delete('/:id', async (c) => {
    await removeUser(c.var.deps.db, c.var.user, pathId(c, MSG_USER_NOT_FOUND))
    return c.json({ message: MSG_USER_DELETED })
  })
