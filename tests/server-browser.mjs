#!/usr/bin/env node
/**
 * `npm run check:server-browser`: the built app on the real server (PGlite in a fresh folder) in
 * headless Chromium: each demo role signs in and sees its dashboard, the admin downloads the
 * financial report as a real .xlsx, and no answer breaks the Content-Security-Policy. The last stage
 * of `npm test` (it builds the app when dist/ is stale); the Playwright journeys run on the mock build.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import readXlsxFile from 'read-excel-file/node'

const PORT = Number(process.env.PORT ?? 3977)
const base = `http://127.0.0.1:${PORT}`
const dataDir = mkdtempSync(join(tmpdir(), 'afh-server-browser-'))
const server = spawn(process.execPath, ['server/serve.mjs'], { env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'inherit'] })
server.stdout.on('data', (d) => process.stdout.write(d))
const failures = []
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'}  ${what}`)
  if (!ok) failures.push(what)
}

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/services`)).ok) break
    } catch {
      /* not up yet */
    }
    if (i > 600) throw new Error('the server did not start in 2 minutes')
    await new Promise((r) => setTimeout(r, 200))
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] })
  const violations = []
  const roles = [
    ['family@funeral.test', 'Family#2026', '/dashboard/client', 'Welcome back, Mary Achieng'],
    ['attendant@funeral.test', 'Attendant#2026', '/dashboard/morgue', 'Morgue Dashboard'],
    ['admin@funeral.test', 'Admin#2026', '/dashboard/admin', 'Admin Dashboard'],
  ]
  for (const [email, password, path, heading] of roles) {
    const context = await browser.newContext({ acceptDownloads: true })
    const page = await context.newPage()
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text())
    })
    await page.goto(`${base}/login`)
    await page.getByLabel(/email/i).first().fill(email)
    await page.getByLabel(/^password/i).first().fill(password)
    await page.getByRole('button', { name: /^sign in$/i }).first().click()
    await page.waitForURL((u) => u.pathname === path, { timeout: 20_000 })
    await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 20_000 })
    check(true, `${email} signs in and sees "${heading}"`)
    if (path === '/dashboard/client') {
      // The booking wizard, end to end on the server: services, the deceased, the schedule, confirm.
      const nairobiDay = (n) => new Date(Date.now() + 3 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10)
      const cont = () => page.getByRole('button', { name: 'Continue' }).click()
      await page.goto(`${base}/dashboard/client/book-service`)
      await page.getByRole('checkbox', { name: 'Basic Funeral' }).check()
      await page.getByRole('checkbox', { name: 'Cremation' }).check()
      await cont()
      await page.getByLabel(/^First name/).fill('Otieno')
      await page.getByLabel(/^Last name/).fill('Odhiambo')
      await page.getByLabel(/^Date of death/).fill(nairobiDay(-1))
      await page.getByLabel(/^Place of death/).fill('Aga Khan Hospital, Kisumu')
      await page.getByRole('radio', { name: 'Male', exact: true }).check()
      await cont()
      await page.getByLabel(/^Service date/).fill(nairobiDay(7))
      await page.getByLabel(/^Service time/).fill('11:00')
      await cont()
      await page.getByRole('button', { name: 'Confirm Booking' }).click()
      await page.waitForURL(/\/dashboard\/client\/bookings\/\d+$/, { timeout: 20_000 })
      const id = new URL(page.url()).pathname.split('/').pop()
      const token = await page.evaluate(() => Object.values({ ...localStorage, ...sessionStorage }).find((v) => /^ey[\w-]+\.[\w-]+\.[\w-]+$/.test(v)))
      const stored = await (await fetch(`${base}/api/bookings/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json()
      check(stored.booking?.total_amount === 8000 && stored.booking?.deceased_first_name === 'Otieno', `the family books through the wizard: booking #${id} stored with KSH 8,000 for Otieno`)
    }
    if (path === '/dashboard/admin') {
      await page.goto(`${base}/dashboard/admin/reports`)
      await page.getByRole('button', { name: 'Generate report' }).click()
      const dialog = page.getByRole('dialog', { name: 'Generate report' })
      await dialog.getByRole('radio', { name: 'Last 12 Months' }).check()
      await dialog.getByRole('radio', { name: 'All (payments and services)' }).check()
      const downloading = page.waitForEvent('download')
      await dialog.getByRole('button', { name: 'Generate', exact: true }).click()
      const download = await downloading
      const sheets = await readXlsxFile(readFileSync(await download.path()))
      check(JSON.stringify(sheets.map((s) => s.sheet)) === '["Summary","Payments","Services"]', `the admin downloads ${download.suggestedFilename()} with Summary, Payments and Services`)
    }
    await context.close()
  }
  check(violations.length === 0, `no Content-Security-Policy violation${violations.length ? `: ${violations.join(' | ')}` : ''}`)
  await browser.close()
} catch (error) {
  failures.push(String(error))
  console.error(error)
} finally {
  server.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
}
console.log(failures.length ? `${failures.length} failed` : 'all passed')
process.exit(failures.length ? 1 : 0)
