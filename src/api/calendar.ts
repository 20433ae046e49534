import { z } from 'zod/mini'
import { API_BASE, request } from './client'
import { ClashAnswer, EventList, EventSaved, FeedAnswer, FreeTimes, ResourceList, ResourceSaved, type EventMoveRequest, type ResourceRequest, type ResourceUpdateRequest } from '../../shared/contracts/calendar'

/** GET /calendar/free-times: the start times still free for these services, day by day (Nairobi days, inclusive). */
export const freeTimes = (serviceIds: readonly string[], from: string, to: string) =>
  request((w) => w.url(`/calendar/free-times?${new URLSearchParams({ services: serviceIds.join(','), from, to }).toString()}`).get().json(), FreeTimes)

/** GET /calendar/resources: the hearses and rooms the home books. */
export const listResources = () => request((w) => w.url('/calendar/resources').get().json(), ResourceList)

/** GET /calendar/events: what holds the resources over these Nairobi days. */
export const listEvents = (from: string, to: string) => request((w) => w.url(`/calendar/events?${new URLSearchParams({ from, to }).toString()}`).get().json(), EventList)

/**
 * PATCH /calendar/events/{id}: a move. A clash is an answer, not a failure: the 409's body (what it
 * clashes with) is returned for the admin to see, and to book over with a reason.
 */
export const moveEvent = (id: string, body: EventMoveRequest) =>
  request((w) => w.url(`/calendar/events/${encodeURIComponent(id)}`).patch(body).error(409, (error) => error.json as unknown).json(), z.union([EventSaved, ClashAnswer]))

/** POST /calendar/resources: a hearse, van, room or cold room the home books. */
export const addResource = (body: ResourceRequest) => request((w) => w.url('/calendar/resources').post(body).json(), ResourceSaved)

/** PATCH /calendar/resources/{id}: renamed, a new capacity, retired or back in service. */
export const updateResource = (id: string, body: ResourceUpdateRequest) => request((w) => w.url(`/calendar/resources/${encodeURIComponent(id)}`).patch(body).json(), ResourceSaved)

/** POST /calendar/feed: a new private feed address for the signed-in staff member (the old one stops working). */
export const makeFeed = () => request((w) => w.url('/calendar/feed').post().json(), FeedAnswer)

/** DELETE /calendar/feed: the feed's address stops working. */
export const turnOffFeed = () => request((w) => w.url('/calendar/feed').delete().json(), z.looseObject({ message: z.optional(z.string()) }))

/** The full address a phone's calendar subscribes to (the API may live on another origin). */
export const feedUrl = (path: string) => new URL(`${API_BASE}${path.replace(/^\/api/, '')}`, globalThis.location.origin).toString()
