/**
 * The demo calendar: the home's resources (two hearses, the chapel, the viewing room) and, for each
 * open booking still to come, the events its services hold, booked the way the app books them (the
 * first free resource of each kind), so the seeded calendar has no clash.
 */
import { DEMO_RESOURCES, bookingHold, holdTitle, type Slot } from '../calendar'
import type { DemoRows } from './rows'

export function addCalendar(rows: DemoRows, now: Date): void {
  const created_at = now.toISOString()
  for (const r of DEMO_RESOURCES) rows.add('calendarResources', { ...r, created_at })
  const resources = rows.data.calendarResources
  const held: Slot[] = []
  const open = rows.data.bookings.filter((b) => b.status !== 'cancelled' && b.status !== 'completed')
  for (const booking of open) {
    const hold = bookingHold(booking.lines, resources, held)
    if (!hold || hold === 'taken' || hold.start.getTime() < now.getTime()) continue
    const { start } = hold
    const title = holdTitle(rows.data.deceased.find((d) => d.id === booking.deceased_id), booking.id)
    for (const { resource_id, end } of hold.holds) {
      const event = rows.add('calendarEvents', { title, booking_id: booking.id, starts_at: start.toISOString(), ends_at: end.toISOString(), resource_ids: [resource_id], override_reason: null, created_by: null, created_at })
      held.push({ id: event.id, title, start: start.getTime(), end: end.getTime(), resource_ids: [resource_id] })
    }
  }
}
