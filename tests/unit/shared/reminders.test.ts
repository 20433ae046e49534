import { describe, expect, it } from 'vitest'
import { dueReminders, reminderDay, staffReminders, type ReminderBooking } from '../../../shared/reminders'

const booking = (over: Partial<ReminderBooking> = {}): ReminderBooking => ({
  id: 7,
  status: 'confirmed',
  client_id: 3,
  attendant_id: 2,
  deceased: 'Wanjiku Kamau',
  venue: 'Langata Cemetery',
  lines: [
    { service_name: 'Burial', scheduled_date: '2031-01-01T11:00:00' },
    { service_name: 'Premium Funeral', scheduled_date: '2031-01-01T09:00:00' },
    { service_name: 'Flowers', scheduled_date: '2031-01-02T09:00:00' },
  ],
  ...over,
})
// 08:00 on New Year's Eve in Nairobi (05:00 UTC), years ahead of any real today.
const eve = new Date('2030-12-31T05:00:00Z')

describe('day-before reminders', () => {
  it('remind of tomorrow (Nairobi) from eight in the morning of the day before, across a year end too', () => {
    expect(reminderDay(new Date('2030-12-31T04:59:00Z'))).toBeNull()
    expect(reminderDay(eve)).toBe('2031-01-01')
    // 23:30 in Nairobi is 20:30 UTC: still the 31st there, so still tomorrow the 1st.
    expect(reminderDay(new Date('2030-12-31T20:30:00Z'))).toBe('2031-01-01')
    // 00:30 in Nairobi on the 1st is the 31st in UTC: the night, nobody is texted yet.
    expect(reminderDay(new Date('2030-12-31T21:30:00Z'))).toBeNull()
    expect(reminderDay(new Date('2096-02-28T06:00:00Z'))).toBe('2096-02-29')
  })

  it("one SMS to the family and one to the attendant, with tomorrow's programme in order, each in their language", () => {
    const due = dueReminders({ now: eve, home: 'Amani Funeral Home', bookings: [booking()] })
    expect(due.map((r) => [r.who, r.user_id, r.key])).toEqual([
      ['family', 3, 'reminder:2031-01-01:7:3'],
      ['attendant', 2, 'reminder:2031-01-01:7:2'],
    ])
    expect(due[0]?.body('en')).toBe('Amani Funeral Home: a reminder for tomorrow, Wednesday, 1 January. Wanjiku Kamau: 09:00 Premium Funeral, 11:00 Burial at Langata Cemetery. Call us with any question.')
    expect(due[1]?.body('en')).toBe('Amani Funeral Home: tomorrow, Wednesday, 1 January, you are on Wanjiku Kamau: 09:00 Premium Funeral, 11:00 Burial at Langata Cemetery.')
    expect(due[0]?.body('sw')).toMatch(/^Amani Funeral Home: ukumbusho wa kesho, Jumatano.*Wanjiku Kamau: 09:00 Premium Funeral, 11:00 Burial, mahali: Langata Cemetery\./)
    expect(due[1]?.body('sw')).toMatch(/una kazi ya Wanjiku Kamau/)
  })

  it('nobody is reminded before eight, of a cancelled or completed booking, of a day with no service, nor an attendant never assigned', () => {
    expect(dueReminders({ now: new Date('2030-12-31T04:00:00Z'), home: 'H', bookings: [booking()] })).toEqual([])
    expect(dueReminders({ now: eve, home: 'H', bookings: [booking({ status: 'cancelled' }), booking({ status: 'completed' })] })).toEqual([])
    expect(dueReminders({ now: new Date('2031-01-02T05:00:00Z'), home: 'H', bookings: [booking()] })).toEqual([])
    expect(dueReminders({ now: eve, home: 'H', bookings: [booking({ attendant_id: null, venue: null })] }).map((r) => r.who)).toEqual(['family'])
  })

  it('each staff member linked to an account is reminded of each event of theirs starting tomorrow, with its hours and what else it holds; once per event', () => {
    const resources = [
      { id: 1, kind: 'hearse' as const, name: 'Hearse KCA 123A', capacity: null },
      { id: 2, kind: 'driver' as const, name: 'Otieno', capacity: null, user_id: 9 },
      { id: 3, kind: 'driver' as const, name: 'On call', capacity: null },
    ]
    const at = (iso: string) => Date.parse(iso)
    const events = [
      // 09:00 on the 1st to 06:00 on the 2nd (Nairobi): an upcountry trip, out and back.
      // The booking holds each resource with an event of its own: the driver's says with what hearse.
      { id: 40, title: 'Trip: Wanjiku Kamau', start: at('2031-01-01T06:00:00Z'), end: at('2031-01-02T03:00:00Z'), resource_ids: [2], booking_id: 7 },
      { id: 39, title: 'Trip: Wanjiku Kamau', start: at('2031-01-01T06:00:00Z'), end: at('2031-01-02T03:00:00Z'), resource_ids: [1], booking_id: 7 },
      { id: 41, title: 'Burial: Other', start: at('2031-01-02T06:00:00Z'), end: at('2031-01-02T09:00:00Z'), resource_ids: [1, 2], booking_id: 8 },
      { id: 42, title: 'Unlinked driver', start: at('2031-01-01T10:00:00Z'), end: at('2031-01-01T11:00:00Z'), resource_ids: [3], booking_id: null },
    ]
    const due = staffReminders({ now: eve, home: 'Amani', events, resources })
    expect(due.map((r) => [r.who, r.user_id, r.booking_id, r.key])).toEqual([['staff', 9, 7, 'reminder:2031-01-01:event:40:9']])
    expect(due[0]?.body('en')).toBe('Amani: tomorrow, Wednesday, 1 January, you are on Trip: Wanjiku Kamau, 09:00–2031-01-02 06:00 with Hearse KCA 123A.')
    expect(due[0]?.body('sw')).toMatch(/^Amani: kesho, Jumatano.*una kazi ya Trip: Wanjiku Kamau, 09:00–2031-01-02 06:00, na Hearse KCA 123A\.$/)
    expect(staffReminders({ now: new Date('2030-12-31T04:00:00Z'), home: 'Amani', events, resources })).toEqual([])
  })
})
