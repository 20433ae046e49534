import { DEMO, axeViolations, enterAs, expect, expectNoSidewaysScroll, test } from './fixtures'

/**
 * Harambee on the mock build: the family makes a link on the booking page; a relative opens it in
 * another tab on a phone-sized screen and pays part by M-Pesa; the family sees it. (The mock keeps
 * its data in this browser, so the relative's tab shares it; the real-server run of
 * tests/server-browser.mjs uses separate browsers and two relatives.)
 */
test('a family shares a contribution link and a relative pays part of the bill from a phone', async ({ page }) => {
  await enterAs(page, DEMO.client, '/dashboard/client/payments')
  await page.getByRole('link', { name: 'Invite contributions' }).first().click()
  const card = page.locator('#booking-contributions')
  await card.getByLabel(/A message for those you invite/).fill('Thank you for standing with us.')
  await card.getByRole('button', { name: 'Invite contributions' }).click()
  const url = await card.getByLabel('Contribution link').inputValue()
  expect(url).toMatch(/\/contribute\/[A-Za-z0-9_-]{43}$/)
  expect(await axeViolations(page)).toEqual([])

  const relative = await page.context().newPage()
  await relative.setViewportSize({ width: 375, height: 812 })
  await relative.goto(url)
  await expect(relative.getByRole('heading', { level: 1, name: /^In memory of/ })).toBeVisible()
  await expect(relative.getByText('Thank you for standing with us.')).toBeVisible()
  await expectNoSidewaysScroll(relative)
  expect(await axeViolations(relative)).toEqual([])
  await relative.getByLabel('Your name').fill('Otieno Odhiambo')
  await relative.getByLabel('M-Pesa phone number').fill('0712345678')
  await relative.getByLabel('Amount (KSH)').fill('1000')
  await relative.getByLabel(/Stay anonymous/).check()
  await relative.getByRole('button', { name: 'Contribute KSH 1,000' }).click()
  await expect(relative.getByText('Check your phone')).toBeVisible()
  // Anonymous to others, not to themselves: the thanks uses their first name.
  await expect(relative.getByText('Thank you, Otieno.')).toBeVisible({ timeout: 30_000 })
  await expect(relative.getByRole('list', { name: 'Contributions so far' })).toContainText('A well-wisher')
  expect(await axeViolations(relative)).toEqual([])

  await page.reload()
  await expect(page.locator('#booking-contributions').getByRole('list', { name: 'Received' })).toContainText('Otieno Odhiambo')
  await expect(page.locator('#booking-contributions')).toContainText('asked to stay anonymous')
})
