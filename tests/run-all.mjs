#!/usr/bin/env node
/**
 * `npm test`: every layer, in order, with one closing line "N passed, N failed".
 *   1. typecheck (tsc) and lint (eslint), side by side
 *   2. unit + integration + mock-backend tests (vitest, MSW node server)
 *   3. production bundle check (no mock code; gzip sizes)  — tests/size.mjs
 *   4. journeys in Chromium against the mock build (Playwright) — tests/e2e/run.mjs
 * Set SKIP_E2E=1 to leave out step 4 locally (never in CI).
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const results = []
let passed = 0
let failed = 0
let skipped = 0

function run(name, cmd, args, env = {}) {
  const started = Date.now()
  console.log(`\n=== ${name} ===`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const ok = r.status === 0
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) })
  return ok
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'

// 1. Static checks, side by side (each mostly waits on one core): each counts as one check.
//    Their output is printed when each ends, so it does not interleave.
function runCaptured(name, cmd, args) {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: process.env })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    child.on('close', (code) => {
      console.log(`\n=== ${name} ===`)
      process.stdout.write(output)
      const ok = code === 0
      results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) })
      resolve(ok)
    })
  })
}
const staticChecks = await Promise.all([
  runCaptured('typecheck', npx, ['tsc', '-p', 'tsconfig.json', '--noEmit']),
  runCaptured('lint', npx, ['eslint', '.', '--max-warnings=0']),
])
for (const ok of staticChecks) {
  if (ok) passed += 1
  else failed += 1
}

// 2. Vitest: count its tests.
mkdirSync('test-results', { recursive: true })
const vitestJson = 'test-results/vitest.json'
rmSync(vitestJson, { force: true })
run('unit, integration and mock-backend tests (vitest)', npx, ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`])
if (existsSync(vitestJson)) {
  const v = JSON.parse(readFileSync(vitestJson, 'utf8'))
  passed += v.numPassedTests ?? 0
  failed += (v.numFailedTests ?? 0) + (v.numFailedTestSuites ?? 0 ? 0 : 0)
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0)
  // A suite that failed to load has no failed tests but must still fail the run.
  if ((v.numFailedTestSuites ?? 0) > 0 && (v.numFailedTests ?? 0) === 0) failed += v.numFailedTestSuites
  if (v.success === false && (v.numFailedTests ?? 0) === 0 && (v.numFailedTestSuites ?? 0) === 0) failed += 1
} else {
  failed += 1
}

// 3. Production bundle: no mock code, sizes printed.
if (run('production bundle check', 'node', ['tests/size.mjs'])) passed += 1
else failed += 1

// 4. Browser journeys.
if (process.env.SKIP_E2E === '1' && !process.env.CI) {
  console.log('\n=== e2e (Chromium) === SKIPPED because SKIP_E2E=1')
} else {
  const e2eJson = 'tests/e2e/artifacts/results.json'
  rmSync(e2eJson, { force: true })
  const ok = run('journeys in Chromium (Playwright)', 'node', ['tests/e2e/run.mjs'])
  if (existsSync(e2eJson)) {
    const s = JSON.parse(readFileSync(e2eJson, 'utf8')).stats ?? {}
    passed += (s.expected ?? 0) + (s.flaky ?? 0)
    failed += s.unexpected ?? 0
    skipped += s.skipped ?? 0
    if (!ok && !(s.unexpected > 0)) failed += 1
  } else if (!ok) {
    failed += 1
  }
}

console.log('\n=== summary ===')
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds}s)`)
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 ? 1 : 0)
