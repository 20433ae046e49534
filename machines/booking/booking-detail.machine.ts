import { assign, emit, fromPromise, setup } from 'xstate'
import type { Booking } from '../../src/api/contracts/bookings'
import { notify, type NotifyEvent } from '../shared/notify'

export const BOOKING_DETAIL_FAILED = 'Failed to load booking details'

/**
 * One booking's detail (SPEC.md section 2): load it; on any failure (including another family's
 * id, which the server answers 404) say 'Failed to load booking details' and let the screen return
 * to the list.
 */
export const bookingDetailMachine = setup({
  types: {
    context: {} as { id: string; booking: Booking | null },
    input: {} as { id: string },
    emitted: {} as NotifyEvent,
  },
  actors: {
    fetchBooking: fromPromise<Booking, { id: string }>(async () => {
      throw new Error('fetchBooking actor not provided')
    }),
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
        onError: { target: 'failed', actions: emit(notify('error', BOOKING_DETAIL_FAILED)) },
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
