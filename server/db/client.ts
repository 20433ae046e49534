/**
 * Opens the database: PGlite (embedded PostgreSQL, kept in a folder) by default, or a PostgreSQL
 * server when DATABASE_URL is set. Both get the same schema and the same migrations, applied here.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as schema from './schema'
import { markEmbedded, useForPrepared } from './prepared'
import { withStatementCache } from './pglite-statements'
import { announce, postgresOpened } from './changes'
import type { Db } from './types'

export type { Db }

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

/** Any constant: the key of the advisory lock held while migrating. */
const MIGRATION_LOCK = 72_021_001

/** PGlite's buffer cache (PostgreSQL's default is 128MB): measured in docs/server.md. */
export const PGLITE_SHARED_BUFFERS = '16MB'

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

let newest: number | undefined
/** The newest migration's time in the journal (drizzle-kit's `when`, kept as `created_at` once applied). Read once: the health check asks every few seconds. */
export function newestMigration(): number {
  if (newest === undefined) {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> }
    newest = Math.max(0, ...journal.entries.map((e) => e.when))
  }
  return newest
}

/**
 * True when the database already has every migration, by drizzle's own rule (it applies those newer
 * than the last one recorded). Most starts find nothing to do: this one read spares the migrator's
 * DDL, its transaction and reading and hashing every migration file.
 */
async function upToDate(read: (query: string) => Promise<Array<Record<string, unknown>>>): Promise<boolean> {
  const [table] = await read(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`)
  if (!table?.present) return false
  const [last] = await read('SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations')
  return last?.last !== null && last?.last !== undefined && Number(last.last) >= newestMigration()
}

export interface OpenOptions {
  /** postgres://… ; when absent, PGlite. */
  databaseUrl?: string
  /** PGlite's folder; absent = in memory. */
  dataDir?: string
  /** A PGlite data dir dumped with dumpDataDir (tests: a migrated template). */
  loadDataDir?: Blob
  migrate?: boolean
  /** PostgreSQL: where the listener for changed accounts says how it is (the server's log). */
  log?: (level: 'info' | 'warn', message: string) => void
  /** PostgreSQL: how long that listener waits to connect again after losing its connection (1 s). */
  noticesRetryMs?: number
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg')
    const { drizzle } = await import('drizzle-orm/node-postgres')
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    const db = drizzle(pool, { schema }) as unknown as Db
    if (options.migrate !== false && !(await upToDate(async (query) => (await pool.query<Record<string, unknown>>(query)).rows))) {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator')
      // Several instances may start at once on one database: an advisory lock makes them apply
      // each migration once, one after the other (the later ones find nothing left to do).
      const connection = await pool.connect()
      try {
        await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
        await migrate(drizzle(connection, { schema }), { migrationsFolder: MIGRATIONS_FOLDER })
      } finally {
        await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
        connection.release()
      }
    }
    // The prepared hot queries (db/prepared.ts) run on a pool of their own whose sessions always use
    // a statement's generic plan: PostgreSQL would otherwise plan the booking list afresh on every
    // call (its custom plan looks a little cheaper on paper, and planning cost more than running
    // it). Everything else keeps PostgreSQL's usual choice on the main pool.
    const hotPool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, options: '-c plan_cache_mode=force_generic_plan' })
    useForPrepared(db, drizzle(hotPool, { schema }) as unknown as Db)
    // Those who watch PostgreSQL databases start now (the token check hears the database's notices
    // of changed accounts: server/domain/auth-notices.ts), and stop when it closes.
    const stopWatching = postgresOpened({
      db,
      Client: pg.Client,
      connectionString: options.databaseUrl,
      query: (text, values) => pool.query<Record<string, unknown>>(text, values),
      log: options.log,
      retryMs: options.noticesRetryMs,
    })
    const close = async () => {
      announce({ kind: 'closed', db })
      await Promise.all([stopWatching(), pool.end(), hotPool.end()])
    }
    return { db, kind: 'postgres', close }
  }
  const pglite = await import('@electric-sql/pglite')
  const { PGlite } = pglite
  const { drizzle } = await import('drizzle-orm/pglite')
  const client = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    // PGlite's own settings plus a smaller buffer cache: its 128 MB default is taken out of the
    // process's memory (WASM, never given back) for a database of a few dozen MB that the
    // operating system caches anyway. Durability settings are left as they are.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  })
  await client.waitReady
  const pgliteDb = drizzle(withStatementCache(client, pglite), { schema })
  if (options.migrate !== false && !(await upToDate(async (query) => (await client.query<Record<string, unknown>>(query)).rows))) {
    const { migrate } = await import('drizzle-orm/pglite/migrator')
    await migrate(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER })
  }
  markEmbedded(pgliteDb as unknown as Db)
  const close = () => {
    announce({ kind: 'closed', db: pgliteDb as unknown as Db })
    return client.close()
  }
  return { db: pgliteDb as unknown as Db, kind: 'pglite', close }
}
