#!/usr/bin/env node
/**
 * `node scripts/cpu-blocking.mjs --pages /login,/register --lang en A=http://127.0.0.1:4402 B=http://127.0.0.1:4406`:
 * two (or more) running builds compared on the main thread's CPU time, which a busy machine does not
 * stretch (Lighthouse's TBT on a shared 2-core host moves by hundreds of milliseconds between two runs
 * of the same build). Each page is loaded in Chromium on Lighthouse's slow 4G (562.5 ms, 1.47 Mbps)
 * without CPU slowdown, traced, and each main-thread task after the first paint counted by its thread
 * time times 4 (the mid-range phone of `npm run lighthouse`): the blocking time that gives (each
 * task's part above 50 ms) and the CPU in all. The builds are measured in turns, `--runs` (3) times;
 * medians are printed. Not Lighthouse's TBT (on a slowed CPU, React's slices and the network's
 * arrivals fall differently): a way to tell two builds apart on a busy machine. A page path may hold
 * `{token}`, given per build as NAME=URL@token.
 */
import { chromium } from 'playwright'

const arg = (name) => {
  const i = process.argv.indexOf(name)
  return i > 0 ? process.argv[i + 1] : undefined
}
const RUNS = Number(arg('--runs') ?? 3)
const PAGES = (arg('--pages') ?? '/,/login,/register').split(',')
const LANG = arg('--lang') ?? 'en'
const builds = process.argv.slice(2).filter((a) => /^\w+=https?:\/\//.test(a)).map((a) => {
  const [name, rest] = a.split(/=(.*)/s)
  const [base, token = ''] = rest.split('@')
  return { name, base: base.replace(/\/$/, ''), token }
})
if (builds.length === 0) {
  console.error('give each build as NAME=URL (a running server), e.g. A=http://127.0.0.1:4402 B=http://127.0.0.1:4406')
  process.exit(1)
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] })
const results = {}
for (let i = 0; i < RUNS; i++) {
  for (const path of PAGES) {
    for (const { name, base, token } of builds) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true })
      await context.addCookies([{ name: 'afh-lang', value: LANG, url: base }])
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 562.5, downloadThroughput: (1.47e6 / 8) * 0.9, uploadThroughput: 675e3 / 8 })
      const events = []
      cdp.on('Tracing.dataCollected', (d) => events.push(...d.value))
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
      await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,loading' })
      await page.goto(base + path.replace('{token}', token), { waitUntil: 'load' })
      await page.waitForTimeout(4000)
      await cdp.send('Tracing.end')
      await complete
      const fcp = events.find((e) => e.name === 'firstContentfulPaint')
      const tasks = fcp ? events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === fcp.pid && e.tid === fcp.tid && e.ts >= fcp.ts && e.tdur) : []
      const blocking = Math.round(tasks.reduce((sum, e) => sum + Math.max(0, (4 * e.tdur) / 1000 - 50), 0))
      const cpu = Math.round(tasks.reduce((sum, e) => sum + (4 * e.tdur) / 1000, 0))
      ;((results[path] ??= {})[name] ??= []).push({ blocking, cpu })
      console.log(`  ${name} ${path} run ${i + 1}/${RUNS}: blocking ${blocking} ms, CPU ${cpu} ms (at 4x, after the first paint)`)
      await context.close()
    }
  }
}
await browser.close()

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
console.log(`\nmedians of ${RUNS} (${LANG === 'sw' ? 'Kiswahili' : 'English'}): blocking time / CPU after the first paint, at 4x`)
for (const [path, byBuild] of Object.entries(results)) {
  console.log(`  ${path.padEnd(22)} ${builds.map(({ name }) => `${name} ${median(byBuild[name].map((r) => r.blocking))} / ${median(byBuild[name].map((r) => r.cpu))} ms`).join('   ')}`)
}
