import { existsSync } from 'node:fs'
import { defineConfig } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 4179)
// Debian's chromium-headless-shell when installed (Chromium's engine without the desktop browser,
// what Playwright runs headless by default), else Chromium. tests/e2e/run.mjs picks the same.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell'
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')

/**
 * Journeys in Debian's Chromium against the production build with the mock backend on
 * (`vite build --mode mock` + `vite preview`). Started by tests/e2e/run.mjs, which checks the
 * browser first.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
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
      executablePath: CHROMIUM,
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
    command: `node tests/static-server.mjs dist-mock ${PORT}`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
})
