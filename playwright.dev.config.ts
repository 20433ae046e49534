import { defineConfig } from '@playwright/test'
import base from './playwright.config'

const PORT = Number(process.env.E2E_DEV_PORT ?? 4189)

/**
 * Journeys against the Vite dev server in mock mode (`npm start`), where React's StrictMode and
 * unbundled modules time things differently from the build: a message lost there is lost for
 * every developer trying the app. Kept to a few fast checks; run by tests/e2e/run.mjs after the
 * build's journeys, or alone with `npx playwright test -c playwright.dev.config.ts`.
 */
export default defineConfig({
  ...base,
  testDir: 'tests/e2e/dev-server',
  testIgnore: [],
  outputDir: 'tests/e2e/artifacts/dev-server',
  reporter: [['list']],
  workers: 1,
  // A fresh clone's first visit makes Vite pre-bundle the dependencies (and may reload the page once
  // it has): beside the other stages on a busy 2-core machine that took more than the build's minute.
  timeout: 180_000,
  expect: { timeout: 60_000 },
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: {
    command: `npx vite --mode mock --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 180_000,
  },
})
