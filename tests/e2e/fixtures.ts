import { test as base, expect, type Page } from '@playwright/test'

export { expect }

export const DEMO = {
  admin: { email: 'admin@funeral.test', password: 'Admin#2026', home: '/dashboard/admin' },
  morgueAttendant: { email: 'attendant@funeral.test', password: 'Attendant#2026', home: '/dashboard/morgue' },
  client: { email: 'family@funeral.test', password: 'Family#2026', home: '/dashboard/client' },
} as const

/**
 * Every test starts with an empty browser profile (fresh context), so the mock database is seeded
 * anew from localStorage being empty: tests never see each other's data.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    page.on('pageerror', (err) => {
      throw err
    })
    // No artificial 200-600 ms per mock call: the journeys wait for what the user sees anyway.
    await page.addInitScript(() => {
      try {
        localStorage.setItem('afh-mock-latency', 'off')
      } catch {
        /* about:blank has no storage */
      }
    })
    await use(page)
  },
})

/** Sign in through the login form, as a user would. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel(/^Password/).fill(account.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

let counter = 0
/** Register a brand-new family through the form and sign in with it; returns its credentials. */
export async function registerFamily(page: Page, overrides: Partial<{ firstName: string; lastName: string }> = {}) {
  counter += 1
  const account = {
    firstName: overrides.firstName ?? 'Wanjiku',
    lastName: overrides.lastName ?? 'Kamau',
    email: `family.${Date.now()}.${counter}@example.test`,
    password: 'Pole#2026',
  }
  await page.goto('/register')
  await page.getByLabel('First name').fill(account.firstName)
  await page.getByLabel('Last name').fill(account.lastName)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Phone').fill('0712345678')
  await page.getByLabel('Address').fill('Ngong Road, Nairobi')
  await page.getByLabel(/^Password/).fill(account.password)
  await page.getByLabel('Confirm password').fill(account.password)
  await page.getByRole('button', { name: 'Register' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await signIn(page, account)
  await expect(page).toHaveURL(/\/dashboard\/client$/)
  return account
}

/** A toast with exactly this text is visible. */
export async function expectToast(page: Page, text: string) {
  await expect(page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible()
}
