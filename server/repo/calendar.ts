/** The calendar's rows: resources, and events with the window they hold. */
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { bookings, calendarEvents, calendarFeeds, calendarResources, users } from '../db/schema'
import type { CalendarResource } from '../../shared/calendar'

export type CalendarEventRow = typeof calendarEvents.$inferSelect

const resourceFields = { id: calendarResources.id, kind: calendarResources.kind, name: calendarResources.name, capacity: calendarResources.capacity, hoursFrom: calendarResources.hoursFrom, hoursTo: calendarResources.hoursTo, userId: calendarResources.userId, retiredAt: calendarResources.retiredAt }
type ResourceRow = { id: number; kind: CalendarResource['kind']; name: string; capacity: number | null; hoursFrom: string | null; hoursTo: string | null; userId: number | null; retiredAt: Date | null }
const asResource = ({ retiredAt, hoursFrom, hoursTo, userId, ...r }: ResourceRow): CalendarResource => ({ ...r, hours: hoursFrom && hoursTo ? { from: hoursFrom, to: hoursTo } : null, user_id: userId, retired: retiredAt !== null })
/** The account as a column; undefined leaves it as it is. */
const userColumn = (userId: number | null | undefined) => (userId === undefined ? {} : { userId })
/** Working hours as two columns; undefined leaves them as they are. */
const hoursColumns = (hours: CalendarResource['hours']) => (hours === undefined ? {} : { hoursFrom: hours?.from ?? null, hoursTo: hours?.to ?? null })

/** Every resource, retired ones too (they still hold their past events), marked `retired`. */
export async function listResources(db: Db): Promise<CalendarResource[]> {
  return (await db.select(resourceFields).from(calendarResources).orderBy(asc(calendarResources.id))).map(asResource)
}

export async function insertResource(db: Db, input: Omit<CalendarResource, 'id' | 'retired'>): Promise<CalendarResource> {
  const { hours, user_id, ...rest } = input
  const [row] = await db.insert(calendarResources).values({ ...rest, ...hoursColumns(hours ?? null), ...userColumn(user_id ?? null) }).returning(resourceFields)
  if (!row) throw new Error('resource not kept')
  return asResource(row)
}

/** A new name or capacity, retired (now) or back in service; undefined when there is no such resource. */
export async function updateResource(db: Db, id: number, changes: { name?: string; capacity?: number | null; hours?: CalendarResource['hours']; user_id?: number | null; retired?: boolean }): Promise<CalendarResource | undefined> {
  const { retired, hours, user_id, ...rest } = changes
  const set = { ...rest, ...hoursColumns(hours), ...userColumn(user_id), ...(retired === undefined ? {} : { retiredAt: retired ? sql`coalesce(${calendarResources.retiredAt}, now())` : null }) }
  const [row] = Object.keys(set).length
    ? await db.update(calendarResources).set(set).where(eq(calendarResources.id, id)).returning(resourceFields)
    : await db.select(resourceFields).from(calendarResources).where(eq(calendarResources.id, id))
  return row && asResource(row)
}

/** The events holding any part of [start, end), earliest first. */
export async function eventsBetween(db: Db, start: Date, end: Date): Promise<CalendarEventRow[]> {
  return db
    .select()
    .from(calendarEvents)
    .where(and(lt(calendarEvents.startsAt, end), gt(calendarEvents.endsAt, start)))
    .orderBy(asc(calendarEvents.startsAt), asc(calendarEvents.id))
}

export async function findEvent(db: Db, id: number): Promise<CalendarEventRow | undefined> {
  const [row] = await db.select().from(calendarEvents).where(eq(calendarEvents.id, id))
  return row
}

/**
 * Holds the calendar's one write lock until the transaction ends: the clash check and the write of
 * two requests racing for the last slot then run one after the other, on every instance.
 */
export async function lockCalendar(db: Db): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(72021040)`)
}

type EventFields = Pick<CalendarEventRow, 'startsAt' | 'endsAt' | 'resourceIds' | 'overrideReason'>

export async function insertEvent(db: Db, values: EventFields & Pick<CalendarEventRow, 'title' | 'bookingId' | 'createdBy'>): Promise<CalendarEventRow> {
  const [row] = await db.insert(calendarEvents).values(values).returning()
  if (!row) throw new Error('event not kept')
  return row
}

export async function updateEvent(db: Db, id: number, values: EventFields): Promise<CalendarEventRow | undefined> {
  const [row] = await db.update(calendarEvents).set(values).where(eq(calendarEvents.id, id)).returning()
  return row
}

/** An event row as the rules see it. */
export const slotOf = (e: CalendarEventRow) => ({ id: e.id, title: e.title, start: e.startsAt.getTime(), end: e.endsAt.getTime(), resource_ids: e.resourceIds, booking_id: e.bookingId, override_reason: e.overrideReason })

/** A new secret for the user's feed, replacing (so revoking) the one before. */
export async function setFeed(db: Db, userId: number, token: string): Promise<void> {
  await db.insert(calendarFeeds).values({ userId, token }).onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: sql`now()` } })
}

export async function deleteFeed(db: Db, userId: number): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId))
}

/** Whose feed a secret opens (a staff account still there), or undefined. */
export async function feedOwner(db: Db, token: string): Promise<{ id: number; role: string } | undefined> {
  const [row] = await db.select({ id: users.id, role: users.role }).from(calendarFeeds).innerJoin(users, eq(users.id, calendarFeeds.userId)).where(eq(calendarFeeds.token, token))
  return row
}

/** An account's role (to link a staff resource to it), or undefined when there is none. */
export async function roleOf(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId))
  return row?.role
}

/** The bookings assigned to an attendant. */
export async function assignedBookingIds(db: Db, attendantId: number): Promise<Set<number>> {
  return new Set((await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.attendantId, attendantId))).map((r) => r.id))
}
