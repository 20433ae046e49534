import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import { notify, type NotifyEvent } from '../shared/notify'
import { recordFailure, serverMessageWithToast } from '../shared/failure'

/**
 * The admin's document review (SPEC.md sections 2, 7, 8): the stats, one server page of documents
 * (10 at a time) with type and status filters and a debounced search, and one document under
 * review. After a review the stats and the same page (same filters) are fetched again.
 * I/O is two named actors, `loadPage` and `review`, given by the screen; tests give fakes.
 */
export const FETCH_FAILED = 'Failed to fetch documents'
export const REVIEW_FAILED = 'Failed to update document status'
/** Shown in the review dialog (the server says the same words when asked without one). */
export const REJECT_NEEDS_REASON = 'Give a reason so the family knows what to fix'
export const PAGE_SIZE = 10
export const SEARCH_DEBOUNCE_MS = 400

export interface ReviewQuery {
  page: number
  limit: number
  document_type: string
  status: string
  search: string
}

export interface ReviewDoc {
  id: string
  status: string
}

export interface ReviewStats {
  total: number
  pending: number
  approved: number
  rejected: number
}

export interface PageResult<D extends ReviewDoc> {
  documents: D[]
  pagination: { total: number; pages: number } | null
  stats: ReviewStats
}

export interface ReviewContext<D extends ReviewDoc> {
  query: ReviewQuery
  /** What is typed in the search box (sent as `search` after a pause). */
  searchDraft: string
  documents: D[]
  total: number
  pages: number
  stats: ReviewStats | null
  error: string | null
  reviewing: D | null
  reviewError: string | null
}

export type ReviewEvent<D extends ReviewDoc> =
  | { type: 'retry' }
  | { type: 'refresh' }
  | { type: 'filter.type'; value: string }
  | { type: 'filter.status'; value: string }
  | { type: 'search.change'; value: string }
  | { type: 'page.go'; page: number }
  | { type: 'review.open'; document: D }
  | { type: 'review.close' }
  | { type: 'review.submit'; status: 'approved' | 'rejected'; notes: string }

