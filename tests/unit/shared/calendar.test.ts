import { describe, expect, it } from 'vitest'
import { refusal } from './refusal'
import { bookingHold, checkEvent, clashesOf, outsideHours, refusalOf, dayRange, freeTimes, nairobiInstant, nairobiWallClock, needsOf, pickResources, type CalendarResource, type Slot } from '../../../shared/calendar'
import { CALENDAR_MESSAGES } from '../../../shared/contracts/calendar'
import { demoData } from '../../../shared/demo/data'

const resources: CalendarResource[] = [
  { id: 1, kind: 'hearse', name: 'Hearse A', capacity: 4 },
  { id: 2, kind: 'hearse', name: 'Hearse B', capacity: 4 },
  { id: 3, kind: 'chapel', name: 'Chapel', capacity: 80 },
  { id: 4, kind: 'cold_room', name: 'Cold room', capacity: 2 },
]
const at = (local: string) => nairobiInstant(local)?.getTime() ?? NaN
const slot = (id: number, from: string, to: string, resource_ids: number[]): Slot => ({ id, title: `Event ${id}`, start: at(from), end: at(to), resource_ids })
const now = new Date('2030-03-01T05:00:00Z') // 08:00 in Nairobi

describe('Nairobi wall-clock times', () => {
  it('reads a Nairobi time as the instant three hours earlier in UTC, and back', () => {
    expect(nairobiInstant('2030-03-02T09:30')?.toISOString()).toBe('2030-03-02T06:30:00.000Z')
    expect(nairobiWallClock(new Date('2030-03-02T21:30:00Z'))).toBe('2030-03-03T00:30')
    expect(nairobiInstant('2030-02-30T09:30')).toBeNull()
  })
})

describe('the clash rule', () => {
  const events = [slot(10, '2030-03-02T09:00', '2030-03-02T12:00', [1]), slot(11, '2030-03-02T10:00', '2030-03-02T11:00', [4]), slot(12, '2030-03-02T10:30', '2030-03-02T11:30', [4])]

  it('a resource held over any part of the window clashes; touching ends do not', () => {
    expect(clashesOf({ start: at('2030-03-02T11:59'), end: at('2030-03-02T13:00'), resource_ids: [1] }, events, resources)).toEqual([
      expect.objectContaining({ event_id: 10, resource_id: 1, resource_name: 'Hearse A' }),
    ])
    expect(clashesOf({ start: at('2030-03-02T12:00'), end: at('2030-03-02T13:00'), resource_ids: [1] }, events, resources)).toEqual([])
    expect(clashesOf({ start: at('2030-03-02T09:00'), end: at('2030-03-02T12:00'), resource_ids: [2, 3] }, events, resources)).toEqual([])
  })

  it('an event moved over its own time does not clash with itself', () => {
    expect(clashesOf({ start: at('2030-03-02T10:00'), end: at('2030-03-02T13:00'), resource_ids: [1], ignoreId: 10 }, events, resources)).toEqual([])
  })

  it('a cold room holds as many as its places at the same moment', () => {
    // Two bodies from 10:30 to 11:00: a third then clashes; a third from 11:30 fits beside none.
    expect(clashesOf({ start: at('2030-03-02T10:45'), end: at('2030-03-02T10:50'), resource_ids: [4] }, events, resources)).toHaveLength(2)
    expect(clashesOf({ start: at('2030-03-02T09:00'), end: at('2030-03-02T10:15'), resource_ids: [4] }, events, resources)).toEqual([])
    expect(clashesOf({ start: at('2030-03-02T11:10'), end: at('2030-03-02T12:00'), resource_ids: [4] }, events, resources)).toEqual([])
  })

  it('checks a request: a real, future Nairobi time and known resources; a reason overrides the clash and is kept', () => {
    const request = { title: 'Service', start: '2030-03-02T10:00', minutes: 60, resource_ids: [1] }
    expect(checkEvent({ request, resources, events, now })).toMatchObject({ clashes: [expect.objectContaining({ event_id: 10 })], override_reason: null })
    expect(checkEvent({ request: { ...request, override_reason: '  Family agreed to wait ' }, resources, events, now })).toMatchObject({ override_reason: 'Family agreed to wait' })
    expect(refusal(() => checkEvent({ request: { ...request, start: '2030-03-01T07:30' }, resources, events, now })).message).toBe(CALENDAR_MESSAGES.past)
    // A retired resource takes nothing new, but an event it already holds may still move in time.
    const retired = resources.map((r) => (r.id === 1 ? { ...r, retired: true } : r))
    expect(refusal(() => checkEvent({ request, resources: retired, events, now })).message).toBe(CALENDAR_MESSAGES.unknownResource)
    expect(checkEvent({ request: { start: '2030-03-03T09:00' }, current: events[0], resources: retired, events, now }).resource_ids).toEqual(events[0]?.resource_ids)
    expect(refusal(() => checkEvent({ request: { ...request, resource_ids: [99] }, resources, events, now })).status).toBe(422)
    const moved = checkEvent({ request: { minutes: 240 }, current: events[0], resources, events, now })
    expect(moved.end.toISOString()).toBe('2030-03-02T10:00:00.000Z')
    expect(moved.clashes).toEqual([])
  })
})

