import { z } from 'zod/mini'
import { request } from './client'
import { ColdRoomFull, CustodyRecord, CustodySaved, type CustodyRequest } from '../../shared/contracts/custody'

const custodyPath = (id: string) => `/bookings/${encodeURIComponent(id)}/custody`

/** GET /bookings/{id}/custody: the chain of custody of a booking's body (its family, its attendant, admins). */
export const getCustody = (id: string) => request((w) => w.url(custodyPath(id)).get().json(), CustodyRecord)

/**
 * POST /bookings/{id}/custody: record the next movement (the assigned attendant or an admin). A
 * full cold room is an answer, not a failure: the 409's body (its places and the bodies there) is
 * returned for the screen to show, and for an admin to receive the body over it with a reason.
 */
export const addCustodyEvent = (id: string, body: CustodyRequest) =>
  request((w) => w.url(custodyPath(id)).post(body).error(409, (error) => error.json as unknown).json(), z.union([CustodySaved, ColdRoomFull]))
