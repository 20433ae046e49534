import type { Locator, Page } from '@playwright/test'
import { DEMO, axeViolations, enterAs, expect, expectNoSidewaysScroll, test } from './fixtures'

// The mock-only "Demo tools" button is not part of the product (a11y.spec.ts checks it).
const MOCK_ONLY = ['[aria-label^="Demo tools"]']

/**
 * Paying by M-Pesa in the built app (mock backend in the service worker), with Playwright's clock
 * moving time: the family demo account pays Samuel Ouma's booking. Test numbers (mocks/README.md):
 * 0712345678 succeeds on the 3rd check, 0712349999 never completes, 0712340001 has insufficient funds.
 */

const MSG = {
  timeout: 'Payment verification timeout. Please check your payment status later',
  insufficient: 'The balance is insufficient for the transaction.',
}

/** The payment's steps are said by the dialog and the page's banner only: no toast repeats them. */
async function expectNoToasts(page: Page) {
  await expect(page.locator('.Toastify__toast')).toHaveCount(0)
}

const isVerify = (url: string) => url.includes('/api/payments/mpesa/verify/')

/** Count the verify calls the page makes, and those answered. */
function countVerifies(page: Page) {
  let started = 0
  let answered = 0
  page.on('request', (r) => {
    if (isVerify(r.url())) started += 1
  })
  page.on('requestfinished', (r) => {
    if (isVerify(r.url())) answered += 1
  })
  page.on('requestfailed', (r) => {
    if (isVerify(r.url())) answered += 1
  })
  const count = () => started
  count.answered = () => answered
  return count
}
type VerifyCounter = ReturnType<typeof countVerifies>

/**
 * One poll interval: once the last check was answered, move the page's clock on a second at a time
 * until the next check starts. The app sets the 5 s timer only after it has taken the answer, which
 * the page does on its own time; moving the clock by exactly 5 s could come before that and be lost.
 */
async function nextCheck(page: Page, verifies: VerifyCounter) {
  await expect.poll(() => verifies.answered()).toBe(verifies())
  const next = verifies() + 1
  await expect
    .poll(
      async () => {
        await page.clock.runFor(1000)
        return verifies()
      },
      { intervals: [20] },
    )
    .toBe(next)
}

/**
 * Every request the page started until now has been seen by the test: the page reports its requests
 * in the order it makes them, so once a marker request made now is seen, any earlier one was too.
 */
async function requestsSoFar(page: Page) {
  const marker = `/robots.txt?requests-so-far`
  await Promise.all([page.waitForRequest((r) => r.url().endsWith(marker)), page.evaluate((url) => void fetch(url), marker)])
}

async function openPayments(page: Page) {
  // The clock is installed before the app loads so every timer of the page is under its control.
  await page.clock.install()
  await enterAs(page, DEMO.client, '/dashboard/client/payments')
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible()
  await expect(pendingRow(page, 'Samuel Ouma')).toBeVisible()
}

const pendingList = (page: Page) => page.getByRole('list', { name: 'Bookings awaiting payment' })
const pendingRow = (page: Page, name: string) => pendingList(page).getByRole('listitem').filter({ hasText: name })
const history = (page: Page) => page.getByRole('region', { name: 'Payment history' })

