/**
 * The calendar's rules, for the mock, the server and the screens: when two events clash, which
 * resources a booking's services take and for how long, and which start times are still free. Plain
 * functions over plain data; "now" is always a parameter.
 */
import { SERVICE_HOURS } from './contracts/bookings'
import { CALENDAR_LIMITS, CALENDAR_MESSAGES, STAFF_KINDS, type EventMoveRequest, type EventRequest, type ResourceKind, type WorkingHours } from './contracts/calendar'
import { TIME_ZONE } from './constants'
import { addDays } from './dates'
import { ApiError } from './errors'

export interface CalendarResource {
  id: number
  kind: ResourceKind
  name: string
  capacity: number | null
  /** A staff member's working hours each day (Nairobi); null or absent: any time. */
  hours?: WorkingHours | null
  /** Out of service: keeps its past events, offered for nothing new. */
  retired?: boolean
  /** A staff member's own account (reminded the day before, their events in My day); null or absent: none. */
  user_id?: number | null
}

/**
 * May this resource be linked to this account? Only a staff resource, to a staff account (an
 * attendant or an admin); `user` is the account's role, undefined when there is no such account.
 * Throws the 422 both backends answer.
 */
export function checkStaffAccount(kind: ResourceKind, userId: number | null | undefined, role: string | undefined): void {
  if (userId == null) return
  if (!STAFF_KINDS.includes(kind) || (role !== 'admin' && role !== 'morgue_attendant')) throw new ApiError(422, CALENDAR_MESSAGES.staffAccount)
}

/** The resources still in service (the only ones a new or moved event may take). */
export const inService = (resources: readonly CalendarResource[]) => resources.filter((r) => !r.retired)

/** An event as the rules see it: its window in epoch ms and the resources it holds. */
export interface Slot {
  id: number
  title: string
  start: number
  end: number
  resource_ids: number[]
}

export interface Clash {
  event_id: number
  title: string
  start: string
  end: string
  resource_id: number
  resource_name: string
}

const MINUTE = 60_000

/**
 * The instant of a Nairobi wall-clock time ('YYYY-MM-DDTHH:mm'). Kenya keeps East Africa Time all
 * year (no daylight saving), so the offset is the zone's one offset; null when it is no real time.
 */
export function nairobiInstant(local: string): Date | null {
  const at = new Date(`${local}:00+03:00`)
  return Number.isNaN(at.getTime()) || nairobiWallClock(at) !== local ? null : at
}

const wallClock = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })

