#!/usr/bin/env node
/**
 * `npm test`: every layer, with one closing line "N passed, N failed". The stages:
 *   - vitest on the mock: unit, integration, the mock's own tests and the contract suite (MSW node server)
 *   - vitest on the real server, in-process over PGlite: the contract suite and the server's own tests
 *   - with CONTRACT_DATABASE_URL (CI): the contract suite once more on PostgreSQL, with the server
 *     tests whose outcome depends on the database driver (vitest.server.config.ts, SERVER_SUITE=postgres)
 *   - journeys in Chromium against the mock build (Playwright: tests/e2e/run.mjs)
 *   - the production build's bundle check (no mock code; gzip budgets: scripts/size.mjs), then the
 *     built app on the real server in Chromium (tests/server-browser.mjs), which serves that build
 *   - with BEHIND_CADDY_DATABASE_URL (CI): the built app behind Caddy, two instances on PostgreSQL,
 *     in Chromium (tests/behind-caddy.mjs)
 *   - typecheck (tsc), lint (eslint) and the translation catalogues (scripts/check-i18n.mjs)
 * Stages that do not need each other run side by side, weighing up to the machine's cores plus two
 * (TEST_SLOTS overrides; a stage weighs the cores it keeps busy): the browser stages
 * spend much of their time waiting on the page, a poll or the server, the PostgreSQL stage on the
 * database, so a core is free for another stage meanwhile. Each stage's output is kept in test-results/stage-<name>.log and printed whole when the stage ends (never interleaved).
 * The summary gives each stage's wall time and CPU time (user + system of its whole process tree).
 * Set SKIP_E2E=1 to leave out both browser stages locally (never in CI); TEST_STAGES=pglite,lint runs
 * only the stages named (keys: mock, mock-build, journeys, pglite, postgres, size, server-browser, behind-caddy, dev-server, typecheck, lint, i18n, cycles, docs).
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { MOCK_BUILD } from './e2e/browser.mjs'

const suiteStarted = Date.now()
let passed = 0
let failed = 0
let skipped = 0
/** The failed tests by name with the first line of their reason, repeated in the summary so a
 *  log that keeps only its tail still says what failed. */
const failures = []
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')
const firstLine = (m) => String(m ?? '').replace(ANSI_COLOUR, '').split('\n').find((l) => l.trim()) ?? ''
/** What each failure said at more length (its first lines, stack frames left out), printed last: CI keeps only the log's tail. */
const details = []
const sayMore = (name, m) => {
  // Testing Library's dump of the page's roles is left out: one such dump filled the whole tail
  // and hid the next failure's reason.
  const text = String(m ?? '').replace(ANSI_COLOUR, '').split(/\n\s*(?:Here are the accessible roles|Ignored nodes):/)[0]
  const lines = text.split('\n').filter((l) => l.trim() && !/^\s+at /.test(l))
  if (lines.length > 1 || lines[0]?.length > 300) details.push(`--- ${name}\n${lines.slice(0, 14).map((l) => l.slice(0, 400)).join('\n')}`)
}
const elapsed = () => `${String(Math.round((Date.now() - suiteStarted) / 1000)).padStart(4)}s`

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const skipE2e = process.env.SKIP_E2E === '1' && !process.env.CI
const postgresUrl = process.env.CONTRACT_DATABASE_URL
// Its own database: the journey behind Caddy empties it (never the contract suite's, running beside it).
const caddyUrl = process.env.BEHIND_CADDY_DATABASE_URL
mkdirSync('test-results', { recursive: true })

