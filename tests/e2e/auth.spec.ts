import { DEMO, enterAs, expect, expectToast, registerFamily, signIn, test } from './fixtures'

test.describe('Session and roles', () => {
  for (const [role, account] of Object.entries(DEMO)) {
    test(`the ${role} demo account signs in and lands on its own home`, async ({ page }) => {
      await signIn(page, account)
      await expectToast(page, 'Login successful!')
      await expect(page).toHaveURL(new RegExp(`${account.home}$`))
      const portal = { admin: 'Admin Portal', morgueAttendant: 'Morgue Attendant Portal', client: 'Family Portal' }[role]
      await expect(page.getByText(portal!)).toBeVisible()
    })
  }

  test('an anonymous visit to /dashboard/admin asks to sign in, then returns there', async ({ page }) => {
    await page.goto('/dashboard/admin')
    await expect(page).toHaveURL(/\/login$/)
    await expectToast(page, 'Please login to access this page')
    await page.getByLabel('Email').fill(DEMO.admin.email)
    await page.getByLabel(/^Password/).fill(DEMO.admin.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard\/admin$/)
    await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible()
  })

  test('a client visiting /dashboard/admin is sent home with the permission message', async ({ page }) => {
    await signIn(page, DEMO.client)
    await expect(page).toHaveURL(/\/dashboard\/client$/)
    await page.goto('/dashboard/admin')
    await expect(page).toHaveURL(/\/dashboard\/client$/)
    await expectToast(page, 'You do not have permission to access this page')
  })

  test('/dashboard takes staff to their own home, without a permission error', async ({ page }) => {
    await signIn(page, DEMO.morgueAttendant)
    await expect(page).toHaveURL(/\/dashboard\/morgue$/)
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/dashboard\/morgue$/)
    await expect(page.getByRole('alert').filter({ hasText: 'You do not have permission' })).toHaveCount(0)
  })

  test('unknown paths go to / (public) and to the portal home (inside a portal)', async ({ page }) => {
    await page.goto('/no/such/page')
    await expect(page).toHaveURL(/\/$/)
    await signIn(page, DEMO.admin)
    await expect(page).toHaveURL(/\/dashboard\/admin$/)
    await page.goto('/dashboard/admin/nothing-here')
    await expect(page).toHaveURL(/\/dashboard\/admin$/)
  })

  test('every side-menu entry leads to its page', async ({ page }) => {
    await enterAs(page, DEMO.client)
    const menu = page.getByRole('navigation', { name: 'Client menu' })
    for (const [label, path] of [
      ['Book Service', '/dashboard/client/book-service'],
      ['My Bookings', '/dashboard/client/bookings'],
      ['Documents', '/dashboard/client/documents'],
      ['Payments', '/dashboard/client/payments'],
      ['Messages', '/dashboard/client/messages'],
      ['Dashboard', '/dashboard/client'],
    ] as const) {
      await menu.getByRole('link', { name: label, exact: true }).click()
      await expect(page).toHaveURL(new RegExp(`${path}$`))
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    }
  })

  test('logout removes the token, goes home and says so', async ({ page }) => {
    await enterAs(page, DEMO.client)
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expectToast(page, 'Logged out successfully')
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
    await expect(page.getByRole('link', { name: 'Login' }).or(page.getByRole('button', { name: 'Login' })).first()).toBeVisible()
  })

  test('a token tampered with in localStorage is rejected and the user signed out', async ({ page }) => {
    await signIn(page, DEMO.client)
    await expect(page).toHaveURL(/\/dashboard\/client$/)
    // Promote ourselves to admin by editing the payload: the signature no longer matches.
    await page.evaluate(() => {
      const [h, p, s] = (localStorage.getItem('token') ?? '').split('.')
      const payload = JSON.parse(atob(p!.replace(/-/g, '+').replace(/_/g, '/')))
      payload.role = 'admin'
      const forged = btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
      localStorage.setItem('token', `${h}.${forged}.${s}`)
    })
    await page.goto('/dashboard/admin')
    await expect(page).toHaveURL(/\/login$/)
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
  })

  test('a new family registers and signs in with its account', async ({ page }) => {
    const account = await registerFamily(page, { firstName: 'Atieno', lastName: 'Otieno' })
    await expect(page.getByText('Family Portal')).toBeVisible()
    await expect(page.getByText('Atieno Otieno').first()).toBeVisible()
    expect(account.email).toContain('@example.test')
  })

  test('a reload keeps the session', async ({ page }) => {
    await signIn(page, DEMO.admin)
    await expect(page).toHaveURL(/\/dashboard\/admin$/)
    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Users' }).click()
    await page.reload()
    await expect(page).toHaveURL(/\/dashboard\/admin\/users$/)
    await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible()
  })

  test('the landing navigation shows Dashboard and Logout when signed in', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('link', { name: 'Register', exact: true }).first()).toBeVisible()
    await signIn(page, DEMO.morgueAttendant)
    await expect(page).toHaveURL(/\/dashboard\/morgue$/)
    await page.goto('/')
    await page.getByRole('button', { name: 'Dashboard' }).or(page.getByRole('link', { name: 'Dashboard' })).first().click()
    await expect(page).toHaveURL(/\/dashboard\/morgue$/)
  })

  test('forgot password: the mock hands back the link, a new password works and the old one does not', async ({ page }) => {
    await page.goto('/login')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(page).toHaveURL(/\/forgot-password$/)
    // The sign-in screen stays up while the next one loads (a router transition): wait for it.
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible()
    await page.getByLabel('Email').fill(DEMO.client.email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await page.getByRole('link', { name: 'Open the reset link (demo mode)' }).click()
    await expect(page).toHaveURL(/\/reset-password\?token=/)
    await page.getByLabel(/^New password/).fill('Mpya#2026')
    await page.getByLabel(/^Confirm new password/).fill('Mpya#2026')
    await page.getByRole('button', { name: 'Set new password' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await signIn(page, { email: DEMO.client.email, password: DEMO.client.password })
    await expectToast(page, 'Invalid email or password')
    await signIn(page, { email: DEMO.client.email, password: 'Mpya#2026' })
    await expect(page).toHaveURL(/\/dashboard\/client$/)
  })
})
