import type { Page } from '@playwright/test'
import { DEMO, axeViolations, enterAs, expect, expectNoSidewaysScroll, expectToast, signIn, test } from './fixtures'

/**
 * admin: the Dashboard, Users and Settings screens in Chromium: a staff account made on the Users
 * page can sign in; settings survive a reload; every screen and dialog has no sideways scroll at
 * 375 px and no axe violations. With ADMIN_SHOTS=<dir> it also saves a screenshot of each.
 */
const SHOTS = process.env.ADMIN_SHOTS

async function check(page: Page, name: string, width: number) {
  await expectNoSidewaysScroll(page, `${name} at ${width}px`)
  // react-toastify's own markup is left out (a toast may still be sliding away).
  expect(await axeViolations(page, ['.Toastify'])).toEqual([])
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
}

for (const width of [1280, 375]) {
  test.describe(`admin screens at ${width}px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 812 } })

    test('dashboard', async ({ page }) => {
      await enterAs(page, DEMO.admin)
      await expect(page.getByRole('group', { name: 'Total users' })).toBeVisible()
      await expect(page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem').first()).toBeVisible()
      // What a service lacks is said in words: the papers by their names (their words come from the family's catalogue).
      const attention = page.getByRole('region', { name: /^Needs attention/ })
      await expect(attention.getByText(/^(Death Certificate|Burial Permit|National ID)( of the deceased)? (missing|rejected|waiting for review)$/).first()).toBeVisible()
      await check(page, 'dashboard', width)
    })

    test('users and its dialogs', async ({ page }) => {
      await enterAs(page, DEMO.admin, '/dashboard/admin/users')
      await expect(page.getByText(/^Page 1 of \d+/)).toBeVisible()
      await check(page, 'users', width)
      await page.getByRole('button', { name: 'Create staff' }).click()
      const create = page.getByRole('dialog', { name: 'Create staff account' })
      await create.getByRole('button', { name: 'Create user' }).click()
      await expect(create.getByText('Name is required')).toBeVisible()
      await check(page, 'users-create-dialog', width)
      await create.getByRole('button', { name: 'Cancel' }).click()
      await page.getByRole('button', { name: 'Edit Mary Achieng' }).click()
      await expect(page.getByRole('dialog', { name: 'Edit user' })).toBeVisible()
      await check(page, 'users-edit-dialog', width)
      await page.getByRole('dialog', { name: 'Edit user' }).getByRole('button', { name: 'Cancel' }).click()
      await page.getByRole('button', { name: 'Delete Mary Achieng' }).click()
      await expect(page.getByRole('alertdialog', { name: 'Delete user' })).toBeVisible()
      await check(page, 'users-delete-dialog', width)
    })

    test('settings', async ({ page }) => {
      await enterAs(page, DEMO.admin, '/dashboard/admin/settings')
      await expect(page.getByRole('region', { name: 'Data retention' })).toBeVisible()
      await check(page, 'settings', width)
    })
  })
}

test('an attendant created on the Users page signs in to the morgue portal; settings survive a reload', async ({ page }) => {
  await enterAs(page, DEMO.admin)
  await page.getByRole('link', { name: 'Manage users' }).click()
  await page.getByRole('button', { name: 'Create staff' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create staff account' })
  await dialog.getByLabel(/^Name/).fill('Kevin Barasa')
  await dialog.getByLabel(/^Email/).fill('kevin.barasa@funeral.test')
  await dialog.getByLabel(/^Password/).fill('Morgue#2026')
  await dialog.getByRole('button', { name: 'Create user' }).click()
  await expectToast(page, 'User created successfully')
  await page.getByLabel('Role').selectOption('morgue_attendant')
  await expect(page.getByRole('table', { name: 'Users' }).getByText('kevin.barasa@funeral.test')).toBeVisible()

  await page.goto('/dashboard/admin/settings')
  const general = page.getByRole('region', { name: 'General' })
  await general.getByLabel(/^Facility name/).fill('Amani Funeral Home, Nairobi')
  await general.getByRole('button', { name: 'Save general settings' }).click()
  await expectToast(page, 'General settings saved successfully')
  await page.reload()
  await expect(page.getByRole('region', { name: 'General' }).getByLabel(/^Facility name/)).toHaveValue('Amani Funeral Home, Nairobi')

  await page.getByRole('button', { name: 'Logout' }).click()
  await signIn(page, { email: 'kevin.barasa@funeral.test', password: 'Morgue#2026' })
  await expect(page).toHaveURL(/\/dashboard\/morgue$/)
})
