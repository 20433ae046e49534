/**
 * The calendar on the server: the rules are shared/calendar.ts's (as the mock's); a write checks for
 * clashes and keeps the event in one transaction holding the calendar's lock.
 */
import { ApiError } from '../../shared/errors'
import { CALENDAR_LIMITS, CALENDAR_MESSAGES, type EventMoveRequest, type EventRequest, type ResourceRequest, type ResourceUpdateRequest } from '../../shared/contracts/calendar'
import { checkStaffAccount, LONGEST_HOLD_MS, bookingHold, checkEvent, refusalOf, dayRange, holdTitle, nairobiInstant, freeTimes, rangeWindow, readFreeTimesQuery, wireEvent } from '../../shared/calendar'
import type { Db } from '../db/client'
import type { UserRow } from '../types'
import { findBooking, inTransaction } from '../repo/bookings'
import * as repo from '../repo/calendar'
import { listServices } from '../repo/services'
import { storedSettings } from './settings'
import { feedEventsFor, feedIcs, feedPath, feedToken, feedWindow, newFeedToken, ownResources } from '../../shared/calendar-feed'

/** The events that could clash with a window: the longest event is a few days, so a week either side holds them all. */
const NEIGHBOURHOOD = (CALENDAR_LIMITS.maxMinutes + 24 * 60) * 60_000

export const listResources = repo.listResources
export const deleteFeed = repo.deleteFeed

/** A new resource; a named staff member must hold a staff account of the kind's role. */
export async function createResource(db: Db, input: ResourceRequest) {
  if (input.user_id != null) checkStaffAccount(input.kind, input.user_id, await repo.roleOf(db, input.user_id))
  return repo.insertResource(db, { kind: input.kind, name: input.name, capacity: input.capacity ?? null, hours: input.hours ?? null, user_id: input.user_id ?? null })
}

/** A resource changed (404 when there is none); a staff member named for it is checked as on creation. */
export async function changeResource(db: Db, id: number, input: ResourceUpdateRequest) {
  if (input.user_id != null) {
    const current = (await repo.listResources(db)).find((r) => r.id === id)
    if (!current) throw new ApiError(404, CALENDAR_MESSAGES.resourceNotFound)
    checkStaffAccount(current.kind, input.user_id, await repo.roleOf(db, input.user_id))
  }
  const resource = await repo.updateResource(db, id, input)
  if (!resource) throw new ApiError(404, CALENDAR_MESSAGES.resourceNotFound)
  return resource
}

/** Keeps a new event (current null) or moves one: 201/200 with the event, or 409 with what it clashes with. */
export async function saveEvent(db: Db, user: UserRow, request: EventRequest | EventMoveRequest, currentId: number | null) {
  return inTransaction(db, async (tx) => {
    await repo.lockCalendar(tx)
    const current = currentId === null ? null : await repo.findEvent(tx, currentId)
    if (currentId !== null && !current) throw new ApiError(404, CALENDAR_MESSAGES.eventNotFound)
    const now = new Date()
    const bookingId = 'booking_id' in request ? request.booking_id : null
    const bookingExists = bookingId == null ? undefined : (await findBooking(tx, bookingId)) !== undefined
    const args = { request, current: current ? repo.slotOf(current) : undefined, resources: await repo.listResources(tx), now, bookingExists }
    // First the window the event asks for (and its 422s), then the check against what holds part of it.
    const window = checkEvent({ ...args, events: [] })
    const checked = checkEvent({ ...args, events: (await repo.eventsBetween(tx, window.start, window.end)).map(repo.slotOf) })
    const refusal = refusalOf(checked)
    if (refusal) return { status: 409 as const, body: refusal }
    const fields = { startsAt: checked.start, endsAt: checked.end, resourceIds: checked.resource_ids, overrideReason: checked.override_reason }
    const row = current
      ? await repo.updateEvent(tx, current.id, fields)
      : await repo.insertEvent(tx, { ...fields, title: (request as EventRequest).title, bookingId: (request as EventRequest).booking_id ?? null, createdBy: user.id })
    if (!row) throw new ApiError(404, CALENDAR_MESSAGES.eventNotFound)
    return { status: current ? (200 as const) : (201 as const), body: { event: wireEvent(repo.slotOf(row)), message: CALENDAR_MESSAGES.saved } }
  })
}

