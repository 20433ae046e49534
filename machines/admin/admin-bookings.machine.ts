import { assertEvent, assign, cancel, emit, enqueueActions, fromPromise, raise, sendTo, setup } from 'xstate'
import type { Booking, BookingStatus, PaymentStatus, StatusGap } from '../../shared/contracts/bookings'
import { statusChangeGaps } from '../../shared/bookings'
import { compareBookings, type BookingSort } from '../../shared/booking-search'
import { serviceAt } from '../../shared/urgency'
import type { User } from '../../shared/contracts/auth'
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
  undone: 'Change undone',
} as const

/** Rows per page of the All bookings grid: the server answers one page at a time. */
export const ADMIN_BOOKINGS_PAGE_SIZE = 20

/** How long typing in the search box must pause before the search is sent. */
export const BOOKINGS_SEARCH_PAUSE_MS = 400

export type { BookingSort }

/** What the admin narrowed the list to; the rows themselves are derived (`bookingsPage`). */
export interface BookingsView {
  /** Words matched against the deceased's and the family's names. */
  search: string
  status: BookingStatus | 'all'
  sort: BookingSort
  /** 1-based; past the last page it shows the last one. */
  page: number
}

/** What the list's fetch asks the server for: one page of the view (GET /bookings?page&limit&search&status&sort). */
export interface BookingsQuery {
  page: number
  limit: number
  search: string
  status: BookingStatus | 'all'
  sort: BookingSort
}

export const queryOf = (view: BookingsView): BookingsQuery => ({
  page: view.page,
  limit: ADMIN_BOOKINGS_PAGE_SIZE,
  search: view.search.trim(),
  status: view.status,
  sort: view.sort,
})

/** The first view: every booking, newest first, page 1. */
const FIRST_VIEW: BookingsView = { search: '', status: 'all', sort: 'newest', page: 1 }

/** Changes that touch money or end a booking: confirmed first, then undoable for a few seconds. */
export const needsConfirmation = (kind: 'status' | 'payment', to: string) =>
  kind === 'status' ? to === 'completed' || to === 'cancelled' : to === 'paid' || to === 'refunded'

/** A change the admin picked and has not yet been sent (being confirmed, then in its undo window). */
export interface PendingChange {
  id: string
  kind: 'status' | 'payment'
  to: string
  /** What the row showed (the server's values) before the change: undo and failure go back to it. */
  from: { status: string; payment_status: string }
  /** The booking's completed payments (KSH), said when cancelling. */
  amountPaid: number
  /** Marking paid with no completed payment behind it, or a status change with gaps: a reason is required. */
  needsReason: boolean
  /** What the status change implies and the booking lacks (shared rule); the reason is then an override. */
  gaps: StatusGap[]
  reason: string
  /** Cancelling: also set the payment status to refunded. */
  refund: boolean
}

/** A change queued for the server (sent one after the other, each row busy until its own is done). */
export type SavingChange = Pick<PendingChange, 'id' | 'kind' | 'to' | 'from'> & { change: Change }

export interface AdminBookingsContext {
  attendants: User[]
  view: BookingsView
  pending: PendingChange | null
  /** Sent in order; the first is in flight. */
  queue: SavingChange[]
  /** The booking whose attendant is being assigned. */
  assigningId: string | null
  /** An assignment chosen on a row: shown at once, sent when its undo window ends (`from`: the attendant before). */
  assignPending: { id: string; attendantId: string; from: { id: string; name: string } | null } | null
  /** An assignment chosen on another row while one waited: sent after it. */
  assignNext: { id: string; attendantId: string; booking: Booking } | null
}

export type AdminBookingsEvent =
  | { type: 'bookings.reload' }
  /** A new search or status filter starts again at page 1. */
  | { type: 'bookings.filter'; search?: string; status?: BookingStatus | 'all' }
  | { type: 'bookings.sort'; sort: BookingSort }
  | { type: 'bookings.page'; page: number }
  /** The row as shown is sent with the change: its values are what undo and failure go back to. */
  | { type: 'booking.setStatus'; booking: Booking; status: BookingStatus }
  | { type: 'booking.setPayment'; booking: Booking; paymentStatus: PaymentStatus }
  | { type: 'booking.assign'; id: string; attendantId: string }
  /** Chosen on the row: shown at once, undoable for a few seconds, then sent. */
  | { type: 'booking.assignFromRow'; booking: Booking; attendantId: string }
  | { type: 'assign.undo' }
  /** attendantId: the attendant chosen in the dialog when the change needs one (assigned at once). */
  | { type: 'confirm.accept'; reason: string; refund: boolean; attendantId?: string }
  | { type: 'confirm.dismiss' }
  | { type: 'change.undo' }

