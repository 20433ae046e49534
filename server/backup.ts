/**
 * A real backup of the database into DATA_DIR/backups:
 * - PGlite: its own data dir dump (`dumpDataDir`, gzip) as backup-<time>.tar.gz, which
 *   `new PGlite({ loadDataDir })` opens again;
 * - PostgreSQL: `pg_dump --format=custom` as backup-<time>.dump when pg_dump is on the PATH (restore
 *   with pg_restore), else a JSON export of every table of the public schema, backup-<time>.json.
 * Beside it, the documents (the families' uploads) as backup-<time>.documents.tar, streamed file by
 * file (never held in memory): from DATA_DIR/documents, or with STORAGE_URL from the bucket, object
 * by object, so one backup holds everything whichever store keeps the documents. `npm run restore`
 * (server/restore.ts) brings both back, into the folder or the bucket.
 * Then backups older than the retention setting's days are deleted (only our own files).
 */
import { execFile } from 'node:child_process'
import { createWriteStream, existsSync } from 'node:fs'
import { chmod, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import { Header, create as createTar } from 'tar'
import type { PGlite } from '@electric-sql/pglite'
import type { Db } from './db/client'
import { StorageError, type Storage } from './storage/storage'

/** A store that lists its documents (the S3 one): backed up through it, object by object. */
export type ListedStorage = Pick<Storage, 'get'> & { list(): AsyncIterable<{ key: string; size: number }> }

export interface BackupResult {
  file: string
  /** The documents' archive beside it (null when there is no documents folder on disk). */
  documents: string | null
  kind: 'pglite' | 'pg_dump' | 'json'
  deleted: string[]
}

const BACKUP_FILE = /^backup-[\dTZ-]+\.(tar\.gz|dump|json|documents\.tar)$/

/** A file name that sorts by time and is safe on every file system. */
const stamp = (now: Date) => now.toISOString().replace(/[:.]/g, '-')

export async function backupDatabase(db: Db, options: { dataDir: string; databaseUrl?: string; retentionDays: number; now?: Date; documentsDir?: string; storage?: Storage }): Promise<BackupResult> {
  const now = options.now ?? new Date()
  const dir = join(options.dataDir, 'backups')
  // A backup holds every account and family: owner-only, whatever the umask or an older version left.
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await chmod(dir, 0o700)
  const base = join(dir, `backup-${stamp(now)}`)
  const client = (db as unknown as { $client: unknown }).$client as Partial<PGlite>
  let file: string
  let kind: BackupResult['kind']
  if (typeof client.dumpDataDir === 'function') {
    file = `${base}.tar.gz`
    kind = 'pglite'
    const dump = await client.dumpDataDir('gzip')
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()), { mode: 0o600 })
  } else if (options.databaseUrl && (await pgDump(options.databaseUrl, `${base}.dump`))) {
    file = `${base}.dump`
    kind = 'pg_dump'
    // pg_dump creates its file with the umask's mode.
    await chmod(file, 0o600)
  } else {
    file = `${base}.json`
    kind = 'json'
    await writeFile(file, JSON.stringify(await exportTables(db)), { mode: 0o600 })
  }
  const store = options.storage
  const documents =
    store && 'list' in store
      ? await backupObjects(store as ListedStorage, `${base}.documents.tar`, now)
      : await backupDocuments(options.documentsDir ?? join(options.dataDir, 'documents'), `${base}.documents.tar`)
  const deleted = await pruneBackups(dir, options.retentionDays, now)
  return { file, kind, documents, deleted }
}

/**
 * The documents folder as a tar (its stored files only: not the temporary files of uploads in
 * progress, which start with a dot). Made after the database's backup, so every document the
 * backup's rows name is in it (a document is written before its row).
 */
async function backupDocuments(documentsDir: string, file: string): Promise<string | null> {
  if (!existsSync(documentsDir)) return null
  const names = (await readdir(documentsDir)).filter((name) => !name.startsWith('.'))
  if (names.length === 0) return null
  await createTar({ file, cwd: documentsDir, portable: true }, names)
  await chmod(file, 0o600)
  return file
}

/**
 * A bucket's documents as the same tar the folder makes (one plain file per key), written from the
 * objects' streams one after the other, so restore reads either alike. An object deleted since it
 * was listed is left out (its row went with it).
 */
async function backupObjects(store: ListedStorage, file: string, now: Date): Promise<string | null> {
  let count = 0
  async function* tar(): AsyncGenerator<Buffer> {
    for await (const { key, size } of store.list()) {
      const body = await store.get(key).catch((error: unknown) => {
        if (error instanceof StorageError && error.kind === 'not-found') return null
        throw error
      })
      if (!body) continue
      const header = Buffer.alloc(512)
      new Header({ path: key, size, mode: 0o600, type: 'File', mtime: now }).encode(header, 0)
      yield header
      let written = 0
      for await (const chunk of body) {
        written += (chunk as Buffer).length
        yield chunk as Buffer
      }
      if (written !== size) throw new Error(`The document ${key} changed size while it was backed up (${written} of ${size} bytes)`)
      if (size % 512) yield Buffer.alloc(512 - (size % 512))
      count++
    }
    // The end of the archive: two empty blocks.
    yield Buffer.alloc(1024)
  }
  try {
    await pipeline(Readable.from(tar()), createWriteStream(file, { flags: 'wx', mode: 0o600 }))
  } catch (error) {
    await rm(file, { force: true })
    throw error
  }
  if (count > 0) return file
  await rm(file, { force: true })
  return null
}

/** pg_dump into `file`; false when pg_dump is not installed (then the JSON export is used). */
async function pgDump(databaseUrl: string, file: string): Promise<boolean> {
  try {
    // No shell; the password goes in pg_dump's environment, not its arguments (which `ps` shows).
    const url = new URL(databaseUrl)
    const password = decodeURIComponent(url.password)
    url.password = ''
    const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) }
    await promisify(execFile)('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${url.toString()}`], { timeout: 10 * 60_000, env })
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    await rm(file, { force: true })
    throw error
  }
}

/** Every table of the public schema, row by row, with the time of the export. */
export async function exportTables(db: Db): Promise<{ exported_at: string; tables: Record<string, unknown[]> }> {
  const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows
  const names = rowsOf(await db.execute(sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`))
  const tables: Record<string, unknown[]> = {}
  for (const { table_name: name } of names) {
    const table = String(name)
    tables[table] = rowsOf(await db.execute(sql`SELECT * FROM ${sql.identifier(table)}`))
  }
  return { exported_at: new Date().toISOString(), tables }
}

/**
 * When a backup was made, read from its name (`backup-2026-11-27T08-30-47-440Z…`), which says it
 * whatever happened to the file since (a copy or a restore moves its mtime); null for other names.
 */
function madeAt(name: string): number | null {
  const m = /^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/.exec(name)
  if (!m) return null
  const at = Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`)
  return Number.isNaN(at) ? null : at
}

/** Deletes our backup files older than `days` days (by the time in their name); returns their names. */
export async function pruneBackups(dir: string, days: number, now = new Date()): Promise<string[]> {
  const cutoff = now.getTime() - days * 86_400_000
  const deleted: string[] = []
  for (const name of await readdir(dir)) {
    if (!BACKUP_FILE.test(name)) continue
    const path = join(dir, name)
    if ((madeAt(name) ?? (await stat(path)).mtimeMs) < cutoff) {
      await rm(path, { force: true })
      deleted.push(name)
    }
  }
  return deleted
}
