/**
 * The home's calendar (not in SPEC.md; docs/calendar.md): its resources, the events that hold them,
 * and the free start times a family is offered. The rules are shared/calendar.ts's, as the server's.
 */
import { http, HttpResponse } from 'msw'
import { db, nextId } from '../db'
import type { CalendarEventRecord, CalendarResourceRecord, UserRecord } from '../db'
import { ApiError, body, requireRoleOf, requireUser, route, toIntId } from '../http'
import { CALENDAR_LIMITS, CALENDAR_MESSAGES, EventMoveRequest, EventRequest, ResourceRequest, ResourceUpdateRequest } from '../../shared/contracts/calendar'
import { feedEventsFor, feedIcs, feedPath, feedToken, feedWindow, newFeedToken, ownResources } from '../../shared/calendar-feed'
import { storedSettings } from './settings'
import { bookingHold, checkEvent, checkStaffAccount, refusalOf, holdTitle, dayRange, freeTimes, rangeWindow, readFreeTimesQuery, wireEvent, type CalendarResource } from '../../shared/calendar'

const asResource = ({ id, kind, name, capacity, hours_from, hours_to, user_id, retired_at }: CalendarResourceRecord): CalendarResource => ({ id, kind, name, capacity, hours: hours_from && hours_to ? { from: hours_from, to: hours_to } : null, user_id: user_id ?? null, retired: Boolean(retired_at) })
/** A staff resource may name an attendant's or admin's account (shared rule, as the server's). */
const checkAccount = (kind: CalendarResource['kind'], userId: number | null | undefined) => checkStaffAccount(kind, userId, userId == null ? undefined : db.user.findFirst((q) => q.where({ id: userId }))?.role)
/** Working hours as the store keeps them (two columns, as the server's). */
const hoursFields = (hours: { from: string; to: string } | null | undefined) => (hours === undefined ? {} : { hours_from: hours?.from ?? null, hours_to: hours?.to ?? null })
/** Every resource, retired ones too (they still hold their past events), marked `retired`. */
const resources = (): CalendarResource[] => db.calendarResource.findMany().map(asResource)
const slot = (e: CalendarEventRecord) => ({ id: e.id, title: e.title, start: Date.parse(e.starts_at), end: Date.parse(e.ends_at), resource_ids: [...e.resource_ids], booking_id: e.booking_id, override_reason: e.override_reason })
const slots = () => db.calendarEvent.findMany().map(slot)

/**
 * One write of the calendar at a time: the check and the write of two requests that race for the
 * last slot never interleave (the server does the same with a lock in one transaction). A body's
 * receipt takes it too: the cold room's places are the calendar's.
 */
let writing: Promise<unknown> = Promise.resolve()
export function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const next = writing.then(work)
  writing = next.catch(() => undefined)
  return next
}

async function saveEvent(user: UserRecord, request: EventRequest | EventMoveRequest, current: CalendarEventRecord | null) {
  return oneAtATime(async () => {
    const bookingId = 'booking_id' in request ? request.booking_id : null
    const bookingExists = bookingId == null ? undefined : db.booking.findFirst((q) => q.where({ id: bookingId })) !== undefined
    const checked = checkEvent({ request, current: current ? slot(current) : undefined, resources: resources(), events: slots(), now: new Date(), bookingExists })
    const refusal = refusalOf(checked)
    if (refusal) return HttpResponse.json(refusal, { status: 409 })
    const fields = { starts_at: checked.start.toISOString(), ends_at: checked.end.toISOString(), resource_ids: checked.resource_ids, override_reason: checked.override_reason }
    let saved: CalendarEventRecord | undefined
    if (current) {
      saved = await db.calendarEvent.update((q) => q.where({ id: current.id }), { data: (e) => void Object.assign(e, fields) })
    } else {
      const create = request as EventRequest
      saved = await db.calendarEvent.create({ id: nextId('calendarEvent'), title: create.title, booking_id: create.booking_id ?? null, ...fields, created_by: user.id, created_at: new Date().toISOString() })
    }
    if (!saved) throw new ApiError(404, CALENDAR_MESSAGES.eventNotFound)
    return HttpResponse.json({ event: wireEvent(slot(saved)), message: CALENDAR_MESSAGES.saved }, { status: current ? 200 : 201 })
  })
}

