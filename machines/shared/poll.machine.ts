import { assign, enqueueActions, fromPromise, setup } from 'xstate'
import { notify, type NotifyEvent } from './notify'
import { slowLoading } from './slow-load'

export interface PollContext<T> {
  data: T | null
  error: string | null
  hidden: boolean
}
export type PollEvent = { type: 'refresh' } | { type: 'visibility.hidden' } | { type: 'visibility.visible' }
export interface PollInput {
  hidden?: boolean
}

/**
 * Something kept fresh by polling politely: load, then again every `intervalMs` while the page is
 * visible; nothing while it is hidden, and a load at once when it comes back. A failed load keeps the
 * last data; it is toasted with `failure` unless that is null (a quiet badge must not nag).
 */
export function createPollMachine<T>(intervalMs: number, failure: string | null) {
  return setup({
    types: { context: {} as PollContext<T>, events: {} as PollEvent, input: {} as PollInput, emitted: {} as NotifyEvent },
    actors: {
      load: fromPromise<T, void>(async () => {
        throw new Error('load actor not provided')
      }),
    },
    delays: { pollInterval: intervalMs },
    guards: { isHidden: ({ context }) => context.hidden },
  }).createMachine({
    id: 'poll',
    description: 'Data kept fresh by polling while the page is visible.',
    context: ({ input }) => ({ data: null, error: null, hidden: input.hidden ?? false }),
    initial: 'loading',
    on: { 'visibility.hidden': { actions: assign({ hidden: true }) } },
    states: {
      loading: {
        description: 'Asking; the last data stays on screen. Past SLOW_LOAD_MS it is `slow` and a refresh asks afresh.',
        tags: ['loading'],
        ...slowLoading({ refresh: { target: '#poll.loading', reenter: true } }),
        invoke: {
          src: 'load',
          onDone: { target: 'settled', actions: assign({ data: ({ event }) => event.output, error: null }) },
          onError: {
            target: 'settled',
            actions: enqueueActions(({ enqueue }) => {
              if (failure === null) return
              enqueue.assign({ error: failure })
              enqueue.emit(notify('error', failure))
            }),
          },
        },
      },
      settled: { description: 'A load ended: wait, or pause if the page is hidden.', always: [{ guard: 'isHidden', target: 'paused' }, { target: 'waiting' }] },
      waiting: {
        description: 'Visible: the next load is one interval away.',
        after: { pollInterval: 'loading' },
        on: { refresh: 'loading', 'visibility.hidden': { target: 'paused', actions: assign({ hidden: true }) } },
      },
      paused: {
        description: 'Hidden: no polling; back in view, a load at once.',
        on: { refresh: 'loading', 'visibility.visible': { target: 'loading', actions: assign({ hidden: false }) } },
      },
    },
  })
}
