/** The mock backend in the browser (dev / demo): service worker + localStorage persistence. */
import { setupWorker } from 'msw/browser'
import { handlers } from './handlers'
import { resetDatabase, restore, snapshot } from './db'
import { getRevocation, setFaults, setFaultsListener, setLatency, setRevocation, setRevocationListener } from './http'
import type { FaultConfig, SessionRevocation } from './http'
import { setResetListener } from './handlers/dev'
import { setMpesaChangeListener } from './mpesa'
import { clear as idbClear, createStore, del as idbDel, entries as idbEntries, set as idbSet } from 'idb-keyval'
import { loadFiles, setFilePersistence, type StoredFile } from './files'
import { FAULTS_EVENT } from '../shared/contracts/mock-controls'

export const STORAGE_KEY = 'afh-mock-db'
/** The demo-tools fault config `{ failNext, offline, slow }`, so it survives a reload. */
export const FAULTS_KEY = 'afh-mock-faults'
/** "Expire my session": tokens issued before `tokensValidAfter` (epoch seconds) answer 401. */
export const SESSIONS_KEY = 'afh-mock-sessions'
/** 'off' turns the artificial network delay off (the browser journeys do). */
export const LATENCY_KEY = 'afh-mock-latency'

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

/**
 * Uploaded files live in IndexedDB (`afh-mock-files`): a single 5 MB photo would overflow
 * localStorage. Private modes without IndexedDB keep them in memory for the visit.
 */
function keepFilesInIndexedDb(): void {
  if (typeof indexedDB === 'undefined') return
  const store = createStore('afh-mock-files', 'files')
  setFilePersistence({
    set: (id, file) => idbSet(id, file, store),
    del: (id) => idbDel(id, store),
    clear: () => idbClear(store),
  })
  loadStoredFiles = async () => {
    try {
      loadFiles(await idbEntries<number, StoredFile>(store))
    } catch (error) {
      console.warn('[mock] could not read the stored files', error)
    }
  }
}
let loadStoredFiles: () => Promise<void> = async () => {}

async function loadDatabase(): Promise<void> {
  keepFilesInIndexedDb()
  const saved = storage()?.getItem(STORAGE_KEY)
  if (saved) {
    try {
      if (await restore(JSON.parse(saved))) {
        await loadStoredFiles()
        return
      }
    } catch {
      /* fall through to a fresh seed */
    }
    clearPersistedDatabase()
  }
  await resetDatabase()
}

function readJsonItem(key: string): unknown {
  try {
    const raw = storage()?.getItem(key)
    return raw ? (JSON.parse(raw) as unknown) : null
  } catch {
    return null
  }
}

function writeJsonItem(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value))
  } catch {
    /* private mode: kept in memory only */
  }
}

/** Restores the fault config and session revocation saved by an earlier page, then mirrors every change. */
function loadFaults(): void {
  const saved = readJsonItem(FAULTS_KEY) as Partial<FaultConfig> | null
  if (saved && typeof saved === 'object') {
    const failNext = saved.failNext
    setFaults({
      failNext: failNext && typeof failNext.pathPrefix === 'string' && typeof failNext.status === 'number' ? failNext : null,
      offline: saved.offline === true,
      slow: saved.slow === true,
    })
  }
  const sessions = readJsonItem(SESSIONS_KEY) as Partial<SessionRevocation> | null
  if (sessions && typeof sessions.tokensValidAfter === 'number') {
    setRevocation({ tokensValidAfter: sessions.tokensValidAfter })
  }
  setFaultsListener((config) => {
    writeJsonItem(FAULTS_KEY, config)
    // The handlers run in the page, so the demo-tools panel hears this directly.
    globalThis.dispatchEvent?.(new CustomEvent(FAULTS_EVENT, { detail: config }))
  })
  setRevocationListener((state) => writeJsonItem(SESSIONS_KEY, state))
  if (!sessions) writeJsonItem(SESSIONS_KEY, getRevocation())
}

/**
 * On a page that already has the worker, MSW asks the browser to check for a newer script with
 * `registration.update()` and does not catch a failure (mswjs/msw#2006): leaving the page while
 * that check runs logs an unhandled rejection. The worker already running answers as before.
 */
function ignoreWorkerUpdateFailures(): void {
  globalThis.addEventListener?.('unhandledrejection', (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason
    const message = reason instanceof Error ? reason.message : String(reason)
    if (message.startsWith('Failed to update a ServiceWorker')) {
      event.preventDefault()
      console.warn('[mock] the service worker update check failed; the running worker goes on', message)
    }
  })
}

let started: Promise<void> | null = null

/** Restores (or seeds) the database and the demo-tools faults, turns latency on and starts the worker. Idempotent. */
export function startMockWorker(): Promise<void> {
  started ??= (async () => {
    await loadDatabase()
    // The artificial 200-600 ms per call makes the demo feel like a real network; the browser
    // journeys switch it off (localStorage['afh-mock-latency'] = 'off') to run faster.
    setLatency(storage()?.getItem(LATENCY_KEY) !== 'off')
    setResetListener(clearPersistedDatabase)
    // A list read (GET) may settle M-Pesa payments (the simulated callback): keep that too.
    setMpesaChangeListener(persistDatabase)
    loadFaults()
    ignoreWorkerUpdateFailures()
    const worker = setupWorker(...handlers)
    worker.events.on('response:mocked', ({ request }) => {
      const path = new URL(request.url).pathname
      // Every write, M-Pesa verify (a GET that advances the simulated transaction; a relative's
      // too), and a family opening a booking (which clears its notification flag).
      if (
        (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') ||
        path.includes('/payments/mpesa/verify/') ||
        /\/contributions\/[^/]+\/verify\//.test(path) ||
        /\/bookings\/\d+$/.test(path)
      ) {
        if (path.endsWith('/__mock/reset')) clearPersistedDatabase()
        else persistDatabase()
      }
    })
    await worker.start({ onUnhandledRequest: 'bypass', serviceWorker: { url: '/mock-sw.js' }, quiet: true })
  })()
  return started
}
