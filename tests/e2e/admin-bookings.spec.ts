import type { Page } from '@playwright/test'
import { DEMO, axeViolations, enterAs, expect, expectNoSidewaysScroll, expectToast, passUndo, signIn, signOut, test } from './fixtures'

/** Set SHOTS_DIR to keep screenshots of every screen and dialog (outside the repo). */
const SHOTS = process.env.SHOTS_DIR

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

/** A call to the mock /api from inside the page, with the signed-in user's token. */
async function apiCall(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: res.status, json: (await res.json()) as unknown }
    },
    { method, path, body },
  )
}

test.describe('Admin: all bookings and the service catalogue', () => {
  // The page's clock, so the test moves past each few seconds to undo instead of waiting for them;
  // a clock stays in its browser context, so this test has one of its own (fixtures.ts).
  test.describe('on the page clock', () => {
    test.use({ freshContext: true })

    test('the admin assigns a family booking to a new attendant, confirms it and marks it paid; the attendant and the family see it; a price change reaches the wizard', async ({ page }) => {
      test.setTimeout(180_000)
      await page.clock.install()
      await enterAs(page, DEMO.admin)

      // A new attendant, created on the Users page (morgue attendant is the form's default role).
      const attendant = { name: 'Halima Chebet', email: `halima.${Date.now()}@funeral.test`, password: 'Halima#2026' }
      await page.getByRole('link', { name: 'Manage users' }).click()
      await page.getByRole('button', { name: 'Create staff' }).click()
      const create = page.getByRole('dialog', { name: 'Create staff account' })
      await create.getByLabel(/^Name/).fill(attendant.name)
      await create.getByLabel(/^Email/).fill(attendant.email)
      await create.getByLabel(/^Password/).fill(attendant.password)
      await create.getByRole('button', { name: 'Create user' }).click()
      await expectToast(page, 'User created successfully')

      await page.goto('/dashboard/admin/services')
      await expect(page.getByRole('heading', { level: 1, name: 'Booking Management' })).toBeVisible()
      await page.getByRole('searchbox', { name: /Search by name/ }).fill('Samuel')
      const row = page.getByRole('row', { name: /^Booking #\d+ for Samuel/ })
      await expect(row).toHaveCount(1)
      const bookingId = ((await row.getAttribute('aria-label')) ?? '').match(/#(\d+)/)?.[1] ?? ''
      expect(bookingId).not.toBe('')

      await row.getByRole('combobox', { name: `Attendant for booking #${bookingId}` }).click()
      await page.getByRole('option', { name: attendant.name }).click()
      await passUndo(page)
      await expectToast(page, 'Attendant assigned successfully')
      await expect(row.getByRole('combobox', { name: `Attendant for booking #${bookingId}` })).toHaveText(attendant.name)

      await row.getByRole('combobox', { name: `Status of booking #${bookingId}`, exact: true }).click()
      // Confirmed is sent at once: no few seconds to undo.
      await page.getByRole('option', { name: 'Confirmed' }).click()
      await expectToast(page, 'Booking status updated')

      await row.getByRole('combobox', { name: `Payment status of booking #${bookingId}` }).click()
      await page.getByRole('option', { name: 'Paid' }).click()
      // No completed payment behind it: the receipt number is asked for, then a few seconds to undo.
      const paid = page.getByRole('dialog', { name: 'Mark payment as paid?' })
      await paid.getByRole('textbox', { name: /Receipt number or reason/ }).fill('Cash receipt 0042')
      await paid.getByRole('button', { name: 'Confirm' }).click()
      await passUndo(page)
      await expectToast(page, 'Payment status updated')
      await row.getByRole('button', { name: `History of booking #${bookingId}` }).click()
      const history = page.getByRole('dialog', { name: `History of booking #${bookingId}` })
      await expect(history.getByText('Payment: Pending → Paid')).toBeVisible()
      await expect(history.getByText('Cash receipt 0042')).toBeVisible()
      await history.getByRole('button', { name: 'Close' }).click()

      // A new price for the basic funeral package.
      await page.getByRole('tab', { name: 'Service catalogue' }).click()
      await page.getByRole('button', { name: 'Edit prices' }).click()
      const prices = page.getByRole('dialog', { name: 'Price table' })
      await prices.getByRole('textbox', { name: /Basic funeral/ }).fill('5750')
      await prices.getByRole('button', { name: 'Save prices' }).click()
      await expectToast(page, 'Service prices updated successfully')
      await expect(page.getByText('KSH 5,750').first()).toBeVisible()
      await signOut(page)

      // The attendant finds the booking in GET /bookings/attendant.
      await signIn(page, attendant)
      await expect(page).toHaveURL(/\/dashboard\/morgue$/)
      const mine = await apiCall(page, 'GET', '/bookings/attendant')
      expect(mine.status).toBe(200)
      const ids = (mine.json as { bookings: { id: number }[] }).bookings.map((b) => String(b.id))
      expect(ids).toContain(bookingId)
      await page.getByRole('link', { name: 'View bodies' }).click()
      await expect(page.getByRole('button', { name: 'Details: Samuel Ouma' })).toBeVisible()
      await signOut(page)

      // The family sees confirmed, paid and who looks after their loved one.
      await enterAs(page, DEMO.client)
      await page.goto(`/dashboard/client/bookings/${bookingId}`)
      await expect(page.getByRole('heading', { level: 1, name: 'Booking Details' })).toBeVisible()
      const summary = page.getByRole('heading', { name: 'Summary' }).locator('..')
      await expect(summary.getByText('Confirmed', { exact: true })).toBeVisible()
      await expect(summary.getByText('Paid', { exact: true })).toBeVisible()
      await expect(page.getByText(`${attendant.name} is looking after your loved one.`)).toBeVisible()

      // The wizard offers the new price.
      await page.goto('/dashboard/client/book-service')
      await page.getByRole('checkbox', { name: 'Basic Funeral' }).check()
      await expect(page.getByText('Total: KSH 5,750')).toBeVisible()
    })
  })

  for (const width of [1280, 375]) {
    test(`the page, its tabs and dialogs at ${width} px: no sideways scroll, no axe violations`, async ({ page }) => {
      test.setTimeout(120_000)
      await page.setViewportSize({ width, height: width > 400 ? 900 : 800 })
      await enterAs(page, DEMO.admin, '/dashboard/admin/services')
      await expect(width > 640 ? page.getByRole('grid', { name: 'All bookings' }) : page.getByRole('list', { name: 'All bookings' })).toBeVisible()
      await expectNoSidewaysScroll(page)
      expect(await axeViolations(page)).toEqual([])
      await shot(page, `bookings-${width}`)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/bookings-${width}-first-screen.png` })

      // A booking's case file, opened from its row: every word in the office's language (the
      // documents' names and the papers' are the family's words, loaded for it), and no violations.
      await page.getByRole('link', { name: 'Samuel Ouma' }).first().click()
      await expect(page.getByRole('heading', { level: 1, name: 'Case file: Samuel Ouma' })).toBeVisible()
      await expect(page.getByText('Missing: Burial Permit')).toBeVisible()
      await expect(page.getByRole('button', { name: 'Invoice' })).toBeVisible()
      await expectNoSidewaysScroll(page)
      expect(await axeViolations(page)).toEqual([])
      await shot(page, `case-file-${width}`)
      await page.goBack()
      await expect(width > 640 ? page.getByRole('grid', { name: 'All bookings' }) : page.getByRole('list', { name: 'All bookings' })).toBeVisible()

      await page.getByRole('button', { name: /^Cancel booking #/ }).first().click()
      await expect(page.getByRole('dialog', { name: 'Cancel this booking?' })).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
      await shot(page, `cancel-dialog-${width}`)
      await page.getByRole('button', { name: 'Keep booking' }).click()

      await page.getByRole('combobox', { name: /^Payment status of booking #/ }).filter({ hasText: 'Pending' }).first().click()
      await page.getByRole('option', { name: 'Paid' }).click()
      const paid = page.getByRole('dialog', { name: 'Mark payment as paid?' })
      await expect(paid).toBeVisible()
      await paid.getByRole('button', { name: 'Confirm' }).click()
      await expect(paid.getByText('Enter the receipt number or the reason')).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
      await shot(page, `paid-dialog-${width}`)
      await page.getByRole('button', { name: 'Keep as it was' }).click()

      await page.getByRole('tab', { name: 'Service catalogue' }).click()
      await expect(width > 640 ? page.getByRole('table', { name: 'Services' }) : page.getByRole('list', { name: 'Services' })).toBeVisible()
      await expectNoSidewaysScroll(page)
      expect(await axeViolations(page)).toEqual([])
      await shot(page, `catalogue-${width}`)

      await page.getByRole('button', { name: 'Add service' }).click()
      const dialog = page.getByRole('dialog', { name: 'New service' })
      await dialog.getByRole('button', { name: 'Save' }).click()
      await expect(dialog.getByText('Name is required')).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
      await shot(page, `service-dialog-${width}`)
      await dialog.getByRole('button', { name: 'Cancel' }).click()

      await page.getByRole('button', { name: 'Edit prices' }).click()
      await expect(page.getByRole('dialog', { name: 'Price table' })).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
      await shot(page, `prices-dialog-${width}`)
      await page.getByRole('dialog', { name: 'Price table' }).getByRole('button', { name: 'Cancel' }).click()

      await page.getByRole('button', { name: /^Delete / }).first().click()
      await expect(page.getByRole('dialog', { name: 'Delete this service?' })).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
      await shot(page, `delete-dialog-${width}`)
    })
  }
})
