import type { Logger } from 'pino'
import type { Db } from './db/client'
import type { users } from './db/schema'

export type UserRow = typeof users.$inferSelect

/** What every route can reach: no module-level state, so several apps (tests) can live in one process. */
export interface Deps {
  db: Db
  secret: Uint8Array
  log: Logger
  /** Development: the reset link is also written to the log and the dev outbox. */
  dev: boolean
  trustProxy: boolean
  /** DATA_DIR: backups go to its backups/ folder (absent in tests: the system's temporary folder). */
  dataDir?: string
  /** PostgreSQL's URL, for pg_dump; absent with PGlite. */
  databaseUrl?: string
}

export interface AppEnv {
  Variables: { deps: Deps; user: UserRow }
}
