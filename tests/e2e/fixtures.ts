import { createRequire } from 'node:module'
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test'
import { UNDO_WINDOW_MS } from '../../machines/admin/admin-bookings.machine'
import { DEMO_ACCOUNTS } from '../../shared/demo-accounts'
import { signToken } from '../../mocks/jwt'
import { TOKEN_KEY } from '../../src/api/token-key'

export { expect }

export const DEMO = {
  admin: { email: 'admin@funeral.test', password: 'Admin#2026', home: '/dashboard/admin' },
  morgueAttendant: { email: 'attendant@funeral.test', password: 'Attendant#2026', home: '/dashboard/morgue' },
  client: { email: 'family@funeral.test', password: 'Family#2026', home: '/dashboard/client' },
} as const

type Options = { freshContext: boolean }
type WorkerFixtures = { workerContext: BrowserContext }

/** The origin every test runs on (playwright.config.ts's baseURL). */
let origin = ''

/**
 * Every test starts with empty storage, so the mock database is seeded anew: tests never see each
 * other's data. The pages of one worker share one browser context, emptied before each test
 * (localStorage, IndexedDB, cookies): the built files stay in its HTTP cache and the mock's service
 * worker stays registered, so a test's first page loads in a fraction of the time a new profile
 * takes. A test that changes the context itself (Playwright's clock) asks for its own with
 * `test.use({ freshContext: true })`.
 */
export const test = base.extend<Options, WorkerFixtures>({
  freshContext: [false, { option: true }],
  workerContext: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = String(workerInfo.project.use.baseURL)
      origin = new URL(baseURL).origin
      const context = await browser.newContext({ baseURL, acceptDownloads: true })
      await use(context)
      await context.close()
    },
    { scope: 'worker' },
  ],
  page: async ({ workerContext, freshContext, browser, viewport, baseURL }, use) => {
    let context = workerContext
    if (freshContext) {
      context = await browser.newContext({ baseURL, viewport, acceptDownloads: true })
    } else {
      for (const open of context.pages()) await open.close()
      await context.clearCookies()
    }
    const page = await context.newPage()
    if (!freshContext) {
      const cdp = await context.newCDPSession(page)
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage,indexeddb,cookies,cache_storage' })
      await cdp.detach()
      if (viewport) await page.setViewportSize(viewport)
    }
    page.on('pageerror', (err) => {
      throw err
    })
    // No artificial 200-600 ms per mock call: the journeys wait for what the user sees anyway.
    await page.addInitScript(() => {
      try {
        localStorage.setItem('afh-mock-latency', 'off')
      } catch {
        /* about:blank has no storage */
      }
    })
    await use(page)
    if (freshContext) await context.close()
    else await page.close()
  },
})

/** Sign in through the login form, as a user would. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel(/^Password/).fill(account.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

let entries = 0
/**
 * Open a demo account's portal without the sign-in form, for journeys about something else (the
 * sign-in itself is proven through the form in auth.spec.ts and by the journeys that switch
 * accounts): a real token, signed as the mock server signs them, is stored before the first page
 * loads, and the session checks it with `/auth/me` as it does after any reload. The seed creates
 * the demo accounts first, so their ids are 1, 2, 3 (tests/mock/seed.test.ts holds that). Opens
 * `path` (the account's home by default) as the first page.
 */
export async function enterAs(page: Page, account: (typeof DEMO)[keyof typeof DEMO], path: string = account.home) {
  const index = DEMO_ACCOUNTS.findIndex((a) => a.email === account.email)
  const demo = DEMO_ACCOUNTS[index]
  if (!demo) throw new Error(`${account.email} is not a demo account`)
  const token = await signToken({ id: index + 1, name: demo.name, email: demo.email, role: demo.role })
  entries += 1
  // Stored once per tab (a later navigation must not undo a logout or another account's entry).
  await page.addInitScript(
    ([key, value, once]) => {
      try {
        if (sessionStorage.getItem(once)) return
        sessionStorage.setItem(once, '1')
        localStorage.setItem(key, value)
      } catch {
        /* a frame without storage (a document preview): nothing to do there */
      }
    },
    [TOKEN_KEY, token, `afh-e2e-entry-${entries}`] as const,
  )
  await page.goto(path)
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`))
}

/**
 * Go to `path` inside the running app, as a link does: the router changes screen, nothing reloads
 * (no new page load, mock start-up or session check: a sweep over many screens stays quick).
 */
export async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to)
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }))
  }, path)
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`))
}

let counter = 0
/**
 * Register a brand-new family through the form: it is signed in at once and lands on booking,
 * greeted as new (no second password entry). Returns its credentials.
 */