export const calendarHandlers = [
  http.get(
    '*/api/calendar/resources',
    route(async ({ request }) => {
      await requireRoleOf(request, 'admin', 'morgue_attendant')
      return HttpResponse.json({ resources: resources() })
    }),
  ),

  http.post(
    '*/api/calendar/resources',
    route(async ({ request }) => {
      await requireRoleOf(request, 'admin')
      const input = await body(request, ResourceRequest)
      checkAccount(input.kind, input.user_id)
      const r = await db.calendarResource.create({ id: nextId('calendarResource'), kind: input.kind, name: input.name, capacity: input.capacity ?? null, ...hoursFields(input.hours ?? null), user_id: input.user_id ?? null, created_at: new Date().toISOString() })
      return HttpResponse.json({ resource: asResource(r) }, { status: 201 })
    }),
  ),

  http.patch(
    '*/api/calendar/resources/:id',
    route(async ({ request, params }) => {
      await requireRoleOf(request, 'admin')
      const id = toIntId(String(params.id))
      const current = id === null ? undefined : db.calendarResource.findFirst((q) => q.where({ id }))
      if (!current) throw new ApiError(404, CALENDAR_MESSAGES.resourceNotFound)
      const { retired, hours, ...rest } = await body(request, ResourceUpdateRequest)
      checkAccount(current.kind, rest.user_id)
      const retired_at = retired === undefined ? current.retired_at : retired ? (current.retired_at ?? new Date().toISOString()) : null
      const saved = await db.calendarResource.update((q) => q.where({ id: current.id }), { data: (r) => void Object.assign(r, rest, hoursFields(hours), { retired_at }) })
      return HttpResponse.json({ resource: asResource(saved ?? current), message: CALENDAR_MESSAGES.resourceSaved })
    }),
  ),

  http.get(
    '*/api/calendar/events',
    route(async ({ request }) => {
      await requireRoleOf(request, 'admin', 'morgue_attendant')
      const url = new URL(request.url)
      const window = rangeWindow(dayRange(url.searchParams.get('from'), url.searchParams.get('to'), CALENDAR_LIMITS.maxRangeDays))
      const events = slots()
        .filter((e) => e.start < window.end && window.start < e.end)
        .sort((a, b) => a.start - b.start || a.id - b.id)
      return HttpResponse.json({ events: events.map(wireEvent) })
    }),
  ),

  http.post(
    '*/api/calendar/events',
    route(async ({ request }) => {
      const user = await requireRoleOf(request, 'admin')
      return saveEvent(user, await body(request, EventRequest), null)
    }),
  ),

  http.patch(
    '*/api/calendar/events/:id',
    route(async ({ request, params }) => {
      const user = await requireRoleOf(request, 'admin')
      const id = toIntId(String(params.id))
      const current = id === null ? null : db.calendarEvent.findFirst((q) => q.where({ id }))
      if (!current) throw new ApiError(404, CALENDAR_MESSAGES.eventNotFound)
      return saveEvent(user, await body(request, EventMoveRequest), current)
    }),
  ),

  http.post(
    '*/api/calendar/feed',
    route(async ({ request }) => {
      const user = await requireRoleOf(request, 'admin', 'morgue_attendant')
      const token = newFeedToken()
      await db.calendarFeed.deleteMany((q) => q.where({ user_id: user.id }))
      await db.calendarFeed.create({ id: nextId('calendarFeed'), user_id: user.id, token, created_at: new Date().toISOString() })
      return HttpResponse.json({ token, path: feedPath(token) }, { status: 201 })
    }),
  ),

  http.delete(
    '*/api/calendar/feed',
    route(async ({ request }) => {
      const user = await requireRoleOf(request, 'admin', 'morgue_attendant')
      await db.calendarFeed.deleteMany((q) => q.where({ user_id: user.id }))
      return HttpResponse.json({ message: CALENDAR_MESSAGES.feedRevoked })
    }),
  ),

  http.get(
    '*/api/calendar/feed/:file',
    route(async ({ params }) => {
      const token = feedToken(String(params.file))
      const feed = token ? db.calendarFeed.findFirst((q) => q.where({ token })) : undefined
      const owner = feed ? db.user.findFirst((q) => q.where({ id: feed.user_id })) : undefined
      if (!owner || (owner.role !== 'admin' && owner.role !== 'morgue_attendant')) throw new ApiError(404, CALENDAR_MESSAGES.feedNotFound)
      const now = new Date()
      const window = feedWindow(now)
      const all = resources()
      const inWindow = slots().filter((e) => e.start < window.end.getTime() && window.start.getTime() < e.end).sort((a, b) => a.start - b.start || a.id - b.id)
      const assigned = new Set(db.booking.findMany((q) => q.where({ attendant_id: owner.id })).map((b) => b.id))
      const events = feedEventsFor(owner.role, inWindow, assigned, ownResources(all, owner.id)).map((e) => ({ ...e, where: all.filter((r) => e.resource_ids.includes(r.id)).map((r) => r.name).join(', ') }))
      return new HttpResponse(feedIcs({ home: storedSettings().general.facilityName, events, now }), { status: 200, headers: { 'Content-Type': 'text/calendar; charset=utf-8', 'Cache-Control': 'private, no-store' } })
    }),
  ),

  http.get(
    '*/api/calendar/free-times',
    route(async ({ request }) => {
      await requireUser(request)
      const q = new URL(request.url).searchParams
      const query = readFreeTimesQuery({ services: q.get('services'), from: q.get('from'), to: q.get('to'), trip_hours: q.get('trip_hours') }, db.service.findMany())
      return HttpResponse.json({ days: freeTimes({ ...query, resources: resources(), events: slots(), now: new Date() }) })
    }),
  ),
]

/**
 * Creates a booking (`create`) holding the resources its services need at its time, as one write
 * of the calendar. When they are taken: refused with a 409 if `required` (the wizard's booking),
 * else made without them (the office arranges it).
 */
export function withBookingHold<T extends { id: number; deceased_id: number }>(lines: ReadonlyArray<{ service_name: string; scheduled_date: string }>, required: boolean, create: () => Promise<T>): Promise<T> {
  return oneAtATime(async () => {
    const hold = bookingHold(lines, resources(), slots())
    if (hold === 'taken' && required) throw new ApiError(409, CALENDAR_MESSAGES.slotTaken)
    const booking = await create()
    if (hold && hold !== 'taken') {
      const deceased = db.deceased.findFirst((q) => q.where({ id: booking.deceased_id }))
      for (const { resource_id, end } of hold.holds) {
        await db.calendarEvent.create({ id: nextId('calendarEvent'), title: holdTitle(deceased, booking.id), booking_id: booking.id, starts_at: hold.start.toISOString(), ends_at: end.toISOString(), resource_ids: [resource_id], override_reason: null, created_by: null, created_at: new Date().toISOString() })
      }
    }
    return booking
  })
}
