import { request } from './client'
import { CustodyRecord, CustodySaved, type CustodyRequest } from '../../shared/contracts/custody'

const custodyPath = (id: string) => `/bookings/${encodeURIComponent(id)}/custody`

/** GET /bookings/{id}/custody: the chain of custody of a booking's body (its family, its attendant, admins). */
export const getCustody = (id: string) => request((w) => w.url(custodyPath(id)).get().json(), CustodyRecord)

/** POST /bookings/{id}/custody: record the next movement (the assigned attendant or an admin). */
export const addCustodyEvent = (id: string, body: CustodyRequest) => request((w) => w.url(custodyPath(id)).post(body).json(), CustodySaved)
