import { fromPromise } from 'xstate'
import { adminBookingsMachine, allBookingsMachine, type BookingsQuery, type Change } from '../../../../machines/admin/admin-bookings.machine'
import { pageOf } from '../../../../machines/shared/collection.machine'
import { serviceCatalogueMachine } from '../../../../machines/admin/service-catalogue.machine'
import { listAttendants } from '../../../api/attendants'
import { assignAttendant, bookingsPage, updateBookingPayment, updateBookingStatus } from '../../../api/bookings'
import { createService, deleteService, listCatalogue, updatePricing, updateService } from '../../../api/services'

/** A change of the table or the case page as the request it becomes. */
export function sendChange(input: Change) {
  const expected = 'expected' in input && input.expected ? { expected_status: input.expected } : {}
  if (input.kind === 'status') {
    return updateBookingStatus(input.id, {
      status: input.status,
      ...(input.reason ? { reason: input.reason } : {}),
      ...(input.override ? { override_reason: input.override } : {}),
      ...expected,
    })
  }
  if (input.kind === 'payment') return updateBookingPayment(input.id, { payment_status: input.paymentStatus, ...(input.reason ? { reason: input.reason } : {}) })
  const notes = input.notes.trim()
  return updateBookingStatus(input.id, { status: 'cancelled', ...(notes ? { notes } : {}), ...(input.refund ? { refund: true } : {}), ...expected })
}

/** The All bookings page's machines with their real I/O: the /api client. Tests give fakes instead. */
export const liveAdminBookingsMachine = adminBookingsMachine.provide({
  actors: {
    allBookings: allBookingsMachine.provide({
      actors: {
        // One page from the server: the machine gives the view's query as the input.
        fetchItems: fromPromise(async ({ input }) => {
          const answer = await bookingsPage(input as unknown as BookingsQuery)
          return pageOf(answer.bookings, answer.pagination.total)
        }),
      },
    }),
    fetchAttendants: fromPromise(() => listAttendants()),
    changeBooking: fromPromise(({ input }) => sendChange(input)),
    assignAttendant: fromPromise(async ({ input }) => ({ bookingId: input.id, attendant: await assignAttendant(input.id, input.attendantId) })),
  },
})

export const liveServiceCatalogueMachine = serviceCatalogueMachine.provide({
  actors: {
    fetchServices: fromPromise(() => listCatalogue()),
    createService: fromPromise(({ input }) => createService(input)),
    updateService: fromPromise(({ input }) => updateService(input.id, input.payload)),
    deleteService: fromPromise(({ input }) => deleteService(input.id)),
    updatePricing: fromPromise(({ input }) => updatePricing(input)),
  },
})
