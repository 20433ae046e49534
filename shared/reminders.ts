/**
 * The day-before reminders, for both backends: the day before a service (Nairobi days), the family
 * and the assigned attendant each get one SMS with that day's programme, in their own language.
 * Plain functions; "now" is a parameter.
 */
import type { SmsLanguage } from './contracts/messages'
import { STAFF_KINDS } from './contracts/calendar'
import { addDays, compareIso, nairobiDay } from './dates'
import { nairobiWallClock, rangeWindow, type CalendarResource } from './calendar'

/** Reminders go out from this Nairobi hour of the day before (nobody is texted in the night). */
export const REMINDER_FROM_HOUR = 8

/** The booking statuses still to happen: a cancelled or completed booking is reminded of nothing. */
const STILL_ON = new Set(['pending', 'confirmed', 'in_progress'])

export interface ReminderBooking {
  id: number
  status: string
  client_id: number
  attendant_id: number | null
  /** The deceased's name as the family and staff call the case. */
  deceased: string
  venue: string | null
  lines: ReadonlyArray<{ service_name: string; scheduled_date: string }>
}

export interface Reminder {
  /** One per person, booking and day: the backends keep it so a reminder is queued once. */
  key: string
  user_id: number
  /** The booking it is about (a staff member's event may have none). */
  booking_id: number | null
  who: 'family' | 'attendant' | 'staff'
  /** The text in the person's language. */
  body: (language: SmsLanguage) => string
}

/** The Nairobi day whose services are reminded at `now`: tomorrow, once it is REMINDER_FROM_HOUR; null before. */
export function reminderDay(now: Date): string | null {
  const hour = Number(nairobiWallClock(now).slice(11, 13))
  return hour >= REMINDER_FROM_HOUR ? addDays(nairobiDay(now), 1) : null
}

const dayWords: Record<SmsLanguage, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-KE', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }),
  sw: new Intl.DateTimeFormat('sw-KE', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }),
}

/** "09:00 Burial, 11:00 Hearse Transport": that day's services in time order. */
function programme(lines: ReminderBooking['lines'], day: string): string {
  return lines
    .filter((l) => l.scheduled_date.startsWith(day))
    .map((l) => ({ time: l.scheduled_date.slice(11, 16), name: l.service_name }))
    .sort((a, b) => compareIso(a.time, b.time))
    .map((l) => `${l.time} ${l.name}`)
    .join(', ')
}

type BookingText = (home: string, date: string, deceased: string, programme: string, venue: string | null) => string
/** A staff member's event: its title, hours ('09:00–13:00') and what else it holds ('Hearse KCA 123A'). */
type StaffText = (home: string, date: string, title: string, hours: string, holds: string) => string

export const REMINDER_TEXTS: Record<SmsLanguage, { family: BookingText; attendant: BookingText; staff: StaffText }> = {
  en: {
    family: (home, date, deceased, programme, venue) => `${home}: a reminder for tomorrow, ${date}. ${deceased}: ${programme}${venue ? ` at ${venue}` : ''}. Call us with any question.`,
    attendant: (home, date, deceased, programme, venue) => `${home}: tomorrow, ${date}, you are on ${deceased}: ${programme}${venue ? ` at ${venue}` : ''}.`,
    staff: (home, date, title, hours, holds) => `${home}: tomorrow, ${date}, you are on ${title}, ${hours}${holds ? ` with ${holds}` : ''}.`,
  },
  sw: {
    family: (home, date, deceased, programme, venue) => `${home}: ukumbusho wa kesho, ${date}. ${deceased}: ${programme}${venue ? `, mahali: ${venue}` : ''}. Tupigie kwa swali lolote.`,
    attendant: (home, date, deceased, programme, venue) => `${home}: kesho, ${date}, una kazi ya ${deceased}: ${programme}${venue ? `, mahali: ${venue}` : ''}.`,
    staff: (home, date, title, hours, holds) => `${home}: kesho, ${date}, una kazi ya ${title}, ${hours}${holds ? `, na ${holds}` : ''}.`,
  },
}

