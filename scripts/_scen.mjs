import { chromium } from 'playwright-core'
const base = process.argv[2]
const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium-headless-shell', args: ['--no-sandbox', '--disable-gpu'] })
const t0 = Date.now()
for (let i = 0; i < 4; i++) {
  const ctx = await browser.newContext()
  const page = await ctx.newPage()
  await page.addInitScript(() => { try { localStorage.setItem('afh-mock-latency', 'off') } catch {} })
  await page.goto(base + '/login')
  await page.getByLabel('Email').fill('admin@funeral.test')
  await page.getByLabel(/^Password/).fill('Admin#2026')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL(/dashboard\/admin$/)
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Users' }).click()
  await page.getByRole('heading', { level: 1 }).waitFor()
  await page.reload()
  await page.getByRole('navigation', { name: 'Admin menu' }).waitFor()
  await page.getByRole('heading', { level: 1 }).waitFor()
  await ctx.close()
}
console.log('wall', Date.now() - t0)
await browser.close()