/** 'YYYY-MM-DDTHH:mm' of an instant, in Nairobi. */
export function nairobiWallClock(at: Date): string {
  const p = Object.fromEntries(wallClock.formatToParts(at).map((x) => [x.type, x.value]))
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`
}

/** How many events a resource holds at once: a cold room as many bodies as it has places; a vehicle or a room one. */
export function concurrency(resource: CalendarResource): number {
  return resource.kind === 'cold_room' ? (resource.capacity ?? 1) : 1
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end

/**
 * What a window would double-book: for each resource it asks for, the events already holding that
 * resource in the window when the resource would then hold more than it can at some moment. Empty
 * when it fits. `ignoreId` is the event being moved (it never clashes with itself).
 */
export function clashesOf(window: { start: number; end: number; resource_ids: readonly number[]; ignoreId?: number }, events: readonly Slot[], resources: readonly CalendarResource[]): Clash[] {
  const clashes: Clash[] = []
  for (const rid of new Set(window.resource_ids)) {
    const resource = resources.find((r) => r.id === rid)
    if (!resource) continue
    const holding = events.filter((e) => e.id !== window.ignoreId && e.resource_ids.includes(rid) && overlaps(e, window))
    // The busiest moment is the start of one of them (or of the window): count who is there then.
    const points = [window.start, ...holding.map((e) => e.start).filter((s) => s > window.start)]
    const busiest = Math.max(0, ...points.map((p) => holding.filter((e) => e.start <= p && p < e.end).length))
    if (busiest < concurrency(resource)) continue
    for (const e of holding) clashes.push({ event_id: e.id, title: e.title, start: new Date(e.start).toISOString(), end: new Date(e.end).toISOString(), resource_id: rid, resource_name: resource.name })
  }
  return clashes
}

/** A staff member chosen for a time outside their working hours. */
export interface OffHours {
  resource_id: number
  resource_name: string
  from: string
  to: string
}

/**
 * Does [start, end) leave the resource's working hours? It must begin and end on one Nairobi day,
 * within them. A resource with no hours (a hearse, a room, staff on call) is never off hours.
 */
export function outsideHours(resource: CalendarResource, start: number, end: number): boolean {
  if (!resource.hours) return false
  const from = nairobiWallClock(new Date(start))
  // The last minute it holds (an event ending at 17:00 ends within hours ending at 17:00).
  const to = nairobiWallClock(new Date(end - MINUTE))
  return from.slice(0, 10) !== to.slice(0, 10) || from.slice(11) < resource.hours.from || to.slice(11) >= resource.hours.to
}

export interface CheckedEvent {
  start: Date
  end: Date
  resource_ids: number[]
  override_reason: string | null
  /** What it double-books: a 409 unless the admin overrode it with a reason. */
  clashes: Clash[]
  /** The staff it holds outside their working hours: a 409 the same way. */
  off_hours: OffHours[]
}

/**
 * The one check of a new or moved event, for both backends: the start is a real Nairobi time and
 * not past, the resources exist, and what it would clash with. A reason given overrides the clash
 * (it is kept with the event); the caller answers 409 when `clashes` is not empty and no reason was given.
 */
export function checkEvent(args: {
  request: EventRequest | EventMoveRequest
  /** The event being moved, if it is a move. */
  current?: Slot
  resources: readonly CalendarResource[]
  events: readonly Slot[]
  now: Date
  /** Does the booking the request names exist (absent: it names none, or it is a move)? */
  bookingExists?: boolean
}): CheckedEvent {
  const { request, current, resources, events, now } = args
  if (args.bookingExists === false) throw new ApiError(422, CALENDAR_MESSAGES.unknownBooking, { booking_id: CALENDAR_MESSAGES.unknownBooking })
  const start = request.start !== undefined ? nairobiInstant(request.start) : current ? new Date(current.start) : null
  if (!start) throw new ApiError(422, CALENDAR_MESSAGES.start, { start: CALENDAR_MESSAGES.start })
  const minutes = request.minutes ?? (current ? (current.end - current.start) / MINUTE : 0)
  const resource_ids = [...new Set(request.resource_ids ?? current?.resource_ids ?? [])]
  if (request.start !== undefined && start.getTime() < now.getTime()) throw new ApiError(422, CALENDAR_MESSAGES.past, { start: CALENDAR_MESSAGES.past })
  // A retired resource is taken by nothing new; an event it already holds may still move in time.
  const open = (id: number) => (current?.resource_ids.includes(id) ? resources : inService(resources)).some((r) => r.id === id)
  if (!resource_ids.every(open)) throw new ApiError(422, CALENDAR_MESSAGES.unknownResource, { resource_ids: CALENDAR_MESSAGES.unknownResource })
  const end = new Date(start.getTime() + minutes * MINUTE)
  const override_reason = request.override_reason?.trim() || null
  const clashes = clashesOf({ start: start.getTime(), end: end.getTime(), resource_ids, ignoreId: current?.id }, events, resources)
  const off_hours = resources
    .filter((r) => resource_ids.includes(r.id) && r.hours && outsideHours(r, start.getTime(), end.getTime()))
    .map((r) => ({ resource_id: r.id, resource_name: r.name, from: r.hours?.from ?? '', to: r.hours?.to ?? '' }))
  return { start, end, resource_ids, override_reason, clashes, off_hours }
}

/** The 409's body when a checked event may not be kept (a clash or staff off hours, and no reason given); null when it may. */
export function refusalOf(checked: CheckedEvent) {
  if (checked.override_reason || (checked.clashes.length === 0 && checked.off_hours.length === 0)) return null
  return clashAnswer(checked.clashes, checked.off_hours)
}

/** What a catalogue service holds: the kinds of resource and for how long. */
export interface ServiceUse {
  kinds: ResourceKind[]
  minutes: number
  /** A trip: it takes the hours the family gives, out and back, instead. */
  trip?: boolean
}

/**
 * What the catalogue's services take, by name (services not named here take nothing the calendar
 * books: embalming, flowers, printing, storage by the day).
 */
export const SERVICE_USE: Readonly<Record<string, ServiceUse>> = {
  'Basic Funeral': { kinds: ['chapel'], minutes: 90 },
  'Premium Funeral': { kinds: ['viewing_room', 'chapel'], minutes: 120 },
  // A hearse goes with a driver (held only once the home keeps its drivers on the calendar).
  Cremation: { kinds: ['hearse', 'driver'], minutes: 180 },
  Burial: { kinds: ['hearse', 'driver'], minutes: 240 },
  'Hearse Transport': { kinds: ['hearse', 'driver'], minutes: 180, trip: true },
}

/**
 * What a booking of these services holds from its start: one resource of each kind, for the longest
 * time any of its services needs that kind. An upcountry trip of `tripHours` (one way) holds the
 * hearse out and back.
 */
export function needsOf(serviceNames: readonly string[], tripHours?: number | null): Array<{ kind: ResourceKind; minutes: number }> {
  const needs = new Map<ResourceKind, number>()
  for (const name of serviceNames) {
    const use = SERVICE_USE[name]
    if (!use) continue
    const minutes = use.trip && tripHours ? Math.max(use.minutes, tripHours * 2 * 60) : use.minutes
    for (const kind of use.kinds) needs.set(kind, Math.max(needs.get(kind) ?? 0, minutes))
  }
  return [...needs].map(([kind, minutes]) => ({ kind, minutes }))
}

/**
 * The resources that would serve these needs from `start`: for each kind, the first resource of
 * that kind free for its time; null when a kind has none free. Kinds the home has no resource of
 * are left out.
 */
export function pickResources(needs: ReadonlyArray<{ kind: ResourceKind; minutes: number }>, start: number, all: readonly CalendarResource[], events: readonly Slot[]): Array<{ resource: CalendarResource; minutes: number }> | null {
  const resources = inService(all)
  const picked: Array<{ resource: CalendarResource; minutes: number }> = []
  for (const need of needs) {
    // A kind the home keeps none of is not on its calendar: a home that has not entered its hearses
    // or rooms yet still takes bookings, as before the calendar.
    if (!resources.some((r) => r.kind === need.kind)) continue
    const window = { start, end: start + need.minutes * MINUTE }
    const free = resources.find((r) => r.kind === need.kind && !picked.some((p) => p.resource.id === r.id) && !outsideHours(r, window.start, window.end) && clashesOf({ ...window, resource_ids: [r.id] }, events, resources).length === 0)
    if (!free) return null
    picked.push({ resource: free, minutes: need.minutes })
  }
  return picked
}

export interface BookingHold {
  start: Date
  /** One event per resource: which, and until when. */
  holds: Array<{ resource_id: number; end: Date }>
}

/**
 * What a new booking holds from its first service's time: a resource of each kind its services
 * need (the first free one). Null when its services need nothing the calendar books; 'taken' when a
 * kind has no resource free then.
 */
export function bookingHold(lines: ReadonlyArray<{ service_name: string; scheduled_date: string }>, resources: readonly CalendarResource[], events: readonly Slot[]): BookingHold | 'taken' | null {
  const first = lines[0]
  const start = first ? nairobiInstant(first.scheduled_date.slice(0, 16)) : null
  const needs = needsOf(lines.map((l) => l.service_name))
  if (!start || needs.length === 0) return null
  const picked = pickResources(needs, start.getTime(), resources, events)
  if (!picked) return 'taken'
  if (picked.length === 0) return null
  return { start, holds: picked.map((p) => ({ resource_id: p.resource.id, end: new Date(start.getTime() + p.minutes * MINUTE) })) }
}

/** The longest any booking holds a resource (the window to read events in around a new booking). */
export const LONGEST_HOLD_MS = Math.max(...Object.values(SERVICE_USE).map((u) => (u.trip ? CALENDAR_LIMITS.maxTripHours * 2 * 60 : u.minutes))) * MINUTE

/** The start times offered in a day: every half hour of the opening hours, the last at closing time. */
export function startTimes(stepMinutes = 30): string[] {
  const times: string[] = []
  const [fh = 0, fm = 0] = SERVICE_HOURS.from.split(':').map(Number)
  const [th = 0, tm = 0] = SERVICE_HOURS.to.split(':').map(Number)
  for (let m = fh * 60 + fm; m <= th * 60 + tm; m += stepMinutes) times.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`)
  return times
}

