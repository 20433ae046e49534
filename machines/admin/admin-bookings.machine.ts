import { assign, emit, fromPromise, setup } from 'xstate'
import type { Booking, BookingStatus, PaymentStatus } from '../../src/api/contracts/bookings'
import type { User } from '../../src/api/contracts/auth'
import { notify, type NotifyEvent } from '../shared/notify'

/** SPEC.md section 8 (Bookings), plus the payment-status pair SPEC.md does not word. */
export const ADMIN_BOOKING_MESSAGES = {
  loadFailed: 'Failed to fetch bookings',
  statusUpdated: 'Booking status updated',
  statusFailed: 'Failed to update booking status',
  paymentUpdated: 'Payment status updated',
  paymentFailed: 'Failed to update payment status',
  cancelled: 'Booking cancelled successfully',
  cancelFailed: 'Failed to cancel booking',
  assigned: 'Attendant assigned successfully',
  assignFailed: 'Failed to assign attendant',
} as const

export interface AdminBookingsContext {
  bookings: Booking[]
  attendants: User[]
  error: string | null
  /** The booking whose cancel dialog is open. */
  cancelId: string | null
}

export type AdminBookingsEvent =
  | { type: 'bookings.reload' }
  | { type: 'booking.setStatus'; id: string; status: BookingStatus }
  | { type: 'booking.setPayment'; id: string; paymentStatus: PaymentStatus }
  | { type: 'booking.assign'; id: string; attendantId: string }
  | { type: 'cancel.open'; id: string }
  | { type: 'cancel.close' }
  | { type: 'cancel.confirm'; notes: string }

type Change =
  | { kind: 'status'; id: string; status: BookingStatus }
  | { kind: 'payment'; id: string; paymentStatus: PaymentStatus }
  | { kind: 'cancel'; id: string; notes: string }

const notProvided = (name: string) => async () => {
  throw new Error(`${name} actor not provided`)
}

const replaceBooking = (list: Booking[], updated: Booking) => list.map((b) => (b.id === updated.id ? { ...b, ...updated } : b))

/**
 * The admin's All bookings page (SPEC.md section 2, /dashboard/admin/services): every booking, its
 * status and payment status changed at once by dropdown, cancel with an optional reason, and the
 * attendant assignment. One change at a time; a failed status change reloads the list so the
 * dropdown never shows a value the server does not hold.
 */
