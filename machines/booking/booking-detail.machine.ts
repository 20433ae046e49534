import { assign, fromPromise, setup, type AnyEventObject } from 'xstate'
import type { Booking } from '../../shared/contracts/bookings'
import type { NotifyEvent } from '../shared/notify'
import { recordFailure } from '../shared/failure'

interface BookingDetailContext {
  id: string
  booking: Booking | null
}

export const BOOKING_DETAIL_FAILED = 'Failed to load booking details'

/**
 * One booking's detail (SPEC.md section 2): load it; on any failure (including another family's
 * id, which the server answers 404) say 'Failed to load booking details' and let the screen return
 * to the list.
 */
export const bookingDetailMachine = setup({
  types: {
    context: {} as BookingDetailContext,
    input: {} as { id: string },
    emitted: {} as NotifyEvent,
  },
  actors: {
    fetchBooking: fromPromise<Booking, { id: string }>(async () => {
      throw new Error('fetchBooking actor not provided')
    }),
  },
  actions: {
    /** A toast only: the screen goes back to the list. */
    notifyFailure: recordFailure<BookingDetailContext, AnyEventObject>(null),
  },
}).createMachine({
  id: 'bookingDetail',
  description: 'Load and show one booking of the family.',
  context: ({ input }) => ({ id: input.id, booking: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching the booking.',
      tags: ['loading'],
      invoke: {
        src: 'fetchBooking',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: assign({ booking: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: { type: 'notifyFailure', params: { message: BOOKING_DETAIL_FAILED } } },
      },
    },
    ready: {
      description: 'The booking is shown.',
    },
    failed: {
      description: 'It could not be loaded (or is not this family\'s): the screen goes back to the list.',
      type: 'final',
    },
  },
})