/**
 * The free start times for a booking of these needs over `days` Nairobi days from `from`: the
 * opening hours' start times not yet past at `now` for which every need finds a resource. A day
 * with none is full. With no needs (services the calendar does not book) every time is free.
 */
export function freeTimes(args: { needs: ReadonlyArray<{ kind: ResourceKind; minutes: number }>; from: string; days: number; resources: readonly CalendarResource[]; events: readonly Slot[]; now: Date }) {
  const { needs, from, days, resources, events, now } = args
  const result: Array<{ date: string; times: string[]; full: boolean }> = []
  for (let i = 0; i < days; i++) {
    const date = addDays(from, i)
    const times = startTimes().filter((time) => {
      const at = nairobiInstant(`${date}T${time}`)
      return at !== null && at.getTime() > now.getTime() && pickResources(needs, at.getTime(), resources, events) !== null
    })
    result.push({ date, times, full: times.length === 0 })
  }
  return result
}

/** The wire form of an event. */
export function wireEvent(e: Slot & { booking_id: number | null; override_reason: string | null }) {
  return { id: e.id, title: e.title, booking_id: e.booking_id, start: new Date(e.start).toISOString(), end: new Date(e.end).toISOString(), resource_ids: e.resource_ids, override_reason: e.override_reason }
}

