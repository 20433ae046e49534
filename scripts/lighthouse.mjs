#!/usr/bin/env node
/**
 * `npm run lighthouse`: Lighthouse (mobile settings: Moto G Power-class screen and 4x CPU, slow 4G)
 * on `/`, `/login` and `/register` of the production build, in Debian's Chromium. By default it
 * measures **the real server**, where families meet the app: it builds, then starts `npm start`'s
 * server (server/serve.mjs) on a fresh data folder, as a newcomer would run it, and stops it at the
 * end. `-- --host static` measures the build from the repo's gzip host instead
 * (scripts/static-server.mjs); `-- --host both` measures both, one after the other, and prints them
 * side by side with the ratio real/static (on a shared machine the ratio says more than the
 * figures); `-- --host caddy` measures the real server behind Debian's caddy with deploy/Caddyfile
 * (HTTPS, HTTP/2), as a home deploys it. Three runs each; prints the median scores (performance, accessibility, best practices,
 * SEO) and LCP, TBT, CLS against the targets in docs/performance.md. A benchmark to run and report
 * (timings are noisy), not part of `npm test`. `-- --runs 5` for more runs, `-- --lang sw` for the
 * pages in Kiswahili (the language cookie), `-- --no-build` to measure the build already in dist/,
 * `-- --pages /dashboard/client` the family's dashboard, signed in as the demo family.
 *
 * The CPU: Lighthouse's 4x slowdown stands for a mid-range phone only on a host as fast as the
 * desktop it was tuned on. Each run reports the host's speed (Lighthouse's benchmark index; it warns
 * below 1000) and the slowdown Lighthouse's own calculator recommends for it
 * (patrickhulce/lighthouse-cpu-throttling-calculator, linked from Lighthouse's throttling docs).
 * `-- --calibrate` measures the host first and uses that slowdown; `-- --cpu 2.5` sets one.
 *
 * Throttling: by default the network and CPU are really slowed down while the page loads
 * (Lighthouse's `devtools` method, with its own mobile slow-4G figures: 562.5 ms RTT, 1.47 Mbps,
 * 4x CPU), so the paints measured are the paints that happen. `-- --throttling simulate` uses
 * Lighthouse's default estimate instead (Lantern: the page loads at full speed and the times are
 * modelled afterwards). That model counts every request that finished before the page's first
 * paint as needed for it; served from this machine, the scripts of a pre-rendered page finish
 * before its first paint, so the estimate charges the paint for about 110 KB of scripts it does not
 * wait for (simulated LCP ≈ 2.0 s where the real paint on a slowed-down link is ≈ 0.6–1.4 s).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { throttling as LH_THROTTLING } from 'lighthouse/core/config/constants.js'
import puppeteer from 'puppeteer-core'
import { serveStatic } from './static-server.mjs'
import { demoToken, startRealServer } from './real-server.mjs'
import { caddyInFront } from './deploy-stack.mjs'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4197)
const arg = (name) => {
  const i = process.argv.indexOf(name)
  return i > 0 ? process.argv[i + 1] : undefined
}
const RUNS = Number(arg('--runs') ?? 3)
const THROTTLING = arg('--throttling') ?? 'devtools'
if (!['devtools', 'simulate'].includes(THROTTLING)) {
  console.error('--throttling is devtools or simulate')
  process.exit(1)
}
/**
 * The CPU slowdown that makes this host stand for Lighthouse's mid-range phone, from its benchmark
 * index, by the formula of Lighthouse's CPU throttling calculator (a host below 150 cannot).
 */
export function recommendedSlowdown(benchmarkIndex) {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650)
}
let cpuSlowdown = arg('--cpu') ? Number(arg('--cpu')) : undefined
if (cpuSlowdown !== undefined && !(cpuSlowdown >= 1)) {
  console.error('--cpu is a slowdown of 1 or more')
  process.exit(1)
}
const CALIBRATE = process.argv.includes('--calibrate')
const HOST = arg('--host') ?? 'server'
if (!['server', 'static', 'both', 'caddy'].includes(HOST)) {
  console.error('--host is server (the default), static, both or caddy')
  process.exit(1)
}
const LANG = arg('--lang') ?? 'en'
if (!['en', 'sw'].includes(LANG)) {
  console.error('--lang is en or sw')
  process.exit(1)
}
// `-- --pages /,/contribute/any-link`: other pages (a contribution link with no API behind the
// static host shows its "could not find" answer: the shell, the screen and one API round trip).
// A page under /dashboard is measured signed in as the demo family (a development start's seed):
// `-- --pages /dashboard/client`.
const PAGES = arg('--pages')?.split(',') ?? ['/', '/login', '/register']
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95, lcp: 1500, tbt: 100, cls: 0.02 }

