#!/usr/bin/env node
/**
 * `npm run check:server-browser`: the built app on the real server (PGlite in a fresh folder) in
 * headless Chromium: `/` asks for nothing its first screen does not show and `/register` carries
 * the admin's password rules (tests/first-screens.mjs), each demo role signs in and sees its dashboard, the admin downloads the
 * financial report as a real .xlsx, and no answer breaks the Content-Security-Policy. The last stage
 * of `npm test` (it builds the app when dist/ is stale); the Playwright journeys run on the mock build.
 */
/* global caches */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import readXlsxFile from 'read-excel-file/node'
import sharp from 'sharp'
import { bookThroughWizard } from './booking-wizard.mjs'
import { checkFirstScreens } from './first-screens.mjs'
import { copyEmptyDatabaseInto, ensurePgliteTemplate } from './server/pglite-template.mjs'

const PORT = Number(process.env.PORT ?? 3977)
const base = `http://127.0.0.1:${PORT}`
// A new folder with the empty database a first start makes, copied (an initdb costs seconds).
await ensurePgliteTemplate()
const dataDir = copyEmptyDatabaseInto(mkdtempSync(join(tmpdir(), 'afh-server-browser-')))
const server = spawn(process.execPath, ['server/serve.mjs'], { env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SIMULATOR_ANSWER_MS: '2000' }, stdio: ['ignore', 'pipe', 'inherit'] })
server.stdout.on('data', (d) => process.stdout.write(d))
/** Resolves when the server says it is listening (its first line on stdout); fails if it stops first or takes 2 minutes. */
const listening = new Promise((resolve, reject) => {
  let said = ''
  const limit = setTimeout(() => reject(new Error('the server did not start in 2 minutes')), 120_000)
  server.stdout.on('data', (d) => {
    said += d
    if (said.includes('Funeral home server on')) {
      clearTimeout(limit)
      resolve()
    }
  })
  server.once('exit', (code) => {
    clearTimeout(limit)
    reject(new Error(`the server stopped (exit ${code}) before it was listening`))
  })
})
const failures = []
/**
 * A real JPEG, made here, as large as a phone's camera makes them across: the tribute page's
 * photograph (the server decodes it and keeps three sizes). One colour, so it is small in bytes.
 */
const PHOTO = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: { r: 120, g: 90, b: 60 } } }).jpeg().toBuffer()
/** A real 1×1 PNG (the admin's review shows it). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')
/**
 * Moves a page's clock (Playwright's, installed before the page loaded) a second at a time until
 * `locator` shows, giving the server a fifth of a second of real time between seconds: the app's
 * checks every 5 s come as fast as the server answers them, while the simulator's own answer (its
 * callback, 2 s of real time after the push) still comes before the app's ten checks are spent.
 */
async function tickUntil(page, locator, seconds = 150) {
  for (let i = 0; i < seconds; i++) {
    if (await locator.waitFor({ timeout: 200 }).then(() => true, () => false)) return
    await page.clock.runFor(1000)
  }
  await locator.waitFor({ timeout: 1000 })
}
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'}  ${what}`)
  if (!ok) failures.push(what)
}

