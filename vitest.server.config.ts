import { readFileSync, readdirSync } from 'node:fs'
import { defineConfig } from 'vitest/config'
import { lingui } from '@lingui/vite-plugin'
import { linguiMacros } from './vite.config.ts'

/**
 * The contract suite against the real server (in-process Hono over PGlite; PostgreSQL when
 * CONTRACT_DATABASE_URL is set) and the server's own tests. The mock run of the same contract
 * files is part of the main config (vitest.config.ts).
 *
 * SERVER_SUITE=postgres (`npm test`'s PostgreSQL stage, beside the PGlite one): the contract suite
 * and only the server tests that reach the database named by CONTRACT_DATABASE_URL (directly or
 * through the contract suite's server target). The other server tests open a PGlite of their own, or
 * no database, whatever CONTRACT_DATABASE_URL says: on PostgreSQL they would repeat the PGlite run
 * exactly. Found by reading the files, so a new test that uses the URL is picked up by itself.
 */
const DRIVER_DEPENDENT = /CONTRACT_DATABASE_URL|startServerTarget|server-target/
const serverTests = (): string[] =>
  readdirSync('tests/server')
    .filter((name) => name.endsWith('.test.ts') && DRIVER_DEPENDENT.test(readFileSync(`tests/server/${name}`, 'utf8')))
    .map((name) => `tests/server/${name}`)
const allServerTests = (): string[] => readdirSync('tests/server').filter((name) => name.endsWith('.test.ts')).map((name) => `tests/server/${name}`)
const include = (() => {
  const contract = 'tests/contract/**/*.test.ts'
  if (process.env.SERVER_SUITE === 'postgres') return [contract, ...serverTests()]
  // SERVER_SUITE=pglite (`npm test` when its PostgreSQL stage runs too): the contract suite, and the
  // server tests that the PostgreSQL stage does not run. A test that reaches the database through
  // CONTRACT_DATABASE_URL checks the server's behaviour over whichever database it is given; on
  // PostgreSQL its parallel requests really run at once (PGlite takes one query at a time) and the
  // driver is node-postgres, so that run holds everything the PGlite run would, and more. The
  // PGlite driver and its statement cache stay covered by the whole contract suite here, and
  // restore.test.ts's PGlite backups run in the PostgreSQL stage as well.
  if (process.env.SERVER_SUITE === 'pglite') {
    const onPostgres = new Set(serverTests())
    return [contract, ...allServerTests().filter((file) => !onPostgres.has(file))]
  }
  return [contract, 'tests/server/**/*.test.ts']
})()

export default defineConfig({
  // A contract test may read the app's shared words (e.g. the preparation steps), written with Lingui's macros.
  plugins: [linguiMacros(), lingui()],
  test: {
    name: 'server',
    include,
    // The empty migrated PGlite every test copies instead of creating its own (tests/server/pglite-template.mjs).
    globalSetup: ['tests/server/pglite-template-setup.ts'],
    setupFiles: ['tests/contract/server-setup.ts'],
    environment: 'node',
    env: { CONTRACT_TARGET: 'server' },
    testTimeout: 20000,
    hookTimeout: 60000,
    // On PGlite two workers (each with its own in-memory PGlite of 300+ MB; 24 GB here): many of the
    // server's tests wait on a process they started, and one worker made this the suite's longest
    // chain. On PostgreSQL (CONTRACT_DATABASE_URL) one: every file empties and seeds the same database.
    maxWorkers: process.env.CONTRACT_DATABASE_URL ? 1 : 2,
    isolate: false,
  },
})
