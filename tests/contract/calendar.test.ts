/** The home's calendar: resources, events that would double-book refused, free times. The same on both backends. */
import { describe, expect, it } from 'vitest'
import { call, demo, loginAs, nairobiDay, seed as db, useBackend } from './target'
import { CALENDAR_MESSAGES, ClashAnswer, EventList, EventSaved, FeedAnswer, FreeTimes, ResourceList, ResourceSaved } from '../../shared/contracts/calendar'

useBackend()

// Far from the seeded events (the demo's open bookings fall within two weeks of today) and never past.
const DAY = '2099-06-06'

function resourceId(name: string): number {
  const r = db.calendarResource.findFirst((q) => q.where({ name }))
  if (!r) throw new Error(`no ${name}`)
  return r.id
}
const demoClientId = () => db.user.findFirst((q) => q.where({ email: demo('client').email }))?.id
const serviceId = (name: string) => db.service.findFirst((q) => q.where({ name }))?.id

describe('the home\'s resources', () => {
  it('staff read the two hearses, the chapel and the viewing room; the admin adds a van, renames it, retires it and brings it back; a family may not', async () => {
    const admin = await loginAs('admin')
    const list = ResourceList.parse((await call('GET', '/calendar/resources', { token: await loginAs('morgue_attendant') })).json)
    expect(list.resources.map((r) => [r.kind, r.name])).toEqual([
      ['hearse', 'Hearse KCA 123A'],
      ['hearse', 'Hearse KDB 456B'],
      ['chapel', 'Chapel'],
      ['viewing_room', 'Viewing room'],
    ])
    const added = await call('POST', '/calendar/resources', { token: admin, body: { kind: 'van', name: '  Van KBZ 789C ', capacity: 14 } })
    expect(added.status).toBe(201)
    expect(added.json).toMatchObject({ resource: { kind: 'van', name: 'Van KBZ 789C', capacity: 14 } })
    const van = ResourceSaved.parse(added.json).resource
    const patch = (body: object, id: string | number = van.id, token = admin) => call('PATCH', `/calendar/resources/${id}`, { token, body })
    expect((await patch({ name: ' Van KBZ 789D ', capacity: 12 })).json).toMatchObject({ resource: { name: 'Van KBZ 789D', capacity: 12, retired: false }, message: CALENDAR_MESSAGES.resourceSaved })
    expect((await patch({ retired: true })).json).toMatchObject({ resource: { name: 'Van KBZ 789D', retired: true } })
    // Retired: still listed (it keeps its past events) but it takes nothing new.
    expect(ResourceList.parse((await call('GET', '/calendar/resources', { token: admin })).json).resources.at(-1)).toMatchObject({ id: van.id, retired: true })
    const onVan = () => call('POST', '/calendar/events', { token: admin, body: { title: 'Viewing trip', start: `${DAY}T10:00`, minutes: 60, resource_ids: [Number(van.id)] } })
    expect((await onVan()).json).toMatchObject({ message: CALENDAR_MESSAGES.unknownResource })
    expect((await patch({ retired: false })).json).toMatchObject({ resource: { retired: false } })
    expect((await onVan()).status).toBe(201)
    expect((await patch({ name: '' })).status).toBe(422)
    expect((await patch({ name: 'x' }, 999999)).json).toEqual({ message: CALENDAR_MESSAGES.resourceNotFound })
    expect((await patch({ name: 'x' }, van.id, await loginAs('client'))).status).toBe(403)
    const bad = await call('POST', '/calendar/resources', { token: admin, body: { kind: 'van', name: ' ' } })
    expect(bad.status).toBe(422)
    expect(bad.json).toMatchObject({ message: CALENDAR_MESSAGES.nameRequired })
    const client = await loginAs('client')
    expect((await call('GET', '/calendar/resources', { token: client })).status).toBe(403)
    expect((await call('POST', '/calendar/resources', { token: client, body: { kind: 'van', name: 'Mine' } })).status).toBe(403)
  })
})

