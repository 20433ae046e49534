import { assertEvent, assign, emit, fromPromise, sendTo, setup } from 'xstate'
import type { Booking } from '../../src/api/contracts/bookings'
import type { PrepTask } from '../../src/api/contracts/morgue'
import { createCollectionMachine } from '../shared/collection.machine'
import { recordFailure, serverMessageOr } from '../shared/failure'
import { notify, type NotifyEvent } from '../shared/notify'

/** What the morgue attendant's screens tell them (SPEC.md section 8 where it has words, else ours). */
export const CASELOAD_MESSAGES = {
  loadFailed: 'Failed to fetch attendant bookings',
  tasksSaved: 'Preparation tasks updated',
  tasksFailed: 'Failed to update preparation tasks',
  released: 'Body released to the family',
  releaseFailed: 'Failed to release body',
  departed: 'Transfer marked as departed',
  delivered: 'Transfer marked as delivered',
  transportFailed: 'Failed to update transport',
} as const

export type CaseloadEvent =
  | { type: 'caseload.reload' }
  | { type: 'caseload.saveTasks'; id: string; tasks: PrepTask[] }
  | { type: 'caseload.release'; id: string }
  | { type: 'caseload.transport'; id: string; status: 'departed' | 'delivered' }

export interface CaseloadContext {
  /** The booking a change is being saved for. */
  busyId: string | null
}

/** GET /bookings/attendant: the one collection machine; the app provides its `fetchItems`. */
export const attendantBookingsMachine = createCollectionMachine<Booking>('attendantBookings')

const CHANGES = ['caseload.saveTasks', 'caseload.release', 'caseload.transport'] as const

/**
 * The attendant's caseload and the changes they make to it: preparation tasks, release against an
 * approved permit, the transfer to the service. The list is the `list` child (a collection: load,
 * failure message, retry); this machine sends one change at a time and puts the server's answer
 * into the list.
 */
export const caseloadMachine = setup({
  types: {
    context: {} as CaseloadContext,
    events: {} as CaseloadEvent,
    emitted: {} as NotifyEvent,
    children: {} as { list: 'attendantBookings' },
  },
  actors: {
    attendantBookings: attendantBookingsMachine,
    saveTasks: fromPromise<Booking, { id: string; tasks: PrepTask[] }>(async () => {
      throw new Error('saveTasks actor not provided')
    }),
    release: fromPromise<Booking, { id: string }>(async () => {
      throw new Error('release actor not provided')
    }),
    moveTransport: fromPromise<Booking, { id: string; status: 'departed' | 'delivered' }>(async () => {
      throw new Error('moveTransport actor not provided')
    }),
  },
  actions: {
    /** The change was refused: the server's reason, or ours, as a toast; the list is unchanged. */
    notifyFailure: recordFailure<CaseloadContext, CaseloadEvent>(null),
    /** The server's answer replaces the booking in the list. */
    showSaved: sendTo('list', (_, params: { booking: Booking }) => ({ type: 'collection.update' as const, item: params.booking })),
    markBusy: assign({
      busyId: ({ event }) => {
        assertEvent(event, CHANGES)
        return event.id
      },
    }),
    clearBusy: assign({ busyId: null }),
  },
}).createMachine({
  id: 'caseload',
  description: "The bodies assigned to the signed-in attendant and the attendant's changes to them.",
  context: { busyId: null },
  invoke: { id: 'list', src: 'attendantBookings', input: { failureMessage: CASELOAD_MESSAGES.loadFailed } },
  on: { 'caseload.reload': { actions: sendTo('list', { type: 'collection.fetch' }) } },
  initial: 'ready',
  states: {
    ready: {
      description: 'The caseload is shown (or loading, in the list); one change can be sent.',
      on: {
        'caseload.saveTasks': 'savingTasks',
        'caseload.release': 'releasing',
        'caseload.transport': 'movingTransport',
      },
    },
    savingTasks: {
      description: 'Saving the ticked preparation tasks of one body.',
      tags: ['saving'],
      entry: 'markBusy',
      exit: 'clearBusy',
      invoke: {
        src: 'saveTasks',
        input: ({ event }) => {
          assertEvent(event, 'caseload.saveTasks')
          return { id: event.id, tasks: event.tasks }
        },
        onDone: {
          target: 'ready',
          actions: [{ type: 'showSaved', params: ({ event }) => ({ booking: event.output }) }, emit(notify('success', CASELOAD_MESSAGES.tasksSaved))],
        },
        onError: { target: 'ready', actions: { type: 'notifyFailure', params: serverMessageOr(CASELOAD_MESSAGES.tasksFailed) } },
      },
    },
    releasing: {
      description: 'Releasing one body to its family (the server checks the burial permit).',
      tags: ['saving'],
      entry: 'markBusy',
      exit: 'clearBusy',
      invoke: {
        src: 'release',
        input: ({ event }) => {
          assertEvent(event, 'caseload.release')
          return { id: event.id }
        },
        onDone: {
          target: 'ready',
          actions: [{ type: 'showSaved', params: ({ event }) => ({ booking: event.output }) }, emit(notify('success', CASELOAD_MESSAGES.released))],
        },
        onError: { target: 'ready', actions: { type: 'notifyFailure', params: serverMessageOr(CASELOAD_MESSAGES.releaseFailed) } },
      },
    },
    movingTransport: {
      description: 'Marking one transfer departed or delivered.',
      tags: ['saving'],
      entry: 'markBusy',
      exit: 'clearBusy',
      invoke: {
        src: 'moveTransport',
        input: ({ event }) => {
          assertEvent(event, 'caseload.transport')
          return { id: event.id, status: event.status }
        },
        onDone: {
          target: 'ready',
          actions: [
            { type: 'showSaved', params: ({ event }) => ({ booking: event.output }) },
            emit(({ event }) => notify('success', event.output.morgue?.transport_status === 'delivered' ? CASELOAD_MESSAGES.delivered : CASELOAD_MESSAGES.departed)),
          ],
        },
        onError: { target: 'ready', actions: { type: 'notifyFailure', params: serverMessageOr(CASELOAD_MESSAGES.transportFailed) } },
      },
    },
  },
})
