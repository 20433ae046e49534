import type { Page } from '@playwright/test'
import { DEMO, axeViolations, enterAs, expect, test } from './fixtures'

async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
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
})
