import { chromium } from 'playwright-core'
const base = 'http://127.0.0.1:4179'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] })
async function as(email, password, w, h) {
  const page = await browser.newPage({ viewport: { width: w, height: h } })
  await page.addInitScript(() => { try { localStorage.setItem('afh-mock-latency', 'off') } catch {} })
  await page.goto(base + '/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel(/^Password/).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL(/dashboard/)
  await page.getByRole('heading', { level: 1 }).waitFor()
  return page
}
for (const [w, h] of [[1280, 900], [375, 812]]) {
  const admin = await as('admin@funeral.test', 'Admin#2026', w, h)
  await admin.waitForTimeout(1500)
  await admin.screenshot({ path: `/tmp/shots/admin-dash-${w}.png`, fullPage: true })
  await admin.goto(base + '/dashboard/admin/calendar'); await admin.getByRole('heading', { level: 1 }).waitFor(); await admin.waitForTimeout(1500)
  await admin.screenshot({ path: `/tmp/shots/calendar-${w}.png`, fullPage: w === 375 })
  await admin.close()
}
const fam = await as('family@funeral.test', 'Family#2026', 375, 812)
await fam.goto(base + '/dashboard/client/book-service')
await fam.getByRole('checkbox', { name: 'Basic Funeral' }).check()
await fam.getByRole('button', { name: 'Continue' }).click()
await fam.getByLabel(/^First name/).fill('Otieno')
await fam.getByLabel(/^Last name/).fill('Odhiambo')
const d = (n) => new Date(Date.now() + 3 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10)
await fam.getByLabel(/^Date of death/).fill(d(-1))
await fam.getByLabel(/^Place of death/).fill('Aga Khan Hospital, Kisumu')
await fam.getByRole('radio', { name: 'Male', exact: true }).check()
await fam.getByRole('button', { name: 'Continue' }).click()
await fam.getByLabel(/^Service date/).fill(d(3))
await fam.waitForTimeout(1500)
await fam.screenshot({ path: '/tmp/shots/wizard-times-375.png', fullPage: true })
await browser.close()
