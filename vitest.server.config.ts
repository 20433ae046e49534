import { defineConfig } from 'vitest/config'
import { lingui } from '@lingui/vite-plugin'
import { linguiMacros } from './vite.config.ts'

/**
 * The contract suite against the real server (in-process Hono over PGlite; PostgreSQL when
 * CONTRACT_DATABASE_URL is set) and the server's own tests. The mock run of the same contract
 * files is part of the main config (vitest.config.ts).
 */
export default defineConfig({
  // A contract test may read the app's shared words (e.g. the preparation steps), written with Lingui's macros.
  plugins: [linguiMacros(), lingui()],
  test: {
    name: 'server',
    include: ['tests/contract/**/*.test.ts', 'tests/server/**/*.test.ts'],
    environment: 'node',
    env: { CONTRACT_TARGET: 'server' },
    testTimeout: 20000,
    hookTimeout: 60000,
    // One worker: a PGlite is 300+ MB, and CI has 2 cores shared with the rest of the suite.
    maxWorkers: 1,
    isolate: false,
  },
})
