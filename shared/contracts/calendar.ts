import { z } from 'zod/mini'
import { Id, orEmpty, orNull } from './common'

/**
 * The home's calendar: the resources it books (vehicles, rooms) and the events that hold them. Not
 * in SPEC.md (docs/calendar.md). Times on the wire are instants (ISO 8601, UTC); a request gives its
 * start as the Nairobi wall clock ('YYYY-MM-DDTHH:mm'), as the family and the admin read it.
 */
export const RESOURCE_KINDS = ['hearse', 'van', 'chapel', 'viewing_room', 'cold_room', 'attendant', 'driver', 'coordinator'] as const
export type ResourceKind = (typeof RESOURCE_KINDS)[number]
/** The people the calendar books, by their role: held one event at a time, within their working hours. */
export const STAFF_KINDS: readonly ResourceKind[] = ['attendant', 'driver', 'coordinator']

export const CALENDAR_LIMITS = { name: 60, title: 100, reason: 200, minMinutes: 15, maxMinutes: 3 * 24 * 60, maxRangeDays: 62, maxTripHours: 24 } as const

export const CALENDAR_MESSAGES = {
  clash: 'This time clashes with another booking of the same resource',
  nameRequired: 'Give the resource a name',
  nameTooLong: `Name must be at most ${CALENDAR_LIMITS.name} characters`,
  capacity: 'Capacity must be a whole number from 1 to 500',
  titleRequired: 'Say what the event is',
  titleTooLong: `Title must be at most ${CALENDAR_LIMITS.title} characters`,
  start: 'Start must be a Nairobi date and time, YYYY-MM-DDTHH:mm',
  past: 'An event cannot start in the past',
  minutes: `Length must be a whole number of minutes from ${CALENDAR_LIMITS.minMinutes} to ${CALENDAR_LIMITS.maxMinutes}`,
  resourcesRequired: 'Choose at least one resource',
  unknownResource: 'One of the chosen resources does not exist',
  reasonTooLong: `Reason must be at most ${CALENDAR_LIMITS.reason} characters`,
  range: `Give a range of dates, YYYY-MM-DD, at most ${CALENDAR_LIMITS.maxRangeDays} days long`,
  services: 'Choose at least one service',
  tripHours: `Trip hours must be a whole number from 1 to ${CALENDAR_LIMITS.maxTripHours}`,
  hours: 'Working hours are two times, HH:mm, the start before the end',
  offHours: 'This time is outside the working hours of someone chosen',
  eventNotFound: 'Event not found',
  unknownBooking: 'No such booking',
  slotTaken: 'That time has just been taken: please choose another',
  saved: 'Event saved',
  resourceNotFound: 'Resource not found',
  resourceSaved: 'Resource saved',
  feedNotFound: 'Calendar feed not found',
  feedRevoked: 'Calendar feed turned off',
  staffAccount: 'Only a staff member on the calendar has an account: choose an attendant or an admin',
} as const

const LOCAL_START = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/
const CLOCK = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, CALENDAR_MESSAGES.hours))

/** A staff member's working hours, each day (Nairobi wall clock); null: any time. */
export const WorkingHours = z.object({ from: CLOCK, to: CLOCK }).check(z.refine((h) => h.from < h.to, { message: CALENDAR_MESSAGES.hours }))
export type WorkingHours = z.infer<typeof WorkingHours>

// ---- requests ----
export const ResourceRequest = z.object({
  kind: z.enum(RESOURCE_KINDS, { error: 'Choose a kind: hearse, van, chapel, viewing room, cold room, attendant, driver or coordinator' }),
  name: z.string().check(z.trim(), z.minLength(1, CALENDAR_MESSAGES.nameRequired), z.maxLength(CALENDAR_LIMITS.name, CALENDAR_MESSAGES.nameTooLong)),
  /** Seats of a vehicle, bodies of a cold room; null when it does not matter. */
  capacity: z.optional(z.nullable(z.number().check(z.int(CALENDAR_MESSAGES.capacity), z.gte(1, CALENDAR_MESSAGES.capacity), z.lte(500, CALENDAR_MESSAGES.capacity)))),
  /** A staff member's working hours (an event outside them is refused like a clash); null or absent: any time. */
  hours: z.optional(z.nullable(WorkingHours)),
  /**
   * A staff member's own account (an attendant or an admin): they are reminded of their events by
   * SMS the day before, in their language, and see them in My day. Null or absent: none.
   */
  user_id: z.optional(z.nullable(z.number().check(z.int()))),
})
export type ResourceRequest = z.infer<typeof ResourceRequest>

