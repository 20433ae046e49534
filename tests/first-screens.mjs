/**
 * The first screens on the real server, for tests/server-browser.mjs: `/` on a phone asks for
 * nothing its first screen does not show (only what its HTML names: no script-made request, no API
 * call, even once the browser has been idle for a while), and `/register` carries the home's own
 * password rules in its HTML, in each language, so the hint the family reads never changes when
 * the app takes the page over.
 */
/** Sign in through the API; the token. */
async function tokenOf(base, email, password) {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) })
  const body = await res.json()
  if (!body.token) throw new Error(`sign-in as ${email}: ${res.status} ${JSON.stringify(body)}`)
  return body.token
}

/** Settings → Security as it is now. */
async function securityOf(base, token) {
  const res = await fetch(`${base}/api/settings`, { headers: { Authorization: `Bearer ${token}` } })
  if (!res.ok) throw new Error(`GET /settings: ${res.status}`)
  return (await res.json()).settings.security
}

async function setSecurity(base, token, security) {
  const res = await fetch(`${base}/api/settings/security`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(security),
  })
  if (!res.ok) throw new Error(`PUT /settings/security: ${res.status}`)
}

/** Every request a page makes, with who started it (CDP: the parser, a script, or the browser itself). */
async function recordRequests(context, page) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  const requests = []
  cdp.on('Network.requestWillBeSent', (e) => requests.push({ url: e.request.url, initiator: e.initiator?.type ?? 'other' }))
  return requests
}

/** The page's HTML before any script: the element the app must take over as it is. */
const keepFromHtml = (selector) =>
  `document.addEventListener('DOMContentLoaded', () => { window.__fromHtml = document.querySelector(${JSON.stringify(selector)}) })`

/** Whether React has taken over the element the HTML brought (the very node, not a new one). Runs in the page. */
/* global document, window */
const takenOver = (selector) => {
  const now = document.querySelector(selector)
  return Boolean(now && now === window.__fromHtml && Object.keys(now).some((k) => k.startsWith('__reactFiber')))
}

/**
 * Call it before any page of the server has been asked for: the server keeps what its pages carry
 * for 10 s, and the register page must carry the minimum set here.
 */
export async function checkFirstScreens({ browser, base, check }) {
  const admin = await tokenOf(base, 'admin@funeral.test', 'Admin#2026')
  const security = await securityOf(base, admin)
  await setSecurity(base, admin, { ...security, minPasswordLength: '12', requireComplexity: false })
  try {
    // `/register` with the admin's minimum raised to 12: the HTML says so in each language, and the
    // app takes the hint over as it is (no hydration error, the same node, the same words).
    {
      const sw = await (await fetch(`${base}/register`, { headers: { Cookie: 'afh-lang=sw' } })).text()
      const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true })
      const page = await context.newPage()
      const errors = []
      page.on('pageerror', (e) => errors.push(e.message))
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
      const hint = '[data-password-hint]'
      await page.addInitScript(keepFromHtml(hint))
      const answer = await page.goto(`${base}/register`, { waitUntil: 'commit' })
      const html = await answer.text()
      await page.getByRole('button', { name: 'Register' }).and(page.locator(':enabled')).waitFor({ timeout: 30_000 })
      const same = await page.waitForFunction(takenOver, hint, { timeout: 10_000 }).then(() => true, () => false)
      const shown = await page.locator(hint).textContent()
      check(
        />At least 12 characters</.test(html) && />Angalau herufi 12</.test(sw) && same && shown === 'At least 12 characters' && errors.length === 0,
        `/register's HTML carries the admin's minimum (12) in English and Kiswahili, and the app takes the hint over unchanged (shows "${shown}"${same ? '' : ', redrawn'}${errors.length ? `; ${errors.join(' | ')}` : ''})`,
      )
      await context.close()
    }
    // `/` on a phone, with the page's clock: five seconds of idle time pass at once, so a fetch made
    // "when the browser is idle" would show here without waiting for it.
    {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true })
      const page = await context.newPage()
      const errors = []
      page.on('pageerror', (e) => errors.push(e.message))
      const requests = await recordRequests(context, page)
      await page.clock.install()
      await page.addInitScript(keepFromHtml('h1'))
      const answer = await page.goto(`${base}/`, { waitUntil: 'commit' })
      const html = await answer.text()
      await page.waitForFunction(takenOver, 'h1', { timeout: 30_000 })
      await page.clock.runFor(5000)
      // Everything that can start has had its chance: the lazy slots, idle callbacks, timers.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
      const named = new Set([...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => new URL(m[1].replaceAll('&amp;', '&'), base).href))
      const extra = requests.filter((r) => r.url !== `${base}/` && !r.url.startsWith('data:') && (r.initiator === 'script' || new URL(r.url).pathname.startsWith('/api/')) && !named.has(r.url))
      check(
        extra.length === 0 && errors.length === 0,
        `/ on a phone asks for nothing its first screen does not show (${requests.length} requests, all named by its HTML or its stylesheet${extra.length ? `; also: ${extra.map((r) => new URL(r.url).pathname).join(', ')}` : ''}${errors.length ? `; ${errors.join(' | ')}` : ''})`,
      )
      // Coming near the contact form is acting: its chunk comes then.
      await page.getByRole('heading', { name: 'Contact us' }).scrollIntoViewIfNeeded()
      await page.getByRole('form', { name: 'Contact us' }).waitFor({ timeout: 20_000 })
      await context.close()
    }
  } finally {
    await setSecurity(base, admin, security)
  }
}