describe('events', () => {
  it('refuses what would double-book a resource with what it clashes with; the admin overrides with a reason, kept', async () => {
    const admin = await loginAs('admin')
    const chapel = resourceId('Chapel')
    const first = await call('POST', '/calendar/events', { token: admin, body: { title: 'Service: Wanjiku', start: `${DAY}T10:00`, minutes: 90, resource_ids: [chapel] } })
    expect(first.status).toBe(201)
    const event = EventSaved.parse(first.json).event
    expect(event).toMatchObject({ start: '2099-06-06T07:00:00.000Z', end: '2099-06-06T08:30:00.000Z', resource_ids: [String(chapel)], override_reason: null })

    const clash = await call('POST', '/calendar/events', { token: admin, body: { title: 'Service: Otieno', start: `${DAY}T11:00`, minutes: 60, resource_ids: [chapel] } })
    expect(clash.status).toBe(409)
    expect(ClashAnswer.parse(clash.json)).toMatchObject({ message: CALENDAR_MESSAGES.clash, clashes: [{ event_id: event.id, title: 'Service: Wanjiku', resource_name: 'Chapel' }] })

    const over = await call('POST', '/calendar/events', { token: admin, body: { title: 'Service: Otieno', start: `${DAY}T11:00`, minutes: 60, resource_ids: [chapel], override_reason: 'Short prayer, the family agreed' } })
    expect(over.status).toBe(201)
    expect(over.json).toMatchObject({ event: { override_reason: 'Short prayer, the family agreed' } })

    // Moving: onto the other hearse's trip clashes; to the afternoon does not; to the past is refused.
    const hearse = resourceId('Hearse KCA 123A')
    const trip = EventSaved.parse((await call('POST', '/calendar/events', { token: admin, body: { title: 'Trip to Kakamega', start: `${DAY}T06:00`, minutes: 720, resource_ids: [hearse] } })).json).event
    expect((await call('PATCH', `/calendar/events/${event.id}`, { token: admin, body: { resource_ids: [hearse] } })).status).toBe(409)
    const moved = await call('PATCH', `/calendar/events/${event.id}`, { token: admin, body: { start: `${DAY}T14:00` } })
    expect(moved.status).toBe(200)
    expect(moved.json).toMatchObject({ event: { start: '2099-06-06T11:00:00.000Z', end: '2099-06-06T12:30:00.000Z' } })
    expect((await call('PATCH', `/calendar/events/${event.id}`, { token: admin, body: { start: '2001-01-01T10:00' } })).json).toMatchObject({ message: CALENDAR_MESSAGES.past })
    expect((await call('PATCH', '/calendar/events/999999', { token: admin, body: { start: `${DAY}T15:00` } })).status).toBe(404)
    expect((await call('POST', '/calendar/events', { token: admin, body: { title: 'x', booking_id: 999999, start: `${DAY}T16:00`, minutes: 60, resource_ids: [chapel] } })).json).toEqual({ message: CALENDAR_MESSAGES.unknownBooking, errors: { booking_id: CALENDAR_MESSAGES.unknownBooking } })

    const listed = EventList.parse((await call('GET', `/calendar/events?from=${DAY}&to=${DAY}`, { token: await loginAs('morgue_attendant') })).json)
    expect(listed.events.map((e) => e.title)).toEqual(['Trip to Kakamega', 'Service: Otieno', 'Service: Wanjiku'])
    expect(listed.events[0]?.id).toBe(trip.id)
    expect((await call('POST', '/calendar/events', { token: await loginAs('morgue_attendant'), body: { title: 'x', start: `${DAY}T10:00`, minutes: 60, resource_ids: [chapel] } })).status).toBe(403)
    expect((await call('GET', `/calendar/events?from=${DAY}&to=2099-12-31`, { token: admin })).status).toBe(422)
  })

  it('admins racing for the last slot: one yes, and a clear no for each of the others', async () => {
    const token = await loginAs('admin')
    const chapel = resourceId('Chapel')
    const book = (title: string) => call('POST', '/calendar/events', { token, body: { title, start: `${DAY}T09:00`, minutes: 120, resource_ids: [chapel] } })
    const answers = await Promise.all(['one', 'two', 'three', 'four', 'five', 'six'].map((n) => book(`Family ${n}`)))
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409])
    expect(answers.find((r) => r.status === 409)?.json).toMatchObject({ message: CALENDAR_MESSAGES.clash })
    const listed = EventList.parse((await call('GET', `/calendar/events?from=${DAY}&to=${DAY}`, { token })).json)
    expect(listed.events).toHaveLength(1)
  })
})

