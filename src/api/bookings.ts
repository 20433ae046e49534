import { z } from 'zod/mini'
import { currentToken, request } from './client'
import { earlyOr } from './early'
import { keptOr } from './kept-answers'
import {
  AssignedAttendant,
  BookingList,
  BookingPage,
  BookingResponse,
  type BookingPaymentRequest,
  type BookingRequest,
  type BookingStatusRequest,
} from '../../shared/contracts/bookings'

type StatusChange = z.input<typeof BookingStatusRequest>
type PaymentChange = z.input<typeof BookingPaymentRequest>

const bookingPath = (id: string) => `/bookings/${encodeURIComponent(id)}`

/** GET /bookings/my: the signed-in family's bookings (the first time, the answer src/early-data.ts asked for; with no network, the list kept from the last answer). */
export const myBookings = () => keptOr('/bookings/my', BookingList, () => request((w) => earlyOr('/bookings/my', currentToken(), () => w.url('/bookings/my').get().json()), BookingList))

/** GET /bookings/{id}: one booking (another family's answers 404); the first time, perhaps asked early; with no network, as kept. */
export const getBooking = (id: string) => keptOr(bookingPath(id), BookingResponse, () => request((w) => earlyOr(bookingPath(id), currentToken(), () => w.url(bookingPath(id)).get().json()), BookingResponse))

/** POST /bookings: deceased_id, services, notes; returns the booking. */
export const createBooking = (body: BookingRequest) => request((w) => w.url('/bookings').post(body).json(), BookingResponse)

/** GET /bookings: every booking (admin). */
export const allBookings = () => request((w) => w.url('/bookings').get().json(), BookingList)

/** GET /bookings?page&limit&sort[&status][&search]: one page of the admin's list, searched, filtered and sorted by the server. */
export function bookingsPage(query: { page: number; limit: number; search: string; status: string; sort: string }) {
  const params: Record<string, string> = { page: String(query.page), limit: String(query.limit), sort: query.sort }
  if (query.status !== 'all') params.status = query.status
  if (query.search.trim()) params.search = query.search.trim()
  return request((w) => w.url(`/bookings?${new URLSearchParams(params).toString()}`).get().json(), BookingPage)
}

/** GET /bookings/attendant: the attendant's bookings. */
export const attendantBookings = () => request((w) => w.url('/bookings/attendant').get().json(), BookingList)

export const updateBookingStatus = (id: string, body: StatusChange) =>
  request((w) => w.url(`${bookingPath(id)}/status`).patch(body).json(), BookingResponse)

export const updateBookingPayment = (id: string, body: PaymentChange) =>
  request((w) => w.url(`${bookingPath(id)}/payment`).patch(body).json(), BookingResponse)

export const assignAttendant = (id: string, attendantId: string | number) =>
  request(
    (w) => w.url(`${bookingPath(id)}/assign`).post({ attendant_id: attendantId }).json(),
    z.pipe(z.object({ attendant: AssignedAttendant }), z.transform((o) => o.attendant)),
  )
