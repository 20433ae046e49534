import { defineConfig } from '@playwright/test'
import { JOURNEY_BROWSER } from './tests/e2e/browser.mjs'

const PORT = Number(process.env.E2E_PORT ?? 4179)

/**
 * Journeys in Debian's Chromium against the production build with the mock backend on
 * (`vite build --mode mock` + `vite preview`). Started by tests/e2e/run.mjs, which checks the
 * browser first.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Those run against the dev server: playwright.dev.config.ts.
  testIgnore: 'dev-server/**',
  outputDir: 'tests/e2e/artifacts',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'tests/e2e/artifacts/results.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Tracing every test costs about a fifth of the suite's time; E2E_TRACE=1 keeps traces of failures.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: JOURNEY_BROWSER,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: {
    // The mock build on a plain static host (gzip, hashed files cached for good, the SPA fallback).
    command: `node scripts/static-server.mjs dist-mock ${PORT}`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
})
