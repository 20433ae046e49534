import { axeViolations, expect, test } from './fixtures'

/**
 * Someone whose relative has just died opens the site on a phone: the number to call and the
 * first steps are on the first screen, the prices are in KSH, and a message to the home is sent.
 */
for (const width of [375, 1280]) {
  test.describe(`The first hour, at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 667 : 800 } })

    test('"Call us 24/7" and "what to do now" are visible without scrolling', async ({ page }) => {
      await page.goto('/')
      const call = page.getByRole('link', { name: /Call us 24\/7/ })
      const steps = page.getByRole('link', { name: 'A death has just occurred: what to do now' })
      await expect(call).toHaveAttribute('href', /^tel:\+254/)
      for (const link of [call, steps]) {
        const box = await link.boundingBox()
        expect(box).not.toBeNull()
        expect(box!.y + box!.height).toBeLessThanOrEqual(page.viewportSize()!.height)
      }
      await expect(page.getByText('from KSH 5,000')).toBeVisible()
      await expect(page.getByText(/\$/)).toHaveCount(0)
      await page.screenshot({ path: `test-results/landing-${width}.png` })

      await steps.click()
      await expect(page.getByRole('heading', { level: 1, name: 'A death has just occurred: what to do now' })).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
    })

    test('the contact form sends the message and says so', async ({ page }) => {
      await page.goto('/#contact')
      const form = page.getByRole('form', { name: 'Contact us' })
      await form.getByRole('textbox', { name: /Name/ }).fill('Achieng Otieno')
      await form.getByRole('textbox', { name: /Email/ }).fill('achieng@example.com')
      await form.getByRole('textbox', { name: /Message/ }).fill('Please call me back.')
      await form.getByRole('button', { name: 'Send Message' }).click()
      await expect(form.getByText('Your message has been sent.', { exact: false })).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
    })
  })
}