/** The 409's body: the message, what it clashes with, and the staff it would hold off their hours. */
export const clashAnswer = (clashes: Clash[], off_hours: OffHours[] = []) => ({ message: clashes.length > 0 || off_hours.length === 0 ? CALENDAR_MESSAGES.clash : CALENDAR_MESSAGES.offHours, clashes, ...(off_hours.length ? { off_hours } : {}) })

/** A range of Nairobi days asked for ('YYYY-MM-DD' both, inclusive), or a 422. */
export function dayRange(from: string | null | undefined, to: string | null | undefined, maxDays: number): { from: string; days: number } {
  const iso = /^\d{4}-\d{2}-\d{2}$/
  if (!from || !to || !iso.test(from) || !iso.test(to) || from > to) throw new ApiError(422, CALENDAR_MESSAGES.range)
  let days = 1
  while (addDays(from, days) <= to) {
    days++
    if (days > maxDays) throw new ApiError(422, CALENDAR_MESSAGES.range)
  }
  return { from, days }
}

/** The demo's resources: two hearses, the chapel and the viewing room. */
export const DEMO_RESOURCES: ReadonlyArray<Omit<CalendarResource, 'id'>> = [
  { kind: 'hearse', name: 'Hearse KCA 123A', capacity: 4 },
  { kind: 'hearse', name: 'Hearse KDB 456B', capacity: 4 },
  { kind: 'chapel', name: 'Chapel', capacity: 80 },
  { kind: 'viewing_room', name: 'Viewing room', capacity: 20 },
]

/** The instants a range of Nairobi days covers: from the first day's midnight to the midnight after the last. */
export function rangeWindow(range: { from: string; days: number }): { start: number; end: number } {
  return { start: nairobiInstant(`${range.from}T00:00`)?.getTime() ?? 0, end: nairobiInstant(`${addDays(range.from, range.days)}T00:00`)?.getTime() ?? 0 }
}

/**
 * GET /calendar/free-times's query, for both backends: `services` (catalogue ids, comma separated),
 * `from` and `to` (Nairobi days), `trip_hours` (an upcountry trip, one way). Unknown services: 422.
 */
export function readFreeTimesQuery(query: { services?: string | null; from?: string | null; to?: string | null; trip_hours?: string | null }, catalogue: ReadonlyArray<{ id: number; name: string }>) {
  const ids = (query.services ?? '').split(',').map((s) => s.trim()).filter(Boolean)
  const names = ids.map((id) => catalogue.find((s) => String(s.id) === id)?.name)
  if (names.length === 0 || names.some((n) => n === undefined)) throw new ApiError(422, CALENDAR_MESSAGES.services, { services: CALENDAR_MESSAGES.services })
  let tripHours: number | null = null
  if (query.trip_hours) {
    tripHours = Number(query.trip_hours)
    if (!Number.isInteger(tripHours) || tripHours < 1 || tripHours > CALENDAR_LIMITS.maxTripHours) throw new ApiError(422, CALENDAR_MESSAGES.tripHours, { trip_hours: CALENDAR_MESSAGES.tripHours })
  }
  return { needs: needsOf(names as string[], tripHours), ...dayRange(query.from, query.to, CALENDAR_LIMITS.maxRangeDays) }
}

/** A booking's events are named after the deceased (what the staff call the case). */
export const holdTitle = (deceased: { first_name: string; last_name: string } | undefined, bookingId: number) => (deceased ? `${deceased.first_name} ${deceased.last_name}` : `Booking ${bookingId}`)
