#!/usr/bin/env node
/**
 * The server as one JavaScript bundle in dist-server/ (esbuild), so that `npm run serve` starts it
 * with plain Node. Through tsx every one of several hundred modules went through a loader thread
 * and was compiled at each start: more than half of the time to the first answer.
 *
 * Our code and the pure-ESM packages it spreads over many files (hono, drizzle-orm, zod, jose) are
 * bundled; the rest stays in node_modules as usual (PGlite finds its WASM next to itself, argon2 is
 * native, pino starts workers). The migrations are copied beside the bundle, where db/client.ts
 * looks for them. `ensureServerBuild()` rebuilds only when a file that went into the bundle (listed
 * in dist-server/inputs.json), a migration or package-lock.json is newer than the bundle.
 * `node server/build-server.mjs` builds it unconditionally.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository's folder: the paths below and the bundle's inputs are relative to it. */
const ROOT = fileURLToPath(new URL('..', import.meta.url))
export const SERVER_OUT = join(ROOT, 'dist-server')
export const SERVER_ENTRY = join(SERVER_OUT, 'main.mjs')
const INPUTS = join(SERVER_OUT, 'inputs.json')
const MIGRATIONS = join(ROOT, 'server/db/migrations')
const BUNDLED_PACKAGES = /^(hono|@hono\/[^/]+|drizzle-orm|zod|jose)(\/|$)/

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : Infinity)
const migrationFiles = () => [join(MIGRATIONS, 'meta', '_journal.json'), ...readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql')).map((f) => join(MIGRATIONS, f))]

/** True when dist-server/ holds a bundle of the current sources. */
export function serverBuildIsCurrent() {
  if (!existsSync(INPUTS) || !existsSync(SERVER_ENTRY)) return false
  const built = statSync(INPUTS).mtimeMs
  const { inputs } = JSON.parse(readFileSync(INPUTS, 'utf8'))
  return [...inputs.map((f) => join(ROOT, f)), ...migrationFiles(), join(ROOT, 'package-lock.json')].every((file) => mtime(file) <= built)
}

/**
 * Built in a folder of its own, then put in place with renames: several test processes (and a
 * server started meanwhile) may ask for the bundle at once, and none may see a half-written or
 * emptied dist-server/. The chunks' names are their contents' hashes, so a server already running
 * that loads a chunk later finds the same file in the new folder.
 */
export async function buildServer() {
  const { build } = await import('esbuild')
  const out = `${SERVER_OUT}.building-${process.pid}`
  rmSync(out, { recursive: true, force: true })
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ['server/main.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The demo seed (and the mock code it runs) is its own chunk, loaded only to seed a new database.
    splitting: true,
    outdir: out,
    outExtension: { '.js': '.mjs' },
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    // Bundled CommonJS code may still call require().
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    plugins: [
      {
        name: 'packages-outside',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('node:') || BUNDLED_PACKAGES.test(args.path) ? undefined : { path: args.path, external: true }))
        },
      },
    ],
  })
  mkdirSync(join(out, 'migrations', 'meta'), { recursive: true })
  for (const file of migrationFiles()) copyFileSync(file, join(out, 'migrations', file.slice(MIGRATIONS.length + 1)))
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules/'))
  // Written last: its time is the bundle's.
  writeFileSync(join(out, 'inputs.json'), JSON.stringify({ inputs }, null, 1))
  const old = `${SERVER_OUT}.old-${process.pid}`
  if (existsSync(SERVER_OUT)) renameSync(SERVER_OUT, old)
  try {
    renameSync(out, SERVER_OUT)
  } catch (error) {
    // Another process put the same bundle in place between the two renames: keep theirs.
    if (!existsSync(SERVER_OUT)) throw error
    rmSync(out, { recursive: true, force: true })
  }
  rmSync(old, { recursive: true, force: true })
}

/** Builds the server bundle when it is missing or older than its sources. */
export async function ensureServerBuild(log = console.log) {
  if (serverBuildIsCurrent()) return
  log(existsSync(SERVER_ENTRY) ? 'The server bundle is older than its sources: rebuilding (dist-server/)…' : 'Bundling the server (dist-server/)…')
  await buildServer()
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer()
