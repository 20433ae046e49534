import { assertEvent, assign, emit, fromPromise, sendTo, setup } from 'xstate'
import type { Booking, BookingStatus, PaymentStatus } from '../../src/api/contracts/bookings'
import type { User } from '../../src/api/contracts/auth'
import { createCollectionMachine } from '../shared/collection.machine'
import { recordFailure } from '../shared/failure'
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

/** Rows per page of the All bookings grid (the list is loaded whole and paged here). */
export const ADMIN_BOOKINGS_PAGE_SIZE = 20

export type BookingSort = 'newest' | 'oldest'

/** What the admin narrowed the list to; the rows themselves are derived (`bookingsPage`). */
export interface BookingsView {
  /** Words matched against the deceased's and the family's names. */
  search: string
  status: BookingStatus | 'all'
  sort: BookingSort
  /** 1-based; past the last page it shows the last one. */
  page: number
}

export interface AdminBookingsContext {
  attendants: User[]
  view: BookingsView
  /** The booking whose cancel dialog is open. */
  cancelId: string | null
}

export type AdminBookingsEvent =
  | { type: 'bookings.reload' }
  /** A new search or status filter starts again at page 1. */
  | { type: 'bookings.filter'; search?: string; status?: BookingStatus | 'all' }
  | { type: 'bookings.sort'; sort: BookingSort }
  | { type: 'bookings.page'; page: number }
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

/** GET /bookings (every booking): the one collection machine; the app provides its `fetchItems`. */
export const allBookingsMachine = createCollectionMachine<Booking>('allBookings')

export const deceasedOf = (b: Booking) => `${b.deceased_first_name} ${b.deceased_last_name}`.trim() || `Booking #${b.id}`

export interface BookingsPage {
  /** The rows of the current page. */
  rows: Booking[]
  /** How many bookings pass the filters. */
  matching: number
  page: number
  pages: number
  /** 1-based position of the first row shown (0 when none). */
  first: number
}

/** The page of bookings the view asks for: filtered, sorted by creation, then sliced. */
export function bookingsPage(bookings: Booking[], view: BookingsView, pageSize = ADMIN_BOOKINGS_PAGE_SIZE): BookingsPage {
  const words = view.search.trim().toLowerCase()
  const dir = view.sort === 'newest' ? -1 : 1
  const shown = bookings
    .filter((b) => (view.status === 'all' || b.status === view.status) && (!words || `${deceasedOf(b)} ${b.client_name ?? ''}`.toLowerCase().includes(words)))
    .sort((a, b) => dir * (a.created_at.localeCompare(b.created_at) || Number(a.id) - Number(b.id)))
  const pages = Math.max(1, Math.ceil(shown.length / pageSize))
  const page = Math.min(Math.max(1, view.page), pages)
  const rows = shown.slice((page - 1) * pageSize, page * pageSize)
  return { rows, matching: shown.length, page, pages, first: rows.length === 0 ? 0 : (page - 1) * pageSize + 1 }
}

/**
 * The admin's All bookings page (SPEC.md section 2, /dashboard/admin/services): every booking, its
 * status and payment status changed at once by dropdown, cancel with an optional reason, and the
 * attendant assignment. The list is the `list` child (a collection); this machine holds the view
 * (search, status filter, sort, page) and sends one change at a time. A failed status change
 * reloads the list so the dropdown never shows a value the server does not hold.
 */
