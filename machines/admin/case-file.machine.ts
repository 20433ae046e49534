import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import type { Booking, BookingStatus } from '../../shared/contracts/bookings'
import type { User } from '../../shared/contracts/auth'
import { MSG_BOOKING_CHANGED } from '../../shared/contracts/bookings'
import { recordFailure, serverMessageOr } from '../shared/failure'
import { notify, type NotifyEvent } from '../shared/notify'
import { ADMIN_BOOKING_MESSAGES, UNDO_WINDOW_MS, changeOf, needsConfirmation, pendingOf, type Change, type PendingChange } from './admin-bookings.machine'
import { statusChangeGaps } from '../../shared/bookings'

export const CASE_FILE_MESSAGES = { loadFailed: 'Failed to load booking details' } as const

export interface CaseFileContext {
  id: string
  booking: Booking | null
  attendants: User[]
  /** A status change being confirmed or in its undo window. */
  pending: PendingChange | null
}

export type CaseFileEvent =
  | { type: 'case.reload' }
  | { type: 'case.setStatus'; status: BookingStatus }
  | { type: 'case.assign'; attendantId: string }
  | { type: 'confirm.accept'; reason: string; refund: boolean }
  | { type: 'confirm.dismiss' }
  | { type: 'change.undo' }

const notProvided = (name: string) => async () => {
  throw new Error(`${name} actor not provided`)
}

/** An answer the server refused because someone else changed the booking (409). */
const isConflict = (error: unknown) => typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 409

/**
 * The office's case file of one booking (/dashboard/admin/bookings/:id): load it with the
 * attendants to assign; a status change is asked about when it matters or lacks what it implies
 * (shared rule: an override needs a reason), then waits `undoWindow` before it is sent with the
 * status the admin saw. A 409 (another admin changed it meanwhile) says so and loads the booking
 * again, so the admin sees how it stands now.
 */
export const caseFileMachine = setup({
  types: {
    context: {} as CaseFileContext,
    events: {} as CaseFileEvent,
    input: {} as { id: string },
    emitted: {} as NotifyEvent,
  },
  actors: {
    fetchCase: fromPromise<{ booking: Booking; attendants: User[] }, { id: string }>(notProvided('fetchCase')),
    changeBooking: fromPromise<Booking, Change>(notProvided('changeBooking')),
    assignAttendant: fromPromise<{ id: string; name: string }, { id: string; attendantId: string }>(notProvided('assignAttendant')),
  },
  delays: { undoWindow: UNDO_WINDOW_MS },
  guards: {
    asks: ({ context, event }) =>
      event.type === 'case.setStatus' && context.booking !== null && (needsConfirmation('status', event.status) || statusChangeGaps(context.booking, event.status).length > 0),
    reasonGiven: ({ context, event }) => event.type === 'confirm.accept' && (!context.pending?.needsReason || event.reason.trim() !== ''),
    conflict: ({ event }) => isConflict((event as { error?: unknown }).error),
  },
  actions: {
    fail: recordFailure<CaseFileContext, CaseFileEvent>(null),
    setPending: assign({
      pending: ({ context, event }) => {
        assertEvent(event, 'case.setStatus')
        return context.booking ? pendingOf(context.booking, 'status', event.status) : null
      },
    }),
  },
}).createMachine({
  id: 'caseFile',
  description: "One booking's case file for the office: everything about it, its status and attendant changed in place.",
  context: ({ input }) => ({ id: input.id, booking: null, attendants: [], pending: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching the booking and the attendants.',
      tags: ['loading'],
      invoke: {
        src: 'fetchCase',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: assign({ booking: ({ event }) => event.output.booking, attendants: ({ event }) => event.output.attendants }) },
        onError: { target: 'failed', actions: { type: 'fail', params: { message: CASE_FILE_MESSAGES.loadFailed } } },
      },
    },
    failed: {
      description: 'Not loaded (or not found): the screen says so and offers to try again.',
      on: { 'case.reload': 'loading' },
    },
    ready: {
      description: 'The case file is shown.',
      initial: 'idle',
      on: { 'case.reload': '.reloading' },
      states: {
        idle: {
          description: 'Nothing waiting.',
          on: {
            'case.setStatus': [
              { guard: 'asks', target: 'confirming', actions: 'setPending' },
              { target: 'saving', actions: 'setPending' },
            ],
            'case.assign': 'assigning',
          },
        },
        confirming: {
          description: 'The dialog: what changes, what is missing, the reason (required for an override).',
          tags: ['confirming'],
          on: {
            'confirm.accept': {
              guard: 'reasonGiven',
              target: 'undoable',
              actions: assign({ pending: ({ context, event }) => (context.pending ? { ...context.pending, reason: event.reason, refund: event.refund } : null) }),
            },
            'confirm.dismiss': { target: 'idle', actions: assign({ pending: null }) },
          },
        },
        undoable: {
          description: 'Confirmed; sent when the undo window ends, or dropped by Undo.',
          tags: ['undoable'],
          after: { undoWindow: 'saving' },
          on: { 'change.undo': { target: 'idle', actions: [assign({ pending: null }), emit(notify('info', ADMIN_BOOKING_MESSAGES.undone))] } },
        },
        saving: {
          description: 'PATCH /bookings/{id}/status with the status the admin saw.',
          tags: ['busy'],
          invoke: {
            src: 'changeBooking',
            input: ({ context }) => changeOf(context.pending!),
            onDone: {
              target: 'idle',
              actions: [
                assign({ booking: ({ event }) => event.output, pending: null }),
                emit(({ context }) => notify('success', context.pending?.to === 'cancelled' ? ADMIN_BOOKING_MESSAGES.cancelled : ADMIN_BOOKING_MESSAGES.statusUpdated)),
              ],
            },
            onError: [
              // Someone else changed it: say so and show how it stands now.
              { guard: 'conflict', target: 'reloading', actions: [assign({ pending: null }), { type: 'fail', params: { message: MSG_BOOKING_CHANGED } }] },
              { target: 'idle', actions: [assign({ pending: null }), { type: 'fail', params: serverMessageOr(ADMIN_BOOKING_MESSAGES.statusFailed) }] },
            ],
          },
        },
        assigning: {
          description: 'POST /bookings/{id}/assign.',
          tags: ['busy'],
          invoke: {
            src: 'assignAttendant',
            input: ({ context, event }) => {
              assertEvent(event, 'case.assign')
              return { id: context.id, attendantId: event.attendantId }
            },
            onDone: {
              target: 'idle',
              actions: [
                assign({ booking: ({ context, event }) => (context.booking ? { ...context.booking, assignedAttendant: event.output } : null) }),
                emit(notify('success', ADMIN_BOOKING_MESSAGES.assigned)),
              ],
            },
            onError: { target: 'idle', actions: { type: 'fail', params: { message: ADMIN_BOOKING_MESSAGES.assignFailed } } },
          },
        },
        reloading: {
          description: 'Fetching the booking again (after a conflict, or when asked).',
          tags: ['busy'],
          invoke: {
            src: 'fetchCase',
            input: ({ context }) => ({ id: context.id }),
            onDone: { target: 'idle', actions: assign({ booking: ({ event }) => event.output.booking, attendants: ({ event }) => event.output.attendants }) },
            onError: { target: 'idle', actions: { type: 'fail', params: { message: CASE_FILE_MESSAGES.loadFailed } } },
          },
        },
      },
    },
  },
})
