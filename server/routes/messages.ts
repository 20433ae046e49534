/**
 * Conversations between a family and the funeral home (shared/contracts/messages.ts; the mock's
 * mocks/handlers/messages.ts answers the same): parse, authorise, call the domain
 * (server/domain/messages.ts), answer.
 */
import { Hono } from 'hono'
import { MSG_MESSAGE_SENT, MSG_THREAD_NOT_FOUND, OpenThreadRequest, SendMessageRequest } from '../../shared/contracts/messages'
import { pathId, toIntId, valid } from '../http'
import { requireAuth } from '../auth'
import type { AppEnv } from '../types'
import * as domain from '../domain/messages'

export const messageRoutes = new Hono<AppEnv>()
  .get('/threads', requireAuth(), async (c) => c.json({ threads: await domain.listThreads(c.var.deps.db, c.var.user) }))

  .get('/unread', requireAuth(), async (c) => c.json({ unread: await domain.unreadCount(c.var.deps.db, c.var.user) }))

  .post('/threads', requireAuth(), valid('json', OpenThreadRequest), async (c) => {
    return c.json({ thread: await domain.openBookingThread(c.var.deps.db, c.var.user, toIntId(c.req.valid('json').booking_id)) })
  })

  .get('/threads/:id', requireAuth(), async (c) => c.json(await domain.readThread(c.var.deps.db, c.var.user, pathId(c, MSG_THREAD_NOT_FOUND))))

  .post('/threads/:id/messages', requireAuth(), valid('json', SendMessageRequest), async (c) => {
    const item = await domain.sendMessage(c.var.deps, c.var.user, pathId(c, MSG_THREAD_NOT_FOUND), c.req.valid('json').body)
    return c.json({ message: MSG_MESSAGE_SENT, item }, 201)
  })
