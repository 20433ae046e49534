/**
 * The home's calendar (not in SPEC.md; docs/calendar.md), the same as the mock's
 * (mocks/handlers/calendar.ts): resources, events refused with a 409 when they would double-book,
 * free start times for the family.
 */
import { Hono } from 'hono'
import { CALENDAR_MESSAGES, EventMoveRequest, EventRequest, ResourceRequest, ResourceUpdateRequest } from '../../shared/contracts/calendar'
import { requireAuth } from '../auth'
import { pathId, valid } from '../http'
import type { AppEnv } from '../types'
import { changeResource, createResource, deleteFeed, eventsIn, feedText, freeTimesFor, listResources, newFeed, saveEvent } from '../domain/calendar'

export const calendarRoutes = new Hono<AppEnv>()
  .get('/resources', requireAuth('admin', 'morgue_attendant'), async (c) => c.json({ resources: await listResources(c.var.deps.db) }))

  .post('/resources', requireAuth('admin'), valid('json', ResourceRequest), async (c) => c.json({ resource: await createResource(c.var.deps.db, c.req.valid('json')) }, 201))

  .patch('/resources/:id', requireAuth('admin'), valid('json', ResourceUpdateRequest), async (c) => {
    const resource = await changeResource(c.var.deps.db, pathId(c, CALENDAR_MESSAGES.resourceNotFound), c.req.valid('json'))
    return c.json({ resource, message: CALENDAR_MESSAGES.resourceSaved })
  })

  .get('/events', requireAuth('admin', 'morgue_attendant'), async (c) => c.json(await eventsIn(c.var.deps.db, c.req.query('from'), c.req.query('to'))))

  .post('/events', requireAuth('admin'), valid('json', EventRequest), async (c) => {
    const saved = await saveEvent(c.var.deps.db, c.var.user, c.req.valid('json'), null)
    return c.json(saved.body, saved.status)
  })

  .patch('/events/:id', requireAuth('admin'), valid('json', EventMoveRequest), async (c) => {
    const saved = await saveEvent(c.var.deps.db, c.var.user, c.req.valid('json'), pathId(c, CALENDAR_MESSAGES.eventNotFound))
    return c.json(saved.body, saved.status)
  })

  .get('/free-times', requireAuth(), async (c) => c.json(await freeTimesFor(c.var.deps.db, c.req.query())))

  // A staff member's private iCal feed: made (or made anew, revoking the old address), turned off, read by the phone without a sign-in.
  .post('/feed', requireAuth('admin', 'morgue_attendant'), async (c) => c.json(await newFeed(c.var.deps.db, c.var.user.id), 201))
  .delete('/feed', requireAuth('admin', 'morgue_attendant'), async (c) => {
    await deleteFeed(c.var.deps.db, c.var.user.id)
    return c.json({ message: CALENDAR_MESSAGES.feedRevoked })
  })
  .get('/feed/:file', async (c) => c.body(await feedText(c.var.deps.db, c.req.param('file'), new Date()), 200, { 'Content-Type': 'text/calendar; charset=utf-8', 'Cache-Control': 'private, no-store' }))
