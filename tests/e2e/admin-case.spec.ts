import { DEMO, expect, expectToast, signIn, test } from './fixtures'

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
