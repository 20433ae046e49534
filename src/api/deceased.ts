import { request } from './client'
import { DeceasedResponse, type DeceasedRequest } from '../../shared/contracts/bookings'

/** POST /deceased: the person the booking is for; the answer carries the new record's id. */
export const createDeceased = (body: DeceasedRequest) => request((w) => w.url('/deceased').post(body).json(), DeceasedResponse)

export const getDeceased = (id: string) => request((w) => w.url(`/deceased/${encodeURIComponent(id)}`).get().json(), DeceasedResponse)
