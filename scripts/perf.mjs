#!/usr/bin/env node
/**
 * `npm run perf`: the family's portal on a cheap phone on a slow line, on **the real server** (a
 * benchmark, never a test). It builds when asked (`-- --build`, else the build in dist/ must be
 * there), starts `npm start`'s server on a fresh data folder (PERF_PORT, default 4196), and in
 * Chromium at 375 px with the network at 1.6 Mbps / 150 ms round trip and the CPU slowed 4x (CDP)
 * measures, from the navigation's start, an empty cache each time:
 * - `/`: first and largest paint;
 * - the family's dashboard, signed in (the demo family's token in storage): until the bookings show
 *   (a row of "Recent bookings", not a skeleton);
 * - a booking page: until the booking's own line ("Booking #N for …") shows;
 * - a repeat visit of the dashboard in the same browser (its cache warm).
 * Median of `--runs` (3). `-- --waterfall` prints each request of the cold dashboard (start, end,
 * who asked) to see what waits for what. Targets (issue 37): bookings ≤ 2.5 s cold, a booking page
 * ≤ 3 s, a repeat visit ≤ 1.5 s. On a shared machine, compare runs made side by side.
 * `-- --host caddy`: the server behind Debian's caddy with deploy/Caddyfile (HTTPS, HTTP/2), as deployed.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { demoToken, startRealServer } from './real-server.mjs'
import { caddyInFront } from './deploy-stack.mjs'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const PORT = Number(process.env.PERF_PORT ?? 4196)
const arg = (name) => {
  const i = process.argv.indexOf(name)
  return i > 0 ? process.argv[i + 1] : undefined
}
const RUNS = Number(arg('--runs') ?? 3)
const TARGETS = { dashboard: 2500, booking: 3000, repeat: 1500 }
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium not found at ${CHROMIUM}: sudo apt-get install -y chromium`)
  process.exit(1)
}
if (process.argv.includes('--build')) {
  const env = { ...process.env }
  delete env.VITE_API_URL
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'
  const b = spawnSync(npx, ['vite', 'build', '--outDir', 'dist', '--logLevel', 'warn'], { stdio: 'inherit', env })
  if (b.status !== 0) process.exit(1)
}
if (!existsSync('dist/spa.html')) {
  console.error('No build in dist/: run `npm run build` first, or `npm run perf -- --build`')
  process.exit(1)
}

// `-- --host caddy`: the same server behind Debian's caddy with deploy/Caddyfile (HTTPS, HTTP/2),
// as a home deploys it, on PERF_PORT + 1 (+ 2 for its plain HTTP).
const BEHIND_CADDY = arg('--host') === 'caddy'
const server = await startRealServer(PORT)
// Its authority trusted by key: a page with a certificate error is never cached, and the repeat
// visit would measure nothing.
const caddy = BEHIND_CADDY ? await caddyInFront(server.base, { httpsPort: PORT + 1, httpPort: PORT + 2 }).catch(async (e) => (await server.stop(), Promise.reject(e))) : null
const base = caddy?.origin ?? server.base
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...(caddy ? [caddy.trustFlag] : [])],
})

/**
 * In the page, from before its first byte: the time (ms since the navigation started) at which
 * each condition first held, checked every frame.
 */
/* global window, document, requestAnimationFrame */
function watch() {
  const seen = {}
  window.__seen = seen
  const conditions = {
    bookings: () => document.querySelector('ul[aria-label="Recent bookings"] li'),
    booking: () => /Booking #\d+ for /.test(document.querySelector('main')?.textContent ?? ''),
    heading: () => document.querySelector('h1'),
  }
  const frame = () => {
    for (const [name, holds] of Object.entries(conditions)) if (seen[name] === undefined && holds()) seen[name] = performance.now()
    requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
}

async function phone(token) {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true })
  if (token) await context.addInitScript((t) => localStorage.getItem('token') || localStorage.setItem('token', t), token)
  await context.addInitScript(watch)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1000 * 1000) / 8, uploadThroughput: (750 * 1000) / 8 })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  const requests = new Map()
  cdp.on('Network.requestWillBeSent', (e) => requests.set(e.requestId, { url: e.request.url, start: e.timestamp, initiator: e.initiator?.type }))
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId)
    if (r) Object.assign(r, { end: e.timestamp, bytes: e.encodedDataLength })
  })
  return { context, page, requests, reset: () => requests.clear() }
}

