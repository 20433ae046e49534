/**
 * The backup's PostgreSQL fallback (no pg_dump): a JSON export of every table, here over PGlite.
 * With the documents in a bucket (STORAGE_URL), they go into the backup's documents tar object by
 * object, and `npm run restore` puts them back into an empty bucket under the same keys.
 */
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { list as listTar } from 'tar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/client'
import type { Database, Db } from '../../server/db/client'
import { insertDemo } from '../../server/seed'
import { backupDatabase } from '../../server/backup'
import { demoData } from '../../shared/demo/data'
import { createS3Storage } from '../../server/storage/s3'
import { RestoreRefused, restoreBackup } from '../../server/restore'
import { MAX_DOCUMENT_BYTES } from '../../shared/contracts/documents'
import { S3RVER_CREDENTIALS, startS3rver } from './s3-store'
import { pdfFile, pngFile } from './files'
import { emptyDatabaseDump } from './pglite-template.mjs'

let database: Database
let dataDir: string
beforeAll(async () => {
  database = await openDatabase({ loadDataDir: emptyDatabaseDump() })
  await insertDemo(database.db)
  dataDir = await mkdtemp(join(tmpdir(), 'backup-'))
}, 60_000)
afterAll(async () => {
  await database.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('backup without PGlite dump or pg_dump', () => {
  it('writes every table as JSON into DATA_DIR/backups', async () => {
    // The same database seen as a node-postgres one would be: no dumpDataDir on its client.
    const db = new Proxy(database.db, { get: (target, key, receiver) => (key === '$client' ? {} : Reflect.get(target, key, receiver)) }) as Db
    // A backups folder an older version left open to others.
    await mkdir(join(dataDir, 'backups'), { mode: 0o755 })
    await chmod(join(dataDir, 'backups'), 0o755)
    const result = await backupDatabase(db, { dataDir, retentionDays: 30 })
    expect(result.kind).toBe('json')
    // Every account and family is in it: owner-only.
    expect((await stat(join(dataDir, 'backups'))).mode & 0o777).toBe(0o700)
    expect((await stat(result.file)).mode & 0o777).toBe(0o600)
    expect(await readdir(join(dataDir, 'backups'))).toEqual([result.file.split('/').at(-1)])
    const dump = JSON.parse(await readFile(result.file, 'utf8')) as { tables: Record<string, unknown[]> }
    const demo = demoData({ now: new Date() })
    expect(dump.tables.bookings).toHaveLength(demo.bookings.length)
    expect(dump.tables.users).toHaveLength(demo.users.length)
    expect(dump.tables.settings).toHaveLength(4)
    expect(Object.keys(dump.tables)).toEqual(expect.arrayContaining(['booking_audit', 'payments', 'documents']))
  })
})

describe('backup with the documents in a bucket', () => {
  it('writes the objects into the documents tar, and restore puts them back into an empty bucket, the same bytes under the same keys', async () => {
    const s3 = await startS3rver()
    const dirs = await mkdtemp(join(tmpdir(), 'backup-s3-'))
    try {
      const source = await createS3Storage({ ...(await s3.bucket()), dataDir: join(dirs, 'source'), credentials: S3RVER_CREDENTIALS })
      const files = [pdfFile(), pngFile()]
      const stored = await Promise.all(files.map((bytes) => source.put(Readable.from([bytes]), { maxBytes: MAX_DOCUMENT_BYTES })))
      const db = new Proxy(database.db, { get: (target, key, receiver) => (key === '$client' ? {} : Reflect.get(target, key, receiver)) }) as Db
      const result = await backupDatabase(db, { dataDir: join(dirs, 'source'), retentionDays: 30, storage: source })
      expect(result.documents).toMatch(/\.documents\.tar$/)
      expect((await stat(result.documents!)).mode & 0o777).toBe(0o600)
      const entries: Array<[string, number]> = []
      await listTar({ file: result.documents!, onReadEntry: (entry) => void entries.push([entry.path, entry.size]) })
      expect(entries.sort()).toEqual(stored.map((s) => [s.key, s.size] as [string, number]).sort())

      const target = await createS3Storage({ ...(await s3.bucket()), dataDir: join(dirs, 'target'), credentials: S3RVER_CREDENTIALS })
      // Never over a bucket that holds documents.
      await expect(restoreBackup({ file: result.file, dataDir: join(dirs, 'busy'), bucket: source })).rejects.toBeInstanceOf(RestoreRefused)
      expect(await restoreBackup({ file: result.file, dataDir: join(dirs, 'target'), bucket: target })).toMatchObject({ into: 'pglite', documents: 2 })
      for (const [i, { key }] of stored.entries()) {
        const chunks: Buffer[] = []
        for await (const chunk of await target.get(key)) chunks.push(chunk as Buffer)
        expect(Buffer.concat(chunks).equals(files[i]!)).toBe(true)
      }
      // Nothing unpacked is left in DATA_DIR.
      expect((await readdir(join(dirs, 'target'))).filter((n) => n.startsWith('.restore-'))).toEqual([])
    } finally {
      await s3.close()
      await rm(dirs, { recursive: true, force: true })
    }
  }, 120_000)
})
