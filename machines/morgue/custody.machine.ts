import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import type { Booking } from '../../shared/contracts/bookings'
import type { ColdRoomFull, CustodyEvent, CustodyRecord, CustodyRequest, CustodySaved } from '../../shared/contracts/custody'
import { recordFailure, serverMessageOr } from '../shared/failure'
import { notify, type NotifyEvent } from '../shared/notify'
import { slowLoading } from '../shared/slow-load'

/** What the chain of custody tells the user (the server's words win when it sends some). */
export const CUSTODY_MACHINE_MESSAGES = {
  loadFailed: 'Failed to load the chain of custody',
  saved: 'Movement recorded',
  saveFailed: 'Failed to record the movement',
} as const

export interface CustodyContext {
  bookingId: string
  record: CustodyRecord | null
  /** Why the record could not be loaded (shown with Retry). */
  error: string | null
  /** Why the last movement was refused (shown beside the form, which keeps what was typed). */
  saveError: string | null
  /** Movements kept since the machine started: the form empties itself when this grows. */
  savedCount: number
  /**
   * What the last kept movement said ('Movement recorded'): also shown beside the form, because the
   * case is a modal panel and a toast sits behind it, hidden from screen readers.
   */
  notice: string | null
  /**
   * A receipt refused because the cold room is full: its places and the bodies there, shown with
   * the refusal (saveError) until a movement is kept; an admin may then receive it with a reason.
   */
  coldRoomFull: ColdRoomFull | null
}

export type CustodyMachineEvent = { type: 'custody.reload' } | { type: 'custody.add'; request: CustodyRequest }

/** Told to whoever shows the booking elsewhere (the caseload): a release changes the booking. */
export interface BookingChangedEvent {
  type: 'custody.bookingChanged'
  booking: Booking
}

/**
 * One booking's chain of custody: load it, then add movements one at a time (the server keeps the
 * time and the staff member). Used read-only by the printed record.
 */
export const custodyMachine = setup({
  types: {
    context: {} as CustodyContext,
    input: {} as { bookingId: string },
    events: {} as CustodyMachineEvent,
    emitted: {} as NotifyEvent | BookingChangedEvent,
  },
  actors: {
    loadCustody: fromPromise<CustodyRecord, { bookingId: string }>(async () => {
      throw new Error('loadCustody actor not provided')
    }),
    /** The movement kept, or a full cold room's refusal (an answer the screen shows, not a failure). */
    addCustodyEvent: fromPromise<CustodySaved | ColdRoomFull, { bookingId: string; request: CustodyRequest }>(async () => {
      throw new Error('addCustodyEvent actor not provided')
    }),
  },
  actions: {
    failLoad: recordFailure<CustodyContext, CustodyMachineEvent>('error'),
    failSave: recordFailure<CustodyContext, CustodyMachineEvent>('saveError'),
    append: assign(({ context }, params: { event: CustodyEvent; message: string }) => ({
      record: context.record ? { ...context.record, events: [...context.record.events, params.event] } : null,
      savedCount: context.savedCount + 1,
      saveError: null,
      notice: params.message,
      coldRoomFull: null,
    })),
  },
}).createMachine({
  id: 'custody',
  description: "A booking's chain of custody and the movements the attendant records.",
  context: ({ input }) => ({ bookingId: input.bookingId, record: null, error: null, saveError: null, savedCount: 0, notice: null, coldRoomFull: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the recorded movements (what was read before stays). Past SLOW_LOAD_MS it is `slow` and Retry reads afresh.',
      tags: ['loading'],
      entry: assign({ error: null }),
      ...slowLoading({ 'custody.reload': { target: '#custody.loading', reenter: true } }),
      invoke: {
        src: 'loadCustody',
        input: ({ context }) => ({ bookingId: context.bookingId }),
        onDone: { target: 'ready', actions: assign({ record: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: { type: 'failLoad', params: { message: CUSTODY_MACHINE_MESSAGES.loadFailed } } },
      },
    },
    failed: {
      description: 'The record could not be read; Retry reads it again.',
      on: { 'custody.reload': 'loading' },
    },
    ready: {
      description: 'The record is shown; the next movement can be recorded.',
      on: {
        'custody.reload': 'loading',
        'custody.add': 'saving',
      },
    },
    saving: {
      description: 'Recording one movement; the form keeps its words until the server keeps them.',
      tags: ['saving'],
      entry: assign({ saveError: null, notice: null }),
      invoke: {
        src: 'addCustodyEvent',
        input: ({ context, event }) => {
          assertEvent(event, 'custody.add')
          return { bookingId: context.bookingId, request: event.request }
        },
        onDone: [
          {
            // The cold room is full: said beside the form with what is there, the form kept.
            guard: ({ event }) => 'bodies' in event.output,
            target: 'ready',
            actions: assign(({ event }) => {
              const refused = event.output as ColdRoomFull
              return { saveError: refused.message, coldRoomFull: refused }
            }),
          },
          {
            target: 'ready',
            actions: [
              { type: 'append', params: ({ event }) => ({ event: (event.output as CustodySaved).event, message: event.output.message ?? CUSTODY_MACHINE_MESSAGES.saved }) },
              emit(({ event }) => notify('success', event.output.message ?? CUSTODY_MACHINE_MESSAGES.saved)),
              emit(({ event }) => ({ type: 'custody.bookingChanged' as const, booking: (event.output as CustodySaved).booking })),
            ],
          },
        ],
        onError: { target: 'ready', actions: [assign({ coldRoomFull: null }), { type: 'failSave', params: serverMessageOr(CUSTODY_MACHINE_MESSAGES.saveFailed) }] },
      },
    },
  },
})