describe('staff on the calendar', () => {
  it('a driver with working hours is held with a hearse: double-booked or off hours is refused (409) with who and why, overridden with a reason; a family is offered hearse times only while a driver works and is free; the driver\'s own staff account is linked', async () => {
    const admin = await loginAs('admin')
    const added = await call('POST', '/calendar/resources', { token: admin, body: { kind: 'driver', name: 'Driver Otieno', hours: { from: '08:00', to: '17:00' } } })
    expect(added.status).toBe(201)
    const driver = ResourceSaved.parse(added.json).resource
    expect(driver).toMatchObject({ kind: 'driver', name: 'Driver Otieno', hours: { from: '08:00', to: '17:00' } })
    expect((await call('POST', '/calendar/resources', { token: admin, body: { kind: 'attendant', name: 'Night shift', hours: { from: '17:00', to: '08:00' } } })).json).toMatchObject({ message: CALENDAR_MESSAGES.hours })
    const transport = (title: string, hearse: string, start: string, minutes: number, extra: object = {}) =>
      call('POST', '/calendar/events', { token: admin, body: { title, start: `${DAY}T${start}`, minutes, resource_ids: [resourceId(hearse), Number(driver.id)], ...extra } })
    expect((await transport('Transport: Kamau', 'Hearse KCA 123A', '09:00', 180)).status).toBe(201)
    // The other hearse is free, the driver is not.
    const clash = await transport('Transport: Njeri', 'Hearse KDB 456B', '10:00', 60)
    expect(clash.status).toBe(409)
    expect(ClashAnswer.parse(clash.json)).toMatchObject({ message: CALENDAR_MESSAGES.clash, clashes: [{ title: 'Transport: Kamau', resource_name: 'Driver Otieno' }] })
    const late = await transport('Transport: Njeri', 'Hearse KDB 456B', '16:30', 60)
    expect(late.status).toBe(409)
    expect(late.json).toMatchObject({ message: CALENDAR_MESSAGES.offHours, clashes: [], off_hours: [{ resource_id: Number(driver.id), resource_name: 'Driver Otieno', from: '08:00', to: '17:00' }] })
    // Ending at 17:00 is within the hours; past it, only with a reason, kept.
    expect((await transport('Transport: Njeri', 'Hearse KDB 456B', '16:00', 60)).status).toBe(201)
    expect((await transport('Transport: Wafula', 'Hearse KDB 456B', '17:30', 60, { override_reason: 'Otieno agreed to stay late' })).json).toMatchObject({ event: { override_reason: 'Otieno agreed to stay late' } })
    // A burial takes a hearse and a driver for 4 hours: the one driver is free and at work only from 12:00 to 16:00.
    const client = await loginAs('client')
    const burial = FreeTimes.parse((await call('GET', `/calendar/free-times?services=${serviceId('Burial')}&from=${DAY}&to=${DAY}`, { token: client })).json)
    expect(burial.days[0]?.times).toEqual(['12:00'])
    // Working hours changed or taken off (on call at any time).
    expect((await call('PATCH', `/calendar/resources/${driver.id}`, { token: admin, body: { hours: { from: '06:00', to: '20:00' } } })).json).toMatchObject({ resource: { hours: { from: '06:00', to: '20:00' } } })
    expect((await call('PATCH', `/calendar/resources/${driver.id}`, { token: admin, body: { hours: null } })).json).toMatchObject({ resource: { hours: null } })
    expect(ResourceList.parse((await call('GET', '/calendar/resources', { token: admin })).json).resources.at(-1)).toMatchObject({ kind: 'driver', hours: null })
    // The driver's own account (a staff one: reminded the day before, their day on their phone); a family's or a hearse's is refused.
    const staffId = db.user.findFirst((q) => q.where({ email: demo('morgue_attendant').email }))!.id
    expect((await call('PATCH', `/calendar/resources/${driver.id}`, { token: admin, body: { user_id: staffId } })).json).toMatchObject({ resource: { user_id: staffId } })
    expect((await call('PATCH', `/calendar/resources/${driver.id}`, { token: admin, body: { user_id: demoClientId() } })).json).toEqual({ message: CALENDAR_MESSAGES.staffAccount })
    const linkedHearse = await call('POST', '/calendar/resources', { token: admin, body: { kind: 'hearse', name: 'Hearse KXX 1', user_id: staffId } })
    expect([linkedHearse.status, linkedHearse.json]).toEqual([422, { message: CALENDAR_MESSAGES.staffAccount }])
    expect(ResourceList.parse((await call('GET', '/calendar/resources', { token: admin })).json).resources.at(-1)).toMatchObject({ kind: 'driver', user_id: String(staffId) })
  })
})

