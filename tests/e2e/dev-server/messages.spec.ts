import { expect, test } from '@playwright/test'

test.describe('Development server (npm start)', () => {
  test('an anonymous visit to /dashboard/admin/users lands on /login and says why', async ({ page }) => {
    await page.goto('/dashboard/admin/users')
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('alert').filter({ hasText: 'Please login to access this page' })).toBeVisible()
  })
})
