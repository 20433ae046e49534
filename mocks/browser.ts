/** The mock backend in the browser (dev / demo): service worker + localStorage persistence. */
import { setupWorker } from 'msw/browser'
import { handlers } from './handlers'
import { resetDatabase, restore, snapshot } from './db'
import { setLatency } from './http'
import { setResetListener } from './handlers/dev'

export const STORAGE_KEY = 'afh-mock-db'

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

export function persistDatabase(): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(snapshot()))
  } catch (error) {
    console.warn('[mock] could not persist the demo database', error)
  }
}

export function clearPersistedDatabase(): void {
  try {
    storage()?.removeItem(STORAGE_KEY)
  } catch {
    /* ignore */
  }
}

async function loadDatabase(): Promise<void> {
  const saved = storage()?.getItem(STORAGE_KEY)
  if (saved) {
    try {
      if (await restore(JSON.parse(saved))) return
    } catch {
      /* fall through to a fresh seed */
    }
    clearPersistedDatabase()
  }
  await resetDatabase()
}

let started: Promise<void> | null = null

/** Restores (or seeds) the database, turns latency on and starts the worker. Idempotent. */
export function startMockWorker(): Promise<void> {
  started ??= (async () => {
    await loadDatabase()
    setLatency(true)
    setResetListener(clearPersistedDatabase)
    const worker = setupWorker(...handlers)
    worker.events.on('response:mocked', ({ request }) => {
      const path = new URL(request.url).pathname
      // Every write, plus M-Pesa verify (a GET that advances the simulated transaction).
      if ((request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') || path.includes('/payments/mpesa/verify/')) {
        if (path.endsWith('/__mock/reset')) clearPersistedDatabase()
        else persistDatabase()
      }
    })
    await worker.start({ onUnhandledRequest: 'bypass', serviceWorker: { url: '/mockServiceWorker.js' }, quiet: true })
  })()
  return started
}