/**
 * PATCH /calendar/resources/{id}: a new name or capacity, or retired (true) / back in service
 * (false). A retired resource keeps its past events but is offered for nothing new.
 */
export const ResourceUpdateRequest = z.object({
  name: z.optional(ResourceRequest.shape.name),
  capacity: ResourceRequest.shape.capacity,
  hours: ResourceRequest.shape.hours,
  user_id: ResourceRequest.shape.user_id,
  retired: z.optional(z.boolean()),
})
export type ResourceUpdateRequest = z.infer<typeof ResourceUpdateRequest>

const Minutes = z.number().check(z.int(CALENDAR_MESSAGES.minutes), z.gte(CALENDAR_LIMITS.minMinutes, CALENDAR_MESSAGES.minutes), z.lte(CALENDAR_LIMITS.maxMinutes, CALENDAR_MESSAGES.minutes))
const Start = z.string().check(z.regex(LOCAL_START, CALENDAR_MESSAGES.start))
const ResourceIds = z.array(z.number().check(z.int())).check(z.minLength(1, CALENDAR_MESSAGES.resourcesRequired))
const Reason = z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(CALENDAR_LIMITS.reason, CALENDAR_MESSAGES.reasonTooLong))))

/** POST /calendar/events. An `override_reason` books over a clash (admins only), and is kept. */
export const EventRequest = z.object({
  title: z.string().check(z.trim(), z.minLength(1, CALENDAR_MESSAGES.titleRequired), z.maxLength(CALENDAR_LIMITS.title, CALENDAR_MESSAGES.titleTooLong)),
  booking_id: z.optional(z.nullable(z.number().check(z.int()))),
  start: Start,
  minutes: Minutes,
  resource_ids: ResourceIds,
  override_reason: Reason,
})
export type EventRequest = z.infer<typeof EventRequest>

/** PATCH /calendar/events/{id}: moves an event (a new start, length or resources), with the same clash check. */
export const EventMoveRequest = z.object({
  start: z.optional(Start),
  minutes: z.optional(Minutes),
  resource_ids: z.optional(ResourceIds),
  override_reason: Reason,
})
export type EventMoveRequest = z.infer<typeof EventMoveRequest>

// ---- answers ----
export const Resource = z.looseObject({ id: Id, kind: z.enum(RESOURCE_KINDS), name: z.string(), capacity: orNull(z.number()), hours: z.optional(z.nullable(z.object({ from: z.string(), to: z.string() }))), user_id: z.optional(orNull(Id)), retired: z.optional(z.boolean()) })
export type Resource = z.infer<typeof Resource>
export const ResourceList = z.looseObject({ resources: orEmpty(Resource) })
export const ResourceSaved = z.looseObject({ resource: Resource })

export const CalendarEvent = z.looseObject({
  id: Id,
  title: z.string(),
  booking_id: orNull(Id),
  /** Instants, ISO 8601. */
  start: z.string(),
  end: z.string(),
  resource_ids: z.array(Id),
  override_reason: orNull(z.string()),
})
export type CalendarEvent = z.infer<typeof CalendarEvent>
export const EventList = z.looseObject({ events: orEmpty(CalendarEvent) })
export const EventSaved = z.looseObject({ event: CalendarEvent, message: z.optional(z.string()) })

/** A 409's body: what the event would double-book. */
export const ClashAnswer = z.looseObject({
  message: z.string(),
  clashes: z.array(z.looseObject({ event_id: Id, title: z.string(), start: z.string(), end: z.string(), resource_id: Id, resource_name: z.string() })),
  /** The staff chosen whose working hours the event leaves. */
  off_hours: z.optional(z.array(z.looseObject({ resource_id: Id, resource_name: z.string(), from: z.string(), to: z.string() }))),
})
export type ClashAnswer = z.infer<typeof ClashAnswer>

/** GET /calendar/free-times: the Nairobi days asked for, each with the start times ('HH:mm') still free. */
export const FreeTimes = z.looseObject({
  days: z.array(z.looseObject({ date: z.string(), times: z.array(z.string()), full: z.boolean() })),
})
export type FreeTimes = z.infer<typeof FreeTimes>

/** POST /calendar/feed: the caller's new private feed (an older one stops working). */
export const FeedAnswer = z.looseObject({ token: z.string(), path: z.string() })
