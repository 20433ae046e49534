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
  /** What the last fetch asked for (e.g. a page, a search), given to `fetchItems`; null for the whole list. */
  query: unknown
  /** How many items the server holds for that query when it answered one page; null when it sent the whole list. */
  total: number | null
  selectedId: string | null
  error: string | null
  /** Shown (toast + error slot) when the fetch fails; the server's message is not used for loads. */
  failureMessage: string
  fetchOnStart: boolean
}

export type CollectionEvent<T extends { id: string }> =
  /** Fetch again; with a `query`, fetch that instead (while loading too: the last one asked wins). */
  | { type: 'collection.fetch'; query?: unknown }
  | { type: 'collection.add'; item: T }
  | { type: 'collection.update'; item: T }
  | { type: 'collection.patch'; id: string; changes: Partial<T> }
  | { type: 'collection.remove'; id: string }
  | { type: 'collection.select'; id: string | null }

export interface CollectionInput {
  failureMessage: string
  /** Start fetching at once (default true). */
  fetchOnStart?: boolean
  /** The first fetch's query (a server-paged list); absent for the whole list. */
  query?: unknown
}

/**
 * What a server-paged list's fetch answers: the page's items, carrying how many there are in all.
 * Still an array, so every fetch keeps one type and the fakes of lists fetched whole still fit.
 */
export function pageOf<T>(items: T[], total: number): T[] & { total: number } {
  return Object.assign([...items], { total })
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
      // Answers the whole list, or, given the context's `query` as its input, one page (`pageOf`).
      fetchItems: fromPromise<T[], void>(async () => {
        throw new Error('fetchItems actor not provided')
      }),
    },
    guards: {
      fetchOnStart: ({ context }) => context.fetchOnStart,
      newQuery: ({ event }) => event.type === 'collection.fetch' && event.query !== undefined,
    },
    actions: {
      fail: recordFailure<CollectionContext<T>, CollectionEvent<T>>('error'),
      /** The fetch's answer: the whole list, or one page carrying the total (`pageOf`). */
      takeItems: assign(({ event }) => {
        const output = (event as unknown as { output: T[] & { total?: unknown } }).output
        return { items: output, total: typeof output.total === 'number' ? output.total : null }
      }),
      /** A fetch with a query keeps it for the fetches after (a reload asks for the same page). */
      keepQuery: assign({ query: ({ context, event }) => (event.type === 'collection.fetch' && event.query !== undefined ? event.query : context.query) }),
    },
  }).createMachine({
    id,
    description: 'A list from the server: items, the selected one, loading and error.',
    context: ({ input }) => ({
      items: [],
      query: input.query ?? null,
      total: null,
      selectedId: null,
      error: null,
      failureMessage: input.failureMessage,
      fetchOnStart: input.fetchOnStart ?? true,
    }),
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
        on: { 'collection.fetch': { target: 'loading', actions: 'keepQuery' } },
      },
      loading: {
        description: 'Fetching; the last items stay visible while it runs.',
        tags: ['loading'],
        entry: assign({ error: null }),
        // Another page or search asked meanwhile: fetch that one (the answer to the first is dropped).
        on: { 'collection.fetch': { guard: 'newQuery', target: 'loading', reenter: true, actions: 'keepQuery' } },
        invoke: {
          src: 'fetchItems',
          // Lists fetched whole take no input; a paged list's fetch reads its query here.
          input: ({ context }) => (context.query ?? undefined) as void,
          onDone: { target: 'ready', actions: 'takeItems' },
          onError: {
            target: 'failed',
            // Load failures use SPEC.md's fixed message (e.g. 'Failed to load bookings').
            actions: { type: 'fail', params: ({ context }) => ({ message: context.failureMessage }) },
          },
        },
      },
      ready: {
        description: 'Items shown; can be fetched again.',
        on: { 'collection.fetch': { target: 'loading', actions: 'keepQuery' } },
      },
      failed: {
        description: 'The fetch failed: the message is shown and the user can try again.',
        on: { 'collection.fetch': { target: 'loading', actions: 'keepQuery' } },
      },
    },
  })
}

/** The selected item, derived (never stored twice). */
export function selectedItem<T extends { id: string }>(context: CollectionContext<T>): T | null {
  return context.items.find((i) => i.id === context.selectedId) ?? null
}
