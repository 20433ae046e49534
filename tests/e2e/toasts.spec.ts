import { DEMO, enterAs, expect, test } from './fixtures'
import { addDays, nairobiDay } from '../../shared/dates'

const day = (n: number) => addDays(nairobiDay(), n)

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/**
 * A message never gets in the way: when confirming a booking fails, the form says so once (no
 * toast beside it) and Confirm can be pressed again at once; the toast of the booking that follows
 * does not cover the page's heading.
 */
for (const width of [375, 1280]) {
  test.describe(`Toasts at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 667 : 800 } })

    test('a failed confirmation is said once, on the form; trying again books it, and its toast leaves the heading clear', async ({ page }) => {
      await enterAs(page, DEMO.client, '/dashboard/client/book-service')
      await page.getByRole('checkbox', { name: 'Basic Funeral' }).check()
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByLabel(/^First name/).fill('Baraka')
      await page.getByLabel(/^Last name/).fill('Wekesa')
      await page.getByLabel(/^Date of death/).fill(day(-1))
      await page.getByLabel(/^Place of death/).fill('Kakamega County Hospital')
      await page.getByRole('radio', { name: 'Male', exact: true }).check()
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByLabel(/^Service date/).fill(day(25))
      await page.getByLabel(/^Service time/).fill('10:00')
      await page.getByRole('button', { name: 'Continue' }).click()
      const confirm = page.getByRole('button', { name: 'Confirm Booking' })
      await expect(confirm).toBeVisible()

      // The next call to the API fails, as on a dropped connection.
      await page.evaluate(() => fetch('/api/__mock/faults', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ failNext: { pathPrefix: '/deceased', status: 503 } }) }))
      await confirm.click()
      // One message for one failure: the form says nothing was booked and why, and no toast repeats it.
      const main = page.getByRole('main')
      await expect(main.getByText('Not booked yet.')).toBeVisible()
      await expect(main.getByText('Simulated server error', { exact: false })).toHaveCount(1)
      await expect(page.locator('.Toastify__toast')).toHaveCount(0)
      await page.screenshot({ path: `test-results/toast-confirm-${width}.png` })

      await confirm.click()
      // Booked, the family is led to the agreement; left to sign later from the booking page.
      // The mock draws the agreement's PDF on the page's own thread to hash it, which takes seconds on a
      // loaded machine; "Sign later" is tapped once the agreement is in, so the tap is not queued behind it.
      const agreement = page.getByRole('dialog', { name: 'Service agreement' })
      await expect(agreement.getByRole('button', { name: 'Open the agreement (PDF)' })).toBeVisible({ timeout: 30_000 })
      await agreement.getByRole('button', { name: 'Sign later' }).click()
      const toast = page.locator('.Toastify__toast').filter({ hasText: 'Service booked successfully' })
      await expect(toast).toBeVisible()
      // The toast closes by itself after 4 s, which a loaded machine can spend drawing the page: it
      // is held as when the family looks away from the window (the toasts pause on focus loss).
      await page.evaluate(() => window.dispatchEvent(new Event('blur')))
      await expect(page).toHaveURL(/\/dashboard\/client\/bookings\/\d+$/)
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
      // Where it comes to rest, not where an entrance animation starts: on a phone, clear of the
      // page's heading (on a wide screen it sits in the corner beside it). Measured in one step.
      const rest = await page.evaluate(async () => {
        const el = [...document.querySelectorAll('.Toastify__toast')].find((t) => t.textContent?.includes('Service booked successfully'))
        if (!el) return null
        await Promise.all(el.getAnimations().map((a) => a.finished))
        const r = (e: Element) => {
          const b = e.getBoundingClientRect()
          return { x: b.x, y: b.y, width: b.width, height: b.height }
        }
        return { toast: r(el), heading: r(document.querySelector('h1')!) }
      })
      expect(rest, 'the toast was still there when the booking page had drawn').not.toBeNull()
      if (width === 375) expect(overlap(rest!.toast, rest!.heading)).toBe(false)
    })
  })
}
