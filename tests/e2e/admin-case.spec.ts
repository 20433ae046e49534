import { samplePng } from '../../shared/demo/files'
import { DEMO, axeViolations, enterAs, expect, expectNoSidewaysScroll, expectToast, signIn, signOut, test } from './fixtures'

/** Set SHOTS_DIR to keep a screenshot of every screen (desktop and phone) for a visual check. */
const SHOTS_DIR = process.env.SHOTS_DIR

// The page's clock is set, so the test has a browser context of its own (fixtures.ts).
test.use({ freshContext: true, viewport: { width: 1280, height: 900 } })

/**
 * Friday 4 December 2026, 09:30 in Nairobi. The demo is seeded from the page's clock: Teresia
 * Auma's service is the next day, Saturday at 09:00, and her burial permit was rejected.
 */
const FRIDAY = new Date('2026-12-04T06:30:00Z')

test("the office opens Saturday's service from the dashboard, sees the refused permit, messages the family, and completes it only with a reason", async ({ page }) => {
  await page.clock.install({ time: FRIDAY })
  // Through the form: a token signed on the test's own clock would have expired by the page's.
  await signIn(page, DEMO.admin)
  await expect(page).toHaveURL(/\/dashboard\/admin$/)

  const attention = page.getByRole('region', { name: 'Needs attention' })
  const saturday = attention.getByRole('listitem').filter({ hasText: 'Teresia Auma' })
  await expect(saturday).toContainText('5 Dec 2026, 09:00')
  await expect(saturday).toContainText('Burial Permit rejected')
  await saturday.getByRole('link', { name: 'Open the case file of Teresia Auma' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Case file: Teresia Auma' })).toBeVisible()
  const documents = page.getByRole('region', { name: 'Documents' })
  await expect(documents.getByRole('listitem').filter({ hasText: 'Burial Permit' })).toContainText('Rejected')

  // The family hears of it in the booking's conversation, written from the case file.
  await page.getByRole('region', { name: 'The family' }).getByRole('button', { name: 'Message the family' }).click()
  const conversation = page.getByRole('region', { name: 'Messages with the family' })
  const words = 'The burial permit was refused: please bring the new one before Saturday 9:00.'
  await conversation.getByLabel('Your message').fill(words)
  await conversation.getByRole('button', { name: 'Send' }).click()
  await expect(conversation.getByRole('log', { name: 'Conversation' }).getByText(words)).toBeVisible()

  // Completed names what is missing and goes only with a reason.
  await page.getByRole('combobox', { name: 'Change the status' }).click()
  await page.getByRole('option', { name: 'Completed' }).click()
  const dialog = page.getByRole('dialog', { name: 'Mark booking as completed?' })
  await expect(dialog.getByText('The burial permit is not approved')).toBeVisible()
  await expect(dialog.getByText('The preparation is not done')).toBeVisible()
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expect(dialog.getByText('Enter why this goes ahead anyway')).toBeVisible()
  await dialog.getByRole('textbox', { name: /Override reason/ }).fill('Permit seen at the chief’s office; the copy follows on Monday')
  await dialog.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible()
  // Past the few seconds to undo, on the page's clock.
  await page.clock.fastForward(6_000)
  await expectToast(page, 'Booking status updated')
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Override: Permit seen at the chief’s office; the copy follows on Monday')
})

test('the office approves the permit in the case file and releases the body with its balance waived, in English and Kiswahili, on a desk and a phone', async ({ page }) => {
  test.setTimeout(180_000)
  // The family uploads Rose's burial permit.
  await enterAs(page, DEMO.client, '/dashboard/client/bookings')
  await page.getByRole('link', { name: /Rose Achieng/ }).first().click()
  const id = /\/bookings\/([^/]+)$/.exec(new URL(page.url()).pathname)?.[1]
  if (!id) throw new Error('no booking id in the address')
  const upload = page.getByRole('dialog', { name: 'Upload Document' })
  // Tapped again if the dialog did not open: once, on a loaded machine, the page drew its list anew
  // between the press and the release, and the tap was lost (as a person would, the test taps again).
  await expect(async () => {
    await page.getByRole('list', { name: /Documents for this booking/ }).getByRole('button', { name: /Upload Burial Permit/ }).click()
    await expect(upload).toBeVisible({ timeout: 5_000 })
  }).toPass({ timeout: 30_000 })
  await upload.getByLabel(/^File/).setInputFiles({ name: 'rose-permit.png', mimeType: 'image/png', buffer: Buffer.from(samplePng()) })
  await upload.getByRole('button', { name: 'Upload' }).click()
  await expectToast(page, 'Document uploaded successfully')
  await signOut(page)

  // The office approves it in the case file: the release is offered there.
  await enterAs(page, DEMO.admin, `/dashboard/admin/bookings/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Case file: Rose Achieng' })).toBeVisible()
  await page.getByRole('region', { name: 'Documents' }).getByRole('button', { name: 'Review Burial Permit' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click()
  const care = page.getByRole('region', { name: 'Preparation' })
  const custody = care.getByRole('region', { name: 'Chain of custody' })
  await expect(custody.getByRole('listitem')).toHaveCount(2)
  await care.getByRole('button', { name: 'Release to family' }).click()
  const form = custody.getByRole('form', { name: 'Record the next movement' })
  await expect(form.getByLabel(/^Received by/)).toBeFocused()
  await form.getByLabel(/^Received by/).fill('James Achieng')
  await form.getByLabel(/^ID or passport number/).fill('23456789')
  await form.getByLabel(/^Relationship to the deceased/).fill('Son')
  // Rose's bill is not settled: said with the release, which asks how it is settled; the body goes all the same.
  const balance = await page.getByRole('region', { name: 'Payments and balance' }).getByText('Balance', { exact: true }).locator('xpath=following-sibling::dd[1]').textContent()
  await expect(form.getByText(/^KSH [\d,]+ is still owed on this booking\. The body is released all the same/)).toContainText(balance ?? 'no balance')
  await form.getByLabel(/^How the balance is settled/).selectOption({ label: 'Waived' })
  await form.getByLabel(/^Reason/).fill('Waived by the director for the widow')
  await expectNoSidewaysScroll(page, 'release form, 1280 px')
  await form.scrollIntoViewIfNeeded()
  if (SHOTS_DIR) await care.screenshot({ path: `${SHOTS_DIR}/case-release-form-1280-en.png` })

  // In Kiswahili, on a phone: the form keeps what was typed.
  await page.getByRole('button', { name: 'Kiswahili' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw')
  // (Found by place: the sections' names are in Kiswahili now.)
  const careSw = page.locator('section[aria-labelledby="case-care"]')
  await expect(careSw.getByRole('form', { name: 'Rekodi tukio linalofuata' })).toBeVisible()
  await expect(careSw.getByLabel(/^Anayepokea/)).toHaveValue('James Achieng')
  await expect(careSw.getByText(/^KSH [\d,]+ bado inadaiwa/)).toBeVisible()
  if (SHOTS_DIR) await careSw.screenshot({ path: `${SHOTS_DIR}/case-release-form-1280-sw.png` })
  await page.setViewportSize({ width: 375, height: 812 })
  await expectNoSidewaysScroll(page, 'release form, 375 px, Kiswahili')
  if (SHOTS_DIR) await careSw.screenshot({ path: `${SHOTS_DIR}/case-release-form-375-sw.png` })
  await page.getByRole('button', { name: 'English' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  if (SHOTS_DIR) await care.screenshot({ path: `${SHOTS_DIR}/case-release-form-375-en.png` })

  await form.getByRole('button', { name: 'Record release' }).click()
  await expect(custody.getByRole('status')).toHaveText('Body released to the family')
  await expect(care.getByText(/^Released on /)).toBeVisible()
  await expect(custody.getByRole('listitem').last()).toContainText('James Achieng (Son), ID 23456789')
  await expect(custody.getByRole('form')).toHaveCount(0)
  await expect(care.getByRole('button', { name: 'Release to family' })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Waived by the director for the widow')
  expect(await axeViolations(page), 'released case file').toEqual([])
  if (SHOTS_DIR) await care.screenshot({ path: `${SHOTS_DIR}/case-released-375-en.png` })
  await page.setViewportSize({ width: 1280, height: 900 })
  if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/case-released-1280-en.png`, fullPage: true })
})
