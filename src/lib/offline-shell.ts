/**
 * The production build's service worker (public/sw.js): keeps the app's page and hashed scripts so
 * that a reload with no network shows the app (with the home's phone number and the "as of" line),
 * not the browser's error page. Never in development, tests or the mock build: the mock's own
 * worker serves /api there, on the same scope, and one scope holds one worker.
 *
 * The worker never takes over the page that registers it (it does not claim it): that first visit
 * loads from the network to the end, as it would without a worker. This page tells the worker what
 * it has loaded instead, and goes on telling it as later screens load their chunks.
 */
export function registerOfflineShell(): void {
  if (__MOCK__ || !import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  const sameOrigin = (name: string) => name.startsWith(`${location.origin}/`)
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        // A page the worker controls is kept by the worker itself as it fetches.
        if (navigator.serviceWorker.controller) return
        const tell = (urls: string[], withPage: boolean) => {
          if (urls.length > 0 || withPage) registration.active?.postMessage({ type: 'keep', page: location.href, urls: withPage ? [location.href, ...urls] : urls })
        }
        tell(performance.getEntriesByType('resource').map((e) => e.name).filter(sameOrigin), true)
        if (typeof PerformanceObserver === 'undefined') return
        new PerformanceObserver((list) => tell(list.getEntries().map((e) => e.name).filter(sameOrigin), false)).observe({ type: 'resource' })
      })
      .catch(() => {
        /* No worker (a private window, an old browser): the app works as before, online only. */
      })
  }
  // After the page has loaded: the worker's own download never competes with the first screen.
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
