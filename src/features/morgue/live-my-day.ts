import { fromPromise } from 'xstate'
import { createCollectionMachine } from '../../../machines/shared/collection.machine'
import { listEvents, listResources } from '../../api/calendar'
import type { CalendarEvent, Resource } from '../../../shared/contracts/calendar'

/** One Nairobi day of the home's calendar: the events holding part of it and the resources they hold. */
export interface CalendarDay {
  id: string
  resources: Resource[]
  events: CalendarEvent[]
}

/** The generic list machine over one day (its query: `{ day: 'YYYY-MM-DD' }`). */
export const liveMyDay = createCollectionMachine<CalendarDay>('myDay').provide({
  actors: {
    fetchItems: fromPromise(async ({ input }) => {
      const { day } = input as unknown as { day: string }
      const [{ resources }, { events }] = await Promise.all([listResources(), listEvents(day, day)])
      return [{ id: day, resources, events }]
    }),
  },
})
