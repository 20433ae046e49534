#!/usr/bin/env node
/**
 * `npm run test:clock`: prove that no test depends on today's date. Runs the tests with the
 * system clock moved far ahead and far back (libfaketime, Debian package `faketime`), each
 * offset a full run: the clock keeps ticking from the shifted start, for Node and, in the
 * browser suite, for Chromium too (LD_PRELOAD reaches child processes).
 *
 *   npm run test:clock                 vitest (unit, integration, mock) at +5 years and -3 years
 *   npm run test:clock -- --all        the whole `npm test` (typecheck, lint, vitest, size, e2e)
 *   npm run test:clock -- +10y -1y     other offsets (libfaketime syntax: +15d, -2y, ...)
 */
import { spawnSync } from 'node:child_process'

const args = process.argv.slice(2)
const all = args.includes('--all')
const offsets = args.filter((a) => /^[+-]\d+[smhdy]?$/.test(a))
if (offsets.length === 0) offsets.push('+5y', '-3y')

if (spawnSync('faketime', ['-f', '+0', 'true']).status !== 0) {
  console.error('faketime was not found: install it with  sudo apt-get install -y faketime')
  process.exit(1)
}

const command = all ? ['node', 'tests/run-all.mjs'] : ['npx', 'vitest', 'run']
const results = []
for (const offset of offsets) {
  const shown = spawnSync('faketime', ['-f', offset, 'date', '-u', '+%Y-%m-%d %H:%M UTC'], { encoding: 'utf8' }).stdout.trim()
  console.log(`\n=== ${command.join(' ')} with the clock at ${offset} (${shown}) ===`)
  const r = spawnSync('faketime', ['-f', offset, ...command], { stdio: 'inherit' })
  results.push({ offset, shown, ok: r.status === 0 })
}
console.log('\n=== clock shift summary ===')
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  clock ${r.offset} (${r.shown})`)
process.exit(results.every((r) => r.ok) ? 0 : 1)
