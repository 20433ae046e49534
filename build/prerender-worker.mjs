/**
 * Runs in a worker thread started by prerender-pages.ts: imports the SSR build of
 * src/entry-prerender.tsx and renders each page. The worker is ended afterwards, which also ends
 * whatever timers the app's modules leave behind (idle callbacks, focus trackers); rendered in the
 * build's own thread, they kept `vite build` alive for seconds.
 */
import { parentPort, workerData } from 'node:worker_threads'

try {
  const { prerenderPage, prerenderLoading } = await import(workerData.entry)
  const pages = {}
  for (const locale of workerData.locales) {
    for (const path of workerData.paths) pages[`${locale}:${path}`] = await prerenderPage(path, locale)
    // A portal's shell: what the app draws first there.
    pages[`${locale}:loading`] = await prerenderLoading(locale)
  }
  parentPort.postMessage({ pages })
} catch (error) {
  parentPort.postMessage({ error: String((error && error.stack) || error) })
}
