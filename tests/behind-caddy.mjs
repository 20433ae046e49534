#!/usr/bin/env node
/**
 * The deployment, tested: the built app behind Debian's caddy (deploy/Caddyfile: its internal
 * authority's certificate, HTTP/2, compression) with two production instances on PostgreSQL
 * (scripts/deploy-stack.mjs), driven in Chromium: a family registered through the proxy signs in
 * with the form, books through the wizard and pays by M-Pesa (the simulator's success number).
 * Checks that the pages and the API came over h2, compressed, and that both instances answered;
 * leaves test-results/behind-caddy.png. Exit code 0 or 1.
 *
 * Production mode on purpose (not the demo): the sign-in is a real account's, made as a family
 * makes one, on a database whose administrator came from the one-time password.
 *
 * BEHIND_CADDY_DATABASE_URL (else CONTRACT_DATABASE_URL): a PostgreSQL database this run empties.
 * Without one, or without caddy, it says so and exits 0 (skipped), or 1 under CI=true. Ports 4201-4202 (instances),
 * 4210 (simulator), 4243 (https) and 4280 (Caddy's http), or from BEHIND_CADDY_PORT_BASE.
 */
import { mkdirSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { bookThroughWizard } from './booking-wizard.mjs'
import { caddyMissing, deployDatabaseUrl, h2Client, startDeployment } from '../scripts/deploy-stack.mjs'

const started = Date.now()
const databaseUrl = deployDatabaseUrl('BEHIND_CADDY_DATABASE_URL', 'CONTRACT_DATABASE_URL')
const missing = databaseUrl ? caddyMissing() : 'no PostgreSQL: set BEHIND_CADDY_DATABASE_URL (or CONTRACT_DATABASE_URL)'
if (missing) {
  console.log(`${process.env.CI === 'true' ? 'FAIL' : 'SKIPPED'}: the app behind Caddy: ${missing}`)
  process.exit(process.env.CI === 'true' ? 1 : 0)
}
const base = Number(process.env.BEHIND_CADDY_PORT_BASE ?? 4200)
const ports = { instances: [base + 1, base + 2], simulator: base + 10, https: base + 43, http: base + 80 }

const failures = []
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'}  ${what}`)
  if (!ok) failures.push(what)
}