export const adminBookingsMachine = setup({
  types: {
    context: {} as AdminBookingsContext,
    events: {} as AdminBookingsEvent,
    emitted: {} as NotifyEvent,
    children: {} as { list: 'allBookings' },
  },
  actors: {
    allBookings: allBookingsMachine,
    fetchAttendants: fromPromise<User[], void>(notProvided('fetchAttendants')),
    changeBooking: fromPromise<Booking, Change>(notProvided('changeBooking')),
    /** Answers the booking id and the attendant the server assigned. */
    assignAttendant: fromPromise<{ bookingId: string; attendant: { id: string; name: string } }, { id: string; attendantId: string }>(
      notProvided('assignAttendant'),
    ),
  },
  guards: {
    cancelDialogOpen: ({ context }) => context.cancelId !== null,
  },
  actions: {
    /** A refused change: SPEC.md's toast; the row shows what the server holds. */
    notifyFailure: recordFailure<AdminBookingsContext, AdminBookingsEvent>(null),
    reloadList: sendTo('list', { type: 'collection.fetch' }),
    /** Merge what the server answered (or what was just chosen) into one row of the list. */
    patchBooking: sendTo('list', (_, params: { id: string; changes: Partial<Booking> }) => ({ type: 'collection.patch' as const, ...params })),
  },
}).createMachine({
  id: 'adminBookings',
  description: 'All bookings for the admin, with their attendants to assign.',
  context: { attendants: [], view: { search: '', status: 'all', sort: 'newest', page: 1 }, cancelId: null },
  invoke: { id: 'list', src: 'allBookings', input: { failureMessage: ADMIN_BOOKING_MESSAGES.loadFailed } },
  on: {
    'bookings.filter': {
      actions: assign({
        view: ({ context, event }) => ({
          ...context.view,
          search: event.search ?? context.view.search,
          status: event.status ?? context.view.status,
          page: 1,
        }),
      }),
    },
    'bookings.sort': { actions: assign({ view: ({ context, event }) => ({ ...context.view, sort: event.sort }) }) },
    'bookings.page': { actions: assign({ view: ({ context, event }) => ({ ...context.view, page: Math.max(1, event.page) }) }) },
  },
  type: 'parallel',
  states: {
    attendants: {
      // Not a collection: the list is loaded once to fill a dropdown, and its failure is said by
      // the dropdown itself ('No attendants'), not by a toast as every collection's is.
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
    changes: {
      description: 'The one change in flight, if any.',
      initial: 'idle',
      states: {
        idle: {
          description: 'No change in flight; the list can be reloaded and a change can start.',
          on: {
            'bookings.reload': { actions: 'reloadList' },
            'booking.setStatus': {
              target: 'changingStatus',
              // Shown at once; a failure reloads the list from the server.
              actions: { type: 'patchBooking', params: ({ event }) => ({ id: event.id, changes: { status: event.status } }) },
            },
            'booking.setPayment': {
              target: 'changingPayment',
              actions: { type: 'patchBooking', params: ({ event }) => ({ id: event.id, changes: { payment_status: event.paymentStatus } }) },
            },
            'booking.assign': 'assigning',
            'cancel.open': { actions: assign({ cancelId: ({ event }) => event.id }) },
            'cancel.close': { actions: assign({ cancelId: null }) },
            'cancel.confirm': { guard: 'cancelDialogOpen', target: 'cancelling' },
          },
        },
        changingStatus: {
          description: 'PATCH /bookings/{id}/status.',
          tags: ['saving'],
          invoke: {
            src: 'changeBooking',
            input: ({ event }) => {
              assertEvent(event, 'booking.setStatus')
              return { kind: 'status' as const, id: event.id, status: event.status }
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'patchBooking', params: ({ event }) => ({ id: event.output.id, changes: event.output }) },
                emit(notify('success', ADMIN_BOOKING_MESSAGES.statusUpdated)),
              ],
            },
            onError: { target: 'idle', actions: ['reloadList', { type: 'notifyFailure', params: { message: ADMIN_BOOKING_MESSAGES.statusFailed } }] },
          },
        },
        changingPayment: {
          description: 'PATCH /bookings/{id}/payment.',
          tags: ['saving'],
          invoke: {
            src: 'changeBooking',
            input: ({ event }) => {
              assertEvent(event, 'booking.setPayment')
              return { kind: 'payment' as const, id: event.id, paymentStatus: event.paymentStatus }
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'patchBooking', params: ({ event }) => ({ id: event.output.id, changes: event.output }) },
                emit(notify('success', ADMIN_BOOKING_MESSAGES.paymentUpdated)),
              ],
            },
            onError: { target: 'idle', actions: ['reloadList', { type: 'notifyFailure', params: { message: ADMIN_BOOKING_MESSAGES.paymentFailed } }] },
          },
        },
        cancelling: {
          description: 'PATCH /bookings/{id}/status to cancelled, the reason as notes; the dialog stays open until it is done.',
          tags: ['saving', 'cancelling'],
          invoke: {
            src: 'changeBooking',
            input: ({ context, event }) => {
              assertEvent(event, 'cancel.confirm')
              return { kind: 'cancel' as const, id: context.cancelId ?? '', notes: event.notes }
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'patchBooking', params: ({ event }) => ({ id: event.output.id, changes: event.output }) },
                assign({ cancelId: null }),
                emit(notify('success', ADMIN_BOOKING_MESSAGES.cancelled)),
              ],
            },
            onError: { target: 'idle', actions: { type: 'notifyFailure', params: { message: ADMIN_BOOKING_MESSAGES.cancelFailed } } },
          },
        },
        assigning: {
          description: 'POST /bookings/{id}/assign; the row shows the attendant the server answers.',
          tags: ['saving'],
          invoke: {
            src: 'assignAttendant',
            input: ({ event }) => {
              assertEvent(event, 'booking.assign')
              return { id: event.id, attendantId: event.attendantId }
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'patchBooking', params: ({ event }) => ({ id: event.output.bookingId, changes: { assignedAttendant: event.output.attendant } }) },
                emit(notify('success', ADMIN_BOOKING_MESSAGES.assigned)),
              ],
            },
            onError: { target: 'idle', actions: { type: 'notifyFailure', params: { message: ADMIN_BOOKING_MESSAGES.assignFailed } } },
          },
        },
      },
    },
  },
})
