#!/usr/bin/env node
/**
 * Build the app with the mock backend on and run the Playwright journeys in Debian's Chromium,
 * then the few journeys against the Vite dev server (tests/e2e/dev-server, playwright.dev.config.ts).
 * No browser: in CI that is a failure; elsewhere the suite says so loudly and how to install it.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

import { JOURNEY_BROWSER as chromium, MOCK_BUILD } from './browser.mjs'

if (!existsSync(chromium)) {
  const msg = [
    '',
    '!!! Chromium was not found at ' + chromium + ': the browser journeys CANNOT run.',
    '!!! Install it with:  sudo apt-get install -y chromium chromium-headless-shell   (or set CHROMIUM_PATH)',
    '',
  ].join('\n')
  console.error(msg)
  process.exit(process.env.CI ? 1 : 0)
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'
// --build-only / --dev-only: one of the two runs (npm test runs them as stages of their own).
const only = process.argv.includes('--build-only') ? 'build' : process.argv.includes('--dev-only') ? 'dev' : null
// --prebuilt: dist-mock/ is already there (npm test builds it in a stage of its own, while a core is idle).
const prebuilt = process.argv.includes('--prebuilt')
const filters = process.argv.slice(2).filter((a) => !['--build-only', '--dev-only', '--prebuilt'].includes(a))
const env = { ...process.env, CHROMIUM_PATH: chromium }
// Specs under tests/e2e/dev-server run against `vite --mode mock` (playwright.dev.config.ts), the
// others against the build. With no file named, both run: the dev server's check takes seconds.
const forDevServer = (a) => a.includes('dev-server/')
const devFilters = filters.filter(forDevServer)
const buildFilters = filters.filter((a) => !forDevServer(a))
let status = 0
if (only !== 'dev' && (filters.length === 0 || buildFilters.length > 0)) {
  if (!prebuilt) {
    const build = spawnSync(npx, MOCK_BUILD, { stdio: 'inherit' })
    if (build.status !== 0) process.exit(build.status ?? 1)
  }
  console.log(`Journeys in ${chromium}`)
  status = spawnSync(npx, ['playwright', 'test', ...buildFilters], { stdio: 'inherit', env }).status ?? 1
}
if (only !== 'build' && (filters.length === 0 || devFilters.length > 0)) {
  console.log(`Journeys against the dev server in ${chromium}`)
  const dev = spawnSync(npx, ['playwright', 'test', '-c', 'playwright.dev.config.ts', ...devFilters], { stdio: 'inherit', env })
  status ||= dev.status ?? 1
}
process.exit(status)
