import type { Page } from '@playwright/test'
import { DEMO, expect, signIn, test } from './fixtures'

/**
 * The sign-in page's last piece (the remember-me box, whose code comes just after the take-over)
 * is React's: the pre-rendered box has been hydrated, React keeps its own key on the element then.
 * A switch while that piece is still the pre-rendered HTML makes React redraw it, which it reports.
 */
async function rememberMeTakenOver(page: Page) {
  const box = page.getByRole('checkbox')
  await expect.poll(() => box.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber$'))), { message: 'the remember-me box is taken over by React' }).toBe(true)
}

/**
 * Kiswahili, one tap away: the page changes in place (nothing typed is lost), the choice survives a
 * reload with the page arriving in Kiswahili from its first byte, and a signed-in user's choice is
 * kept in their profile so it follows them.
 */
test('a visitor switches to Kiswahili: the page changes in place, what they typed stays, and a reload arrives in Kiswahili', async ({ page }) => {
  await page.goto('/login')
  const email = page.locator('input[autocomplete="email"]')
  await email.fill('wanjiku@example.com')
  // Taken over, with its last piece (the remember-me box, loaded just after) in place.
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled()
  await rememberMeTakenOver(page)
  await page.getByRole('button', { name: 'Kiswahili' }).click()
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible()
  await expect(page.getByRole('navigation').first().getByRole('link', { name: 'Jisajili' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw')
  await expect(email).toHaveValue('wanjiku@example.com')

  // The host sends the page pre-rendered in Kiswahili (the language cookie): no English first.
  const reload = await page.reload()
  const html = (await reload?.text()) ?? ''
  expect(html).toContain('<html lang="sw"')
  expect(html).toContain('Jisajili')
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible()

  // Taken over again before switching back (a click on the pre-rendered button does nothing yet).
  await expect(page.getByRole('button', { name: 'Ingia', exact: true })).toBeEnabled()
  await rememberMeTakenOver(page)
  await page.getByRole('button', { name: 'English' }).click()
  await expect(page.getByRole('navigation').first().getByRole('link', { name: 'Register' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})

test('a family that chooses Kiswahili in the portal keeps it in their profile: it comes back on a device that never chose', async ({ page }) => {
  await signIn(page, DEMO.client)
  await expect(page).toHaveURL(/\/dashboard\/client$/)
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/auth/profile') && r.request().method() === 'PUT')
  await page.getByRole('button', { name: 'Kiswahili' }).click()
  await expect((await saved).status()).toBe(200)
  const menu = page.getByRole('navigation', { name: /Menyu/ })
  await expect(menu.getByRole('link', { name: 'Weka huduma' }).or(menu.getByRole('link', { name: /Dashibodi/ })).first()).toBeVisible()

  // Another device: no choice kept on it (the mock's data stays, as the server's would).
  await page.evaluate(() => localStorage.removeItem('afh.language'))
  await page.context().clearCookies({ name: 'afh-lang' })
  await page.reload()
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw')
})

test.describe('a phone set to Kiswahili', () => {
  test.use({ locale: 'sw-KE', freshContext: true })
  test('opens the site in Kiswahili on its first visit', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'English' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw')
  })
})