describe('staff and their working hours', () => {
  const driver: CalendarResource = { id: 5, kind: 'driver', name: 'Driver Otieno', capacity: null, hours: { from: '08:00', to: '17:00' } }
  const staffed = [...resources, driver]

  it('an event must begin and end within the hours of one Nairobi day; staff with no hours work any time', () => {
    expect(outsideHours(driver, at('2030-03-02T08:00'), at('2030-03-02T17:00'))).toBe(false)
    expect(outsideHours(driver, at('2030-03-02T07:59'), at('2030-03-02T09:00'))).toBe(true)
    expect(outsideHours(driver, at('2030-03-02T16:00'), at('2030-03-02T17:01'))).toBe(true)
    expect(outsideHours(driver, at('2030-03-02T09:00'), at('2030-03-03T09:30'))).toBe(true)
    expect(outsideHours({ ...driver, hours: null }, at('2030-03-02T22:00'), at('2030-03-03T04:00'))).toBe(false)
  })

  it('a check names the staff held off hours and the refusal says so; a reason lets it through; a hearse is picked only with a driver at work', () => {
    const request = { title: 'Transport', start: '2030-03-02T17:30', minutes: 60, resource_ids: [1, 5] }
    const checked = checkEvent({ request, resources: staffed, events: [], now })
    expect(checked.off_hours).toEqual([{ resource_id: 5, resource_name: 'Driver Otieno', from: '08:00', to: '17:00' }])
    expect(refusalOf(checked)).toEqual({ message: CALENDAR_MESSAGES.offHours, clashes: [], off_hours: checked.off_hours })
    expect(refusalOf(checkEvent({ request: { ...request, override_reason: 'Stays late' }, resources: staffed, events: [], now }))).toBeNull()
    const needs = needsOf(['Burial'])
    expect(pickResources(needs, at('2030-03-02T13:00'), staffed, [])?.map((p) => p.resource.id)).toEqual([1, 5])
    expect(pickResources(needs, at('2030-03-02T14:00'), staffed, [])).toBeNull()
  })
})

