import { request } from './client'
import { EventList, EventSaved, FreeTimes, ResourceList, type EventMoveRequest } from '../../shared/contracts/calendar'

/** GET /calendar/free-times: the start times still free for these services, day by day (Nairobi days, inclusive). */
export const freeTimes = (serviceIds: readonly string[], from: string, to: string) =>
  request((w) => w.url(`/calendar/free-times?${new URLSearchParams({ services: serviceIds.join(','), from, to }).toString()}`).get().json(), FreeTimes)

/** GET /calendar/resources: the hearses and rooms the home books. */
export const listResources = () => request((w) => w.url('/calendar/resources').get().json(), ResourceList)

/** GET /calendar/events: what holds the resources over these Nairobi days. */
export const listEvents = (from: string, to: string) => request((w) => w.url(`/calendar/events?${new URLSearchParams({ from, to }).toString()}`).get().json(), EventList)

/** PATCH /calendar/events/{id}: a move (409 with what it clashes with). */
export const moveEvent = (id: string, body: EventMoveRequest) => request((w) => w.url(`/calendar/events/${encodeURIComponent(id)}`).patch(body).json(), EventSaved)
