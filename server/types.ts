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
  /** Development (NODE_ENV is not production). */
  dev: boolean
  /** Production running the Daraja simulator on purpose (DARAJA_SIMULATOR=1): the admin portal says so. */
  paymentsSimulated?: boolean
  /** How many reverse proxies stand in front (TRUST_PROXY): the client address is the N-th from the right of X-Forwarded-For; 0 reads the socket. */
  trustProxy: number
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
  /** A verify asks Daraja about a push at most this often (default 15 s; in between the database answers). 0: every verify may ask (the contract suite, whose scenarios end on the Nth verify as the mock's do). */
  darajaQueryEveryMs?: number
  /** How long after a push its first STK query is due (the reconciliation job; default 60 s). */
  reconcileFirstMs?: number
  /** Who sends the SMS ('africastalking', or 'outbox' when none is configured: they are kept, not sent). */
  smsProvider?: string
  /** How e-mail goes out: 'smtp', 'log' (development without SMTP_URL), or 'none' (production without SMTP_URL: kept queued). */
  mailTransport?: 'smtp' | 'log' | 'none'
}

export interface AppEnv {
  Variables: { deps: Deps; user: UserRow; requestId: string }
}
