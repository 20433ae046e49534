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
