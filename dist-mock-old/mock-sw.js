/*
 * The mock backend's service worker: MSW's own (mockServiceWorker.js, kept as `msw init` writes it)
 * behind one filter. MSW's worker sends every request of the page to the page and waits for its
 * answer, scripts, styles, fonts and images included; only /api is the mock's. Anything else goes
 * straight to the network, as without a worker: a page load no longer makes fifty round trips
 * through the page's main thread before it can run.
 */
self.addEventListener('fetch', function (event) {
  if (!/^\/api(\/|$)/.test(new URL(event.request.url).pathname)) event.stopImmediatePropagation()
})
importScripts('./mockServiceWorker.js')
