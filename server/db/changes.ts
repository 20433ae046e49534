/**
 * What the layers above keep for a moment (the accounts behind tokens, the session timeout) is
 * forgotten when it changes. The repositories, the seed and the opening of a database say so here;
 * the keepers (server/domain/auth-accounts.ts, server/domain/settings.ts) listen. db/ imports
 * nothing above it, so it tells rather than calls.
 */
import type pg from 'pg'
import type { Db } from './types'

export type Change =
  /** An account was written (null: any may have been, as when the table is emptied). */
  | { kind: 'account'; id: number | null }
  /** The settings of `db` were written. */
  | { kind: 'settings'; db: Db }
  /** `db` was closed: whatever was kept for it goes. */
  | { kind: 'closed'; db: Db }

const listeners = new Set<(change: Change) => void>()

/** Calls `listener` on every change announced from now on; returns the way to stop. */
export function onChange(listener: (change: Change) => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function announce(change: Change): void {
  for (const listener of listeners) listener(change)
}

/** A PostgreSQL database just opened: what a watcher needs to hear the database's own notices. */
export interface PostgresOpened {
  db: Db
  Client: typeof pg.Client
  connectionString: string
  /** Runs a query on the main pool. */
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>>; rowCount: number | null }>
  log?: (level: 'info' | 'warn', message: string) => void
  /** How long a watcher whose connection was lost waits before it connects again (its default when absent). */
  retryMs?: number
}

const watchers = new Set<(opened: PostgresOpened) => () => Promise<void>>()

/** Starts `watch` on every PostgreSQL database opened from now on; what it returns is called when that database closes. */
export function watchPostgres(watch: (opened: PostgresOpened) => () => Promise<void>): void {
  watchers.add(watch)
}

/** db/client.ts: the watchers of a PostgreSQL database it opened, and how to stop them. */
export function postgresOpened(opened: PostgresOpened): () => Promise<void> {
  const stops = [...watchers].map((watch) => watch(opened))
  return async () => void (await Promise.all(stops.map((stop) => stop())))
}
