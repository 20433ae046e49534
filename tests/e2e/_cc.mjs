import { chromium } from 'playwright-core'
import { spawn } from 'node:child_process'
const port = 4792
const srv = spawn('node', ['scripts/static-server.mjs', 'dist-mock', String(port)], { stdio: 'ignore' })
await new Promise((r) => setTimeout(r, 1500))
const base = `http://127.0.0.1:${port}`
const extra = process.argv.slice(2)
const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium-headless-shell', args: ['--headless', '--no-sandbox', '--disable-gpu', ...extra] })
const ctx = await browser.newContext()
const page = await ctx.newPage()
const t0 = Date.now()
for (let i = 0; i < 12; i++) {
  await page.goto(base + '/login')
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor()
  await page.waitForLoadState('networkidle')
}
console.log(extra.join(' ') || 'baseline', '12 loads', Date.now() - t0, 'ms')
await browser.close(); srv.kill()
