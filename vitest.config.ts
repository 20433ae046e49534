import { configDefaults, defineConfig, mergeConfig } from 'vitest/config'
import { availableParallelism } from 'node:os'
import viteConfig from './vite.config.ts'

const TEST_FILES = ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}', 'tests/mock/**/*.test.{ts,tsx}', 'tests/contract/**/*.test.ts']
/**
 * Test files that need a module graph of their own: those that replace a module with vi.mock, and
 * those that load the app afresh (vi.resetModules) to see what its modules do as they load.
 */
const MODULE_MOCKING_TESTS = [
  'tests/integration/public-pages.test.tsx',
  'tests/integration/slow-code.test.tsx',
  'tests/integration/toasts-missing.test.tsx',
  'tests/integration/client-dashboard-early.test.tsx',
  'tests/integration/client-dashboard-early-account.test.tsx',
  'tests/integration/client-dashboard-early-retry.test.tsx',
  'tests/unit/catalogs-while-switching.test.ts',
]

// The app's Vite config (plugins, `__MOCK__`) plus the test settings.
export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    test: {
      environment: 'happy-dom',
      environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
      setupFiles: ['tests/setup.ts'],
      env: { VITE_API_URL: 'http://localhost:3000/api' },
      testTimeout: 15000,
      pool: 'threads',
      // Vitest's default is one worker per core minus one: a single worker on CI's 2 cores.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      // Test files share their worker's module graph (no re-import of React, Fluent and the app for
      // every file: the suite runs in about half the time). Every test still starts from a fresh
      // database, handlers, storage and DOM (tests/setup.ts). Files that replace a module with
      // vi.mock, or load the app afresh, need their own graph and keep Vitest's isolation.
      projects: [
        { extends: true, test: { name: 'shared', isolate: false, include: TEST_FILES, exclude: [...configDefaults.exclude, ...MODULE_MOCKING_TESTS] } },
        { extends: true, test: { name: 'isolated', include: MODULE_MOCKING_TESTS } },
      ],
    },
  }),
)