export const adminBookingsMachine = setup({
  types: {
    context: {} as AdminBookingsContext,
    events: {} as AdminBookingsEvent,
    emitted: {} as NotifyEvent,
  },
  actors: {
    fetchBookings: fromPromise<Booking[], void>(notProvided('fetchBookings')),
    fetchAttendants: fromPromise<User[], void>(notProvided('fetchAttendants')),
    changeBooking: fromPromise<Booking, Change>(notProvided('changeBooking')),
    /** Answers the booking id and the attendant the server assigned. */
    assignAttendant: fromPromise<{ bookingId: string; attendant: { id: string; name: string } }, { id: string; attendantId: string }>(
      notProvided('assignAttendant'),
    ),
  },
}).createMachine({
  id: 'adminBookings',
  description: 'All bookings for the admin, with their attendants to assign.',
  context: { bookings: [], attendants: [], error: null, cancelId: null },
  type: 'parallel',
  states: {
    attendants: {
      description: 'The morgue attendants a booking can be assigned to (loaded once, beside the list).',
      initial: 'loading',
      states: {
        loading: {
          description: 'Fetching the attendants.',
          invoke: {
            src: 'fetchAttendants',
            onDone: { target: 'ready', actions: assign({ attendants: ({ event }) => event.output }) },
            onError: 'failed',
          },
        },
        ready: { description: 'Attendants known.' },
        failed: {
          description: 'No attendants to offer; the assign control says so.',
          on: { 'bookings.reload': 'loading' },
        },
      },
    },
    list: {
      description: 'The bookings and the one change in flight.',
      initial: 'loading',
      states: {
        loading: {
          description: 'Fetching every booking; the last list stays on screen.',
          tags: ['loading'],
          entry: assign({ error: null }),
          invoke: {
            src: 'fetchBookings',
            onDone: { target: 'ready', actions: assign({ bookings: ({ event }) => event.output }) },
            onError: {
              target: 'failed',
              actions: [assign({ error: ADMIN_BOOKING_MESSAGES.loadFailed }), emit(notify('error', ADMIN_BOOKING_MESSAGES.loadFailed))],
            },
          },
        },
        failed: {
          description: 'The list could not be loaded; the user can try again.',
          on: { 'bookings.reload': 'loading' },
        },
        ready: {
          description: 'Bookings shown; a change can start.',
          on: {
            'bookings.reload': 'loading',
            'booking.setStatus': {
              target: 'changingStatus',
              // Shown at once; a failure reloads the list from the server.
              actions: assign({
                bookings: ({ context, event }) => context.bookings.map((b) => (b.id === event.id ? { ...b, status: event.status } : b)),
              }),
            },
            'booking.setPayment': {
              target: 'changingPayment',
              actions: assign({
                bookings: ({ context, event }) =>
                  context.bookings.map((b) => (b.id === event.id ? { ...b, payment_status: event.paymentStatus } : b)),
              }),
            },
            'booking.assign': 'assigning',
            'cancel.open': { actions: assign({ cancelId: ({ event }) => event.id }) },
            'cancel.close': { actions: assign({ cancelId: null }) },
            'cancel.confirm': { guard: ({ context }) => context.cancelId !== null, target: 'cancelling' },
          },
        },
        changingStatus: {
          description: 'PATCH /bookings/{id}/status.',
          tags: ['saving'],
          invoke: {
            src: 'changeBooking',
            input: ({ event }) => {
              const e = event as Extract<AdminBookingsEvent, { type: 'booking.setStatus' }>
              return { kind: 'status' as const, id: e.id, status: e.status }
            },
            onDone: {
              target: 'ready',
              actions: [
                assign({ bookings: ({ context, event }) => replaceBooking(context.bookings, event.output) }),
                emit(notify('success', ADMIN_BOOKING_MESSAGES.statusUpdated)),
              ],
            },
            onError: { target: 'loading', actions: emit(notify('error', ADMIN_BOOKING_MESSAGES.statusFailed)) },
          },
        },
        changingPayment: {
          description: 'PATCH /bookings/{id}/payment.',
          tags: ['saving'],
          invoke: {
            src: 'changeBooking',
            input: ({ event }) => {
              const e = event as Extract<AdminBookingsEvent, { type: 'booking.setPayment' }>
              return { kind: 'payment' as const, id: e.id, paymentStatus: e.paymentStatus }
            },
            onDone: {
              target: 'ready',
              actions: [
                assign({ bookings: ({ context, event }) => replaceBooking(context.bookings, event.output) }),
                emit(notify('success', ADMIN_BOOKING_MESSAGES.paymentUpdated)),
              ],
            },
            onError: { target: 'loading', actions: emit(notify('error', ADMIN_BOOKING_MESSAGES.paymentFailed)) },
          },
        },
        cancelling: {
          description: 'PATCH /bookings/{id}/status to cancelled, the reason as notes; the dialog stays open until it is done.',
          tags: ['saving'],
          invoke: {
            src: 'changeBooking',
            input: ({ context, event }) => ({
              kind: 'cancel' as const,
              id: context.cancelId ?? '',
              notes: (event as Extract<AdminBookingsEvent, { type: 'cancel.confirm' }>).notes,
            }),
            onDone: {
              target: 'ready',
              actions: [
                assign({ bookings: ({ context, event }) => replaceBooking(context.bookings, event.output), cancelId: null }),
                emit(notify('success', ADMIN_BOOKING_MESSAGES.cancelled)),
              ],
            },
            onError: { target: 'ready', actions: emit(notify('error', ADMIN_BOOKING_MESSAGES.cancelFailed)) },
          },
        },
        assigning: {
          description: 'POST /bookings/{id}/assign; the row shows the attendant the server answers.',
          tags: ['saving'],
          invoke: {
            src: 'assignAttendant',
            input: ({ event }) => {
              const e = event as Extract<AdminBookingsEvent, { type: 'booking.assign' }>
              return { id: e.id, attendantId: e.attendantId }
            },
            onDone: {
              target: 'ready',
              actions: [
                assign({
                  bookings: ({ context, event }) =>
                    context.bookings.map((b) => (b.id === event.output.bookingId ? { ...b, assignedAttendant: event.output.attendant } : b)),
                }),
                emit(notify('success', ADMIN_BOOKING_MESSAGES.assigned)),
              ],
            },
            onError: { target: 'ready', actions: emit(notify('error', ADMIN_BOOKING_MESSAGES.assignFailed)) },
          },
        },
      },
    },
  },
})
