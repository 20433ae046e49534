import { assertEvent, assign, emit, fromPromise, sendTo, setup } from 'xstate'
import type { Booking } from '../../shared/contracts/bookings'
import { PREP_TASKS, type PrepTask } from '../../shared/contracts/morgue'
import { createCollectionMachine } from '../shared/collection.machine'
import { recordFailure, serverMessageOr } from '../shared/failure'
import { notify, type NotifyEvent } from '../shared/notify'

/** What the morgue attendant's screens tell them (SPEC.md section 8 where it has words, else ours). */
export const CASELOAD_MESSAGES = {
  loadFailed: 'Failed to fetch attendant bookings',
  tasksSaved: 'Preparation tasks updated',
  tasksFailed: 'Failed to update preparation tasks',
  departed: 'Transfer marked as departed',
  delivered: 'Transfer marked as delivered',
  transportFailed: 'Failed to update transport',
  pickupSaved: 'Pickup place updated',
  pickupFailed: 'Failed to update the pickup place',
} as const

/** One preparation step ticked (done) or unticked on one body. */
export interface TaskTick {
  id: string
  task: PrepTask
  done: boolean
}

export type CaseloadEvent =
  | { type: 'caseload.reload' }
  | ({ type: 'caseload.tickTask' } & TaskTick)
  /** A booking changed elsewhere (a release recorded in the chain of custody): shown as the server answered it. */
  | { type: 'caseload.replace'; booking: Booking }
  | { type: 'caseload.transport'; id: string; status: 'departed' | 'delivered' }
  | { type: 'caseload.pickup'; id: string; pickup: string }

export interface CaseloadContext {
  /** The booking a transport or pickup change is being saved for. */
  busyId: string | null
  /**
   * Ticks not yet kept by the server, oldest first; the first is being saved. The screen shows
   * them over the saved list, so a tick shows at once and only its own step is busy.
   */
  taskQueue: TaskTick[]
  /**
   * The checklists the server answered while more ticks were waiting: the next save starts from
   * them, as the list child takes the answer only after this machine's step. Emptied with the queue.
   */
  keptTasks: Record<string, string[]>
}

/** The checklist after one tick, in checklist order. */
export function tasksAfter(current: readonly string[], tick: Pick<TaskTick, 'task' | 'done'>): PrepTask[] {
  return PREP_TASKS.filter((t) => (t === tick.task ? tick.done : current.includes(t)))
}

/** What a body's checklist shows: the saved steps with the ticks still waiting applied in order. */
export function shownTasks(bookingId: string, saved: readonly string[], queue: readonly TaskTick[]): PrepTask[] {
  const start = PREP_TASKS.filter((t) => saved.includes(t))
  return queue.filter((q) => q.id === bookingId).reduce<PrepTask[]>((tasks, q) => tasksAfter(tasks, q), start)
}

/** GET /bookings/attendant: the one collection machine; the app provides its `fetchItems`. */
export const attendantBookingsMachine = createCollectionMachine<Booking>('attendantBookings')

const CHANGES = ['caseload.transport', 'caseload.pickup'] as const

