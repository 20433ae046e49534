import { assign, fromPromise, setup } from 'xstate'
import type { NotifyEvent, Words } from './notify'
import { recordFailure } from './failure'
import { slowLoading } from './slow-load'

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
  /** The failure's words, English or a descriptor, said in the language in use where they are shown. */
  error: Words | null
  /** Shown (toast + error slot) when the fetch fails; the server's message is not used for loads. */
  failureMessage: Words
  /** Whether the failure is also said as a toast (false: the screen says it in place, once). */
  failureToast: boolean
  fetchOnStart: boolean
  /** The list was given at the start (`CollectionInput.items`): shown as it is, not fetched. */
  itemsAtHand: boolean
  /**
   * The edits made while a fetch was under way, put again on its answer: the answer may have been
   * read before they were saved (an admin assigning an attendant on a row while the search's
   * page is still coming), and must not bring the old values back.
   */
  editsWhileLoading: Array<CollectionEdit<T>>
}

/** A local edit of one item after the server agreed (or a change shown while it is saved). */
type CollectionEdit<T extends { id: string }> = Extract<CollectionEvent<T>, { type: 'collection.update' | 'collection.patch' | 'collection.remove' }>

function applyEdit<T extends { id: string }>(items: T[], edit: CollectionEdit<T>): T[] {
  if (edit.type === 'collection.update') return items.map((i) => (i.id === edit.item.id ? edit.item : i))
  if (edit.type === 'collection.patch') return items.map((i) => (i.id === edit.id ? { ...i, ...edit.changes } : i))
  return items.filter((i) => i.id !== edit.id)
}

export type CollectionEvent<T extends { id: string }> =
  /** Fetch again; with a `query`, fetch that instead (while loading too: the last one asked wins). */
  | { type: 'collection.fetch'; query?: unknown }
  | { type: 'collection.add'; item: T }
  | { type: 'collection.update'; item: T }
  | { type: 'collection.patch'; id: string; changes: Partial<T> }
  | { type: 'collection.remove'; id: string }
  | { type: 'collection.select'; id: string | null }

export interface CollectionInput<T = unknown> {
  /** A descriptor keeps following the language after the screen opened; English (an id in the catalogues) does too. */
  failureMessage: Words
  /**
   * Also say a failed fetch as a toast (default true). False where the screen says it in place with
   * Try again (LoadProblem): on a phone a toast repeating it covers the heading above it.
   */
  toast?: boolean
  /** Start fetching at once (default true). */
  fetchOnStart?: boolean
  /** The first fetch's query (a server-paged list); absent for the whole list. */
  query?: unknown
  /**
   * The list already at hand (its answer came before the screen was drawn): shown at once, in the
   * screen's first render, with no fetch at start. A fetch asked later asks the server as always.
   */
  items?: T[]
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
      input: {} as CollectionInput<T>,
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
      itemsAtHand: ({ context }) => context.itemsAtHand,
      newQuery: ({ event }) => event.type === 'collection.fetch' && event.query !== undefined,
    },
    actions: {
      fail: recordFailure<CollectionContext<T>, CollectionEvent<T>>('error'),
      /** The fetch's answer (the whole list, or one page carrying the total: `pageOf`), with the edits made meanwhile. */
      takeItems: assign(({ context, event }) => {
        const output = (event as unknown as { output: T[] & { total?: unknown } }).output
        return { items: context.editsWhileLoading.reduce(applyEdit, [...output]), total: typeof output.total === 'number' ? output.total : null, editsWhileLoading: [] }
      }),
      applyEdit: assign({ items: ({ context, event }) => applyEdit(context.items, event as CollectionEdit<T>) }),
      keepEdit: assign({ editsWhileLoading: ({ context, event }) => [...context.editsWhileLoading, event as CollectionEdit<T>] }),
      forgetEdits: assign({ editsWhileLoading: [] }),
      unselectRemoved: assign({ selectedId: ({ context, event }) => (event.type === 'collection.remove' && context.selectedId === event.id ? null : context.selectedId) }),
      /** A fetch with a query keeps it for the fetches after (a reload asks for the same page). */
      keepQuery: assign({ query: ({ context, event }) => (event.type === 'collection.fetch' && event.query !== undefined ? event.query : context.query) }),
    },
  }).createMachine({
    id,
    description: 'A list from the server: items, the selected one, loading and error.',
    context: ({ input }) => ({
      items: input.items ? [...input.items] : [],
      query: input.query ?? null,
      total: null,
      selectedId: null,
      error: null,
      failureMessage: input.failureMessage,
      failureToast: input.toast ?? true,
      fetchOnStart: input.fetchOnStart ?? true,
      itemsAtHand: input.items !== undefined,
      editsWhileLoading: [],
    }),
    initial: 'start',
    on: {
      'collection.add': { actions: assign({ items: ({ context, event }) => [...context.items, event.item] }) },
      'collection.update': { actions: 'applyEdit' },
      'collection.patch': { actions: 'applyEdit' },
      'collection.remove': { actions: ['applyEdit', 'unselectRemoved'] },
      'collection.select': { actions: assign({ selectedId: ({ event }) => event.id }) },
    },
    states: {
      start: {
        description: 'Fetch at once unless told to wait, or the list is already at hand.',
        always: [{ guard: 'itemsAtHand', target: 'ready' }, { guard: 'fetchOnStart', target: 'loading' }, { target: 'idle' }],
      },
      idle: {
        description: 'Nothing fetched yet.',
        on: { 'collection.fetch': { target: 'loading', actions: 'keepQuery' } },
      },
      loading: {
        description: 'Fetching; the last items stay visible while it runs. Past SLOW_LOAD_MS it is `slow` and a fetch asks afresh.',
        tags: ['loading'],
        entry: assign({ error: null }),
        ...slowLoading({ 'collection.fetch': { target: `#${id}.loading`, reenter: true, actions: 'keepQuery' } }),
        on: {
          // Another page or search asked meanwhile: fetch that one (the answer to the first is dropped).
          'collection.fetch': { guard: 'newQuery', target: 'loading', reenter: true, actions: 'keepQuery' },
          'collection.update': { actions: ['applyEdit', 'keepEdit'] },
          'collection.patch': { actions: ['applyEdit', 'keepEdit'] },
          'collection.remove': { actions: ['applyEdit', 'unselectRemoved', 'keepEdit'] },
        },
        invoke: {
          src: 'fetchItems',
          // Lists fetched whole take no input; a paged list's fetch reads its query here.
          input: ({ context }) => (context.query ?? undefined) as void,
          onDone: { target: 'ready', actions: 'takeItems' },
          onError: {
            target: 'failed',
            // Load failures use SPEC.md's fixed message (e.g. 'Failed to load bookings').
            actions: [{ type: 'fail', params: ({ context }) => ({ message: context.failureMessage, ...(context.failureToast ? {} : { toast: '' }) }) }, 'forgetEdits'],
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
