/**
 * A loader (a chunk's `import()`, with its words) that asks once: every later call gets the same
 * promise. A lazy component calls its loader on its first render; with a new `import()` each time,
 * a chunk already in and run still took the browser a task or more to hand over, so React drew the
 * Suspense fallback (the same "Loading…") and then held the reveal back until 300 ms after it
 * (Suspense's throttle). With the promise already settled, React's render waits a microtask and
 * draws the component at once. A load that failed (offline) is forgotten, so the next call tries again
 * (a prefetch, a menu; a lazy component keeps its own failure, as React.lazy always did).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null
  return () => {
    if (!loading) {
      const attempt = load()
      loading = attempt
      attempt.catch(() => {
        if (loading === attempt) loading = null
      })
    }
    return loading
  }
}