export async function eventsIn(db: Db, from: string | undefined, to: string | undefined) {
  const window = rangeWindow(dayRange(from, to, CALENDAR_LIMITS.maxRangeDays))
  const rows = await repo.eventsBetween(db, new Date(window.start), new Date(window.end))
  return { events: rows.map((r) => wireEvent(repo.slotOf(r))) }
}

export async function freeTimesFor(db: Db, query: { services?: string; from?: string; to?: string; trip_hours?: string }) {
  const q = readFreeTimesQuery(query, await listServices(db))
  const window = rangeWindow(q)
  const events = await repo.eventsBetween(db, new Date(window.start - NEIGHBOURHOOD), new Date(window.end + NEIGHBOURHOOD))
  return { days: freeTimes({ ...q, resources: await repo.listResources(db), events: events.map(repo.slotOf), now: new Date() }) }
}

/**
 * Creates a booking (`create`, in the same transaction) holding the resources its services need at
 * its time, under the calendar's lock. When they are taken: refused with a 409 if `required` (the
 * wizard's booking), else made without them (the office arranges it).
 */
export async function withBookingHold<T extends { id: number }>(db: Db, lines: ReadonlyArray<{ service_name: string; scheduled_date: string }>, required: boolean, deceased: { first_name: string; last_name: string }, create: (tx: Db) => Promise<T>): Promise<T> {
  return inTransaction(db, async (tx) => {
    await repo.lockCalendar(tx)
    const first = lines[0] && nairobiInstant(lines[0].scheduled_date.slice(0, 16))
    const events = first ? await repo.eventsBetween(tx, first, new Date(first.getTime() + LONGEST_HOLD_MS)) : []
    const hold = bookingHold(lines, await repo.listResources(tx), events.map(repo.slotOf))
    if (hold === 'taken' && required) throw new ApiError(409, CALENDAR_MESSAGES.slotTaken)
    const booking = await create(tx)
    if (hold && hold !== 'taken') {
      for (const { resource_id, end } of hold.holds) {
        await repo.insertEvent(tx, { title: holdTitle(deceased, booking.id), bookingId: booking.id, startsAt: hold.start, endsAt: end, resourceIds: [resource_id], overrideReason: null, createdBy: null })
      }
    }
    return booking
  })
}

/** A new private feed for the user (the old address stops working). */
export async function newFeed(db: Db, userId: number) {
  const token = newFeedToken()
  await repo.setFeed(db, userId, token)
  return { token, path: feedPath(token) }
}

/** The iCal text a feed's address answers, or a 404 when the secret opens none. */
export async function feedText(db: Db, file: string, now: Date): Promise<string> {
  const token = feedToken(file)
  const owner = token ? await repo.feedOwner(db, token) : undefined
  if (!owner || (owner.role !== 'admin' && owner.role !== 'morgue_attendant')) throw new ApiError(404, CALENDAR_MESSAGES.feedNotFound)
  const window = feedWindow(now)
  const resources = await repo.listResources(db)
  const rows = (await repo.eventsBetween(db, window.start, window.end)).map(repo.slotOf)
  const mine = feedEventsFor(owner.role, rows, owner.role === 'admin' ? new Set() : await repo.assignedBookingIds(db, owner.id), ownResources(resources, owner.id))
  const where = (ids: number[]) => resources.filter((r) => ids.includes(r.id)).map((r) => r.name).join(', ')
  return feedIcs({ home: (await storedSettings(db)).general.facilityName, now, events: mine.map((e) => ({ ...e, where: where(e.resource_ids) })) })
}