describe('a booking holds what its services need', () => {
  // Bookings are taken at most two years ahead: this one is in a year and a month, far from the seeded ones.
  const SOON = nairobiDay(400)

  it('the family books the last free hearse: the next family asking for that time is told plainly, and offered the afternoon', async () => {
    const client = await loginAs('client')
    const deceased = db.deceased.findFirst((q) => q.where({ client_id: demoClientId() }))
    const hearse = [serviceId('Burial'), serviceId('Hearse Transport')]
    const admin = await loginAs('admin')
    // One hearse is away on a trip all day; the other is the last.
    expect((await call('POST', '/calendar/events', { token: admin, body: { title: 'Trip to Kisumu', start: `${SOON}T06:00`, minutes: 900, resource_ids: [resourceId('Hearse KCA 123A')] } })).status).toBe(201)
    const booking = (hold: boolean) => call('POST', '/bookings', { token: client, body: { deceased_id: deceased?.id, hold, services: hearse.map((id) => ({ service_id: id, scheduled_date: `${SOON}T09:00:00` })) } })
    expect((await booking(true)).status).toBe(201)
    const held = EventList.parse((await call('GET', `/calendar/events?from=${SOON}&to=${SOON}`, { token: admin })).json).events
    expect(held.map((e) => [e.title, e.resource_ids, e.end])).toContainEqual([`${deceased?.first_name} ${deceased?.last_name}`, [String(resourceId('Hearse KDB 456B'))], `${SOON}T10:00:00.000Z`])
    const refused = await booking(true)
    expect(refused.status).toBe(409)
    expect(refused.json).toEqual({ message: CALENDAR_MESSAGES.slotTaken })
    // Without asking to hold (the office's way), the booking is made and the office arranges the hearse.
    expect((await booking(false)).status).toBe(201)
    const free = FreeTimes.parse((await call('GET', `/calendar/free-times?services=${hearse.join(',')}&from=${SOON}&to=${SOON}`, { token: client })).json)
    expect(free.days[0]?.times[0]).toBe('13:00')
  })
})

describe('free times for the family', () => {
  it('offers the opening hours the chosen services can still have, and says when a day is full', async () => {
    const admin = await loginAs('admin')
    // The chapel is taken all of the first day.
    expect((await call('POST', '/calendar/events', { token: admin, body: { title: 'Memorial', start: `${DAY}T08:00`, minutes: 600, resource_ids: [resourceId('Chapel')] } })).status).toBe(201)
    const client = await loginAs('client')
    const res = await call('GET', `/calendar/free-times?services=${serviceId('Basic Funeral')},${serviceId('Embalming')}&from=${DAY}&to=2099-06-07`, { token: client })
    expect(res.status).toBe(200)
    const { days } = FreeTimes.parse(res.json)
    expect(days[0]).toEqual({ date: DAY, times: [], full: true })
    expect(days[1]).toMatchObject({ date: '2099-06-07', full: false })
    expect(days[1]?.times.slice(0, 3)).toEqual(['08:00', '08:30', '09:00'])
    expect(days[1]?.times.at(-1)).toBe('17:00')
    // A hearse is free all day: the trip upcountry is offered too.
    const trip = FreeTimes.parse((await call('GET', `/calendar/free-times?services=${serviceId('Hearse Transport')}&trip_hours=6&from=${DAY}&to=${DAY}`, { token: client })).json)
    expect(trip.days[0]?.full).toBe(false)
    expect((await call('GET', `/calendar/free-times?services=999999&from=${DAY}&to=${DAY}`, { token: client })).status).toBe(422)
    expect((await call('GET', `/calendar/free-times?services=${serviceId('Burial')}&from=${DAY}&to=${DAY}`)).status).toBe(401)
  })
})

