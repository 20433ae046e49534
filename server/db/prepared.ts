/**
 * The hot queries (the token's account on every signed-in call, the catalogue, the booking lists)
 * as named prepared statements: on PostgreSQL each connection parses and plans them once instead
 * of on every call (planning the booking list took longer than running it), and drizzle builds
 * their SQL once per database instead of per call. PGlite takes the same calls and runs them as
 * before (it has no statement cache of its own).
 */
import { createHash } from 'node:crypto'
import { is } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import { PgTransaction } from 'drizzle-orm/pg-core'
import type { Db } from './types'
import { preferGenericPlan } from './pglite-statements'

const built = new WeakMap<Db, Map<string, unknown>>()
/** The database whose connections run the prepared statements (PostgreSQL: a pool set to generic plans). */
const runners = new WeakMap<Db, Db>()

/** Prepared statements of `db` run on `runner`: the same database through another pool. */
export function useForPrepared(db: Db, runner: Db): void {
  runners.set(db, runner)
}

/**
 * `build(db)` once per database (a drizzle query ending in `.prepare(name)` with placeholders).
 * Null inside a transaction: a statement prepared on the pool would run outside it, so the caller
 * builds its query as usual there.
 */
export function preparedOn<T>(db: Db, name: string, build: (db: Db) => T): T | null {
  if (is(db, PgTransaction)) return null
  let queries = built.get(db)
  if (!queries) built.set(db, (queries = new Map()))
  let query = queries.get(name) as T | undefined
  if (query === undefined) queries.set(name, (query = build(runners.get(db) ?? db)))
  return query
}

const names = new Map<string, string>()

/**
 * A raw SQL query run as a named prepared statement (the name is a digest of its text, so two
 * texts never share one). In a transaction it runs there (a transaction has no other runner),
 * with PostgreSQL's usual plan choice.
 */
export async function executeNamed<Row>(db: Db, query: SQL | { sql: string; params: unknown[] }): Promise<Row[]> {
  // drizzle's own path for db.execute(), with a statement name added (not in its public types).
  const internals = db as unknown as {
    dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } }
    session: { prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<{ rows: Row[] }> } }
  }
  const runner = (runners.get(db) ?? db) as unknown as typeof internals
  const text = 'sql' in query && typeof query.sql === 'string' ? query : internals.dialect.sqlToQuery(query as SQL)
  let name = names.get(text.sql)
  if (name === undefined) {
    name = `q_${createHash('sha1').update(text.sql).digest('hex').slice(0, 20)}`
    // A handful of shapes in practice; the bound keeps a bug from growing it without end.
    if (names.size < 1_000) names.set(text.sql, name)
    // PGlite has one session: these statements get their generic plan there statement by statement.
    preferGenericPlan(text.sql)
  }
  const result = await runner.session.prepareQuery(text, undefined, name, false).execute()
  return result.rows
}

/** drizzle's SQL text and parameters of `query` on `db`. */
export const toQuery = (db: Db, query: SQL): { sql: string; params: unknown[] } => (db as unknown as { dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(query)

/** Databases that one process alone can open (PGlite owns its folder): nothing else writes them. */
const embedded = new WeakSet<Db>()
export const markEmbedded = (db: Db): void => void embedded.add(db)
export const isEmbedded = (db: Db): boolean => embedded.has(db)
