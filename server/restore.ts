/**
 * `npm run restore -- FILE`: brings a backup (server/backup.ts) back into an EMPTY place, the one the
 * server is configured for: DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL). It never writes over a
 * database that holds anything: restoring is for a new machine, or a disk that was lost.
 *
 *   backup-….tar.gz  (PGlite's data folder)  → DATA_DIR, or into PostgreSQL (row by row: the move
 *                                                from the embedded database to a PostgreSQL server)
 *   backup-….dump    (pg_dump)               → PostgreSQL, with pg_restore
 *   backup-….json    (rows of every table)   → DATA_DIR or PostgreSQL
 *   backup-….documents.tar (beside it)       → DATA_DIR/documents, or with STORAGE_URL the bucket
 *                                              (which must hold no document yet), with any of them
 *
 * The restored database is then brought to this version's migrations, as any start would.
 */
import { execFile } from 'node:child_process'
import { createReadStream, existsSync, openAsBlob } from 'node:fs'
import { mkdir, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import { extract } from 'tar'
import { openDatabase, type Db } from './db/client'
import { lockDataDir } from './data-dir-lock'
import { exportTables } from './backup'
import type { S3Storage } from './storage/s3'

export class RestoreRefused extends Error {}

export interface RestoreResult {
  into: 'pglite' | 'postgres'
  tables: number
  rows: number | null
  documents: number
}

const kindOf = (file: string) => (file.endsWith('.tar.gz') ? 'pglite' : file.endsWith('.dump') ? 'pg_dump' : file.endsWith('.json') ? 'json' : null)
const documentsBeside = (file: string) => file.replace(/\.(tar\.gz|dump|json)$/, '.documents.tar')
const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows

/** `bucket`: the S3 store STORAGE_URL names, when the documents go back there rather than into DATA_DIR. */
export async function restoreBackup(options: { file: string; dataDir: string; databaseUrl?: string; bucket?: Pick<S3Storage, 'list' | 'restore'> }): Promise<RestoreResult> {
  const file = resolve(options.file)
  const kind = kindOf(file)
  if (!existsSync(file)) throw new RestoreRefused(`No such file: ${file}`)
  if (!kind) throw new RestoreRefused(`Not a backup this server makes: ${basename(file)} (backup-….tar.gz, .dump or .json)`)
  const dataDir = resolve(options.dataDir)
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const documentsDir = join(dataDir, 'documents')
  if (existsSync(documentsDir) && (await readdir(documentsDir)).some((n) => !n.startsWith('.'))) {
    throw new RestoreRefused(`${documentsDir} already holds documents: restore into an empty DATA_DIR`)
  }
  if (options.bucket) {
    for await (const _ of options.bucket.list()) throw new RestoreRefused('The bucket STORAGE_URL names already holds documents: restore into an empty bucket')
  }
  let result: Omit<RestoreResult, 'documents'>
  if (options.databaseUrl) result = await intoPostgres(file, kind, options.databaseUrl)
  else {
    // Nobody else may open the embedded database meanwhile (a server started by mistake).
    const lock = await lockDataDir(dataDir, { waitForStaleMs: 0 })
    try {
      result = await intoPglite(file, kind, join(dataDir, 'pglite'))
    } finally {
      await lock.release()
    }
  }
  const documents = options.bucket ? await restoreIntoBucket(documentsBeside(file), dataDir, options.bucket) : await restoreDocuments(documentsBeside(file), documentsDir)
  return { ...result, documents }
}

async function intoPglite(file: string, kind: 'pglite' | 'pg_dump' | 'json', pgliteDir: string): Promise<Omit<RestoreResult, 'documents'>> {
  if (existsSync(pgliteDir) && (await readdir(pgliteDir)).length > 0) throw new RestoreRefused(`${pgliteDir} already holds a database: restore into an empty DATA_DIR`)
  if (kind === 'pg_dump') throw new RestoreRefused('A pg_dump backup restores into PostgreSQL: set DATABASE_URL to an empty database')
  if (kind === 'pglite') {
    // PGlite opens its own dump as the new data folder; the migrations newer than the backup follow.
    const database = await openDatabase({ dataDir: pgliteDir, loadDataDir: await openAsBlob(file) })
    try {
      return { into: 'pglite', ...(await countRows(database.db)) }
    } finally {
      await database.close()
    }
  }
  const database = await openDatabase({ dataDir: pgliteDir })
  try {
    await importTables(database.db, JSON.parse(await readFile(file, 'utf8')) as Exported)
    return { into: 'pglite', ...(await countRows(database.db)) }
  } finally {
    await database.close()
  }
}

async function intoPostgres(file: string, kind: 'pglite' | 'pg_dump' | 'json', databaseUrl: string): Promise<Omit<RestoreResult, 'documents'>> {
  if (kind === 'pg_dump') {
    const database = await openDatabase({ databaseUrl, migrate: false })
    try {
      const tables = rowsOf(await database.db.execute(sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`))[0]?.n
      if (Number(tables) > 0) throw new RestoreRefused('The database at DATABASE_URL already has tables: restore into an empty database')
    } finally {
      await database.close()
    }
    const url = new URL(databaseUrl)
    const password = decodeURIComponent(url.password)
    url.password = ''
    // No shell; the password in pg_restore's environment, not its arguments (which `ps` shows).
    await promisify(execFile)('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${url.toString()}`, file], { timeout: 30 * 60_000, env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } })
    const restored = await openDatabase({ databaseUrl })
    try {
      return { into: 'postgres', ...(await countRows(restored.db)) }
    } finally {
      await restored.close()
    }
  }
  let exported: Exported
  if (kind === 'pglite') {
    // The move from the embedded database to PostgreSQL: the PGlite backup is opened in memory and
    // its rows copied across.
    const source = await openDatabase({ loadDataDir: await openAsBlob(file) })
    try {
      exported = await exportTables(source.db)
    } finally {
      await source.close()
    }
  } else exported = JSON.parse(await readFile(file, 'utf8')) as Exported
  const target = await openDatabase({ databaseUrl })
  try {
    await importTables(target.db, exported)
    return { into: 'postgres', ...(await countRows(target.db)) }
  } finally {
    await target.close()
  }
}

type Exported = Awaited<ReturnType<typeof exportTables>>

/**
 * Rows of every table into a freshly migrated, empty database: parents before children (by the
 * foreign keys), with the tables' own triggers held meanwhile (they would stamp new versions and
 * audit rows over the backup's), then each identity counted on from the highest id restored.
 */
async function importTables(db: Db, exported: Exported): Promise<void> {
  const present = rowsOf(await db.execute(sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`)).map((r) => String(r.table_name))
  for (const table of present) {
    const n = rowsOf(await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]?.n
    if (Number(n) > 0) throw new RestoreRefused(`The database already holds rows (${table}): restore into an empty database`)
  }
  const edges = rowsOf(
    await db.execute(sql`SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE k.contype = 'f' AND n.nspname = 'public'`),
  ).map((r) => ({ child: String(r.child), parent: String(r.parent) }))
  const order: string[] = []
  const visiting = new Set<string>()
  const visit = (table: string) => {
    if (order.includes(table) || visiting.has(table)) return
    visiting.add(table)
    for (const e of edges) if (e.child === table && e.parent !== table) visit(e.parent)
    order.push(table)
  }
  for (const table of present) visit(table)
  await db.transaction(async (tx) => {
    for (const table of order) {
      const rows = exported.tables[table]
      if (!rows?.length) continue
      await tx.execute(sql`ALTER TABLE ${sql.identifier(table)} DISABLE TRIGGER USER`)
      for (let i = 0; i < rows.length; i += 500) {
        const batch = JSON.stringify(rows.slice(i, i + 500))
        await tx.execute(sql`INSERT INTO ${sql.identifier(table)} OVERRIDING SYSTEM VALUE SELECT * FROM json_populate_recordset(NULL::${sql.identifier(table)}, ${batch}::json)`)
      }
      await tx.execute(sql`ALTER TABLE ${sql.identifier(table)} ENABLE TRIGGER USER`)
    }
    const identities = rowsOf(await tx.execute(sql`SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND is_identity = 'YES'`))
    for (const { table_name: table, column_name: column } of identities) {
      const t = sql.identifier(String(table))
      const c = sql.identifier(String(column))
      await tx.execute(sql`SELECT setval(pg_get_serial_sequence(${`public.${String(table)}`}, ${String(column)}), GREATEST((SELECT max(${c}) FROM ${t}), 1), (SELECT max(${c}) FROM ${t}) IS NOT NULL)`)
    }
  })
}

async function countRows(db: Db): Promise<{ tables: number; rows: number }> {
  const tables = rowsOf(await db.execute(sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`)).map((r) => String(r.table_name))
  let rows = 0
  for (const table of tables) rows += Number(rowsOf(await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]?.n ?? 0)
  return { tables: tables.length, rows }
}

/** The documents' archive beside the backup, when there is one, into DATA_DIR/documents (owner-only). */
async function restoreDocuments(archive: string, documentsDir: string): Promise<number> {
  if (!existsSync(archive)) return 0
  await mkdir(documentsDir, { recursive: true, mode: 0o700 })
  let count = 0
  // Only plain files, and only into the folder: an archive is never trusted to name paths elsewhere.
  await extract({ file: archive, cwd: documentsDir, strict: true, filter: (path, entry) => ('type' in entry ? entry.type === 'File' : true) && !path.includes('/'), onReadEntry: () => void (count += 1) })
  return count
}

/**
 * The documents' archive into the bucket: unpacked (streamed) into a folder of DATA_DIR, then each
 * file sent under its own key, the one the restored rows name; the folder is removed after.
 */
async function restoreIntoBucket(archive: string, dataDir: string, bucket: Pick<S3Storage, 'restore'>): Promise<number> {
  if (!existsSync(archive)) return 0
  const unpacked = await mkdtemp(join(dataDir, '.restore-'))
  try {
    const count = await restoreDocuments(archive, unpacked)
    for (const name of await readdir(unpacked)) {
      const path = join(unpacked, name)
      await bucket.restore(name, createReadStream(path), (await stat(path)).size)
    }
    return count
  } finally {
    await rm(unpacked, { recursive: true, force: true })
  }
}

/** The command: the configuration the server would use (DATA_DIR, DATABASE_URL) says where to restore. */
async function main(argv: string[]): Promise<void> {
  const file = argv.find((a) => !a.startsWith('-'))
  if (!file) throw new RestoreRefused('Usage: npm run restore -- FILE   (a backup-….tar.gz, .dump or .json of DATA_DIR/backups)')
  const { parseConfig } = await import('./config')
  const config = parseConfig()
  let bucket: S3Storage | undefined
  if (config.STORAGE_URL) {
    const { openStorage } = await import('./storage/open')
    const { storage } = await openStorage(config, resolve(config.DATA_DIR))
    if ('bucket' in storage) bucket = storage
  }
  const result = await restoreBackup({ file, dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, bucket })
  const where = result.into === 'postgres' ? `PostgreSQL (${new URL(config.DATABASE_URL ?? '').host})` : `${resolve(config.DATA_DIR)} (embedded PostgreSQL)`
  console.log(`Restored ${basename(file)} into ${where}: ${result.tables} tables, ${result.rows} rows, ${result.documents} documents${bucket ? ` (into the bucket ${bucket.bucket})` : ''}.`)
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.dirname, 'restore.ts')) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof RestoreRefused ? error.message : `The restore failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  })
}
