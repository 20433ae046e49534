import type { Page } from '@playwright/test'
import { DEMO, enterAs, expect, expectNoSidewaysScroll, registerFamily, signIn, test } from './fixtures'
import { addDays, nairobiDay } from '../../shared/dates'
import { kenyanDate } from '../../src/lib/kenyan-dates'

const day = (n: number) => addDays(nairobiDay(), n)

async function expectStep(page: Page, n: number, title: string) {
  await expect(page.getByRole('heading', { level: 2, name: `Step ${n} of 4 · ${title}` })).toBeVisible()
}

const cont = (page: Page) => page.getByRole('button', { name: 'Continue' }).click()

test.describe('Booking a service', () => {
  test('a new family books two services, reloads on step 3 without losing anything, and finds the booking everywhere', async ({ page }) => {
    // Signing up, four steps, a reload and the agreement: a long journey on a busy machine.
    test.setTimeout(120_000)
    await registerFamily(page, { firstName: 'Akinyi', lastName: 'Odhiambo' })
    // The new family's dashboard leads with one action; registering already brought them to it.
    await page.goto('/dashboard/client')
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Akinyi Odhiambo' })).toBeVisible()
    await page.getByRole('main').getByRole('link', { name: 'Book a service' }).click()
    await expect(page).toHaveURL(/\/dashboard\/client\/book-service$/)

    // Step 1: two services and their running total.
    await expectStep(page, 1, 'Select Services')
    await page.getByRole('checkbox', { name: 'Basic Funeral' }).check()
    await page.getByRole('checkbox', { name: 'Cremation' }).check()
    await expect(page.getByText('Total: KSH 8,000')).toBeVisible()
    await cont(page)

    // Step 2: a date of death tomorrow is refused.
    await expectStep(page, 2, 'About your loved one')
    await page.getByLabel(/^First name/).fill('Otieno')
    await page.getByLabel(/^Last name/).fill('Odhiambo')
    await page.getByLabel(/^Date of death/).fill(day(1))
    await page.getByLabel(/^Place of death/).fill('Aga Khan Hospital, Kisumu')
    await page.getByRole('radio', { name: 'Male', exact: true }).check()
    await cont(page)
    await expect(page.getByText('Date of death cannot be in the future')).toBeVisible()
    await expectStep(page, 2, 'About your loved one')
    await page.getByLabel(/^Date of death/).fill(day(-1))
    await cont(page)

    // Step 3: a service date yesterday is refused; then half-way through, the page reloads.
    await expectStep(page, 3, 'Schedule Service')
    await page.getByLabel(/^Service date/).fill(day(-1))
    await page.getByLabel(/^Service time/).fill('11:00')
    await cont(page)
    await expect(page.getByText('Service date cannot be in the past')).toBeVisible()
    // Typed the Kenyan way, whatever the phone's locale.
    await page.getByLabel(/^Service date/).fill(kenyanDate(day(27)))
    await page.getByLabel(/^Special requests/).fill('Luo hymns at the graveside')
    await page.reload()

    await expectStep(page, 3, 'Schedule Service')
    await expect(page.getByText('We kept what you entered last time.')).toBeVisible()
    await expect(page.getByLabel(/^Service date/)).toHaveValue(kenyanDate(day(27)))
    await expect(page.getByLabel(/^Service time/)).toHaveValue('11:00')
    await expect(page.getByLabel(/^Special requests/)).toHaveValue('Luo hymns at the graveside')
    await page.getByRole('button', { name: 'Back' }).click()
    await expect(page.getByLabel(/^First name/)).toHaveValue('Otieno')
    await expect(page.getByLabel(/^Date of death/)).toHaveValue(kenyanDate(day(-1)))
    await cont(page)
    await cont(page)

    // Review and confirm.
    await expectStep(page, 4, 'Review & Confirm')
    const services = page.getByRole('region', { name: 'Services' })
    await expect(services.getByText('Basic Funeral')).toBeVisible()
    await expect(services.getByText('Cremation')).toBeVisible()
    await expect(page.getByRole('region', { name: 'Deceased details' }).getByText('Otieno Odhiambo')).toBeVisible()
    await expect(page.getByRole('region', { name: 'Service schedule' }).getByText('Luo hymns at the graveside')).toBeVisible()
    await expect(page.getByText('KSH 8,000')).toBeVisible()
    await page.getByRole('button', { name: 'Confirm Booking' }).click()

    // Booked, the family is led to the agreement; left to sign later from the booking page, where the toast says it.
    // The mock draws the agreement's PDF on the page's own thread to hash it, which takes seconds on a
    // loaded machine; "Sign later" is tapped once the agreement is in, so the tap is not queued behind it.
    const agreement = page.getByRole('dialog', { name: 'Service agreement' })
    await expect(agreement.getByRole('button', { name: 'Open the agreement (PDF)' })).toBeVisible({ timeout: 30_000 })
    await agreement.getByRole('button', { name: 'Sign later' }).click()
    // Looked for by its class: while the dialog is still closing, Fluent hides the page (and the toast) from roles.
    await expect(page.locator('.Toastify__toast').filter({ hasText: 'Service booked successfully' })).toBeVisible()
    await expect(page).toHaveURL(/\/dashboard\/client\/bookings\/\d+$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Booking Details' })).toBeVisible()
    const services2 = page.getByRole('table', { name: 'Services' })
    await expect(services2.getByRole('row')).toHaveCount(3)
    await expect(services2.getByText('Basic Funeral')).toBeVisible()
    await expect(services2.getByText('KSH 3,000')).toBeVisible()
    await expect(page.getByText('Otieno Odhiambo').first()).toBeVisible()
    await expect(page.getByText('Luo hymns at the graveside')).toBeVisible()
    // The page says what is left: both papers and the whole amount, with the way to pay beside it.
    const todo = page.getByRole('list', { name: 'What is left to do' })
    await expect(todo.getByText('Upload the death certificate')).toBeVisible()
    await expect(todo.getByText('Pay KSH 8,000 still due')).toBeVisible()
    await expect(todo.getByRole('link', { name: 'Pay by M-Pesa' })).toBeVisible()

    // The draft is finished with: a new visit to the wizard starts empty.
    await page.goto('/dashboard/client/book-service')
    await expectStep(page, 1, 'Select Services')
    await expect(page.getByRole('checkbox', { name: 'Basic Funeral' })).not.toBeChecked()

    // The dashboard asks for what is due on it, and lists it.
    await page.getByRole('navigation', { name: 'Client menu' }).getByRole('link', { name: 'Dashboard' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Akinyi Odhiambo' })).toBeVisible()
    await expect(page.getByRole('list', { name: 'What to do next' }).getByRole('link', { name: 'Pay KSH 8,000 for Otieno Odhiambo' })).toBeVisible()
    const recent = page.getByRole('list', { name: 'Recent bookings' })
    await expect(recent.getByRole('link', { name: 'Otieno Odhiambo' })).toBeVisible()
    await expect(recent.getByText('KSH 8,000')).toBeVisible()

    // My Bookings lists it with its total, and links to it.
    await page.getByRole('navigation', { name: 'Client menu' }).getByRole('link', { name: 'My Bookings' }).click()
    const row = page.getByRole('row').filter({ hasText: 'Otieno Odhiambo' })
    await expect(row).toContainText('Basic Funeral, Cremation')
    await expect(row).toContainText('KSH 8,000')
    await expect(row).toContainText('Pending')
    await row.getByRole('link', { name: 'Otieno Odhiambo' }).click()
    await expect(page).toHaveURL(/\/dashboard\/client\/bookings\/\d+$/)
    await expect(page.getByText('Pay KSH 8,000 still due')).toBeVisible()
  })

  test('the draft survives signing out and back in on the same phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 })
    await signIn(page, DEMO.client)
    await expect(page).toHaveURL(/\/dashboard\/client$/)
    await page.goto('/dashboard/client/book-service')
    await page.getByRole('checkbox', { name: 'Burial' }).check()
    await cont(page)
    await page.getByLabel(/^First name/).fill('Wairimu')
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/$/)
    await signIn(page, DEMO.client)
    await expect(page).toHaveURL(/\/dashboard\/client$/)
    await page.goto('/dashboard/client/book-service')
    await expectStep(page, 2, 'About your loved one')
    await expect(page.getByLabel(/^First name/)).toHaveValue('Wairimu')
    // Start over asks first, then clears it.
    await page.getByRole('button', { name: 'Start over' }).click()
    await page.getByRole('alertdialog', { name: 'Discard this draft?' }).getByRole('button', { name: 'Discard draft' }).click()
    await expectStep(page, 1, 'Select Services')
    await expect(page.getByRole('checkbox', { name: 'Burial' })).not.toBeChecked()
  })

  test('at 375 px wide nothing scrolls sideways on the booking screens', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 })
    await enterAs(page, DEMO.client)
    const noSideScroll = () => expectNoSidewaysScroll(page)
    await expect(page.getByRole('list', { name: 'Recent bookings' })).toBeVisible()
    await noSideScroll()
    await page.goto('/dashboard/client/bookings')
    await expect(page.getByRole('list', { name: 'My bookings' })).toBeVisible()
    await noSideScroll()
    await page.getByRole('list', { name: 'My bookings' }).getByRole('link').first().click()
    await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible()
    await noSideScroll()
    // A shorter phone from here: the page can scroll the next step's heading to the top.
    await page.setViewportSize({ width: 375, height: 640 })
    await page.goto('/dashboard/client/book-service')
    await page.getByRole('checkbox', { name: 'Premium Funeral' }).check()
    await noSideScroll()
    await cont(page)
    await expectStep(page, 2, 'About your loved one')
    await noSideScroll()
    // The new step's heading, scrolled to once its form is there, ends below the sticky top bar, not
    // under it. The page scrolls smoothly (global.css): read where the scroll ends, not a frame of it.
    await page.getByLabel(/^First name/).waitFor()
    const bar = await page.getByRole('banner').boundingBox()
    const heading = page.getByRole('heading', { level: 2, name: /^Step 2 of 4/ })
    // (It comes down from above the screen to its place: once below the bar it stays below.)
    await expect.poll(async () => (await heading.boundingBox())?.y, { timeout: 5_000 }).toBeGreaterThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0))
  })
})
