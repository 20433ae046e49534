#!/usr/bin/env node
/**
 * `npm run perf`: how the app feels on a phone on a slow network. Builds and serves the production
 * build and the mock build, then in Chromium with Slow-4G-like network
 * (150 ms RTT, 1.6 Mbps down) and 4x CPU slow-down measures, for `/` and for the family's signed-in
 * dashboard: first contentful paint, largest contentful paint and bytes transferred. Reported, not
 * enforced (QUALITY.md budgets).
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { serveStatic } from './static-server.mjs'

const PORT = Number(process.env.PERF_PORT ?? 4198)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium not found at ${CHROMIUM}: sudo apt-get install -y chromium`)
  process.exit(1)
}
// The landing page needs no API: measure it on the real production build (no mock code).
// The signed-in dashboard needs data: measure it on the mock build.
for (const [dir, args] of [['dist', []], ['dist-mock', ['--mode', 'mock']]]) {
  const b = spawnSync(npx, ['vite', 'build', ...args, '--outDir', dir, '--logLevel', 'warn'], { stdio: 'inherit' })
  if (b.status !== 0) process.exit(1)
}
const servers = [await serveStatic('dist', PORT), await serveStatic('dist-mock', PORT + 1)]
const prodBase = `http://127.0.0.1:${PORT}`
const base = `http://127.0.0.1:${PORT + 1}`

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})

async function throttled() {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  let bytes = 0
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength
  })
  return { context, page, bytes: () => bytes, reset: () => (bytes = 0) }
}

async function paints(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null
        let lcp = null
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1)
          if (last) lcp = last.startTime
        }).observe({ type: 'largest-contentful-paint', buffered: true })
        setTimeout(() => resolve({ fcp, lcp }), 500)
      }),
  )
}

const ms = (v) => (v == null ? 'n/a' : `${Math.round(v)} ms`)
const kb = (v) => `${(v / 1024).toFixed(0)} KB`
const rows = []

{
  const t = await throttled()
  const start = Date.now()
  await t.page.goto(`${prodBase}/`, { waitUntil: 'load' })
  await t.page.getByRole('heading', { level: 1 }).first().waitFor()
  const visible = Date.now() - start
  const p = await paints(t.page)
  rows.push({ page: '/ (production build, first visit)', ...p, visible, bytes: t.bytes() })
  await t.context.close()
}
{
  const t = await throttled()
  await t.page.goto(`${base}/login`)
  await t.page.getByLabel('Email').fill('family@funeral.test')
  await t.page.getByLabel(/^Password/).fill('Family#2026')
  await t.page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await t.page.waitForURL(/dashboard\/client$/)
  await t.page.getByText('Recent bookings').waitFor()
  t.reset()
  const start = Date.now()
  await t.page.reload({ waitUntil: 'load' })
  await t.page.getByText('Recent bookings').waitFor()
  const visible = Date.now() - start
  const p = await paints(t.page)
  rows.push({ page: '/dashboard/client (mock build, reload)', ...p, visible, bytes: t.bytes() })
  await t.context.close()
}

await browser.close()
for (const s of servers) s.close()
console.log('\nPhone on a slow network (150 ms RTT, 1.6 Mbps, 4x CPU):')
for (const r of rows) console.log(`  ${r.page.padEnd(40)} FCP ${ms(r.fcp).padStart(8)}  LCP ${ms(r.lcp).padStart(8)}  content visible ${ms(r.visible).padStart(8)}  transferred ${kb(r.bytes)}`)
