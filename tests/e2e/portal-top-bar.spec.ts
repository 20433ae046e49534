import { DEMO, axeViolations, enterAs, expect, test } from './fixtures'

/**
 * The portal's top bar on a phone and on a desktop, in both languages: the user's name is shown
 * whole (on a phone the language button says "SW"/"EN" and Logout shows its icon, both keeping
 * their full names for screen readers), and axe finds nothing.
 */
for (const [width, height] of [[375, 812], [1280, 800]] as const) {
  for (const lang of ['en', 'sw'] as const) {
    test.describe(`${width} px, ${lang}`, () => {
      test.use({ viewport: { width, height } })
      test(`the name fits beside the language and Logout buttons`, async ({ page }, info) => {
        await page.addInitScript((l) => localStorage.setItem('afh.language', l), lang)
        await page.context().addCookies([{ name: 'afh-lang', value: lang, url: `http://127.0.0.1:${process.env.E2E_PORT ?? 4179}` }])
        await enterAs(page, DEMO.client)
        await expect(page.locator('html')).toHaveAttribute('lang', lang)
        const bar = page.locator('header').filter({ has: page.getByRole('button', { name: lang === 'sw' ? 'English' : 'Kiswahili' }) })
        const name = bar.getByRole('link', { name: /profile|wasifu/i })
        await expect(name).toBeVisible()
        // Whole: the text is not cut by the ellipsis.
        expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
        await expect(bar.getByRole('button', { name: lang === 'sw' ? 'Ondoka' : 'Logout' })).toBeVisible()
        if (width < 768) await expect(bar.getByRole('button', { name: lang === 'sw' ? 'English' : 'Kiswahili' })).toHaveText(lang === 'sw' ? 'EN' : 'SW')
        await page.screenshot({ path: info.outputPath(`top-bar-${width}-${lang}.png`) })
        expect(await axeViolations(page)).toEqual([])
      })
    })
  }
}

test.describe('the menu on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } })
  test('is not drawn until its button is pressed; then it opens over the page and leads to a page', async ({ page }) => {
    await enterAs(page, DEMO.client)
    await expect(page.getByRole('list', { name: 'Recent bookings' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Client menu' })).toHaveCount(0)
    await page.getByRole('button', { name: /^Open menu/ }).click()
    const menu = page.getByRole('navigation', { name: 'Client menu' })
    await menu.getByRole('link', { name: 'Payments' }).click()
    await expect(page).toHaveURL(/\/dashboard\/client\/payments$/)
    await expect(menu).toBeHidden()
  })

  test('opened from the keyboard and closed with Escape, it gives the focus back to its button', async ({ page }) => {
    await enterAs(page, DEMO.client)
    await expect(page.getByRole('list', { name: 'Recent bookings' })).toBeVisible()
    const button = page.getByRole('button', { name: /^Open menu/ })
    await button.focus()
    await page.keyboard.press('Enter')
    const menu = page.getByRole('navigation', { name: 'Client menu' })
    await expect(menu.getByRole('link', { name: 'Payments' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(button).toBeFocused()
    // And again, now that the menu's code and Fluent's focus manager are there.
    await page.keyboard.press('Enter')
    await expect(menu.getByRole('link', { name: 'Payments' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(button).toBeFocused()
  })
})

test.describe('the menu on a phone, on its first visit', () => {
  // A browser that has never fetched the menu's code (the shared one keeps it from other tests).
  test.use({ viewport: { width: 375, height: 812 }, freshContext: true })
  test('pressed while offline before its code has come, it leaves the page as it is, and opens once back online', async ({ page }) => {
    await enterAs(page, DEMO.client)
    const bookings = page.getByRole('list', { name: 'Recent bookings' })
    await expect(bookings).toBeVisible()
    await page.context().setOffline(true)
    const button = page.getByRole('button', { name: /^Open menu/ })
    await button.click()
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await expect(bookings).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Client menu' })).toHaveCount(0)
    await page.context().setOffline(false)
    await button.click()
    await expect(page.getByRole('navigation', { name: 'Client menu' }).getByRole('link', { name: 'Payments' })).toBeVisible()
  })
})

test.describe('the menu on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } })
  test('is beside the page from the start, and nothing moves when it arrives', async ({ page }) => {
    await page.addInitScript(() => {
      ;(window as unknown as { shifts: number }).shifts = 0
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) (window as unknown as { shifts: number }).shifts += e.value
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await enterAs(page, DEMO.client)
    await expect(page.getByRole('navigation', { name: 'Client menu' }).getByRole('link', { name: 'Payments' })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Recent bookings' })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.02)
  })
})
