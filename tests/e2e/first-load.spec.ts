import { DEMO, expect, test } from './fixtures'
import type { Page } from '@playwright/test'
import { createHash } from 'node:crypto'

/**
 * The home page's HTML is written at build time (build/prerender-pages.ts), so a
 * phone paints it before any script runs; React then takes over that markup instead of drawing it
 * again. /login and /register have pre-rendered HTML of their own that preloads their screen.
 */
test.describe('First load', () => {
  test('the home page is readable before any script runs', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
    try {
      const page = await context.newPage()
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 1, name: 'Compassionate funeral services, when you need them most' })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Traditional Funeral Services' })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login')
      await expect(page.getByText('Loading…')).toHaveCount(0)
    } finally {
      await context.close()
    }
  })

  test('the script takes over the home page as it is, without drawing it again', async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text())
    })
    // Keep the heading the HTML brought, before any module runs.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        ;(window as unknown as { fromHtml: Element | null }).fromHtml = document.querySelector('h1')
      })
    })
    await page.goto('/')
    // React marks the elements it has hydrated; the heading must be the very one from the HTML.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const fromHtml = (window as unknown as { fromHtml: Element | null }).fromHtml
          const now = document.querySelector('h1')
          return Boolean(now && now === fromHtml && Object.keys(now).some((k) => k.startsWith('__reactFiber')))
        }),
      )
      .toBe(true)
    // And it works as an app: a link opens the sign-in screen without a page load.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
    await page.getByRole('link', { name: 'Get Started' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
    expect(errors).toEqual([])
  })

  test('a remembered email is filled in when the pre-rendered sign-in page is taken over', async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.addInitScript((email) => localStorage.setItem('afh-remembered-email', email), DEMO.client.email)
    await page.goto('/login')
    await expect(page.getByLabel('Email')).toHaveValue(DEMO.client.email)
    await expect(page.getByRole('checkbox', { name: 'Remember me' })).toBeChecked()
    await page.getByLabel(/^Password/).fill(DEMO.client.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard\/client$/)
    // The build-time HTML and the first render matched (no hydration error, React #418).
    expect(errors).toEqual([])
  })

  test('/login and /register have their own pre-rendered HTML that preloads their screen; other pages get the plain shell', async ({ request }) => {
    const home = await (await request.get('/')).text()
    const login = await (await request.get('/login')).text()
    const register = await (await request.get('/register')).text()
    const about = await (await request.get('/about')).text()
    expect(home).toMatch(/modulepreload[^>]+landing-page-/)
    expect(login).toContain('<title>Sign in · Amani Funeral Home</title>')
    expect(login).toContain('data-prerendered="/login"')
    expect(login).toMatch(/modulepreload[^>]+login-page-/)
    expect(login).not.toMatch(/landing-page-/)
    expect(register).toMatch(/modulepreload[^>]+register-page-/)
    expect(about).toContain('<div id="root"></div>')
    expect(about).not.toContain('Compassionate funeral services')
    // Each pre-rendered page paints from its HTML alone: its stylesheet inline (the link to it
    // disabled, so never fetched), its logo and the home's hero picture as data: addresses.
    for (const html of [home, login, register]) {
      expect(html).toMatch(/<style data-inlined="\/assets\/[^"]+\.css">/)
      expect(html).not.toMatch(/<link rel="stylesheet"(?![^>]*\bdisabled\b)/)
      expect(html).toMatch(/<img src="data:image\/svg\+xml,[^"]+" alt="" width="28" height="28"/)
    }
    expect(home).toMatch(/<img [^>]*src="data:image\/svg\+xml,[^"]+"[^>]* width="600" height="360"/)
    expect(home).not.toContain('/illustrations/hero-dawn.svg')
    // The rest of the home page is laid out only as it comes near the screen.
    expect(home).toContain('content-visibility:auto')
  })

  test("the family portal's shell lists its screens' files, preloads the first render's words and no font, and takes its fonts only when at hand", async ({ request }) => {
    const shell = await (await request.get('/dashboard/client/bookings/3')).text()
    const files = JSON.parse(/<script type="application\/json" id="screen-files">([^<]*)<\/script>/.exec(shell)?.[1] ?? '{}') as Record<string, string[]>
    expect(files['/dashboard/client']).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/client-dashboard-page-[\w-]+\.js$/)]))
    expect(files['/dashboard/client/bookings/:id']).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/booking-detail-page-[\w-]+\.js$/)]))
    // The portal's own code comes with each screen's, asked for by the shell's first script: the guards and the family's portal.
    for (const list of Object.values(files)) expect(list).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/guards-[\w-]+\.js$/), expect.stringMatching(/^\/assets\/client-portal-[\w-]+\.js$/)]))
    // Not the menu: a phone draws it only once it is opened.
    expect(Object.values(files).flat()).not.toContainEqual(expect.stringMatching(/\/assets\/portal-nav-/))
    // Nothing the shell already loads is listed again.
    expect(Object.values(files).flat()).not.toContainEqual(expect.stringMatching(/\/assets\/index-/))
    expect(shell).toMatch(/modulepreload[^>]+\/assets\/site-/)
    // Its first script is in the page, after the list it reads (a file of its own cost a round
    // trip before it ran), and the build lists its hash for the server's Content-Security-Policy.
    const inline = /<script type="application\/json" id="screen-files">[^<]*<\/script>\s*<script>([^<]+)<\/script>/.exec(shell)?.[1] ?? ''
    expect(inline).toContain('screen-files')
    expect(shell).not.toMatch(/early-data-[\w-]+\.js/)
    const listed = (await (await request.get('/inline-scripts.json')).json()) as { scriptHashes: string[] }
    expect(listed.scriptHashes).toContain(`'sha256-${createHash('sha256').update(inline).digest('base64')}'`)
    expect(shell).not.toMatch(/rel="preload"[^>]+\.woff2/)
    expect(shell).toContain('font-display:optional')
    expect(shell).not.toContain('font-display:swap')
    // The public pages still preload the body font and swap it in: their text paints from the HTML.
    const home = await (await request.get('/')).text()
    expect(home).toMatch(/rel="preload"[^>]+inter-[^>]+\.woff2/)
    expect(home).toContain('font-display:swap')
  })

  test.describe('before the script arrives', () => {
    // A page of its own: in the shared context the mock's service worker would serve the entry
    // script from its cache, past the route that holds it back.
    test.use({ freshContext: true })

    /**
     * Holds the app's entry script back (the page is the build-time HTML alone), opens /login and
     * types the demo family's email and password into it; the returned function lets the script go.
     */
    async function typeBeforeTheScript(page: Page): Promise<() => void> {
      let release = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
        await held
        await route.continue()
      })
      // (A module script runs before DOMContentLoaded, so only the response itself can be awaited.)
      await page.goto('/login', { waitUntil: 'commit' })
      await page.getByLabel('Email').fill(DEMO.client.email)
      await page.getByLabel(/^Password/).fill(DEMO.client.password)
      return release
    }

    test('what a family types into the sign-in form before the script arrives is kept, and sent only by the app', async ({ page }) => {
      const release = await typeBeforeTheScript(page)
      // The browser may not send the form by itself (it would put the password in the address).
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled()
      release()
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled()
      await expect(page.getByLabel('Email')).toHaveValue(DEMO.client.email)
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await expect(page).toHaveURL(/\/dashboard\/client$/)
      expect(page.url()).not.toContain('password')
    })

    test('on a device that chose Kiswahili, a page that came in English is drawn anew in Kiswahili and keeps what was typed into it', async ({ page }) => {
      // A host of the files alone sends the English page; this device's choice is Kiswahili.
      await page.addInitScript(() => localStorage.setItem('afh.language', 'sw'))
      const release = await typeBeforeTheScript(page)
      release()
      // Drawn anew in Kiswahili, with the email and the password still in their fields.
      await expect(page.getByRole('button', { name: 'Ingia', exact: true })).toBeEnabled()
      await expect(page.getByLabel('Barua pepe')).toHaveValue(DEMO.client.email)
      await expect(page.getByLabel(/^Nenosiri/)).toHaveValue(DEMO.client.password)
    })
  })
})