if (!existsSync(CHROMIUM)) {
  console.error(`Chromium not found at ${CHROMIUM}: sudo apt-get install -y chromium`)
  process.exit(1)
}
// `-- --base http://localhost:3000`: a server already running; nothing is built or started here then.
const BASE = arg('--base')?.replace(/\/$/, '')
if (!BASE && !process.argv.includes('--no-build')) {
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'
  // Same origin: the app calls /api on the server that sent it (no VITE_API_URL, no mock).
  const env = { ...process.env }
  delete env.VITE_API_URL
  const build = spawnSync(npx, ['vite', 'build', '--outDir', 'dist', '--logLevel', 'warn'], { stdio: 'inherit', env })
  if (build.status !== 0) process.exit(1)
}

/** The gzip host on PORT. */
async function startStatic() {
  const server = await serveStatic('dist', PORT)
  return { base: `http://127.0.0.1:${PORT}`, stop: async () => server.close() }
}

/** `npm start`'s server on PORT + 1, on a fresh data folder (the demo seed), once it answers. */
const startServer = () => startRealServer(PORT + 1)

/**
 * The same server behind Debian's caddy with deploy/Caddyfile (HTTPS from Caddy's internal
 * authority, HTTP/2, compression) on PORT + 2, as a home deploys it: the browser's six connections
 * of HTTP/1.1 to one host no longer queue the portal's files. The demo token is asked of the server
 * itself; the browser trusts Caddy's authority by its key (a page with a certificate error would
 * not be cached, nor measured as a trusted one).
 */
async function startBehindCaddy() {
  const server = await startServer()
  try {
    const caddy = await caddyInFront(server.base, { httpsPort: PORT + 2, httpPort: PORT + 3 })
    return {
      base: caddy.origin,
      tokenFrom: server.base,
      chromeFlags: [caddy.trustFlag],
      stop: async () => {
        await caddy.stop()
        await server.stop()
      },
    }
  } catch (error) {
    await server.stop()
    throw error
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

/** Every run's benchmark index of this host (Lighthouse measures it at the start of each run). */
const benchmarks = []

/** The medians of RUNS Lighthouse runs on each page at `base`. */
async function measure(base, { tokenFrom = base, chromeFlags = [] } = {}) {
  const results = []
  for (const path of PAGES) {
    const runs = []
    for (let i = 0; i < RUNS; i++) {
      const userDataDir = mkdtempSync(join(tmpdir(), 'afh-lh-'))
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM,
        userDataDir,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage', ...chromeFlags],
      })
      try {
        // A portal page is measured signed in: the demo family's token in this fresh profile's
        // storage (set on an API address, so no file of the app is cached before the run), and
        // Lighthouse told to keep storage (its cache is empty all the same: a new profile).
        const signedIn = path.startsWith('/dashboard')
        if (signedIn) {
          const token = await demoToken(tokenFrom)
          const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
          const page = await browser.newPage()
          await page.goto(`${base}/api/health`)
          await page.evaluate((t) => localStorage.setItem('token', t), token)
          await page.close()
          await browser.disconnect()
        }
        const result = await lighthouse(`${base}${path}`, {
          ...(signedIn ? { disableStorageReset: true } : {}),
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          throttlingMethod: THROTTLING,
          ...(cpuSlowdown ? { throttling: { ...LH_THROTTLING.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown } } : {}),
          // The language chosen on the device: both hosts then send the Kiswahili page.
          ...(LANG === 'sw' ? { extraHeaders: { Cookie: 'afh-lang=sw' } } : {}),
        })
        const lhr = result.lhr
        // LIGHTHOUSE_REPORTS=folder keeps each run's whole report (to read what the LCP element was, and why).
        if (process.env.LIGHTHOUSE_REPORTS) {
          mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true })
          writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, `${path.replaceAll('/', '_') || '_'}-${LANG}-${runs.length + 1}.json`), JSON.stringify(lhr))
        }
        runs.push({
          performance: Math.round(lhr.categories.performance.score * 100),
          accessibility: Math.round(lhr.categories.accessibility.score * 100),
          'best-practices': Math.round(lhr.categories['best-practices'].score * 100),
          seo: Math.round(lhr.categories.seo.score * 100),
          lcp: lhr.audits['largest-contentful-paint'].numericValue,
          tbt: lhr.audits['total-blocking-time'].numericValue,
          cls: lhr.audits['cumulative-layout-shift'].numericValue,
          benchmark: lhr.environment.benchmarkIndex,
          failed: Object.values(lhr.audits)
            .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
            .map((a) => a.id),
        })
        process.stdout.write(`  ${base}${path} run ${i + 1}/${RUNS}: performance ${runs.at(-1).performance}\n`)
      } finally {
        await chrome.kill()
        rmSync(userDataDir, { recursive: true, force: true })
      }
    }
    const m = Object.fromEntries(Object.keys(TARGETS).map((k) => [k, median(runs.map((r) => r[k]))]))
    benchmarks.push(...runs.map((r) => r.benchmark))
    results.push({ path, ...m, failed: [...new Set(runs.flatMap((r) => r.failed))] })
  }
  return results
}