describe('a private calendar feed', () => {
  it("staff subscribe their phone's calendar at a secret address: the admin's holds every event, an attendant's only their bookings' and the trips holding them as staff; made anew or turned off, the old address is dead", async () => {
    const admin = await loginAs('admin')
    const attendant = await loginAs('morgue_attendant')
    const day = nairobiDay(3)
    expect((await call('POST', '/calendar/events', { token: admin, body: { title: 'Feed: Wanjiru', start: `${day}T10:00`, minutes: 60, resource_ids: [resourceId('Chapel')], override_reason: 'Test of the feed' } })).status).toBe(201)
    const made = await call('POST', '/calendar/feed', { token: admin })
    expect(made.status).toBe(201)
    const { path } = FeedAnswer.parse(made.json)
    expect(path).toMatch(/^\/api\/calendar\/feed\/[0-9a-f]{64}\.ics$/)
    const read = async (p: string) => {
      const res = await call('GET', p.replace(/^\/api/, ''))
      return { status: res.status, type: res.headers.get('content-type'), text: new TextDecoder().decode(res.bytes) }
    }
    const feed = await read(path)
    expect(feed.status).toBe(200)
    expect(feed.type).toMatch(/^text\/calendar/)
    expect(feed.text).toMatch(/^BEGIN:VCALENDAR/)
    expect(feed.text).toContain('SUMMARY:Feed: Wanjiru')
    expect(feed.text).toContain('LOCATION:Chapel')
    // The attendant's own feed leaves out an event of no booking of theirs.
    const theirs = await read(FeedAnswer.parse((await call('POST', '/calendar/feed', { token: attendant })).json).path)
    expect(theirs.text).toMatch(/^BEGIN:VCALENDAR/)
    expect(theirs.text).not.toContain('Feed: Wanjiru')
    // On the calendar as a driver (linked to their account): the trips holding them are in it too.
    const peterId = db.user.findFirst((q) => q.where({ email: demo('morgue_attendant').email }))!.id
    const driver = ResourceSaved.parse((await call('POST', '/calendar/resources', { token: admin, body: { kind: 'driver', name: 'Peter driving', user_id: peterId } })).json).resource
    expect((await call('POST', '/calendar/events', { token: admin, body: { title: 'Feed: trip', start: `${day}T14:00`, minutes: 60, resource_ids: [resourceId('Hearse KCA 123A'), Number(driver.id)], override_reason: 'Test of the feed' } })).status).toBe(201)
    const driving = await read(FeedAnswer.parse((await call('POST', '/calendar/feed', { token: attendant })).json).path)
    expect(driving.text).toContain('SUMMARY:Feed: trip')
    expect(driving.text).not.toContain('Feed: Wanjiru')
    // Made anew: the old address is dead; turned off: the new one too.
    const again = FeedAnswer.parse((await call('POST', '/calendar/feed', { token: admin })).json).path
    expect((await read(path)).status).toBe(404)
    expect((await read(again)).status).toBe(200)
    expect((await call('DELETE', '/calendar/feed', { token: admin })).json).toEqual({ message: CALENDAR_MESSAGES.feedRevoked })
    expect((await read(again)).status).toBe(404)
    expect((await read('/api/calendar/feed/nothing.ics')).status).toBe(404)
    expect((await call('POST', '/calendar/feed', { token: await loginAs('client') })).status).toBe(403)
  })
})
