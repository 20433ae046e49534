import { assign, fromPromise, setup } from 'xstate'
import type { Booking } from '../../shared/contracts/bookings'
import type { NotifyEvent } from '../shared/notify'
import { recordFailure } from '../shared/failure'
import { slowLoading } from '../shared/slow-load'

interface BookingDetailContext {
  id: string
  booking: Booking | null
  /** The server could not be reached: said on the page, with Try again. */
  error: string | null
}

export type BookingDetailEvent = { type: 'booking.retry' }

export const BOOKING_DETAIL_FAILED = 'Failed to load booking details'

/** A call that got no answer at all (the API client's status 0): the booking may well be there. */
const noAnswer = (error: unknown) => typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 0

/**
 * One booking's detail (SPEC.md section 2): load it; when the server refuses (including another
 * family's id, which it answers 404) say 'Failed to load booking details' and let the screen return
 * to the list. When it cannot be reached (no answer, or none after SLOW_LOAD_MS), the page stays,
 * says so and offers Try again: going back to a list that cannot load either helps no one.
 */
export const bookingDetailMachine = setup({
  types: {
    context: {} as BookingDetailContext,
    events: {} as BookingDetailEvent,
    input: {} as { id: string },
    emitted: {} as NotifyEvent,
  },
  actors: {
    fetchBooking: fromPromise<Booking, { id: string }>(async () => {
      throw new Error('fetchBooking actor not provided')
    }),
  },
  guards: {
    noAnswer: (_, params: { error: unknown }) => noAnswer(params.error),
  },
  actions: {
    /** A toast only: the screen goes back to the list. */
    notifyFailure: recordFailure<BookingDetailContext, BookingDetailEvent>(null),
    /** Said on the page, with Try again: no toast as well. */
    failOnPage: recordFailure<BookingDetailContext, BookingDetailEvent>('error'),
  },
}).createMachine({
  id: 'bookingDetail',
  description: 'Load and show one booking of the family.',
  context: ({ input }) => ({ id: input.id, booking: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching the booking. Past SLOW_LOAD_MS it is `slow`: the page says it cannot reach us and Try again asks afresh.',
      tags: ['loading'],
      entry: assign({ error: null }),
      ...slowLoading({ 'booking.retry': { target: '#bookingDetail.loading', reenter: true } }),
      invoke: {
        src: 'fetchBooking',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: assign({ booking: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'noAnswer', params: ({ event }) => ({ error: event.error }) },
            target: 'unreachable',
            actions: { type: 'failOnPage', params: { message: BOOKING_DETAIL_FAILED, toast: '' } },
          },
          { target: 'failed', actions: { type: 'notifyFailure', params: { message: BOOKING_DETAIL_FAILED } } },
        ],
      },
    },
    ready: {
      description: 'The booking is shown.',
    },
    unreachable: {
      description: 'The server did not answer: the page says so and Try again loads the booking again.',
      on: { 'booking.retry': 'loading' },
    },
    failed: {
      description: 'It could not be loaded (or is not this family\'s): the screen goes back to the list.',
      type: 'final',
    },
  },
})
