/**
 * The demo calendar: the home's resources (two hearses, the chapel, the viewing room) and, for each
 * open booking still to come, the events its services hold, booked the way the app books them (the
 * first free resource of each kind), so the seeded calendar has no clash.
 */
import { DEMO_RESOURCES, nairobiInstant, needsOf, pickResources, type Slot } from '../calendar'
import type { DemoRows } from './rows'

export function addCalendar(rows: DemoRows, now: Date): void {
  const created_at = now.toISOString()
  for (const r of DEMO_RESOURCES) rows.add('calendarResources', { ...r, created_at })
  const resources = rows.data.calendarResources
  const held: Slot[] = []
  const open = rows.data.bookings.filter((b) => b.status !== 'cancelled' && b.status !== 'completed')
  for (const booking of open) {
    const first = booking.lines[0]
    const start = first && nairobiInstant(first.scheduled_date.slice(0, 16))
    if (!start || start.getTime() < now.getTime()) continue
    const picked = pickResources(needsOf(booking.lines.map((l) => l.service_name)), start.getTime(), resources, held)
    if (!picked) continue
    const deceased = rows.data.deceased.find((d) => d.id === booking.deceased_id)
    const title = deceased ? `${deceased.first_name} ${deceased.last_name}` : `Booking ${booking.id}`
    for (const { resource, minutes } of picked) {
      const end = new Date(start.getTime() + minutes * 60_000)
      const event = rows.add('calendarEvents', { title, booking_id: booking.id, starts_at: start.toISOString(), ends_at: end.toISOString(), resource_ids: [resource.id], override_reason: null, created_by: null, created_at })
      held.push({ id: event.id, title, start: start.getTime(), end: end.getTime(), resource_ids: [resource.id] })
    }
  }
}