export function createDocumentReviewMachine<D extends ReviewDoc>() {
  return setup({
    types: {
      context: {} as ReviewContext<D>,
      events: {} as ReviewEvent<D>,
      emitted: {} as NotifyEvent,
    },
    actors: {
      loadPage: fromPromise<PageResult<D>, ReviewQuery>(async () => {
        throw new Error('loadPage actor not provided')
      }),
      review: fromPromise<D, { id: string; status: 'approved' | 'rejected'; notes: string }>(async () => {
        throw new Error('review actor not provided')
      }),
    },
    guards: {
      /** Rejecting without a reason leaves the family guessing what to fix. */
      reasonMissing: ({ event }) => event.type === 'review.submit' && event.status === 'rejected' && event.notes.trim() === '',
      isPending: ({ event }) => event.type === 'review.open' && event.document.status === 'pending',
      pageInRange: ({ context, event }) => event.type === 'page.go' && event.page >= 1 && event.page <= Math.max(1, context.pages) && event.page !== context.query.page,
    },
    actions: {
      setType: assign({
        query: ({ context, event }) => {
          assertEvent(event, 'filter.type')
          return { ...context.query, document_type: event.value, page: 1 }
        },
      }),
      setStatus: assign({
        query: ({ context, event }) => {
          assertEvent(event, 'filter.status')
          return { ...context.query, status: event.value, page: 1 }
        },
      }),
      setDraft: assign({
        searchDraft: ({ event }) => {
          assertEvent(event, 'search.change')
          return event.value
        },
      }),
      openReview: assign({
        reviewing: ({ event }) => {
          assertEvent(event, 'review.open')
          return event.document
        },
        reviewError: null,
      }),
      setPage: assign({
        query: ({ context, event }) => {
          assertEvent(event, 'page.go')
          return { ...context.query, page: event.page }
        },
      }),
      /** What was typed becomes the query's search, from page 1. */
      applySearch: assign({ query: ({ context }) => ({ ...context.query, search: context.searchDraft.trim(), page: 1 }) }),
      /** The page's failure: the error slot with Retry, and SPEC.md's toast. */
      fail: recordFailure<ReviewContext<D>, ReviewEvent<D>>('error'),
      /** The review's failure: the dialog shows the reason, the toast SPEC.md's words. */
      failReview: recordFailure<ReviewContext<D>, ReviewEvent<D>>('reviewError'),
    },
  }).createMachine({
    id: 'documentReview',
    description: 'Stats + one page of documents with filters; one document under review at a time.',
    context: {
      query: { page: 1, limit: PAGE_SIZE, document_type: '', status: '', search: '' },
      searchDraft: '',
      documents: [],
      total: 0,
      pages: 0,
      stats: null,
      error: null,
      reviewing: null,
      reviewError: null,
    },
    initial: 'loading',
    states: {
      loading: {
        description: 'Fetching the stats and the page; the last page stays on screen.',
        tags: ['loading'],
        entry: assign({ error: null }),
        invoke: {
          src: 'loadPage',
          input: ({ context }) => context.query,
          onDone: {
            target: 'ready',
            actions: assign(({ event }) => ({
              documents: event.output.documents,
              total: event.output.pagination?.total ?? event.output.documents.length,
              pages: event.output.pagination?.pages ?? 1,
              stats: event.output.stats,
            })),
          },
          onError: {
            target: 'failed',
            actions: { type: 'fail', params: { message: FETCH_FAILED } },
          },
        },
        on: {
          // A new filter while a page loads: load again with it (the old answer is dropped).
          'filter.type': { target: 'loading', reenter: true, actions: 'setType' },
          'filter.status': { target: 'loading', reenter: true, actions: 'setStatus' },
          'search.change': { target: 'debouncing', actions: 'setDraft' },
          // A row clicked while the page refreshes opens at once; the page is fetched after.
          'review.open': { guard: 'isPending', target: 'reviewing', actions: 'openReview' },
        },
      },
      ready: {
        description: 'The stats and the page are shown; filters, search, paging and a review can start.',
        on: {
          refresh: 'loading',
          'filter.type': { target: 'loading', actions: 'setType' },
          'filter.status': { target: 'loading', actions: 'setStatus' },
          'search.change': { target: 'debouncing', actions: 'setDraft' },
          'page.go': { guard: 'pageInRange', target: 'loading', actions: 'setPage' },
          'review.open': { guard: 'isPending', target: 'reviewing', actions: 'openReview' },
        },
      },
      debouncing: {
        description: 'Typing in the search box: wait for a pause before asking the server.',
        after: {
          [SEARCH_DEBOUNCE_MS]: { target: 'loading', actions: 'applySearch' },
        },
        on: {
          'search.change': { target: 'debouncing', reenter: true, actions: 'setDraft' },
          'filter.type': { actions: 'setType' },
          'filter.status': { actions: 'setStatus' },
          'review.open': {
            guard: 'isPending',
            target: 'reviewing',
            actions: ['openReview', 'applySearch'],
          },
        },
      },
      failed: {
        description: "'Failed to fetch documents' with Retry; filters are kept.",
        on: {
          retry: 'loading',
          refresh: 'loading',
          'filter.type': { target: 'loading', actions: 'setType' },
          'filter.status': { target: 'loading', actions: 'setStatus' },
          'search.change': { target: 'debouncing', actions: 'setDraft' },
        },
      },
      reviewing: {
        description: 'One pending document in the review dialog.',
        initial: 'idle',
        // Closing fetches the page again: it may have changed, or a search may have been pending.
        on: { 'review.close': { target: 'loading', actions: assign({ reviewing: null, reviewError: null }) } },
        states: {
          idle: {
            description: 'The admin reads the document and chooses approve or reject, with notes.',
            on: {
              'review.submit': [
                { guard: 'reasonMissing', actions: assign({ reviewError: REJECT_NEEDS_REASON }) },
                { target: 'submitting' },
              ],
            },
          },
          submitting: {
            description: 'PUT the decision; the dialog cannot be closed until the server answers.',
            tags: ['busy'],
            entry: assign({ reviewError: null }),
            on: { 'review.close': {} },
            invoke: {
              src: 'review',
              input: ({ context, event }) => {
                assertEvent(event, 'review.submit')
                return { id: context.reviewing?.id ?? '', status: event.status, notes: event.notes }
              },
              onDone: {
                target: '#documentReview.loading',
                actions: [assign({ reviewing: null }), emit(({ event }) => notify('success', event.output.status === 'approved' ? 'Document marked as approved' : 'Document marked as rejected'))],
              },
              onError: {
                target: 'idle',
                // The toast is SPEC.md's; the dialog shows the server's reason when it gave one.
                actions: { type: 'failReview', params: serverMessageWithToast(REVIEW_FAILED) },
              },
            },
          },
        },
      },
    },
  })
}