describe('what services take and which times are free', () => {
  it('a booking holds one resource of each kind for the longest of its services; a trip out and back', () => {
    expect(needsOf(['Burial', 'Hearse Transport', 'Embalming'])).toEqual([{ kind: 'hearse', minutes: 240 }, { kind: 'driver', minutes: 240 }])
    expect(needsOf(['Hearse Transport'], 6)).toEqual([{ kind: 'hearse', minutes: 720 }, { kind: 'driver', minutes: 720 }])
    expect(needsOf(['Premium Funeral'])).toEqual([{ kind: 'viewing_room', minutes: 120 }, { kind: 'chapel', minutes: 120 }])
  })

  it('picks the first free hearse, and none when both are out; a retired hearse is never picked', () => {
    const out = [slot(1, '2030-03-02T08:00', '2030-03-02T20:00', [1])]
    expect(pickResources([{ kind: 'hearse', minutes: 60 }], at('2030-03-02T09:00'), resources, out)?.map((p) => p.resource.id)).toEqual([2])
    const retiredB = resources.map((r) => (r.id === 2 ? { ...r, retired: true } : r))
    expect(pickResources([{ kind: 'hearse', minutes: 60 }], at('2030-03-02T09:00'), retiredB, out)).toBeNull()
    expect(pickResources([{ kind: 'hearse', minutes: 60 }], at('2030-03-02T09:00'), retiredB, [])?.map((p) => p.resource.id)).toEqual([1])
    expect(pickResources([{ kind: 'hearse', minutes: 60 }], at('2030-03-02T09:00'), resources, [...out, slot(2, '2030-03-02T09:00', '2030-03-02T10:00', [2])])).toBeNull()
  })

  it('a home with no resource of a kind takes bookings as before: nothing of that kind is held, and no day is full for it', () => {
    const noVehicles = resources.filter((r) => r.kind !== 'hearse')
    expect(pickResources([{ kind: 'hearse', minutes: 240 }, { kind: 'chapel', minutes: 120 }], at('2030-03-02T09:00'), noVehicles, [])?.map((p) => p.resource.id)).toEqual([3])
    expect(bookingHold([{ service_name: 'Burial', scheduled_date: '2030-03-02T09:00' }], [], [])).toBeNull()
    const days = freeTimes({ needs: needsOf(['Burial', 'Premium Funeral']), from: '2030-03-02', days: 1, resources: [], events: [], now })
    expect(days[0]?.full).toBe(false)
    expect(days[0]?.times[0]).toBe('08:00')
  })

  it('offers the opening hours not yet past where every need finds a resource, and says when a day is full', () => {
    // The chapel is taken all of Saturday morning; Sunday it is taken all day.
    const events = [slot(1, '2030-03-02T08:00', '2030-03-02T12:00', [3]), slot(2, '2030-03-03T08:00', '2030-03-03T19:00', [3])]
    const days = freeTimes({ needs: needsOf(['Basic Funeral']), from: '2030-03-01', days: 3, resources, events, now: new Date('2030-03-01T10:40:00Z') })
    expect(days[0]).toEqual({ date: '2030-03-01', times: ['14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00'], full: false })
    expect(days[1]?.times[0]).toBe('12:00')
    expect(days[2]).toEqual({ date: '2030-03-03', times: [], full: true })
  })

  it('reads a range of days and refuses one too long or backwards', () => {
    expect(dayRange('2030-02-27', '2030-03-02', 60)).toEqual({ from: '2030-02-27', days: 4 })
    expect(refusal(() => dayRange('2030-03-02', '2030-03-01', 60)).status).toBe(422)
    expect(refusal(() => dayRange('2030-01-01', '2030-06-01', 60)).status).toBe(422)
  })

  it('the demo books its open bookings without a clash, on two hearses, the chapel and the viewing room', () => {
    const data = demoData({ now: new Date('2030-03-01T06:00:00Z') })
    expect(data.calendarResources.map((r) => r.kind)).toEqual(['hearse', 'hearse', 'chapel', 'viewing_room'])
    expect(data.calendarEvents.length).toBeGreaterThan(0)
    const slots = data.calendarEvents.map((e) => ({ id: e.id, title: e.title, start: Date.parse(e.starts_at), end: Date.parse(e.ends_at), resource_ids: e.resource_ids }))
    for (const e of slots) expect(clashesOf({ ...e, ignoreId: e.id }, slots, data.calendarResources)).toEqual([])
  })
})
