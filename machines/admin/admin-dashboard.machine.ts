import { assign, fromPromise, setup } from 'xstate'
import { ADMIN_REFRESH_MS } from '../../shared/constants'
import type { NotifyEvent } from '../shared/notify'
import { recordFailure } from '../shared/failure'

/** SPEC.md section 9: the admin dashboard refreshes every 5 minutes. */
export const DASHBOARD_REFRESH_MS = ADMIN_REFRESH_MS
export const DASHBOARD_FAILURE = 'Failed to load dashboard data'

export interface AdminDashboardInput {
  /** Whether the page is hidden when the machine starts (document.visibilityState). */
  hidden?: boolean
}

export interface AdminDashboardContext<TData> {
  /** The last good answer: kept on screen when a later load fails. */
  data: TData | null
  /** When `data` arrived (ms), for "Last updated". */
  updatedAt: number | null
  /** When the last load started (ms): the next automatic one is 5 minutes after it. */
  attemptedAt: number | null
  error: string | null
  hidden: boolean
}

export type AdminDashboardEvent = { type: 'dashboard.refresh' } | { type: 'visibility.hidden' } | { type: 'visibility.visible' }

/**
 * The design card's "admin refresh": load the statistics, then again every 5 minutes; a Refresh
 * button loads at once; no polling while the tab is hidden, and a catch-up load when it comes back
 * if one fell due meanwhile; a failure shows 'Failed to load dashboard data' and keeps the last data.
 */
export function createAdminDashboardMachine<TData>(
  /**
   * The clock ("now" in ms): the app passes the wall clock, tests a simulated one. It is kept in this
   * closure, not in context, so the context stays plain data (a snapshot can be persisted or inspected).
   */
  now: () => number,
) {
  return setup({
    types: {
      context: {} as AdminDashboardContext<TData>,
      events: {} as AdminDashboardEvent,
      input: {} as AdminDashboardInput,
      emitted: {} as NotifyEvent,
    },
    actors: {
      loadStatistics: fromPromise<TData, void>(async () => {
        throw new Error('loadStatistics actor not provided')
      }),
    },
    delays: {
      untilDue: ({ context }) =>
        context.attemptedAt === null ? 0 : Math.max(0, context.attemptedAt + DASHBOARD_REFRESH_MS - now()),
    },
    guards: {
      isHidden: ({ context }) => context.hidden,
      isDue: ({ context }) => context.attemptedAt === null || now() - context.attemptedAt >= DASHBOARD_REFRESH_MS,
    },
    actions: {
      /** 'Failed to load dashboard data' in the slot and as a toast; the last data stays. */
      fail: recordFailure<AdminDashboardContext<TData>, AdminDashboardEvent>('error'),
    },
  }).createMachine({
    id: 'adminDashboard',
    description: 'Admin dashboard statistics, refreshed every 5 minutes while the page is visible.',
    context: ({ input }) => ({
      data: null,
      updatedAt: null,
      attemptedAt: null,
      error: null,
      hidden: input.hidden ?? false,
    }),
    initial: 'loading',
    on: {
      'visibility.hidden': { actions: assign({ hidden: true }) },
      'visibility.visible': { actions: assign({ hidden: false }) },
    },
    states: {
      loading: {
        description: 'Fetching; the last data stays on screen.',
        tags: ['loading'],
        entry: assign({ attemptedAt: () => now() }),
        invoke: {
          src: 'loadStatistics',
          onDone: {
            target: 'settled',
            actions: assign({ data: ({ event }) => event.output, updatedAt: () => now(), error: null }),
          },
          onError: {
            target: 'settled',
            actions: { type: 'fail', params: { message: DASHBOARD_FAILURE } },
          },
        },
      },
      settled: {
        description: 'A load ended: wait for the next one, or pause if the tab is hidden.',
        always: [{ guard: 'isHidden', target: 'paused' }, { target: 'waiting' }],
      },
      waiting: {
        description: 'Shown; the next load is due 5 minutes after the last one started.',
        after: { untilDue: 'loading' },
        on: {
          'dashboard.refresh': 'loading',
          'visibility.hidden': { target: 'paused', actions: assign({ hidden: true }) },
        },
      },
      paused: {
        description: 'The tab is hidden: no polling. Back in view, a load that fell due runs at once.',
        on: {
          'dashboard.refresh': 'loading',
          'visibility.visible': [
            { guard: 'isDue', target: 'loading', actions: assign({ hidden: false }) },
            { target: 'waiting', actions: assign({ hidden: false }) },
          ],
        },
      },
    },
  })
}
