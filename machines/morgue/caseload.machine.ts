import { assign, emit, fromPromise, setup } from 'xstate'
import type { Booking } from '../../src/api/contracts/bookings'
import type { PrepTask } from '../../src/api/contracts/morgue'
import { failureMessage, notify, type NotifyEvent } from '../shared/notify'

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
  bookings: Booking[]
  error: string | null
  /** The booking a change is being saved for. */
  busyId: string | null
}

type Change = Exclude<CaseloadEvent, { type: 'caseload.reload' }>

const replace = (bookings: Booking[], next: Booking) => bookings.map((b) => (b.id === next.id ? next : b))

/**
 * The attendant's caseload (GET /bookings/attendant) and the changes they make to it: preparation
 * tasks, release against an approved permit, the transfer to the service. One change at a time.
 */
export const caseloadMachine = setup({
  types: { context: {} as CaseloadContext, events: {} as CaseloadEvent, emitted: {} as NotifyEvent },
  actors: {
    fetchBookings: fromPromise<Booking[], void>(async () => {
      throw new Error('fetchBookings actor not provided')
    }),
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
}).createMachine({
  id: 'caseload',
  description: "The bodies assigned to the signed-in attendant and the attendant's changes to them.",
  context: { bookings: [], error: null, busyId: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Fetching the assigned bookings; the last ones stay visible.',
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        src: 'fetchBookings',
        onDone: { target: 'ready', actions: assign({ bookings: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: [assign({ error: CASELOAD_MESSAGES.loadFailed }), emit(notify('error', CASELOAD_MESSAGES.loadFailed))],
        },
      },
    },
    failed: {
      description: 'The list could not be fetched; the attendant can try again.',
      on: { 'caseload.reload': 'loading' },
    },
    ready: {
      description: 'The caseload is shown; one change can be sent.',
      on: {
        'caseload.reload': 'loading',
        'caseload.saveTasks': 'savingTasks',
        'caseload.release': 'releasing',
        'caseload.transport': 'movingTransport',
      },
    },
    savingTasks: {
      description: 'Saving the ticked preparation tasks of one body.',
      tags: ['saving'],
      entry: assign({ busyId: ({ event }) => (event as Change).id }),
      exit: assign({ busyId: null }),
      invoke: {
        src: 'saveTasks',
        input: ({ event }) => {
          const e = event as Extract<CaseloadEvent, { type: 'caseload.saveTasks' }>
          return { id: e.id, tasks: e.tasks }
        },
        onDone: {
          target: 'ready',
          actions: [assign({ bookings: ({ context, event }) => replace(context.bookings, event.output) }), emit(notify('success', CASELOAD_MESSAGES.tasksSaved))],
        },
        onError: { target: 'ready', actions: emit(({ event }) => notify('error', failureMessage(event.error, CASELOAD_MESSAGES.tasksFailed))) },
      },
    },
    releasing: {
      description: 'Releasing one body to its family (the server checks the burial permit).',
      tags: ['saving'],
      entry: assign({ busyId: ({ event }) => (event as Change).id }),
      exit: assign({ busyId: null }),
      invoke: {
        src: 'release',
        input: ({ event }) => ({ id: (event as Change).id }),
        onDone: {
          target: 'ready',
          actions: [assign({ bookings: ({ context, event }) => replace(context.bookings, event.output) }), emit(notify('success', CASELOAD_MESSAGES.released))],
        },
        onError: { target: 'ready', actions: emit(({ event }) => notify('error', failureMessage(event.error, CASELOAD_MESSAGES.releaseFailed))) },
      },
    },
    movingTransport: {
      description: 'Marking one transfer departed or delivered.',
      tags: ['saving'],
      entry: assign({ busyId: ({ event }) => (event as Change).id }),
      exit: assign({ busyId: null }),
      invoke: {
        src: 'moveTransport',
        input: ({ event }) => {
          const e = event as Extract<CaseloadEvent, { type: 'caseload.transport' }>
          return { id: e.id, status: e.status }
        },
        onDone: {
          target: 'ready',
          actions: [
            assign({ bookings: ({ context, event }) => replace(context.bookings, event.output) }),
            emit(({ event }) => notify('success', event.output.morgue?.transport_status === 'delivered' ? CASELOAD_MESSAGES.delivered : CASELOAD_MESSAGES.departed)),
          ],
        },
        onError: { target: 'ready', actions: emit(({ event }) => notify('error', failureMessage(event.error, CASELOAD_MESSAGES.transportFailed))) },
      },
    },
  },
})
