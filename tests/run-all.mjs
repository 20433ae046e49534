#!/usr/bin/env node
/**
 * `npm test`: every layer, in order, with one closing line "N passed, N failed".
 *   1. unit + integration + mock-backend tests and the contract suite on the mock (vitest, MSW node server)
 *   1b. the contract suite on the real server (in-process, PGlite; also PostgreSQL when
 *      CONTRACT_DATABASE_URL is set)
 *   2. journeys in Chromium against the mock build (Playwright) — tests/e2e/run.mjs, with the
 *      production bundle check (no mock code; gzip sizes: scripts/size.mjs), typecheck (tsc) and
 *      lint (eslint) running beside them
 *   3. the built app on the real server in Chromium (tests/server-browser.mjs)
 * Each stage's time is printed in the summary.
 * Set SKIP_E2E=1 to leave out the journeys locally (never in CI).
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const results = []
const suiteStarted = Date.now()
let passed = 0
let failed = 0
let skipped = 0
/** The failed tests by name with the first line of their reason, repeated in the summary so a
 *  log that keeps only its tail still says what failed. */
const failures = []
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')
const firstLine = (m) => String(m ?? '').replace(ANSI_COLOUR, '').split('\n').find((l) => l.trim()) ?? ''

/** Run a stage with its output streaming live; resolves to whether it passed. */
function run(name, cmd, args) {
  const started = Date.now()
  console.log(`\n=== ${name} ===`)
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: process.env })
    child.on('close', (code) => {
      results.push({ name, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) })
      resolve(code === 0)
    })
  })
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

// Static checks (typecheck and lint) print their output when each ends, so it does not interleave.
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

/** A vitest run whose tests are counted from its JSON report. */
async function vitestStage(name, args, env = {}) {
  const json = `test-results/vitest-${results.length}.json`
  rmSync(json, { force: true })
  const started = Date.now()
  console.log(`\n=== ${name} ===`)
  const ok = await new Promise((resolve) => {
    const child = spawn(npx, ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`], { stdio: 'inherit', env: { ...process.env, ...env } })
    child.on('close', (code) => resolve(code === 0))
  })
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) })
  if (!existsSync(json)) {
    failed += 1
    return
  }
  const v = JSON.parse(readFileSync(json, 'utf8'))
  passed += v.numPassedTests ?? 0
  failed += v.numFailedTests ?? 0
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0)
  for (const file of v.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed')
    for (const t of failedTests) failures.push(`${name}: ${file.name.replace(process.cwd() + '/', '')} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`)
    if (file.status === 'failed' && failedTests.length === 0) failures.push(`${name}: ${file.name.replace(process.cwd() + '/', '')}: ${firstLine(file.message)}`)
  }
  // A suite that failed to load has no failed tests but must still fail the run.
  if ((v.numFailedTestSuites ?? 0) > 0 && (v.numFailedTests ?? 0) === 0) failed += v.numFailedTestSuites
  if (v.success === false && (v.numFailedTests ?? 0) === 0 && (v.numFailedTestSuites ?? 0) === 0) failed += 1
}

// 1. Vitest: unit, integration, the mock's own tests and the contract suite against the mock.
mkdirSync('test-results', { recursive: true })
await vitestStage('unit, integration, mock-backend and contract tests on the mock (vitest)', [])

// 1b. The same contract suite against the real server, in-process over PGlite; in CI also on
//     PostgreSQL (CONTRACT_DATABASE_URL, set by .ci/run when it started a cluster).
await vitestStage('contract tests on the server (PGlite)', ['--config', 'vitest.server.config.ts'], { CONTRACT_DATABASE_URL: '' })
if (process.env.CONTRACT_DATABASE_URL) {
  await vitestStage('contract tests on the server (PostgreSQL)', ['--config', 'vitest.server.config.ts'])
}

// 2. Browser journeys, with the production bundle check (no mock code; sizes printed), typecheck
//    and lint beside them: the journeys mostly wait on the browser and leave a core free, so the
//    other checks cost little wall time there.
const skipE2e = process.env.SKIP_E2E === '1' && !process.env.CI
const e2eJson = 'tests/e2e/artifacts/results.json'
if (!skipE2e) rmSync(e2eJson, { force: true })
const [e2eOk, ...staticChecks] = await Promise.all([
  skipE2e ? Promise.resolve(true) : run('journeys in Chromium (Playwright)', 'node', ['tests/e2e/run.mjs']),
  runCaptured('production bundle check', 'node', ['scripts/size.mjs']),
  runCaptured('typecheck (TypeScript 7)', npm, ['run', '--silent', 'typecheck']),
  runCaptured('lint', npx, ['eslint', '.', '--max-warnings=0']),
  runCaptured('catalogues current (scripts/check-i18n.mjs)', 'node', ['scripts/check-i18n.mjs']),
])
for (const ok of staticChecks) {
  if (ok) passed += 1
  else failed += 1
}
if (skipE2e) {
  console.log('\n=== e2e (Chromium) === SKIPPED because SKIP_E2E=1')
} else {
  const ok = e2eOk
  if (existsSync(e2eJson)) {
    const s = JSON.parse(readFileSync(e2eJson, 'utf8')).stats ?? {}
    passed += (s.expected ?? 0) + (s.flaky ?? 0)
    failed += s.unexpected ?? 0
    skipped += s.skipped ?? 0
    if (!ok && !(s.unexpected > 0)) failed += 1
    const walk = (suite, path) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status === 'unexpected') failures.push(`journeys: ${spec.file} > ${[...path, spec.title].join(' > ')}: ${firstLine(t.results?.at(-1)?.error?.message)}`)
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...path, child.title])
    }
    for (const suite of JSON.parse(readFileSync(e2eJson, 'utf8')).suites ?? []) walk(suite, [])
  } else if (!ok) {
    failed += 1
  }
}

// 3. The built app on the real server (a fresh PGlite) in Chromium: sign-in for each role, a booking
//    through the wizard, the report download, no CSP violation. After the bundle check, so the
//    production build it serves is already there. Each of its checks counts as a test.
if (!skipE2e) {
  const started = Date.now()
  console.log('\n=== journeys on the real server (Chromium) ===')
  const { ok, output } = await new Promise((resolve) => {
    const child = spawn('node', ['tests/server-browser.mjs'], { env: process.env })
    let out = ''
    child.stdout.on('data', (d) => {
      out += d
      process.stdout.write(d)
    })
    child.stderr.on('data', (d) => process.stderr.write(d))
    child.on('close', (code) => resolve({ ok: code === 0, output: out }))
  })
  results.push({ name: 'journeys on the real server (Chromium)', ok, seconds: Math.round((Date.now() - started) / 1000) })
  const oks = output.split('\n').filter((l) => l.startsWith('ok  ')).length
  const fails = output.split('\n').filter((l) => l.startsWith('FAIL')).length
  passed += oks
  failed += fails
  for (const l of output.split('\n').filter((l) => l.startsWith('FAIL'))) failures.push(`real server: ${l.slice(4).trim()}`)
  if (!ok && fails === 0) failed += 1
}

console.log('\n=== summary ===')
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds}s)`)
console.log(`all stages: ${Math.round((Date.now() - suiteStarted) / 1000)}s (bundle check, typecheck and lint ran beside the journeys)`)
if (failures.length) {
  console.log('failed:')
  for (const f of failures) console.log(`  ${f.slice(0, 300)}`)
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 ? 1 : 0)