const dateOf = (day: string) => (language: SmsLanguage) => dayWords[language].format(new Date(`${day}T00:00:00Z`))

/**
 * The reminders due at `now`: for each booking still on with a service tomorrow (Nairobi), one to
 * the family and one to the assigned attendant (none when nobody is assigned). Empty before
 * REMINDER_FROM_HOUR. The backends queue each once (by `key`), however many times or instances ask.
 */
export function dueReminders(args: { now: Date; home: string; bookings: readonly ReminderBooking[] }): Reminder[] {
  const day = reminderDay(args.now)
  if (!day) return []
  const reminders: Reminder[] = []
  for (const b of args.bookings) {
    if (!STILL_ON.has(b.status)) continue
    const list = programme(b.lines, day)
    if (!list) continue
    const date = dateOf(day)
    const people: Array<['family' | 'attendant', number | null]> = [
      ['family', b.client_id],
      ['attendant', b.attendant_id],
    ]
    for (const [who, userId] of people) {
      if (userId === null) continue
      reminders.push({ key: `reminder:${day}:${b.id}:${userId}`, user_id: userId, booking_id: b.id, who, body: (language) => REMINDER_TEXTS[language][who](args.home, date(language), b.deceased, list, b.venue) })
    }
  }
  return reminders
}

/** An event of the calendar as the reminders read it (epoch ms). */
export interface ReminderEvent {
  id: number
  title: string
  start: number
  end: number
  resource_ids: readonly number[]
  booking_id: number | null
}

/** The instants of the Nairobi day reminded at `now` (the events starting within it are tomorrow's); null before REMINDER_FROM_HOUR. */
export function reminderWindow(now: Date): { start: number; end: number } | null {
  const day = reminderDay(now)
  return day ? rangeWindow({ from: day, days: 1 }) : null
}

/**
 * The reminders of the staff on the calendar (drivers, attendants, coordinators linked to their
 * account): for each event starting tomorrow (Nairobi), one SMS to each staff member it holds, with
 * its title, hours and what else it holds (the hearse, the chapel). Keyed per person and event, so
 * each is queued once, and an event booked later that day is reminded at the next pass.
 */
export function staffReminders(args: { now: Date; home: string; events: readonly ReminderEvent[]; resources: readonly CalendarResource[] }): Reminder[] {
  const day = reminderDay(args.now)
  if (!day) return []
  const date = dateOf(day)
  const clock = (ms: number) => {
    const wall = nairobiWallClock(new Date(ms))
    return wall.startsWith(day) ? wall.slice(11) : wall.replace('T', ' ')
  }
  const reminders: Reminder[] = []
  for (const e of [...args.events].sort((a, b) => a.start - b.start || a.id - b.id)) {
    if (nairobiDay(new Date(e.start)) !== day) continue
    const held = args.resources.filter((r) => e.resource_ids.includes(r.id))
    // A booking holds each resource with an event of its own: the hearse of a driver's trip is the
    // booking's other event at that time.
    const alongside = e.booking_id === null ? [] : args.events.filter((o) => o.id !== e.id && o.booking_id === e.booking_id && o.start < e.end && e.start < o.end).flatMap((o) => o.resource_ids)
    const holds = args.resources.filter((r) => (e.resource_ids.includes(r.id) || alongside.includes(r.id)) && !STAFF_KINDS.includes(r.kind)).map((r) => r.name).join(', ')
    const hours = `${clock(e.start)}–${clock(e.end)}`
    for (const person of held) {
      if (!STAFF_KINDS.includes(person.kind) || person.user_id == null) continue
      reminders.push({ key: `reminder:${day}:event:${e.id}:${person.user_id}`, user_id: person.user_id, booking_id: e.booking_id, who: 'staff', body: (language) => REMINDER_TEXTS[language].staff(args.home, date(language), e.title, hours, holds) })
    }
  }
  return reminders
}
