/**
 * One server per embedded database. PGlite is a database inside this process: two processes on the
 * same DATA_DIR would each believe they own the files, hand out the same ids to different families
 * and overwrite each other's writes. So a start takes a lock on DATA_DIR and a second start refuses.
 *
 * proper-lockfile keeps the lock fresh (its folder's time is touched every few seconds), so a lock
 * left by a killed process (kill -9, a power cut) goes stale and the next start takes it over,
 * instead of needing somebody to delete a file by hand.
 */
import { lock, type LockOptions } from 'proper-lockfile'

/** How old an untouched lock must be before a start takes it over (the owner touches it every STALE_MS / 4). */
export const STALE_MS = 20_000

export class DataDirInUse extends Error {
  constructor(dataDir: string) {
    super(
      `Another server is already running on DATA_DIR ${dataDir} (its embedded database allows one process). ` +
        'Stop it first, or give this server its own DATA_DIR; to run several servers, give them one PostgreSQL (DATABASE_URL).',
    )
  }
}

export interface DataDirLock {
  release(): Promise<void>
}

/**
 * Takes DATA_DIR for this process. `waitForStaleMs`: how long to wait for a lock that may be a
 * killed process's to go stale (it is retried until then); 0 refuses at once when locked.
 */
export async function lockDataDir(dataDir: string, options: { waitForStaleMs?: number; staleMs?: number; onLost?: (error: Error) => void } = {}): Promise<DataDirLock> {
  const staleMs = options.staleMs ?? STALE_MS
  const wait = options.waitForStaleMs ?? staleMs + staleMs / 4
  const retries = Math.ceil(wait / 1000)
  const lockOptions: LockOptions = {
    stale: staleMs,
    update: Math.max(1000, Math.floor(staleMs / 4)),
    realpath: true,
    lockfilePath: `${dataDir}/server.lock`,
    retries: retries > 0 ? { retries, factor: 1, minTimeout: 1000, maxTimeout: 1000 } : 0,
    // The lock was taken over while we ran (the event loop was held longer than STALE_MS): say so
    // loudly rather than stop a server in the middle of families' requests.
    onCompromised: (error) => options.onLost?.(error),
  }
  try {
    const release = await lock(dataDir, lockOptions)
    return { release: () => release().catch(() => undefined) }
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') throw new DataDirInUse(dataDir)
    throw error
  }
}