export async function registerFamily(page: Page, overrides: Partial<{ firstName: string; lastName: string }> = {}) {
  counter += 1
  const account = {
    firstName: overrides.firstName ?? 'Wanjiku',
    lastName: overrides.lastName ?? 'Kamau',
    email: `family.${Date.now()}.${counter}@example.test`,
    password: 'Pole#2026',
  }
  await page.goto('/register')
  await page.getByLabel('First name').fill(account.firstName)
  await page.getByLabel('Last name').fill(account.lastName)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Phone').fill('0712345678')
  await page.getByLabel('Address').fill('Ngong Road, Nairobi')
  await page.getByLabel(/^Password/).fill(account.password)
  await page.getByLabel('Confirm password').fill(account.password)
  await page.getByRole('button', { name: 'Register' }).click()
  await expect(page).toHaveURL(/\/dashboard\/client\/book-service$/)
  // Welcomed once, by the page's banner (no toast over it).
  await expect(page.getByText(`Welcome, ${account.firstName}.`)).toBeVisible()
  return account
}

/**
 * An admin's change in its few seconds to undo (its Undo button shown), passed on the page's clock
 * (installed by the test, in a browser context of its own) instead of waited for.
 */
export async function passUndo(page: Page) {
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible()
  await page.clock.fastForward(UNDO_WINDOW_MS)
}

/** A toast with exactly this text is visible (after `passUndo` for a change the admin may undo). */
export async function expectToast(page: Page, text: string) {
  await expect(page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible()
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/**
 * axe-core's WCAG 2.1 A/AA violations on the page as it is now, one line each. Tabster's focus
 * guards (<i data-tabster-dummy tabindex=0 aria-hidden>) are how Fluent UI traps and restores
 * focus; they hand focus on at once and are never read. `exclude` adds selectors a journey leaves out.
 */
export async function axeViolations(page: Page, exclude: string[] = []) {
  await animationsSettled(page)
  // Once per document: a sweep moves between screens inside the app, and each injection is half a
  // megabyte to parse again.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE })
  const selectors = [['[data-tabster-dummy]'], ...exclude.map((s) => [s])]
  const result = await page.evaluate(async (excluded) => {
    type Result = { violations: { id: string; impact: string; nodes: { target: string[]; html: string }[] }[] }
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<Result> } }).axe
    return axe.run({ exclude: excluded }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] })
  }, selectors)
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).slice(0, 3).join(', ')}`)
}

/**
 * Waits until every finite animation on the page has ended (a dialog fading in, a toast sliding
 * in), so axe judges the colours a person sees once the page is still, not a half-faded frame.
 * Endless ones (spinners, skeletons) are not waited for; 5 s at most.
 */
async function animationsSettled(page: Page) {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity)
    await Promise.race([Promise.allSettled(finite.map((a) => a.finished)), new Promise((resolve) => setTimeout(resolve, 5000))])
  })
}

/** Sign out with the top bar's Logout: back on the home page (or the sign-in page). */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/(login)?$/)
}

/**
 * Nothing on the page scrolls sideways, once it has settled: polled, so an element still sliding
 * in (a toast, a dialog's entrance) is not taken for the layout. On failure the message names the
 * elements that stick out.
 */
export async function expectNoSidewaysScroll(page: Page, what = 'the page') {
  const overflow = () =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth
      if (document.documentElement.scrollWidth <= width) return ''
      const wide = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > width + 1)
      return wide
        .slice(0, 5)
        .map((e) => `<${e.tagName.toLowerCase()} class="${e.getAttribute('class') ?? ''}"> ends at ${Math.round(e.getBoundingClientRect().right)} px`)
        .join('; ') || `scrollWidth ${document.documentElement.scrollWidth} > ${width}`
    })
  await expect.poll(overflow, { message: `${what} scrolls sideways` }).toBe('')
}

/**
 * Opens Demo tools → SMS outbox and returns the dialog. On a busy machine a click while the menu is
 * still opening can be dropped (the menu stays open): the menu is opened again until the outbox shows.
 */
export async function openSmsOutbox(page: Page) {
  const outbox = page.getByRole('dialog', { name: 'SMS outbox' })
  await expect(async () => {
    const item = page.getByRole('menuitem', { name: 'SMS outbox' })
    if (!(await item.isVisible())) await page.getByRole('button', { name: /^Demo tools/ }).click()
    await item.click({ timeout: 5_000 })
    await expect(outbox).toBeVisible({ timeout: 10_000 })
  }).toPass({ timeout: 45_000 })
  return outbox
}
