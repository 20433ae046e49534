/**
 * A load that gets no answer for a few seconds: the HTTP client has no timeout (SPEC.md section 7)
 * and a dead line or a server that is down can keep a request open for minutes, so every screen
 * that loads data would spin. A machine's loading state takes these sub-states: after SLOW_LOAD_MS
 * it carries the tag `slow` (the screen says it cannot reach us and offers Try again) while the
 * request goes on: a late answer is still taken. Try again, only then, asks afresh.
 */
export const SLOW_LOAD_MS = 8000

/** The tag of a load that has waited SLOW_LOAD_MS without an answer. */
export const SLOW_TAG = 'slow'

/**
 * The inside of a loading state: `{ ...loadingState, ...slowLoading(on) }`, where `on` is how
 * Try again restarts the load from the slow state, e.g.
 * `{ 'collection.fetch': { target: '#myBookings.loading', reenter: true } }`.
 */
export function slowLoading<const On extends object>(on: On) {
  return {
    initial: 'answering' as const,
    states: {
      answering: {
        description: 'The answer is expected within SLOW_LOAD_MS.',
        after: { [SLOW_LOAD_MS]: { target: 'slow' as const } },
      },
      slow: {
        description: 'No answer yet after SLOW_LOAD_MS: the screen says it cannot reach us and offers Try again; a late answer still counts.',
        tags: [SLOW_TAG],
        on,
      },
    },
  }
}