try {
  await listening
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] })
  const violations = []
  // First, before any page is asked for (the server keeps what its pages carry for 10 s).
  await checkFirstScreens({ browser, base, check })
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
      // On a phone, the menu's drawer closed with Escape gives the focus back to its button, also after
      // a booking's page whose conversation (in Fluent's Card) set Fluent's focus manager up before the
      // menu's code came (checked here: on the mock build the manager already has its restorer there).
      const phone = await context.newPage()
      await phone.setViewportSize({ width: 375, height: 740 })
      await phone.goto(`${base}/dashboard/client`)
      await phone.getByRole('list', { name: 'Recent bookings' }).getByRole('link').first().click()
      await phone.getByRole('textbox', { name: /^Your message/ }).waitFor({ timeout: 20_000 })
      const menuButton = phone.getByRole('button', { name: /^Open menu/ })
      // Pressed at once: the menu's code is asked for as the button is reached, and comes after.
      await menuButton.focus()
      await phone.keyboard.press('Enter')
      const menu = phone.getByRole('navigation', { name: 'Client menu' })
      await menu.getByRole('link', { name: 'Payments' }).waitFor({ timeout: 20_000 })
      await phone.keyboard.press('Escape')
      await menu.waitFor({ state: 'hidden', timeout: 20_000 })
      const focusBack = await phone.waitForFunction(() => globalThis.document.activeElement?.getAttribute('aria-label')?.startsWith('Open menu'), null, { timeout: 5_000 }).then(() => true, () => false)
      check(focusBack, "at 375 px after a booking's page, the menu opened from the keyboard and closed with Escape gives the focus back to its button")
      await phone.close()
      // The booking wizard, end to end on the server: services, the deceased, the schedule, confirm.
      const id = await bookThroughWizard(page, base)
      const token = await page.evaluate(() => Object.values({ ...localStorage, ...sessionStorage }).find((v) => /^ey[\w-]+\.[\w-]+\.[\w-]+$/.test(v)))
      const stored = await (await fetch(`${base}/api/bookings/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json()
      check(stored.booking?.total_amount === 8000 && stored.booking?.deceased_first_name === 'Otieno', `the family books through the wizard: booking #${id} stored with KSH 8,000 for Otieno`)
      // M-Pesa through the Daraja simulator; the page's clock is Playwright's from here on.
      const pendingRow = (name) => page.getByRole('list', { name: 'Bookings awaiting payment' }).getByRole('listitem').filter({ hasText: name })
      const pay = async (name, phone) => {
        await pendingRow(name).getByRole('button', { name: 'Pay with M-Pesa' }).click()
        const dialog = page.getByRole('dialog', { name: 'Pay with M-Pesa' })
        await dialog.getByRole('textbox', { name: /M-Pesa phone number/ }).fill(phone)
        await dialog.getByRole('button', { name: /^Pay KSH/ }).click()
        return dialog
      }
      await page.clock.install()
      await page.goto(`${base}/dashboard/client/payments`)
      await pendingRow('Samuel Ouma').waitFor({ timeout: 20_000 })
      // The family's shell: its first script is inline, let run by its hash in the policy (a refusal would also be a violation below).
      check(await page.evaluate(() => Array.isArray(globalThis.__afhEarly)), "the family portal's inline first script runs under the Content-Security-Policy: who is signed in asked for beside the scripts")
      let dialog = await pay('Samuel Ouma', '0712340001')
      await tickUntil(page, dialog.getByText('Payment not completed'))
      check(await dialog.getByText('There was not enough money in the M-Pesa account for this payment.').isVisible(), 'insufficient funds (0712340001): "Payment not completed" with its reason')
      // Try again keeps the dialog: this time the success number.
      await dialog.getByRole('button', { name: 'Try again' }).click()
      await dialog.getByRole('textbox', { name: /M-Pesa phone number/ }).fill('0712345678')
      const started = Date.now()
      await dialog.getByRole('button', { name: /^Pay KSH/ }).click()
      await tickUntil(page, page.getByText('Payment received').first())
      await pendingRow('Samuel Ouma').waitFor({ state: 'detached', timeout: 20_000 })
      check(true, `success (0712345678): "Payment received" ${((Date.now() - started) / 1000).toFixed(1)} s (real time) after "Pay", and Samuel Ouma leaves "awaiting payment"`)
      dialog = await pay('Rose Achieng', '0712349999')
      await tickUntil(page, dialog.getByText('We could not confirm your payment yet'))
      check(await dialog.getByRole('button', { name: 'Pay again' }).isVisible(), 'never answered (0712349999): after 10 checks, "We could not confirm your payment yet" with "Pay again"')
      await dialog.getByRole('button', { name: 'Close' }).first().click()

      // A burial permit uploaded from Rose Achieng's booking (a real PNG), for the admin below.
      await page.goto(`${base}/dashboard/client/bookings`)
      await page.getByRole('link', { name: /Rose Achieng/ }).first().click()
      // The harambee and tribute cards arrive after the page, above the documents, which move down
      // under a tap until they are in (a click there could land elsewhere on a busy machine).
      await page.getByRole('heading', { name: 'Tribute page' }).waitFor()
      const list = page.getByRole('list', { name: /Documents for this booking/ })
      await list.getByRole('button', { name: /Upload Burial Permit/ }).click()
      const upload = page.getByRole('dialog', { name: 'Upload Document' })
      await upload.getByLabel(/^File/).setInputFiles({ name: 'rose-permit.png', mimeType: 'image/png', buffer: PNG })
      await upload.getByRole('button', { name: 'Upload' }).click()
      await list.getByText('Waiting for review').waitFor({ timeout: 20_000 })
      check(true, 'the family uploads a burial permit from the booking checklist')
    }
    if (path === '/dashboard/admin') {
      await page.goto(`${base}/dashboard/admin/documents`)
      await page.getByRole('searchbox').fill('rose-permit')
      const row = page.getByRole('row').filter({ hasText: 'rose-permit' })
      await row.getByRole('button', { name: /^Review / }).click()
      const review = page.getByRole('dialog')
      await review.getByRole('img').waitFor({ timeout: 20_000 })
      await review.getByRole('button', { name: 'Approve' }).click()
      await page.getByText('Document marked as approved').first().waitFor({ timeout: 20_000 })
      check(true, 'the admin reviews the upload (its preview shows) and approves it')
      const token = await page.evaluate(() => Object.values({ ...localStorage, ...sessionStorage }).find((v) => /^ey[\w-]+\.[\w-]+\.[\w-]+$/.test(v)))
      const docs = await (await fetch(`${base}/api/documents?search=rose-permit`, { headers: { Authorization: `Bearer ${token}` } })).json()
      const doc = docs.documents?.[0]
      const got = await fetch(`${base}/api/documents/${doc?.id}/download`, { headers: { Authorization: `Bearer ${token}` } })
      const bytes = Buffer.from(await got.arrayBuffer())
      check(doc?.status === 'approved' && bytes.equals(PNG) && got.headers.get('content-type') === 'image/png' && /attachment/.test(got.headers.get('content-disposition') ?? ''), 'the approved permit downloads byte for byte as image/png, as an attachment')

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
  // Harambee and messages across separate browsers: the family shares a link, two relatives (phone
  // size, not signed in) pay the whole bill through it, the family and the admin see it; the family
  // writes and the admin answers.
  {
    const signIn = async (context, email, password) => {
      const page = await context.newPage()
      page.on('console', (m) => {
        if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text())
      })
      await page.goto(`${base}/login`)
      await page.getByLabel(/email/i).first().fill(email)
      await page.getByLabel(/^password/i).first().fill(password)
      await page.getByRole('button', { name: /^sign in$/i }).first().click()
      await page.waitForURL((u) => u.pathname.startsWith('/dashboard/'), { timeout: 20_000 })
      return page
    }
    const familyContext = await browser.newContext()
    const family = await signIn(familyContext, 'family@funeral.test', 'Family#2026')
    // Playwright's clock: the chat's polling for the admin's answer below comes when moved on.
    await family.clock.install()
    await family.goto(`${base}/dashboard/client/payments`)
    await family.getByRole('link', { name: 'Invite contributions' }).first().click()
    const card = family.locator('#booking-contributions')
    await card.getByRole('button', { name: 'Invite contributions' }).click()
    const url = await card.getByLabel('Contribution link').inputValue({ timeout: 20_000 })
    check(/\/contribute\/[A-Za-z0-9_-]{43}$/.test(url), 'the family makes a contribution link')
    const bookingUrl = family.url().replace(/#.*$/, '')
    for (const [name, phone, whole] of [['Otieno Odhiambo', '0712345678', false], ['Akinyi Atieno', '0712000444', true]]) {
      const relative = await browser.newContext({ viewport: { width: 375, height: 812 } })
      const page = await relative.newPage()
      // The server writes the link's harambee into the page (server/contribute-html.ts) and the app
      // hydrates that markup: no request for the page's data before the relative acts, and no
      // hydration error (React says so in the console when the markup differs).
      const dataPath = new URL(url).pathname.replace('/contribute/', '/api/contributions/')
      const dataRequests = []
      const consoleErrors = []
      const sessionCode = []
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname
        if (path === dataPath) dataRequests.push(r.url())
        if (/^\/assets\/(session|guards|portal)-/.test(path)) sessionCode.push(path)
      })
      page.on('console', (m) => {
        if (/hydrat|react error|preload/i.test(m.text())) consoleErrors.push(m.text())
      })
      await page.clock.install()
      await page.goto(url)
      await page.getByRole('heading', { level: 1, name: /^In memory of/ }).waitFor({ timeout: 20_000 })
      await page.getByLabel('Your name').waitFor({ timeout: 20_000 })
      if (!whole) {
        const html = await (await fetch(url)).text()
        const written = /<h1>In memory of [^<]+<\/h1>/.test(html) && /<span class="cp-due">KSH [\d,]+ still due<\/span>/.test(html)
        check(written && dataRequests.length === 0 && consoleErrors.length === 0, `the link's page comes with the name and progress in its HTML, taken over without a request or an error (${written ? 'in the HTML' : 'not in the HTML'}; ${dataRequests.length} request(s)${consoleErrors.length ? `; ${consoleErrors.join(' ')}` : ''})`)
      }
      const due = Number((await page.getByText(/still due$/).textContent()).replace(/\D/g, ''))
      await page.getByLabel('Your name').fill(name)
      await page.getByLabel('M-Pesa phone number').fill(phone)
      await page.getByLabel('Amount (KSH)').fill(String(whole ? due : 1000))
      await page.getByRole('button', { name: /^Contribute KSH/ }).click()
      await tickUntil(page, page.getByText(`Thank you, ${name.split(' ')[0]}.`))
      check(true, `${name} contributes ${whole ? `the remaining KSH ${due}` : 'KSH 1,000'} from a phone, not signed in`)
      if (!whole) check(sessionCode.length === 0, `the relative's page loads no session or portal code, before or after paying${sessionCode.length ? ` (${sessionCode.join(', ')})` : ''}`)
      if (whole) {
        await page.getByText('The funeral bill has been paid in full').waitFor({ timeout: 20_000 })
        check(true, 'the page then says the bill is settled')
      }
      await relative.close()
    }
    await family.goto(bookingUrl)
    await family.locator('#booking-contributions').getByText('Akinyi Atieno').waitFor({ timeout: 20_000 })
    const summary = await family.getByRole('heading', { name: 'Summary' }).locator('..').textContent()
    const received = await family.locator('#booking-contributions').getByRole('list', { name: 'Received' }).textContent()
    check(/Paid/.test(summary ?? '') && /Otieno Odhiambo/.test(received ?? '') && /Akinyi Atieno/.test(received ?? ''), 'the family sees both contributions and the booking paid')
    // Messages: the family writes on the booking's page, the admin answers from the inbox.
    const box = family.getByRole('region', { name: 'Write to us about this booking' }).getByLabel('Your message')
    await box.fill('Thank you. Can we view the body on Friday evening?')
    await box.press('Enter')
    await family.getByRole('log').getByText('Can we view the body on Friday evening?').waitFor({ timeout: 20_000 })
    const adminContext = await browser.newContext()
    const admin = await signIn(adminContext, 'admin@funeral.test', 'Admin#2026')
    await admin.goto(`${base}/dashboard/admin/messages`)
    await admin.getByRole('link', { name: /1 unread message/ }).first().click()
    await admin.getByRole('log').getByText('Can we view the body on Friday evening?').waitFor({ timeout: 20_000 })
    await admin.getByLabel('Your message').fill('Yes, from 5 pm to 7 pm.')
    await admin.getByLabel('Your message').press('Enter')
    await admin.getByRole('log').getByText('Yes, from 5 pm to 7 pm.').waitFor({ timeout: 20_000 })
    await admin.goto(`${base}/dashboard/admin/reports`)
    const region = admin.getByRole('region', { name: 'Transactions' })
    await region.getByText('Akinyi Atieno (contribution)').first().waitFor({ timeout: 20_000 })
    check(/Otieno Odhiambo \(contribution\)/.test((await region.textContent()) ?? ''), "the admin's Transactions screen lists both contributions")
    const adminToken = await admin.evaluate(() => Object.values({ ...localStorage, ...sessionStorage }).find((v) => /^ey[\w-]+\.[\w-]+\.[\w-]+$/.test(v)))
    const tx = await (await fetch(`${base}/api/payments/transactions?timeframe=week`, { headers: { Authorization: `Bearer ${adminToken}` } })).json()
    check(['Otieno Odhiambo (contribution)', 'Akinyi Atieno (contribution)'].every((n) => (tx.transactions ?? []).some((t) => t.customer === n && t.status === 'completed')), `the admin's transactions list both contributions, by the relatives' names`)
    await family.reload()
    await tickUntil(family, family.getByRole('log').getByText('Yes, from 5 pm to 7 pm.'))
    check(true, 'the family writes from the booking page; the admin answers; the family reads the answer')
    // The tribute page: the family publishes it from the booking; a relative on a phone, signed out,
    // opens the link (the server's HTML, no script), reads the programme and leaves a condolence,
    // which shows once the family approves it.
    await family.goto(bookingUrl)
    const tribute = family.locator('#booking-tribute')
    await tribute.getByLabel('Life story').fill('A teacher in Kisumu for thirty years.')
    await tribute.getByRole('switch', { name: /^Published/ }).check()
    await tribute.getByRole('button', { name: 'Save the tribute page' }).click()
    const tributeLink = await tribute.getByLabel('Tribute page link').inputValue({ timeout: 20_000 })
    // A photograph: the card shows it once kept, the page shows it to the relative below.
    await tribute.getByLabel('Choose a photo').setInputFiles({ name: 'mama.jpg', mimeType: 'image/jpeg', buffer: PHOTO })
    await tribute.locator('img').waitFor({ timeout: 20_000 })
    // A common Android phone: 375 px wide at two device pixels to the CSS pixel.
    const readerContext = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 })
    const reader = await readerContext.newPage()
    const scripts = []
    reader.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()))
    await reader.goto(tributeLink)
    const name = (await reader.getByRole('heading', { level: 1 }).textContent()) ?? ''
    const programme = await reader.getByRole('heading', { name: 'Funeral programme' }).isVisible()
    const story = await reader.getByText('A teacher in Kisumu for thirty years.').isVisible()
    const sideways = await reader.evaluate(() => globalThis.document.documentElement.scrollWidth > globalThis.innerWidth)
    check(new URL(tributeLink).pathname.startsWith('/t/') && name.length > 0 && programme && story && !sideways && scripts.length === 0, `a relative on a 375 px phone, signed out, opens the tribute page of ${name}: its story and programme, no script${scripts.length ? ` (${scripts.join(', ')})` : ''}, nothing sideways`)
    const photo = reader.getByRole('img', { name })
    const drawn = await photo.evaluate((img) => ({ ok: img.complete && img.naturalWidth > 0, src: img.currentSrc }))
    await reader.screenshot({ path: 'test-results/tribute-375-2x.png' })
    // Its column is half the screen, 188 px, so 375 device pixels: the middle size (480 wide), not the 800.
    check(drawn.ok && /\/api\/tributes\/[^/]+\/photo\/medium/.test(drawn.src), `the relative sees the family's photograph on the page, in its middle size on a 2x phone (${drawn.src.replace(/^.*\/api/, '/api')})`)
    await reader.getByLabel('Your name').fill('Wanjiku Kamau')
    await reader.getByLabel('Your message').fill('Mwalimu taught us all to read. Pole sana to the family.')
    await reader.getByRole('button', { name: 'Send message' }).click()
    await reader.waitForLoadState()
    await family.reload()
    await tribute.getByText('Mwalimu taught us all to read.').waitFor({ timeout: 20_000 })
    const shownBefore = await (await fetch(tributeLink)).text()
    await tribute.getByRole('button', { name: 'Approve' }).click()
    await tribute.getByText('Shown on the page').waitFor({ timeout: 20_000 })
    await reader.reload()
    check(!shownBefore.includes('Mwalimu taught us all') && (await reader.getByText('Mwalimu taught us all to read.').isVisible()), "the relative's condolence waits for the family, and shows once they approve it")
    await readerContext.close()
    await adminContext.close()
    await familyContext.close()
  }
  {
    // A reload with no network after a first visit: the offline shell's worker (public/sw.js), which
    // never takes over the visit that registers it, serves the page and its code from what that
    // visit told it to keep; the bookings are those kept on the device (src/api/kept-answers.ts),
    // and the portal says from when, and gives the home's number.
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'family@funeral.test', password: 'Family#2026' }) })
    const { token } = await login.json()
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true })
    await context.addInitScript((t) => localStorage.getItem('token') || localStorage.setItem('token', t), token)
    const page = await context.newPage()
    await page.goto(`${base}/dashboard/client`)
    await page.getByRole('list', { name: 'Recent bookings' }).getByRole('listitem').first().waitFor({ timeout: 20_000 })
    const controlledFirst = await page.evaluate(() => navigator.serviceWorker.controller !== null)
    await page.waitForFunction(
      async () => {
        const kept = (await (await caches.open('afh-shell-v1')).keys()).map((r) => new URL(r.url).pathname)
        return kept.includes('/dashboard/client') && kept.some((p) => /\/client-dashboard-page-[\w-]+\.js$/.test(p))
      },
      null,
      { polling: 100, timeout: 20_000 },
    )
    // The worker must also be active (not still installing) to answer the next navigation: on a
    // busy machine the cache can be filled before it is.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true))
    await context.setOffline(true)
    await page.reload()
    const offline = page.getByText(/^You are offline: what you see is as of \d\d:\d\d\. You can still call us on \+254 700 000 000\.$/)
    const shown = await offline.waitFor({ timeout: 20_000 }).then(() => true, () => false)
    const heading = await page.getByRole('heading', { level: 1, name: 'Welcome back, Mary Achieng' }).isVisible()
    const kept = await page.getByRole('list', { name: 'Recent bookings' }).getByRole('listitem').count()
    const call = await page.locator('a[href^="tel:"]').first().isVisible()
    check(!controlledFirst && shown && heading && kept > 0 && call, `offline after a first visit, a reload shows the family's dashboard with the ${kept} bookings last seen, "as of" their time, the home's number and the Call button (the first visit ${controlledFirst ? 'was' : 'was not'} taken over by the worker)`)
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
