import { assign, fromPromise, setup } from 'xstate'
import type { NotifyEvent } from './notify'
import { recordFailure } from './failure'

/**
 * One generic list (SPEC.md section 3: "every list keeps its items, a selected item, and loading
 * and error flags"): bookings, services, users, documents, payments. The fetch is an actor given
 * with `provide`; add / update / remove / select are local edits after the server agreed.
 */
export interface CollectionContext<T extends { id: string }> {
  items: T[]
  selectedId: string | null
  error: string | null
  /** Shown (toast + error slot) when the fetch fails; the server's message is not used for loads. */
  failureMessage: string
  fetchOnStart: boolean
}

export type CollectionEvent<T extends { id: string }> =
  | { type: 'collection.fetch' }
  | { type: 'collection.add'; item: T }
  | { type: 'collection.update'; item: T }
  | { type: 'collection.patch'; id: string; changes: Partial<T> }
  | { type: 'collection.remove'; id: string }
  | { type: 'collection.select'; id: string | null }

export interface CollectionInput {
  failureMessage: string
  /** Start fetching at once (default true). */
  fetchOnStart?: boolean
}

export function createCollectionMachine<T extends { id: string }>(id = 'collection') {
  return setup({
    types: {
      context: {} as CollectionContext<T>,
      events: {} as CollectionEvent<T>,
      input: {} as CollectionInput,
      emitted: {} as NotifyEvent,
    },
    actors: {
      fetchItems: fromPromise<T[], void>(async () => {
        throw new Error('fetchItems actor not provided')
      }),
    },
    guards: {
      fetchOnStart: ({ context }) => context.fetchOnStart,
    },
    actions: {
      fail: recordFailure<CollectionContext<T>, CollectionEvent<T>>('error'),
    },
  }).createMachine({
    id,
    description: 'A list from the server: items, the selected one, loading and error.',
    context: ({ input }) => ({ items: [], selectedId: null, error: null, failureMessage: input.failureMessage, fetchOnStart: input.fetchOnStart ?? true }),
    initial: 'start',
    on: {
      'collection.add': { actions: assign({ items: ({ context, event }) => [...context.items, event.item] }) },
      'collection.update': {
        actions: assign({ items: ({ context, event }) => context.items.map((i) => (i.id === event.item.id ? event.item : i)) }),
      },
      'collection.patch': {
        actions: assign({
          items: ({ context, event }) => context.items.map((i) => (i.id === event.id ? { ...i, ...event.changes } : i)),
        }),
      },
      'collection.remove': {
        actions: assign({
          items: ({ context, event }) => context.items.filter((i) => i.id !== event.id),
          selectedId: ({ context, event }) => (context.selectedId === event.id ? null : context.selectedId),
        }),
      },
      'collection.select': { actions: assign({ selectedId: ({ event }) => event.id }) },
    },
    states: {
      start: {
        description: 'Fetch at once unless told to wait.',
        always: [{ guard: 'fetchOnStart', target: 'loading' }, { target: 'idle' }],
      },
      idle: {
        description: 'Nothing fetched yet.',
        on: { 'collection.fetch': 'loading' },
      },
      loading: {
        description: 'Fetching; the last items stay visible while it runs.',
        tags: ['loading'],
        entry: assign({ error: null }),
        invoke: {
          src: 'fetchItems',
          onDone: { target: 'ready', actions: assign({ items: ({ event }) => event.output }) },
          onError: {
            target: 'failed',
            // Load failures use SPEC.md's fixed message (e.g. 'Failed to load bookings').
            actions: { type: 'fail', params: ({ context }) => ({ message: context.failureMessage }) },
          },
        },
      },
      ready: {
        description: 'Items shown; can be fetched again.',
        on: { 'collection.fetch': 'loading' },
      },
      failed: {
        description: 'The fetch failed: the message is shown and the user can try again.',
        on: { 'collection.fetch': 'loading' },
      },
    },
  })
}

/** The selected item, derived (never stored twice). */
export function selectedItem<T extends { id: string }>(context: CollectionContext<T>): T | null {
  return context.items.find((i) => i.id === context.selectedId) ?? null
}