/**
 * The attendant's caseload and the changes they make to it: preparation tasks, the transfer to the
 * service and its pickup (the release is an event of the chain of custody: custody.machine). The
 * list is the `list` child (a collection: load, failure message, retry). Ticks of preparation steps wait in a queue and are saved one after the
 * other (each PUT carries the whole checklist, so two in flight could undo each other), while the
 * attendant goes on ticking; a refused tick is dropped alone. Transfers and pickups are saved one
 * at a time beside them.
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
    moveTransport: fromPromise<Booking, { id: string; status: 'departed' | 'delivered' }>(async () => {
      throw new Error('moveTransport actor not provided')
    }),
    setPickup: fromPromise<Booking, { id: string; pickup: string }>(async () => {
      throw new Error('setPickup actor not provided')
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
    enqueueTick: assign({
      taskQueue: ({ context, event }) => {
        assertEvent(event, 'caseload.tickTask')
        return [...context.taskQueue, { id: event.id, task: event.task, done: event.done }]
      },
    }),
    /** The first tick is settled: kept (the answer is in the list) or refused (it is undone on screen). */
    dequeueTick: assign(({ context }) => {
      const taskQueue = context.taskQueue.slice(1)
      return { taskQueue, keptTasks: taskQueue.length === 0 ? {} : context.keptTasks }
    }),
    keepTasks: assign({ keptTasks: ({ context }, params: { booking: Booking }) => ({ ...context.keptTasks, [params.booking.id]: params.booking.morgue?.tasks ?? [] }) }),
  },
  guards: {
    ticksWaiting: ({ context }) => context.taskQueue.length > 0,
  },
}).createMachine({
  id: 'caseload',
  description: "The bodies assigned to the signed-in attendant and the attendant's changes to them.",
  context: { busyId: null, taskQueue: [], keptTasks: {} },
  invoke: { id: 'list', src: 'attendantBookings', input: { failureMessage: CASELOAD_MESSAGES.loadFailed } },
  on: {
    'caseload.reload': { actions: sendTo('list', { type: 'collection.fetch' }) },
    'caseload.tickTask': { actions: 'enqueueTick' },
    'caseload.replace': { actions: { type: 'showSaved', params: ({ event }) => ({ booking: event.booking }) } },
  },
  type: 'parallel',
  states: {
    tasks: {
      description: 'Preparation ticks, saved one after the other in the order they were made.',
      initial: 'idle',
      states: {
        idle: {
          description: 'No tick is waiting to be saved.',
          always: { guard: 'ticksWaiting', target: 'saving' },
        },
        saving: {
          description: 'Saving the oldest waiting tick: its body\'s saved checklist with that one step changed.',
          invoke: {
            src: 'saveTasks',
            input: ({ context, self }) => {
              const tick = context.taskQueue[0]
              if (!tick) throw new Error('no tick to save')
              const saved = context.keptTasks[tick.id] ?? self.getSnapshot().children.list?.getSnapshot().context.items.find((b: Booking) => b.id === tick.id)?.morgue?.tasks ?? []
              return { id: tick.id, tasks: tasksAfter(saved, tick) }
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'showSaved', params: ({ event }) => ({ booking: event.output }) },
                { type: 'keepTasks', params: ({ event }) => ({ booking: event.output }) },
                'dequeueTick',
                emit(notify('success', CASELOAD_MESSAGES.tasksSaved)),
              ],
            },
            onError: { target: 'idle', actions: ['dequeueTick', { type: 'notifyFailure', params: serverMessageOr(CASELOAD_MESSAGES.tasksFailed) }] },
          },
        },
      },
    },
    changes: {
      description: 'Transfer moves and pickup places, one at a time.',
      initial: 'ready',
      states: {
        ready: {
          description: 'The caseload is shown (or loading, in the list); a transfer move or pickup can be sent.',
          on: {
            'caseload.transport': 'movingTransport',
            'caseload.pickup': 'savingPickup',
          },
        },
        savingPickup: {
          description: 'Saving where one body is collected for its transfer.',
          tags: ['saving'],
          entry: 'markBusy',
          exit: 'clearBusy',
          invoke: {
            src: 'setPickup',
            input: ({ event }) => {
              assertEvent(event, 'caseload.pickup')
              return { id: event.id, pickup: event.pickup }
            },
            onDone: {
              target: 'ready',
              actions: [{ type: 'showSaved', params: ({ event }) => ({ booking: event.output }) }, emit(notify('success', CASELOAD_MESSAGES.pickupSaved))],
            },
            onError: { target: 'ready', actions: { type: 'notifyFailure', params: serverMessageOr(CASELOAD_MESSAGES.pickupFailed) } },
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
    },
  },
})
