import type { Logger } from 'pino'
import type { Db } from './db/client'
import type { users } from './db/schema'
import type { Storage } from './storage/storage'
import type { Daraja } from './daraja/client'

export type UserRow = typeof users.$inferSelect

/** What every route can reach: no module-level state, so several apps (tests) can live in one process. */
export interface Deps {
  db: Db
  secret: Uint8Array
  log: Logger
  /** Development: the reset link is also written to the log and the dev outbox. */
  dev: boolean
  /** Production running the Daraja simulator on purpose (DARAJA_SIMULATOR=1): the admin portal says so. */
  paymentsSimulated?: boolean
  trustProxy: boolean
  /** The origin families reach the app at (PUBLIC_URL): every link the server writes starts with it, never with a request's Host. */
  publicUrl?: string
  /** DATA_DIR: backups go to its backups/ folder (absent in tests: the system's temporary folder). */
  dataDir?: string
  /** PostgreSQL's URL, for pg_dump; absent with PGlite. */
  databaseUrl?: string
  /** Where documents' bytes live (DATA_DIR/documents on disk). Absent: the document routes answer 503. */
  storage?: Storage
  /** Daraja (or the simulator, over HTTP). Absent: the M-Pesa routes answer 501. */
  daraja?: Daraja
  /** The secret in our callback URL's path (mounted outside /api's authentication). */
  darajaCallbackSecret?: string
  /** How long after a push its first STK query is due (the reconciliation job; default 60 s). */
  reconcileFirstMs?: number
  /** Who sends the SMS ('africastalking', or 'outbox' when none is configured: they are kept, not sent). */
  smsProvider?: string
}

export interface AppEnv {
  Variables: { deps: Deps; user: UserRow }
}
