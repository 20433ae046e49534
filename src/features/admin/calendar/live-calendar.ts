import { fromPromise } from 'xstate'
import { msg } from '@lingui/core/macro'
import { createCollectionMachine } from '../../../../machines/shared/collection.machine'
import { listEvents, listResources } from '../../../api/calendar'
import { listAttendants } from '../../../api/attendants'
import type { CalendarEvent, Resource } from '../../../../shared/contracts/calendar'
import { addDays } from '../../../../shared/dates'

/** The days shown: the resources and the events that hold them from `from` for `days` Nairobi days (one item, the range). */
export interface CalendarRange {
  id: string
  from: string
  days: number
  resources: Resource[]
  events: CalendarEvent[]
  /** The staff accounts a driver or attendant on the calendar may be linked to (empty when they could not be read). */
  accounts: Array<{ id: string; name: string }>
}

/** The generic list machine, fetching one range at a time (asked again when the admin moves through the weeks). */
export const liveCalendar = createCollectionMachine<CalendarRange>('calendar').provide({
  actors: {
    fetchItems: fromPromise(async ({ input }) => {
      const { from, days } = input as unknown as { from: string; days: number }
      const [{ resources }, { events }, accounts] = await Promise.all([listResources(), listEvents(from, addDays(from, days - 1)), listAttendants().catch(() => [])])
      return [{ id: `${from}/${days}`, from, days, resources, events, accounts: accounts.map((u) => ({ id: String(u.id), name: u.name })) }]
    }),
  },
})

export const CALENDAR_FAILED = msg`Failed to load the calendar`