let stack = null
let browser = null
try {
  stack = await startDeployment({ databaseUrl, ports })
  const { origin, ca } = stack
  console.log(`up in ${((Date.now() - started) / 1000).toFixed(1)} s: ${origin} → 127.0.0.1:${ports.instances.join(', 127.0.0.1:')}`)

  // A family registers through the proxy, as the register page does.
  const family = { name: 'Grace Wanjiru', email: 'grace.wanjiru@example.co.ke', password: 'Kumbukumbu#2026', phone: '0722000111', address: 'Kisumu' }
  const api = h2Client(origin, ca)
  const registered = await api.request('POST', '/auth/register', { json: family })
  await api.close()
  check(registered.status === 201, `a family registers through the proxy (${registered.status})`)

  browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] })
  const context = await browser.newContext({ ignoreHTTPSErrors: true })
  const page = await context.newPage()
  const upstreams = new Map()
  const encodings = new Set()
  page.on('response', async (r) => {
    if (!r.url().startsWith(origin)) return
    const h = await r.allHeaders().catch(() => ({}))
    if (h['x-upstream']) upstreams.set(h['x-upstream'], (upstreams.get(h['x-upstream']) ?? 0) + 1)
    if (/\/assets\/.*\.js$/.test(new URL(r.url()).pathname) && h['content-encoding']) encodings.add(h['content-encoding'])
  })

  // Every answer's protocol as Chromium's network layer saw it (the page's own performance entries
  // are under Playwright's fake clock later on).
  const protocols = new Map()
  const cdp = await context.newCDPSession(page)
  cdp.on('Network.responseReceived', ({ response }) => {
    if (response.url.startsWith(origin)) protocols.set(response.protocol, (protocols.get(response.protocol) ?? 0) + 1)
  })
  await cdp.send('Network.enable')

  const answer = await page.goto(`${origin}/login`)
  check(answer?.ok() === true, `the sign-in page through Caddy (${answer?.status()})`)
  await page.getByLabel(/email/i).first().fill(family.email)
  await page.getByLabel(/^password/i).first().fill(family.password)
  await page.getByRole('button', { name: /^sign in$/i }).first().click()
  await page.waitForURL((u) => u.pathname === '/dashboard/client', { timeout: 30_000 })
  await page.getByRole('heading', { level: 1, name: /Grace Wanjiru/ }).waitFor({ timeout: 30_000 })
  check(true, 'the family signs in with the form and sees their dashboard')

  // The wizard: services, the deceased, the schedule, confirm.
  const bookingId = await bookThroughWizard(page, origin)
  check(bookingId > 0, `the family books through the wizard (booking #${bookingId})`)

  // M-Pesa: the page's clock is Playwright's, so the dialog's 5 s checks come as fast as the server answers.
  await page.clock.install()
  await page.goto(`${origin}/dashboard/client/payments`)
  const row = page.getByRole('list', { name: 'Bookings awaiting payment' }).getByRole('listitem').filter({ hasText: 'Otieno Odhiambo' })
  await row.getByRole('button', { name: 'Pay with M-Pesa' }).click({ timeout: 30_000 })
  const dialog = page.getByRole('dialog', { name: 'Pay with M-Pesa' })
  await dialog.getByRole('textbox', { name: /M-Pesa phone number/ }).fill('0712345678')
  await dialog.getByRole('button', { name: /^Pay KSH/ }).click()
  const received = page.getByText('Payment received').first()
  for (let i = 0; i < 120 && !(await received.isVisible()); i++) await page.clock.runFor(1000)
  check(await received.isVisible(), 'the family pays KSH 8,000 with the success number: "Payment received"')
  await row.waitFor({ state: 'detached', timeout: 20_000 }).catch(() => {})
  mkdirSync('test-results', { recursive: true })
  await page.screenshot({ path: 'test-results/behind-caddy.png', fullPage: true })

  const token = await page.evaluate(() => Object.values({ ...localStorage, ...sessionStorage }).find((v) => /^ey[\w-]+\.[\w-]+\.[\w-]+$/.test(v)))
  const mine = await page.evaluate(async (t) => (await fetch('/api/payments/my', { headers: { Authorization: `Bearer ${t}` } })).json(), token)
  const paid = (mine.payments ?? []).filter((p) => p.booking_id === bookingId && p.status === 'completed')
  check(paid.length === 1 && paid[0].amount === 8000, `the payment is stored once, completed, KSH ${paid[0]?.amount}`)

  const byProtocol = [...protocols].map(([p, n]) => `${p}: ${n}`).join(', ')
  check(protocols.size === 1 && (protocols.get('h2') ?? 0) > 10, `every page, script and API answer came over HTTP/2 (${byProtocol})`)
  check(encodings.size > 0 && [...encodings].every((e) => /^(zstd|gzip|br)$/.test(e)), `the scripts came compressed (${[...encodings].join(', ') || 'none'})`)
  const served = ports.instances.map((p) => upstreams.get(`127.0.0.1:${p}`) ?? 0)
  check(served.every((n) => n > 0), `both instances answered the browser (${served.map((n, i) => `${ports.instances[i]}: ${n}`).join(', ')})`)
  await context.close()
} catch (error) {
  failures.push(String(error))
  console.error(error)
} finally {
  await browser?.close().catch(() => {})
  await stack?.stop().catch((e) => console.error(e))
}
console.log(`${failures.length ? `${failures.length} failed` : 'all passed'} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
process.exit(failures.length ? 1 : 0)
