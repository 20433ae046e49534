import type { Page } from '@playwright/test'
import { DEMO, axeViolations, enterAs, expect, test } from './fixtures'

async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  // A pre-rendered form is on screen before the script; its submit button turns from disabled to
  // enabled when the app takes over. Audit the live page, not that colour change half-way.
  const submit = page.locator('form button[type="submit"]')
  if (await submit.count()) await expect(submit.first()).toBeEnabled()
  // Toasts and transitions: axeViolations waits for running animations to end.
}

test.describe('Accessibility (axe-core, WCAG 2.1 A/AA)', () => {
  for (const path of ['/', '/login', '/register', '/forgot-password', '/about', '/resources/planning', '/resources/grief-support', '/resources/legal']) {
    test(`public page ${path} has no violations`, async ({ page }) => {
      await page.goto(path)
      await settle(page)
      expect(await axeViolations(page)).toEqual([])
    })
  }

  for (const [role, account] of Object.entries(DEMO)) {
    test(`the ${role} portal home has no violations`, async ({ page }) => {
      await enterAs(page, account)
      await settle(page)
      expect(await axeViolations(page)).toEqual([])
    })
  }

  for (const width of [375, 1280]) {
    test(`at ${width} px the family's booking page (next steps, receipts) and payment history have no violations`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 })
      await enterAs(page, DEMO.client)
      await page.getByRole('main').getByRole('link', { name: 'Samuel Ouma' }).first().click()
      await expect(page.getByRole('heading', { name: 'What is left to do' })).toBeVisible()
      await settle(page)
      expect(await axeViolations(page)).toEqual([])
      await page.goto('/dashboard/client/payments')
      await expect(page.getByRole('region', { name: 'Payment history' })).toBeVisible()
      await settle(page)
      expect(await axeViolations(page)).toEqual([])
    })
  }
})
