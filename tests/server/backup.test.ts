/** The backup's PostgreSQL fallback (no pg_dump): a JSON export of every table, here over PGlite. */
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/client'
import type { Database, Db } from '../../server/db/client'
import { insertDemo } from '../../server/seed'
import { backupDatabase } from '../../server/backup'
import { demoData } from '../../shared/demo/data'
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