const HOSTS = { server: 'the real server (npm start, fresh data folder)', static: 'the static gzip host', caddy: 'the real server behind Caddy (HTTPS, HTTP/2), as deployed' }
/** This host's benchmark index, the median of three quick unthrottled runs on `base`. */
async function probeBenchmark(base) {
  const found = []
  for (let i = 0; i < 3; i++) {
    const userDataDir = mkdtempSync(join(tmpdir(), 'afh-lh-'))
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, userDataDir, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'] })
    try {
      const result = await lighthouse(base, { port: chrome.port, output: 'json', logLevel: 'error', onlyAudits: ['first-contentful-paint'], throttlingMethod: 'provided' })
      found.push(result.lhr.environment.benchmarkIndex)
    } finally {
      await chrome.kill()
      rmSync(userDataDir, { recursive: true, force: true })
    }
  }
  return median(found)
}

const measured = {}
for (const host of BASE ? ['given'] : HOST === 'both' ? ['server', 'static'] : [HOST]) {
  const running = BASE ? { base: BASE, stop: async () => {} } : host === 'server' ? await startServer() : host === 'caddy' ? await startBehindCaddy() : await startStatic()
  try {
    if (CALIBRATE && cpuSlowdown === undefined) {
      const index = await probeBenchmark(running.base)
      cpuSlowdown = Math.round(recommendedSlowdown(index) * 10) / 10
      console.log(`  this host's benchmark index: ${Math.round(index)}; the CPU slowed down ${cpuSlowdown}x stands for Lighthouse's mid-range phone`)
    }
    measured[host] = await measure(running.base, running)
  } finally {
    await running.stop()
  }
}

const fmt = { lcp: (v) => `${(v / 1000).toFixed(2)} s`, tbt: (v) => `${Math.round(v)} ms`, cls: (v) => v.toFixed(3) }
const lower = (k) => ['lcp', 'tbt', 'cls'].includes(k)
const meets = (k, v) => (lower(k) ? v <= TARGETS[k] : v >= TARGETS[k])
const cpu = `${cpuSlowdown ?? 4}x CPU`
const how = THROTTLING === 'devtools' ? `slow 4G + ${cpu} applied while loading` : `slow 4G + ${cpu} simulated`
const keys = Object.keys(TARGETS)
const cell = (k, v) => `${(fmt[k] ?? String)(v)}${meets(k, v) ? '' : ' !'}`.padStart(14)
console.log(`\nLighthouse medians of ${RUNS} runs (mobile, ${how}, ${LANG === 'sw' ? 'Kiswahili' : 'English'}):`)
console.log(`  ${'page'.padEnd(18)} ${keys.map((k) => k.padStart(14)).join('')}`)
for (const [host, results] of Object.entries(measured)) {
  console.log(`  ${BASE ?? HOSTS[host]}:`)
  for (const r of results) {
    console.log(`  ${r.path.padEnd(18)} ${keys.map((k) => cell(k, r[k])).join('')}`)
    if (r.failed.length) console.log(`                     audits not passed: ${r.failed.join(', ')}`)
  }
}
if (measured.server && measured.static) {
  // Above 1 for performance is better on the real server; below 1 for the times.
  console.log('  ratio real server / static host:')
  measured.server.forEach((r, i) => {
    const s = measured.static[i]
    // A shift of a few thousandths is no shift: no ratio of two of them.
    const ratio = (k) => (k === 'cls' && r[k] < 0.005 && s[k] < 0.005 ? '-' : s[k] ? (r[k] / s[k]).toFixed(2) : '-')
    console.log(`  ${r.path.padEnd(18)} ${keys.map((k) => ratio(k).padStart(14)).join('')}`)
  })
}
{
  const index = median(benchmarks)
  console.log(`  this host's benchmark index (median of the runs): ${Math.round(index)}${index < 1000 ? ' (Lighthouse warns below 1000: a slower CPU than it expects)' : ''}; Lighthouse's calculator recommends a ${recommendedSlowdown(index).toFixed(1)}x slowdown for it (--calibrate)`)
}
console.log(`  ${'targets'.padEnd(18)} ${keys.map((k) => `${lower(k) ? '<=' : '>='}${(fmt[k] ?? String)(TARGETS[k])}`.padStart(14)).join('')}`)
console.log('  (! = misses its target)')
