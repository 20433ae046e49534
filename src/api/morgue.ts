import { request } from './client'
import { BookingResponse } from '../../shared/contracts/bookings'
import type { PrepTask, TransportRequest } from '../../shared/contracts/morgue'

const bookingPath = (id: string) => `/bookings/${encodeURIComponent(id)}`

/** PUT /bookings/{id}/tasks: the ticked preparation tasks; returns the booking. */
export const saveTasks = (id: string, tasks: PrepTask[]) =>
  request((w) => w.url(`${bookingPath(id)}/tasks`).put({ tasks }).json(), BookingResponse)

/** PUT /bookings/{id}/pickup: where the body is collected for the transfer ('' = the usual place). */
export const setPickup = (id: string, pickup: string) =>
  request((w) => w.url(`${bookingPath(id)}/pickup`).put({ pickup_location: pickup }).json(), BookingResponse)

/** PATCH /bookings/{id}/transport: the transfer departed or was delivered. */
export const moveTransport = (id: string, status: TransportRequest['transport_status']) =>
  request((w) => w.url(`${bookingPath(id)}/transport`).patch({ transport_status: status }).json(), BookingResponse)