export type Change =
  | { kind: 'status'; id: string; status: BookingStatus; reason?: string; override?: string; expected?: string }
  | { kind: 'payment'; id: string; paymentStatus: PaymentStatus; reason?: string }
  | { kind: 'cancel'; id: string; notes: string; refund: boolean; expected?: string }

/** How long a confirmed change waits, undoable, before it is sent. */
export const UNDO_WINDOW_MS = 5000

/** The request a change becomes. */
export function changeOf(p: Pick<PendingChange, 'id' | 'kind' | 'to' | 'reason' | 'refund'> & Partial<Pick<PendingChange, 'gaps' | 'from'>>): Change {
  const reason = p.reason.trim()
  // The status the admin saw: a booking someone else changed meanwhile is refused (409), not overwritten.
  const expected = p.from ? { expected: p.from.status } : {}
  if (p.kind === 'payment') return { kind: 'payment', id: p.id, paymentStatus: p.to as PaymentStatus, ...(reason ? { reason } : {}) }
  if (p.to === 'cancelled') return { kind: 'cancel', id: p.id, notes: reason, refund: p.refund, ...expected }
  const override = (p.gaps?.length ?? 0) > 0 && reason ? { override: reason } : reason ? { reason } : {}
  return { kind: 'status', id: p.id, status: p.to as BookingStatus, ...override, ...expected }
}

/** The gaps left once the attendant chosen in the dialog is assigned: an override is asked only for those. */
export function gapsLeft(p: Pick<PendingChange, 'gaps'>, attendantId?: string): StatusGap[] {
  return attendantId ? p.gaps.filter((g) => g !== 'attendant') : p.gaps
}

export function pendingOf(booking: Booking, kind: 'status' | 'payment', to: string): PendingChange {
  const gaps = kind === 'status' ? statusChangeGaps(booking, to) : []
  return {
    id: booking.id,
    kind,
    to,
    from: { status: booking.status, payment_status: booking.payment_status },
    amountPaid: booking.amount_paid,
    needsReason: (kind === 'payment' && to === 'paid' && booking.amount_paid === 0) || gaps.length > 0,
    gaps,
    reason: '',
    refund: false,
  }
}

const changesOf = (p: Pick<PendingChange, 'kind' | 'to'> & { refund?: boolean }): Partial<Booking> =>
  p.kind === 'payment' ? { payment_status: p.to } : p.refund ? { status: p.to, payment_status: 'refunded' } : { status: p.to }


const notProvided = (name: string) => async () => {
  throw new Error(`${name} actor not provided`)
}

/**
 * GET /bookings: the one collection machine; the app provides its `fetchItems`, which gets a
 * `BookingsQuery` and answers that page with its total (`pageOf`). A fetch that answers the whole
 * list instead (no total) is filtered, sorted and paged here (`bookingsPage`).
 */
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

/** The rows to show: the server's page as it came, or the page of a whole list (`bookingsPage`). */
export function shownPage(items: Booking[], total: number | null, view: BookingsView, pageSize = ADMIN_BOOKINGS_PAGE_SIZE): BookingsPage {
  if (total === null) return bookingsPage(items, view, pageSize)
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const first = items.length === 0 ? 0 : (view.page - 1) * pageSize + 1
  return { rows: items, matching: total, page: view.page, pages, first }
}

/** The page of a whole list that the view asks for: filtered, sorted (by creation or service date), then sliced. */
export function bookingsPage(bookings: Booking[], view: BookingsView, pageSize = ADMIN_BOOKINGS_PAGE_SIZE): BookingsPage {
  const words = view.search.trim().toLowerCase()
  const order = compareBookings(view.sort)
  const facts = (b: Booking) => ({ id: b.id, created_at: b.created_at, service_at: serviceAt(b) })
  const shown = bookings
    .filter((b) => (view.status === 'all' || b.status === view.status) && (!words || `${deceasedOf(b)} ${b.client_name ?? ''}`.toLowerCase().includes(words)))
    .sort((a, b) => order(facts(a), facts(b)))
  const pages = Math.max(1, Math.ceil(shown.length / pageSize))
  const page = Math.min(Math.max(1, view.page), pages)
  const rows = shown.slice((page - 1) * pageSize, page * pageSize)
  return { rows, matching: shown.length, page, pages, first: rows.length === 0 ? 0 : (page - 1) * pageSize + 1 }
}

