import { existsSync } from 'node:fs'

/**
 * The browser of the journeys: `CHROMIUM_PATH` if set, else Debian's chromium-headless-shell when it
 * is installed (the same Blink and V8 as Chromium without the desktop browser around them, what
 * Playwright itself runs headless by default; the journeys take about a quarter less time in it),
 * else Chromium. Used by tests/e2e/run.mjs and playwright.config.ts.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell'
export const JOURNEY_BROWSER = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')

/** The app built with the mock backend on, as the journeys use it (`vite` and its arguments). */
export const MOCK_BUILD = ['vite', 'build', '--mode', 'mock', '--outDir', 'dist-mock', '--logLevel', 'warn']