async function startPayment(page: Page, name: string, phone: string): Promise<Locator> {
  await pendingRow(page, name).getByRole('button', { name: 'Pay with M-Pesa' }).click()
  const dialog = page.getByRole('dialog', { name: 'Pay with M-Pesa' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('textbox', { name: /M-Pesa phone number/ }).fill(phone)
  await dialog.getByRole('button', { name: /^Pay KSH/ }).click()
  await expect(dialog.getByText('Check your phone')).toBeVisible()
  return dialog
}

test.describe('Paying by M-Pesa', () => {
  // Playwright's clock stays installed in a context for good: these tests get one of their own.
  test.use({ freshContext: true })

  test('a family pays with the success number: the booking is paid and the payment is in the history', async ({ page }) => {
    await openPayments(page)
    const verifies = countVerifies(page)
    const amount = (await pendingRow(page, 'Samuel Ouma').getByText(/^KSH /).textContent())?.trim() ?? ''
    expect(amount).toMatch(/^KSH [\d,]+$/)
    // The history loads beside the pending list: count its rows once it is there.
    await expect(history(page).getByRole('row').nth(1)).toBeVisible()
    const rowsBefore = await history(page).getByRole('row').count()

    const dialog = await startPayment(page, 'Samuel Ouma', '0712345678')
    await expect(dialog).toContainText(amount)
    await expect(dialog.getByText('Waiting for you to enter your PIN…')).toBeVisible()
    // No axe run here: the page clock flows in real time, and a slow run would let the first check
    // fire early. The settled page is checked below; failed and timed-out dialogs in their journeys.

    await nextCheck(page, verifies)
    await expect(dialog.getByText('Checking for your payment: attempt 1 of 10')).toBeVisible()
    await nextCheck(page, verifies)
    await expect(dialog.getByText('Checking for your payment: attempt 2 of 10')).toBeVisible()
    await nextCheck(page, verifies)

    await expect(dialog).toBeHidden()
    expect(verifies()).toBe(3)
    await expect(page.getByText('Payment received')).toBeVisible()
    await expectNoToasts(page)
    // Fluent gives the page back to assistive tech a moment after the dialog has gone.
    await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true')
    expect(await axeViolations(page, MOCK_ONLY)).toEqual([])
    await expect(pendingRow(page, 'Samuel Ouma')).toHaveCount(0)
    await expect(pendingRow(page, 'Rose Achieng')).toBeVisible()
    await expect(history(page).getByRole('row')).toHaveCount(rowsBefore + 1)
    const newest = history(page).getByRole('row').nth(1)
    await expect(newest).toContainText(amount)
    await expect(newest).toContainText('M-Pesa')
    await expect(newest).toContainText('Completed')
    await expect(newest.getByRole('cell').first()).toHaveText(/^[A-Z0-9]{10}$/)

    // Nothing polls after the payment, and the booking itself now reads paid.
    await page.clock.fastForward(60_000)
    await requestsSoFar(page)
    expect(verifies()).toBe(3)
    await page.goto('/dashboard/client/bookings')
    const booking = page.locator('tr, li').filter({ hasText: 'Samuel Ouma' }).first()
    await expect(booking).toContainText('Paid')
    // And it stays paid after a reload (the mock's database persists in the browser).
    await page.reload()
    await expect(page.locator('tr, li').filter({ hasText: 'Samuel Ouma' }).first()).toContainText('Paid')
  })

  test('the never-completes number ends with the timeout message after 10 checks', async ({ page }) => {
    test.setTimeout(120_000)
    await openPayments(page)
    const verifies = countVerifies(page)
    const dialog = await startPayment(page, 'Samuel Ouma', '0712349999')
    for (let i = 1; i <= 9; i++) {
      await nextCheck(page, verifies)
      await expect(dialog.getByText(`Checking for your payment: attempt ${i} of 10`)).toBeVisible()
    }
    await nextCheck(page, verifies)
    await expect(dialog.getByText('We could not confirm your payment yet')).toBeVisible()
    await expect(dialog).toContainText(MSG.timeout)
    expect(verifies()).toBe(10)
    await expect(dialog.getByRole('button', { name: 'Check again' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Pay again' })).toBeVisible()
    expect(await axeViolations(page, MOCK_ONLY)).toEqual([])

    await page.clock.fastForward(60_000)
    await requestsSoFar(page)
    expect(verifies()).toBe(10)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
    await expect(pendingRow(page, 'Samuel Ouma')).toBeVisible()
  })

  test('the insufficient-funds number stops at once with its reason and marks nothing paid', async ({ page }) => {
    await openPayments(page)
    const verifies = countVerifies(page)
    const dialog = await startPayment(page, 'Samuel Ouma', '0712340001')
    await nextCheck(page, verifies)
    await expect(dialog.getByText('Checking for your payment: attempt 1 of 10')).toBeVisible()
    await nextCheck(page, verifies)

    await expect(dialog.getByText('Payment not completed')).toBeVisible()
    await expectNoToasts(page)
    await expect(dialog).toContainText('There was not enough money in the M-Pesa account for this payment.')
    await expect(dialog).toContainText(`M-Pesa said: ${MSG.insufficient}`)
    await expect(dialog.getByRole('progressbar')).toHaveCount(0)
    expect(verifies()).toBe(2)

    // It does not poll on towards a misleading timeout (a timer still due would fire here).
    await page.clock.fastForward(60_000)
    await requestsSoFar(page)
    expect(verifies()).toBe(2)
    await expect(page.locator('.Toastify').getByText(MSG.timeout)).toHaveCount(0)

    // Try again keeps the phone number.
    await dialog.getByRole('button', { name: 'Try again' }).click()
    await expect(dialog.getByRole('textbox', { name: /M-Pesa phone number/ })).toHaveValue('0712340001')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()

    // Nothing is paid: still awaiting payment, the attempt is in the history as failed.
    await page.reload()
    await expect(pendingRow(page, 'Samuel Ouma')).toBeVisible()
    await expect(history(page).getByRole('row').nth(1)).toContainText('Failed')
    expect(await axeViolations(page, MOCK_ONLY)).toEqual([])
  })

  test('on a 375 px phone nothing scrolls sideways, even with the dialog open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 })
    await openPayments(page)
    await expectNoSidewaysScroll(page)
    await expect(history(page).getByRole('list', { name: 'Payment history' })).toBeVisible()
    await startPayment(page, 'Samuel Ouma', '0712345678')
    await expectNoSidewaysScroll(page)
  })
})
