import { chromium } from 'playwright-core'
import { writeFileSync } from 'node:fs'
const base = 'http://127.0.0.1:4179'
const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium-headless-shell', args: ['--no-sandbox', '--disable-gpu'] })
const ctx = await browser.newContext()
const page = await ctx.newPage()
await page.addInitScript(() => { try { localStorage.setItem('afh-mock-latency', 'off') } catch {} })
const cdp = await ctx.newCDPSession(page)
await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 100 }); await cdp.send('Profiler.start')
await page.goto(base + '/login')
await page.getByLabel('Email').fill('admin@funeral.test')
await page.getByLabel(/^Password/).fill('Admin#2026')
await page.getByRole('button', { name: 'Sign in', exact: true }).click()
await page.waitForURL(/dashboard\/admin$/)
await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Users' }).click()
await page.getByRole('heading', { level: 1 }).waitFor()
const { profile } = await cdp.send('Profiler.stop')
writeFileSync(process.argv[2], JSON.stringify(profile))
await browser.close()
