/**
 * Set-up of every file in the server's Vitest run (vitest.server.config.ts): the worker's shared
 * PGlite is opened, migrated and seeded here, once, before the first file's hooks start counting
 * their time limit. Not on PostgreSQL (CONTRACT_DATABASE_URL), where each file connects itself.
 *
 * Tests move the clock (vi.setSystemTime) days or years ahead, and PGlite's Postgres reads the same
 * Date: a timer it arms then (its statistics flush) is due weeks later once the clock is back.
 * Node cannot wait more than 2^31-1 ms and fires such a timer after 1 ms instead, so Postgres
 * re-arms it at once, about 700 times a second, for the rest of the worker's life (found as
 * thousands of TimeoutOverflowWarnings and a worker busy doing nothing). Here a longer wait waits
 * the longest Node can: never, for a test run.
 */
import { warmSharedPglite } from './server-target'

const LONGEST_TIMEOUT_MS = 2 ** 31 - 1
const marked = Symbol.for('afh.clampedSetTimeout')
const current = globalThis.setTimeout as typeof setTimeout & { [marked]?: true }
if (!current[marked]) {
  const clamped = ((handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) =>
    current(handler, typeof ms === 'number' && ms > LONGEST_TIMEOUT_MS ? LONGEST_TIMEOUT_MS : ms, ...args)) as typeof setTimeout & { [marked]?: true }
  Object.assign(clamped, current, { [marked]: true })
  globalThis.setTimeout = clamped
}

if (!process.env.CONTRACT_DATABASE_URL) await warmSharedPglite()