/**
 * The admin's All bookings page (SPEC.md section 2, /dashboard/admin/services): every booking, its
 * status and payment status changed by dropdown, and the attendant assignment. The list is the
 * `list` child (a collection); this machine holds the view (search, status filter, sort, page).
 * A change that matters (completed, cancelled, paid, refunded) is confirmed, then waits
 * `undoWindow` before it is sent; others are sent at once. Saves queue (one in flight, none
 * dropped) and only the rows with a queued save are busy. A failed save puts the row back to the server's values
 * (what it showed before) and reloads: the dropdown never keeps a value the server refused, so
 * choosing it again sends it again.
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
  delays: { undoWindow: UNDO_WINDOW_MS, searchPause: BOOKINGS_SEARCH_PAUSE_MS },
  guards: {
    // A change that matters, or one that lacks what it implies (asked for an override's reason).
    statusNeedsConfirmation: ({ event }) =>
      event.type === 'booking.setStatus' && (needsConfirmation('status', event.status) || statusChangeGaps(event.booking, event.status).length > 0),
    paymentNeedsConfirmation: ({ event }) => event.type === 'booking.setPayment' && needsConfirmation('payment', event.paymentStatus),
    reasonGiven: ({ context, event }) => {
      if (event.type !== 'confirm.accept' || !context.pending) return false
      const p = context.pending
      // An attendant chosen in the dialog answers the 'attendant' gap: a reason is asked only for what is left.
      const needs = p.kind === 'status' ? gapsLeft(p, event.attendantId).length > 0 : p.needsReason
      return !needs || event.reason.trim() !== ''
    },
    queued: ({ context }) => context.queue.length > 0,
    typing: ({ event }) => event.type === 'bookings.filter' && event.search !== undefined && event.status === undefined,
  },
  actions: {
    /** A refused change: the server's words, else SPEC.md's toast. */
    fail: recordFailure<AdminBookingsContext, AdminBookingsEvent>(null),
    reloadList: sendTo('list', { type: 'collection.fetch' }),
    /** Drops a search still waiting for a pause in typing (what replaces it carries the same words). */
    cancelSearch: cancel('searchFetch'),
    /** The view's page from the server now. */
    fetchView: sendTo('list', ({ context }) => ({ type: 'collection.fetch' as const, query: queryOf(context.view) })),
    /** The search once typing pauses: each key cancels the last wait and starts another. */
    fetchSearch: sendTo('list', ({ context }) => ({ type: 'collection.fetch' as const, query: queryOf(context.view) }), { id: 'searchFetch', delay: 'searchPause' }),
    filterView: assign({
      view: ({ context, event }) => {
        assertEvent(event, 'bookings.filter')
        return { ...context.view, search: event.search ?? context.view.search, status: event.status ?? context.view.status, page: 1 }
      },
    }),
    /** Merge what the server answered (or what was just chosen) into one row of the list. */
    patchBooking: sendTo('list', (_, params: { id: string; changes: Partial<Booking> }) => ({ type: 'collection.patch' as const, ...params })),
    /** Send a change: one child per booking, its outcome handled at the root. */
    startSave: assign({
      queue: ({ context }, params: { pending: PendingChange }) => {
        const p = params.pending
        return [...context.queue, { id: p.id, kind: p.kind, to: p.to, from: p.from, change: changeOf(p) }]
      },
    }),
    dequeue: assign({ queue: ({ context }) => context.queue.slice(1) }),
    clearPending: assign({ pending: null }),
  },
}).createMachine({
  id: 'adminBookings',
  description: 'All bookings for the admin, with their attendants to assign.',
  context: { attendants: [], view: FIRST_VIEW, pending: null, queue: [], assigningId: null, assignPending: null, assignNext: null },
  invoke: { id: 'list', src: 'allBookings', input: { failureMessage: ADMIN_BOOKING_MESSAGES.loadFailed, query: queryOf(FIRST_VIEW) } },
  on: {
    // Typing waits for a pause; a status is fetched at once.
    'bookings.filter': [
      { guard: 'typing', actions: ['filterView', 'cancelSearch', 'fetchSearch'] },
      { actions: ['filterView', 'cancelSearch', 'fetchView'] },
    ],
    'bookings.sort': { actions: [assign({ view: ({ context, event }) => ({ ...context.view, sort: event.sort }) }), 'cancelSearch', 'fetchView'] },
    'bookings.page': { actions: [assign({ view: ({ context, event }) => ({ ...context.view, page: Math.max(1, event.page) }) }), 'cancelSearch', 'fetchView'] },
    'bookings.reload': { actions: 'reloadList' },
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
      description: 'A status or payment change being confirmed or in its undo window; saves run as children.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing waiting: a change that matters is confirmed first, any other is sent at once.',
          on: {
            'booking.setStatus': [
              { guard: 'statusNeedsConfirmation', target: 'confirming', actions: assign({ pending: ({ event }) => pendingOf(event.booking, 'status', event.status) }) },
              {
                actions: [
                  // Shown at once; a failure puts the server's value back.
                  { type: 'patchBooking', params: ({ event }) => ({ id: event.booking.id, changes: { status: event.status } }) },
                  { type: 'startSave', params: ({ event }) => ({ pending: pendingOf(event.booking, 'status', event.status) }) },
                ],
              },
            ],
            'booking.setPayment': [
              {
                guard: 'paymentNeedsConfirmation',
                target: 'confirming',
                actions: assign({ pending: ({ event }) => pendingOf(event.booking, 'payment', event.paymentStatus) }),
              },
              {
                actions: [
                  { type: 'patchBooking', params: ({ event }) => ({ id: event.booking.id, changes: { payment_status: event.paymentStatus } }) },
                  { type: 'startSave', params: ({ event }) => ({ pending: pendingOf(event.booking, 'payment', event.paymentStatus) }) },
                ],
              },
            ],
          },
        },
        confirming: {
          description: 'The confirmation dialog: what changes, what was paid, the reason (required to mark paid with no payment behind it).',
          tags: ['confirming'],
          on: {
            'confirm.accept': {
              guard: 'reasonGiven',
              target: 'undoable',
              actions: [
                // The attendant chosen here is assigned at once (the change itself waits out its undo window).
                enqueueActions(({ enqueue, context, event }) => {
                  if (event.attendantId && context.pending?.gaps.includes('attendant')) enqueue.raise({ type: 'booking.assign', id: context.pending.id, attendantId: event.attendantId })
                }),
                assign({
                  pending: ({ context, event }) => {
                    if (!context.pending) return null
                    const gaps = context.pending.kind === 'status' ? gapsLeft(context.pending, event.attendantId) : context.pending.gaps
                    return { ...context.pending, reason: event.reason, refund: event.refund, gaps }
                  },
                }),
                { type: 'patchBooking', params: ({ context }) => ({ id: context.pending?.id ?? '', changes: context.pending ? changesOf(context.pending) : {} }) },
              ],
            },
            'confirm.dismiss': { target: 'idle', actions: 'clearPending' },
          },
        },
        undoable: {
          description: 'Confirmed and shown; sent when the undo window ends, or put back by Undo. Another change sends it first.',
          tags: ['undoable'],
          after: {
            undoWindow: { target: 'idle', actions: [{ type: 'startSave', params: ({ context }) => ({ pending: context.pending! }) }, 'clearPending'] },
          },
          on: {
            'change.undo': {
              target: 'idle',
              actions: [
                { type: 'patchBooking', params: ({ context }) => ({ id: context.pending?.id ?? '', changes: context.pending?.from ?? {} }) },
                'clearPending',
                emit(notify('info', ADMIN_BOOKING_MESSAGES.undone)),
              ],
            },
            'booking.setStatus': {
              target: 'idle',
              actions: [{ type: 'startSave', params: ({ context }) => ({ pending: context.pending! }) }, 'clearPending', raise(({ event }) => event)],
            },
            'booking.setPayment': {
              target: 'idle',
              actions: [{ type: 'startSave', params: ({ context }) => ({ pending: context.pending! }) }, 'clearPending', raise(({ event }) => event)],
            },
          },
        },
      },
    },
    saving: {
      description: 'The queued changes, sent one at a time.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing to send.',
          always: { guard: 'queued', target: 'sending' },
        },
        sending: {
          description: 'PATCH /bookings/{id}/status or /payment for the first queued change.',
          invoke: {
            src: 'changeBooking',
            input: ({ context }) => context.queue[0]!.change,
            onDone: {
              target: 'idle',
              actions: enqueueActions(({ enqueue, context, event }) => {
                const save = context.queue[0]!
                enqueue({ type: 'patchBooking', params: { id: save.id, changes: event.output } })
                enqueue('dequeue')
                const message =
                  save.kind === 'payment'
                    ? ADMIN_BOOKING_MESSAGES.paymentUpdated
                    : save.to === 'cancelled'
                      ? ADMIN_BOOKING_MESSAGES.cancelled
                      : ADMIN_BOOKING_MESSAGES.statusUpdated
                enqueue.emit(notify('success', message))
              }),
            },
            onError: {
              target: 'idle',
              actions: enqueueActions(({ enqueue, context }) => {
                const save = context.queue[0]!
                // Back to what the server holds at once (the reload may fail too, e.g. offline):
                // the dropdown then differs from the refused value, so choosing it again sends it.
                enqueue({ type: 'patchBooking', params: { id: save.id, changes: save.from } })
                enqueue('reloadList')
                enqueue('dequeue')
                const fallback =
                  save.kind === 'payment'
                    ? ADMIN_BOOKING_MESSAGES.paymentFailed
                    : save.to === 'cancelled'
                      ? ADMIN_BOOKING_MESSAGES.cancelFailed
                      : ADMIN_BOOKING_MESSAGES.statusFailed
                enqueue({ type: 'fail', params: { message: fallback } })
              }),
            },
          },
        },
      },
    },
    assignment: {
      description: 'The attendant assignment in flight, if any.',
      initial: 'idle',
      states: {
        idle: {
          description: 'No assignment in flight.',
          on: {
            // From the confirmation dialog: assigned at once (the status change has its own undo window).
            'booking.assign': {
              target: 'assigning',
              actions: assign({ assigningId: ({ event }) => event.id, assignPending: ({ event }) => ({ id: event.id, attendantId: event.attendantId, from: null }) }),
            },
            'booking.assignFromRow': {
              target: 'undoable',
              actions: [
                assign({
                  assignPending: ({ event }) => ({ id: event.booking.id, attendantId: event.attendantId, from: event.booking.assignedAttendant ?? null }),
                }),
                {
                  type: 'patchBooking',
                  params: ({ context, event }) => ({
                    id: event.booking.id,
                    changes: { assignedAttendant: { id: event.attendantId, name: context.attendants.find((a) => a.id === event.attendantId)?.name ?? '' } },
                  }),
                },
              ],
            },
          },
        },
        undoable: {
          description: 'An assignment chosen on a row, shown; sent when the undo window ends, or put back by Undo. Another row\'s assignment sends it first.',
          tags: ['assignUndoable'],
          after: { undoWindow: { target: 'assigning', actions: assign({ assigningId: ({ context }) => context.assignPending?.id ?? null }) } },
          on: {
            'assign.undo': {
              target: 'idle',
              actions: [
                { type: 'patchBooking', params: ({ context }) => ({ id: context.assignPending?.id ?? '', changes: { assignedAttendant: context.assignPending?.from ?? null } }) },
                assign({ assignPending: null }),
                emit(notify('info', ADMIN_BOOKING_MESSAGES.undone)),
              ],
            },
            'booking.assignFromRow': {
              target: 'assigning',
              actions: assign({ assigningId: ({ context }) => context.assignPending?.id ?? null, assignNext: ({ event }) => ({ id: event.booking.id, attendantId: event.attendantId, booking: event.booking }) }),
            },
          },
        },
        assigning: {
          description: 'POST /bookings/{id}/assign; the row shows the attendant the server answers.',
          invoke: {
            src: 'assignAttendant',
            input: ({ context }) => ({ id: context.assignPending?.id ?? '', attendantId: context.assignPending?.attendantId ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'patchBooking', params: ({ event }) => ({ id: event.output.bookingId, changes: { assignedAttendant: event.output.attendant } }) },
                assign({ assigningId: null, assignPending: null }),
                emit(notify('success', ADMIN_BOOKING_MESSAGES.assigned)),
                // The assignment chosen on another row while one waited: now in its own undo window.
                enqueueActions(({ enqueue, context }) => {
                  const next = context.assignNext
                  if (!next) return
                  enqueue.assign({ assignNext: null })
                  enqueue.raise({ type: 'booking.assignFromRow', booking: next.booking, attendantId: next.attendantId })
                }),
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                // The row goes back to the attendant before (an assignment from the dialog had none shown).
                enqueueActions(({ enqueue, context }) => {
                  const p = context.assignPending
                  if (p?.from !== undefined && p.from !== null) enqueue({ type: 'patchBooking', params: { id: p.id, changes: { assignedAttendant: p.from } } })
                  else enqueue('reloadList')
                }),
                assign({ assigningId: null, assignPending: null }),
                { type: 'fail', params: { message: ADMIN_BOOKING_MESSAGES.assignFailed } },
                // The assignment chosen on another row while one waited: now in its own undo window.
                enqueueActions(({ enqueue, context }) => {
                  const next = context.assignNext
                  if (!next) return
                  enqueue.assign({ assignNext: null })
                  enqueue.raise({ type: 'booking.assignFromRow', booking: next.booking, attendantId: next.attendantId })
                }),
              ],
            },
          },
        },
      },
    },
  },
})

/** The bookings whose row is busy: being saved or assigned. */
export function busyBookingIds(context: AdminBookingsContext): Set<string> {
  const ids = new Set(context.queue.map((s) => s.id))
  if (context.assigningId) ids.add(context.assigningId)
  return ids
}
