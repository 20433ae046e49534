#!/usr/bin/env node
/**
 * Build the app with the mock backend on and run the Playwright journeys in Debian's Chromium.
 * No browser: in CI that is a failure; elsewhere the suite says so loudly and how to install it.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

import { JOURNEY_BROWSER as chromium } from './browser.mjs'

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
const build = spawnSync(npx, ['vite', 'build', '--mode', 'mock', '--outDir', 'dist-mock', '--logLevel', 'warn'], { stdio: 'inherit' })
if (build.status !== 0) process.exit(build.status ?? 1)

const args = ['playwright', 'test', ...process.argv.slice(2)]
console.log(`Journeys in ${chromium}`)
const r = spawnSync(npx, args, { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } })
process.exit(r.status ?? 1)