/** Navigate and wait until `what` has been seen; its time, the page's paints, bytes and requests. */
async function visit(t, path, what) {
  t.reset()
  await t.page.goto(`${base}${path}`, { waitUntil: 'commit' })
  await t.page.waitForFunction((w) => window.__seen?.[w] !== undefined, what, { timeout: 60_000, polling: 100 })
  const at = await t.page.evaluate((w) => window.__seen[w], what)
  const paints = await t.page.evaluate(
    () =>
      new Promise((resolve) => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null
        let lcp = null
        new PerformanceObserver((list) => (lcp = list.getEntries().at(-1)?.startTime ?? lcp)).observe({ type: 'largest-contentful-paint', buffered: true })
        setTimeout(() => resolve({ fcp, lcp }), 300)
      }),
  )
  const list = [...t.requests.values()]
  const bytes = list.reduce((sum, r) => sum + (r.bytes ?? 0), 0)
  return { at, ...paints, bytes, requests: list.length, list }
}

const token = await demoToken(server.base)
const mine = await (await fetch(`${server.base}/api/bookings/my`, { headers: { Authorization: `Bearer ${token}` } })).json()
const bookingId = mine.bookings?.[0]?.id
if (!bookingId) throw new Error('the demo family has no booking')

const rows = { home: [], dashboard: [], booking: [], repeat: [] }
let waterfall = null
try {
  for (let i = 0; i < RUNS; i++) {
    {
      const t = await phone(null)
      rows.home.push(await visit(t, '/', 'heading'))
      await t.context.close()
    }
    {
      const t = await phone(token)
      const cold = await visit(t, '/dashboard/client', 'bookings')
      rows.dashboard.push(cold)
      waterfall ??= cold.list
      // A repeat visit: the family comes back later (a new navigation, the cache as it was left).
      await t.page.goto('about:blank')
      rows.repeat.push(await visit(t, '/dashboard/client', 'bookings'))
      await t.context.close()
    }
    {
      const t = await phone(token)
      rows.booking.push(await visit(t, `/dashboard/client/bookings/${bookingId}`, 'booking'))
      await t.context.close()
    }
    process.stdout.write(`  run ${i + 1}/${RUNS}: dashboard ${Math.round(rows.dashboard.at(-1).at)} ms, booking ${Math.round(rows.booking.at(-1).at)} ms, repeat ${Math.round(rows.repeat.at(-1).at)} ms\n`)
  }
} finally {
  await browser.close()
  await caddy?.stop()
  await server.stop()
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const ms = (v) => (v == null ? 'n/a' : `${Math.round(v)} ms`)
const kb = (v) => `${(v / 1000).toFixed(0)} kB`
console.log(`\nThe real server${BEHIND_CADDY ? ' behind Caddy (HTTP/2)' : ''}, a phone at 375 px on 1.6 Mbps / 150 ms with 4x CPU, medians of ${RUNS}:`)
const label = { home: '/ (cold)', dashboard: 'dashboard, bookings shown (cold)', booking: 'a booking page (cold)', repeat: 'dashboard again (repeat visit)' }
for (const [key, runs] of Object.entries(rows)) {
  const target = TARGETS[key] ? `target ${ms(TARGETS[key])}${median(runs.map((r) => r.at)) <= TARGETS[key] ? '' : ' !'}` : ''
  console.log(
    `  ${label[key].padEnd(34)} ${ms(median(runs.map((r) => r.at))).padStart(8)}   FCP ${ms(median(runs.map((r) => r.fcp))).padStart(8)}  LCP ${ms(median(runs.map((r) => r.lcp))).padStart(8)}  ${kb(median(runs.map((r) => r.bytes))).padStart(6)} in ${median(runs.map((r) => r.requests))} requests  ${target}`,
  )
}
if (process.argv.includes('--waterfall') && waterfall) {
  const t0 = Math.min(...waterfall.map((r) => r.start))
  console.log('\nThe cold dashboard, request by request (ms from the first; who asked):')
  for (const r of waterfall.sort((a, b) => a.start - b.start)) {
    console.log(`  ${String(Math.round((r.start - t0) * 1000)).padStart(6)} → ${r.end ? String(Math.round((r.end - t0) * 1000)).padStart(6) : '     -'}  ${kb(r.bytes ?? 0).padStart(6)}  ${(r.initiator ?? '').padEnd(7)} ${r.url.replace(base, '')}`)
  }
}
