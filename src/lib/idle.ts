/**
 * Run `callback` once the browser is idle, and at the latest after `timeout` ms. Where
 * requestIdleCallback is missing (Safari, happy-dom), it runs after `fallbackDelay` ms instead, or
 * not at all when no fallback is given (for work that is only worth doing when idle, like a prefetch).
 * Returns the cancel function, ready to be an effect's cleanup.
 */
export function whenIdle(callback: () => void, { timeout, fallbackDelay }: { timeout: number; fallbackDelay?: number }): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => callback(), { timeout })
    return () => window.cancelIdleCallback(id)
  }
  if (fallbackDelay === undefined) return () => {}
  const id = window.setTimeout(callback, fallbackDelay)
  return () => window.clearTimeout(id)
}