const vitestArgs = (key, args) => ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=test-results/vitest-${key}.json`]

/** Counts a vitest stage's tests from its JSON report. */
function countVitest(stage) {
  const json = `test-results/vitest-${stage.key}.json`
  if (!existsSync(json)) {
    failed += 1
    failures.push(`${stage.name}: no report (the run did not finish)`)
    return
  }
  const v = JSON.parse(readFileSync(json, 'utf8'))
  stage.counts = `${v.numPassedTests ?? 0} passed, ${v.numFailedTests ?? 0} failed, ${(v.numPendingTests ?? 0) + (v.numTodoTests ?? 0)} skipped in ${v.testResults?.length ?? 0} files`
  passed += v.numPassedTests ?? 0
  failed += v.numFailedTests ?? 0
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0)
  for (const file of v.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed')
    for (const t of failedTests) {
      failures.push(`${stage.name}: ${file.name.replace(process.cwd() + '/', '')} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`)
      sayMore(`${file.name.replace(process.cwd() + '/', '')} > ${t.fullName}`, t.failureMessages?.[0])
    }
    if (file.status === 'failed' && failedTests.length === 0) failures.push(`${stage.name}: ${file.name.replace(process.cwd() + '/', '')}: ${firstLine(file.message)}`)
  }
  // A suite that failed to load has no failed tests but must still fail the run.
  if ((v.numFailedTestSuites ?? 0) > 0 && (v.numFailedTests ?? 0) === 0) failed += v.numFailedTestSuites
  if (v.success === false && (v.numFailedTests ?? 0) === 0 && (v.numFailedTestSuites ?? 0) === 0) failed += 1
}

const e2eJson = 'tests/e2e/artifacts/results.json'
/** Counts the journeys from Playwright's JSON report. */
function countJourneys(stage, ok) {
  if (!existsSync(e2eJson)) {
    if (!ok) failed += 1
    return
  }
  const report = JSON.parse(readFileSync(e2eJson, 'utf8'))
  const s = report.stats ?? {}
  stage.counts = `${(s.expected ?? 0) + (s.flaky ?? 0)} passed, ${s.unexpected ?? 0} failed, ${s.skipped ?? 0} skipped`
  passed += (s.expected ?? 0) + (s.flaky ?? 0)
  failed += s.unexpected ?? 0
  skipped += s.skipped ?? 0
  if (!ok && !(s.unexpected > 0)) failed += 1
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected') {
          failures.push(`journeys: ${spec.file} > ${[...path, spec.title].join(' > ')}: ${firstLine(t.results?.at(-1)?.error?.message)}`)
          sayMore(`${spec.file} > ${spec.title}`, t.results?.at(-1)?.error?.message)
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title])
  }
  for (const suite of report.suites ?? []) walk(suite, [])
}

/** Counts the real-server run's checks: each "ok  " or "FAIL" line is one. */
function countLines(stage, ok, output) {
  const lines = output.split('\n')
  const oks = lines.filter((l) => l.startsWith('ok  ')).length
  const fails = lines.filter((l) => l.startsWith('FAIL'))
  stage.counts = `${oks} passed, ${fails.length} failed`
  passed += oks
  failed += fails.length
  for (const l of fails) failures.push(`real server: ${l.slice(4).trim()}`)
  if (!ok && fails.length === 0) failed += 1
}

/** A check with no tests inside (typecheck, lint, ...) counts as one. */
function countCheck(stage, ok) {
  if (ok) passed += 1
  else {
    failed += 1
    failures.push(`${stage.name}: failed (its output is above, and in test-results/stage-${stage.key}.log)`)
  }
}

/**
 * The stages, in the order they start when slots allow. `weight`: the cores it keeps busy; `after`:
 * stages it needs finished first. The mock stage's screens (happy-dom, two workers) run first,
 * beside nothing but the PostgreSQL stage (which mostly waits on its database): beside the journeys
 * they took five times as long and a few of their waits timed out. Then
 * the journeys (two browsers), the server stages and the checks side by side. Tried on 2 cores and
 * dropped, each slower and with tests timing out: every stage at once with the computing ones niced
 * (the mock stage starved behind the browsers), three journey browsers beside the server stages,
 * and the PGlite stage first with three browsers.
 */
const slots = Number(process.env.TEST_SLOTS) || availableParallelism() + 2
/** The whole machine: nothing starts beside it. */
const MOCK_WEIGHT = slots
const stages = [
  { key: 'mock', name: 'unit, integration, mock-backend and contract tests on the mock (vitest)', cmd: npx, args: vitestArgs('mock', []), weight: MOCK_WEIGHT, count: countVitest },
  // The journeys' build on its own, beside the mock stage once the PostgreSQL stage is done (a core
  // is idle then), so the journeys, the longest chain, start at once instead of building first
  // (about a minute on a busy machine).
  !skipE2e && { key: 'mock-build', name: 'the app built with the mock backend (vite build --mode mock)', cmd: npx, args: MOCK_BUILD, weight: 0, after: ['postgres'], count: countCheck },
  !skipE2e && { key: 'journeys', name: 'journeys in Chromium against the mock build (Playwright)', cmd: 'node', args: ['tests/e2e/run.mjs', '--build-only', '--prebuilt'], weight: 2, after: ['mock-build'], count: countJourneys, before: () => rmSync(e2eJson, { force: true }) },
  // With PostgreSQL the server tests that take their database from CONTRACT_DATABASE_URL run there
  // only (SERVER_SUITE=pglite leaves them out here: vitest.server.config.ts says why). Weight 1: its
  // two workers spend most of their time waiting on the servers and processes its tests start (half
  // a core measured), so the production build, and the real server's checks after it, start beside
  // it and the journeys instead of after them.
  { key: 'pglite', name: postgresUrl ? 'contract and PGlite-only server tests on the server (PGlite)' : 'contract and server tests on the server (PGlite)', cmd: npx, args: vitestArgs('pglite', ['--config', 'vitest.server.config.ts']), env: { CONTRACT_DATABASE_URL: '', SERVER_SUITE: postgresUrl ? 'pglite' : '' }, weight: 1, count: countVitest },
  // Weight 0: it spends its time waiting on the database (a third of a core of its own), so it
  // starts at once, beside the mock stage, and is done before the journeys need the cores.
  postgresUrl && { key: 'postgres', name: 'contract and driver-dependent server tests on the server (PostgreSQL)', cmd: npx, args: vitestArgs('postgres', ['--config', 'vitest.server.config.ts']), env: { SERVER_SUITE: 'postgres' }, weight: 0, count: countVitest },
  { key: 'size', name: 'production build and bundle check (scripts/size.mjs)', cmd: 'node', args: ['scripts/size.mjs'], weight: 1, count: countCheck },
  // After the bundle check, so the production build they serve is already there (and the server's
  // bundle, which the real server's check makes, for the instances behind Caddy).
  !skipE2e && { key: 'server-browser', name: 'the built app on the real server in Chromium (tests/server-browser.mjs)', cmd: 'node', args: ['tests/server-browser.mjs'], weight: 1, after: ['size'], count: countLines },
  !skipE2e && caddyUrl && { key: 'behind-caddy', name: 'the built app behind Caddy, two instances on PostgreSQL, in Chromium (tests/behind-caddy.mjs)', cmd: 'node', args: ['tests/behind-caddy.mjs'], weight: 1, after: ['size', 'server-browser'], count: countLines },
  // Before the other checks: eslint keeps one core busy for about a minute, and started last it
  // ran alone after the journeys, with the other core idle. After the real server's checks, whose
  // chain (the bundle check, the server in Chromium, Caddy) would otherwise end after the journeys.
  { key: 'lint', name: 'lint (eslint)', cmd: npx, args: ['eslint', '.', '--max-warnings=0'], weight: 1, count: countCheck },
  !skipE2e && { key: 'dev-server', name: 'a journey against the Vite dev server (tests/e2e/dev-server)', cmd: 'node', args: ['tests/e2e/run.mjs', '--dev-only'], weight: 1, count: countCheck },
  // One thread per project (tsc --singleThreaded in the npm script): on this busy machine its
  // parallel checkers only repeated each other's work (47 s CPU against 25 s, the same wall time alone).
  { key: 'typecheck', name: 'typecheck (TypeScript 7)', cmd: npm, args: ['run', '--silent', 'typecheck'], weight: 1, count: countCheck },
  { key: 'i18n', name: 'catalogues current (scripts/check-i18n.mjs)', cmd: 'node', args: ['scripts/check-i18n.mjs'], weight: 1, count: countCheck },
  { key: 'cycles', name: 'no import circles (scripts/check-cycles.mjs)', cmd: 'node', args: ['scripts/check-cycles.mjs'], weight: 1, count: countCheck },
  { key: 'docs', name: 'docs cite what exists (scripts/check-docs.mjs)', cmd: 'node', args: ['scripts/check-docs.mjs'], weight: 1, count: countCheck },
].filter(Boolean)
// TEST_STAGES=typecheck,lint: only those stages (by key), e.g. to re-run the one that failed.
const only = process.env.TEST_STAGES?.split(',').map((k) => k.trim()).filter(Boolean)
if (only?.length) stages.splice(0, stages.length, ...stages.filter((s) => only.includes(s.key)))
// The journeys chosen without their build stage build the app themselves.
const journeys = stages.find((s) => s.key === 'journeys')
if (journeys && !stages.some((s) => s.key === 'mock-build')) journeys.args = journeys.args.filter((a) => a !== '--prebuilt')

/** Runs a stage through tests/stage.mjs (which measures it), its output into its log file. */
function runStage(stage) {
  stage.before?.()
  const log = `test-results/stage-${stage.key}.log`
  const timing = `test-results/stage-${stage.key}.json`
  rmSync(timing, { force: true })
  console.log(`[${elapsed()}] start  ${stage.name}`)
  const fd = openSync(log, 'w')
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['tests/stage.mjs', timing, stage.cmd, ...stage.args], { stdio: ['ignore', fd, fd], env: { ...process.env, ...stage.env} })
    child.on('close', (code) => {
      closeSync(fd)
      const ok = code === 0
      const output = readFileSync(log, 'utf8')
      const t = existsSync(timing) ? JSON.parse(readFileSync(timing, 'utf8')) : {}
      stage.ok = ok
      stage.wall = Math.round(t.wallSeconds ?? 0)
      stage.cpu = t.cpuSeconds == null ? null : Math.round(t.cpuSeconds)
      console.log(`\n=== ${stage.name} ===`)
      process.stdout.write(output)
      stage.count(stage, ok, output)
      console.log(`[${elapsed()}] ${ok ? 'ok    ' : 'FAILED'} ${stage.name}: ${stage.wall}s wall${stage.cpu == null ? '' : `, ${stage.cpu}s CPU`}${stage.counts ? ` (${stage.counts})` : ''}`)
      resolve()
    })
  })
}

// The server's bundle, once, before any stage: the server stages, the real-server checks and the
// deployment test all start it, and on a fresh clone each would otherwise build it at the same time.
if (stages.some((s) => ['pglite', 'postgres', 'server-browser', 'behind-caddy'].includes(s.key))) {
  const { ensureServerBuild } = await import('../server/build-server.mjs')
  await ensureServerBuild((line) => console.log(`[${elapsed()}] ${line}`))
}

// A small scheduler: start every stage whose prerequisites are done while its weight fits in the
// free slots (one stage may always run), in the order listed.
await new Promise((resolveAll) => {
  const waiting = [...stages]
  const done = new Set()
  let busy = 0
  let running = 0
  const pump = () => {
    for (const stage of [...waiting]) {
      if (!(stage.after ?? []).every((k) => done.has(k) || !stages.some((s) => s.key === k))) continue
      if (running > 0 && busy + stage.weight > slots) continue
      waiting.splice(waiting.indexOf(stage), 1)
      busy += stage.weight
      running += 1
      runStage(stage).then(() => {
        busy -= stage.weight
        running -= 1
        done.add(stage.key)
        if (waiting.length === 0 && running === 0) resolveAll()
        else pump()
      })
    }
  }
  pump()
})

console.log('\n=== summary ===')
for (const s of stages) console.log(`${s.ok ? 'ok  ' : 'FAIL'}  ${s.name}: ${s.wall}s wall${s.cpu == null ? '' : `, ${s.cpu}s CPU`}${s.counts ? ` (${s.counts})` : ''}`)
if (skipE2e) console.log('SKIPPED  the browser stages (SKIP_E2E=1)')
else if (!caddyUrl) console.log('SKIPPED  the app behind Caddy (set BEHIND_CADDY_DATABASE_URL to a PostgreSQL database it may empty; CI does)')
const cpu = stages.reduce((n, s) => n + (s.cpu ?? 0), 0)
console.log(`all stages: ${Math.round((Date.now() - suiteStarted) / 1000)}s wall, ${cpu}s CPU in all, on ${availableParallelism()} cores (${slots} slots; stages ran side by side)`)
if (details.length) console.log(`\n=== what the failures said ===\n${details.join('\n')}\n`)
if (failures.length) {
  console.log('failed:')
  for (const f of failures) console.log(`  ${f.slice(0, 300)}`)
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 ? 1 : 0)
