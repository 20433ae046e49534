/**
 * The production build's service worker (public/sw.js): keeps the app's page and hashed scripts so
 * that a reload with no network shows the app (with the home's phone number and the "as of" line),
 * not the browser's error page. Never in development, tests or the mock build: the mock's own
 * worker serves /api there, on the same scope, and one scope holds one worker.
 */
export function registerOfflineShell(): void {
  if (__MOCK__ || !import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        // This first visit was loaded before the worker was there: tell it what to keep now (it keeps
        // only what it would route itself: never /api).
        const assets = performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((name) => name.startsWith(`${location.origin}/`))
        registration.active?.postMessage({ type: 'keep', page: location.href, urls: [location.href, ...assets] })
      })
      .catch(() => {
        /* No worker (a private window, an old browser): the app works as before, online only. */
      })
  }
  // After the page has loaded: the worker's own download never competes with the first screen.
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
