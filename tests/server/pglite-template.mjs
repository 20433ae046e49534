/**
 * An empty, migrated PGlite database that tests copy instead of creating their own. Creating a
 * PGlite cluster (its initdb) costs about ten CPU seconds; the server tests open some twenty of
 * them (in memory, or on a new DATA_DIR for a server they start), which was most of their time.
 * Copying a folder, or loading a dump into memory, costs one or two.
 *
 * Built once per migrations and PGlite version, under node_modules/.cache (a fresh clone builds it
 * on its first run), by whichever process asks first: it is written under a temporary name and
 * renamed into place, so processes that race for it never see half of one. What a copy holds is
 * exactly what the server's own first start makes before seeding: the migrated schema, no rows.
 * One server test still starts on a truly empty folder, so the server's own initdb stays covered.
 */
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const migrations = join(root, 'server', 'db', 'migrations')

/** What the template depends on: every migration file and PGlite's version. */
function key() {
  const hash = createHash('sha256')
  const walk = (dir) => {
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, name.name)
      if (name.isDirectory()) walk(path)
      else hash.update(name.name).update(readFileSync(path))
    }
  }
  walk(migrations)
  const require = createRequire(import.meta.url)
  const pkg = JSON.parse(readFileSync(join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json'), 'utf8'))
  hash.update(pkg.version)
  return hash.digest('hex').slice(0, 16)
}

let place = null
/** The template's folder: `pglite/` (a data folder) and `pglite.tar` (its dump, for memory). */
function templatePlace() {
  place ??= join(root, 'node_modules', '.cache', 'afh-pglite-template', key())
  return place
}

/** Builds the template if it is not there yet; answers its folder. */
export async function ensurePgliteTemplate() {
  const target = templatePlace()
  if (existsSync(join(target, 'pglite.tar'))) return target
  mkdirSync(dirname(target), { recursive: true })
  const building = mkdtempSync(`${target}.building-`)
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  const client = new PGlite({ dataDir: join(building, 'pglite') })
  await client.waitReady
  await migrate(drizzle(client), { migrationsFolder: migrations })
  const dump = await client.dumpDataDir('none')
  await client.close()
  writeFileSync(join(building, 'pglite.tar'), Buffer.from(await dump.arrayBuffer()))
  try {
    renameSync(building, target)
  } catch {
    // Another process put one there first: theirs is the same.
    rmSync(building, { recursive: true, force: true })
  }
  return target
}

function built() {
  const target = templatePlace()
  if (!existsSync(join(target, 'pglite.tar'))) throw new Error('the PGlite template is not built: call ensurePgliteTemplate() first (vitest.server.config.ts does, in its global set-up)')
  return target
}

/** A dump of the empty migrated database, for `openDatabase({ loadDataDir })` (a database in memory). */
export function emptyDatabaseDump() {
  return new Blob([readFileSync(join(built(), 'pglite.tar'))])
}

/** Puts the empty migrated database where a server started on `dataDir` looks for it (`DATA_DIR/pglite`). */
export function copyEmptyDatabaseInto(dataDir) {
  cpSync(join(built(), 'pglite'), join(dataDir, 'pglite'), { recursive: true })
  return dataDir
}

/** A new temporary DATA_DIR holding the empty migrated database. */
export function dataDirWithEmptyDatabase(prefix = 'afh-data-') {
  return copyEmptyDatabaseInto(mkdtempSync(join(tmpdir(), prefix)))
}
