import { DEMO, axeViolations, enterAs, expect, expectNoSidewaysScroll, registerFamily, test } from './fixtures'
import { addDays, nairobiDay } from '../../shared/dates'

const day = (n: number) => addDays(nairobiDay(), n)

/**
 * A family whose father died this morning signs up, books on a phone or a laptop, and is told on
 * the booking's page what is left to do, each with the button that does it.
 */
for (const width of [375, 1280]) {
  test.describe(`A family's booking, at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 667 : 800 } })
    // Signing up, four steps and two dialogs: a long journey on a busy machine.
    test.setTimeout(120_000)

    test('signs up, books with a venue and days of storage, then uploads and pays from "What is left to do"', async ({ page }) => {
      // Registering signs the family in and brings them to booking, welcomed as new.
      await registerFamily(page, { firstName: 'Nafula', lastName: 'Simiyu' })
      await expect(page.getByRole('heading', { level: 2, name: 'Step 1 of 4 · Select Services' })).toBeVisible()
      // Their dashboard, with nothing booked yet, leads with one action instead of four zeros.
      await page.goto('/dashboard/client')
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Nafula Simiyu' })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'What to do next' })).toHaveCount(0)
      await page.screenshot({ path: `test-results/new-family-dashboard-${width}.png` })
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole('main').getByRole('link', { name: 'Book a service' }).click()
      await expect(page.getByRole('heading', { level: 2, name: 'Step 1 of 4 · Select Services' })).toBeVisible()

      // The number of days of a service priced per day, and the total following.
      await page.getByRole('checkbox', { name: 'Basic Funeral' }).check()
      await page.getByRole('checkbox', { name: 'Body Storage (per day)' }).check()
      await page.getByRole('spinbutton', { name: 'Number of days' }).fill('3')
      await expect(page.getByText('3 days × KSH 1,000 = KSH 3,000')).toBeVisible()
      await expect(page.getByText('Total: KSH 8,000')).toBeVisible()
      await page.getByRole('button', { name: 'Continue' }).click()

      await page.getByLabel(/^First name/).fill('Wafula')
      await page.getByLabel(/^Last name/).fill('Simiyu')
      await page.getByLabel(/^Date of death/).fill(day(0))
      await page.getByLabel(/^Place of death/).fill('Bungoma County Referral Hospital')
      await page.getByRole('radio', { name: 'Male', exact: true }).check()
      await page.getByRole('button', { name: 'Continue' }).click()

      // Service times within the opening hours, which the form names.
      await expect(page.getByText('Between 08:00 and 17:00, our opening hours')).toBeVisible()
      await page.getByLabel(/^Service date/).fill(day(24))
      await page.getByLabel(/^Service time/).fill('19:00')
      await page.getByLabel(/^Venue or burial place/).fill('Family home, Kimilili')
      await page.getByRole('button', { name: 'Continue' }).click()
      await expect(page.getByText('Service time must be between 08:00 and 17:00, our opening hours')).toBeVisible()
      await page.getByLabel(/^Service time/).fill('10:00')
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByRole('button', { name: 'Confirm Booking' }).click()
      // Booked, the family is led to the agreement; left to sign later from the booking page.
      // The mock draws the agreement's PDF on the page's own thread to hash it, which takes seconds on a
      // loaded machine; "Sign later" is tapped once the agreement is in, so the tap is not queued behind it.
      const agreement = page.getByRole('dialog', { name: 'Service agreement' })
      await expect(agreement.getByRole('button', { name: 'Open the agreement (PDF)' })).toBeVisible({ timeout: 30_000 })
      await agreement.getByRole('button', { name: 'Sign later' }).click()

      // The booking's page: whom, when, where, then what is left to do with the action beside each.
      await expect(page).toHaveURL(/\/dashboard\/client\/bookings\/\d+$/)
      await expect(page.getByRole('heading', { level: 2, name: 'Wafula Simiyu' })).toBeVisible()
      await expect(page.getByText(/^Service on /)).toBeVisible()
      await expect(page.getByText('Family home, Kimilili')).toBeVisible()
      const todo = page.getByRole('list', { name: 'What is left to do' })
      // What is owed today, as the M-Pesa dialog asks it: the funeral and the first day of storage (the
      // days booked are an estimate; storage is charged for the days in care).
      await expect(todo.getByText('Pay KSH 6,000 still due')).toBeVisible()
      const upload = todo.getByRole('button', { name: 'Upload the burial permit' })
      await expect(upload).toBeVisible()
      await expectNoSidewaysScroll(page, 'the booking page')
      // The success toast, if still up, takes no tap meant for what it lies over (a trial click
      // fails when another element would receive it).
      await page.getByRole('main').getByRole('link', { name: 'My Bookings' }).click({ trial: true })
      await upload.click({ trial: true })
      await page.screenshot({ path: `test-results/next-steps-${width}.png` })
      expect(await axeViolations(page)).toEqual([])

      // Upload opens the upload for that paper and this booking.
      await upload.click()
      const dialog = page.getByRole('dialog', { name: 'Upload Document' })
      await expect(dialog.getByLabel(/^Document type/)).toHaveValue('burial_permit')
      await expect(dialog.getByLabel('For the booking of').locator('option:checked')).toHaveText(/Wafula Simiyu/)
      await page.screenshot({ path: `test-results/next-steps-upload-${width}.png` })
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await expect(dialog).toHaveCount(0)

      // Pay by M-Pesa opens the M-Pesa dialog for this booking, with the phone given at sign-up.
      await todo.getByRole('link', { name: 'Pay by M-Pesa' }).click()
      const pay = page.getByRole('dialog', { name: 'Pay with M-Pesa' })
      await expect(pay.getByText('Wafula Simiyu')).toBeVisible()
      await expect(pay.getByRole('textbox', { name: /M-Pesa phone number/ })).toHaveValue('0712345678')
      await expect(page).toHaveURL(/\/dashboard\/client\/payments$/)
      // The previous page's success toast does not follow the family here.
      await expect(page.getByRole('alert').filter({ hasText: 'Service booked successfully' })).toHaveCount(0)
      await page.screenshot({ path: `test-results/next-steps-pay-${width}.png` })
      expect(await axeViolations(page)).toEqual([])
    })
  })
}

/**
 * The service agreement signed on a phone, as a family does it with the keyboard up: the full name,
 * the keyboard's Send key for the code, the code (its field takes the focus), the keyboard's Done key
 * to agree. The code is read from the SMS the mock keeps (in this tab's stored database).
 */
const SIGNING = {
  en: { booking: 36, deceased: 'Rose Achieng', open: 'Read and sign the agreement', dialog: 'Service agreement', name: /^Your full name/, code: /^Code from the SMS/, pdf: 'Open the agreement (PDF)', signed: /^Agreement signed by Mary Achieng on / },
  sw: { booking: 40, deceased: 'Samuel Ouma', open: 'Soma na utie sahihi mkataba', dialog: 'Mkataba wa huduma', name: /^Jina lako kamili/, code: /^Nambari kutoka kwenye SMS/, pdf: 'Fungua mkataba (PDF)', signed: /^Mkataba ulitiwa sahihi na Mary Achieng tarehe / },
} as const
for (const language of ['en', 'sw'] as const) {
  test.describe(`The service agreement signed on a phone (${language})`, () => {
    test.use({ viewport: { width: 375, height: 667 } })
    test.setTimeout(90_000)

    test('full name, the code by SMS, "I agree", each from the keyboard, nothing hidden under it', async ({ page }) => {
      const w = SIGNING[language]
      await page.addInitScript((l) => localStorage.setItem('afh.language', l), language)
      await enterAs(page, DEMO.client, `/dashboard/client/bookings/${w.booking}`)
      await expect(page.getByRole('heading', { level: 2, name: w.deceased })).toBeVisible()
      await page.getByRole('button', { name: w.open }).click()
      const dialog = page.getByRole('dialog', { name: w.dialog })
      const name = dialog.getByRole('textbox', { name: w.name })
      await name.fill('Mary Achieng')
      // A keyboard leaves about half the screen: nothing in the dialog is squeezed, the name is in view.
      await page.setViewportSize({ width: 375, height: 360 })
      await name.scrollIntoViewIfNeeded()
      await expect(name).toBeInViewport()
      expect((await dialog.getByRole('button', { name: w.pdf }).boundingBox())?.height).toBeGreaterThanOrEqual(32)
      await page.screenshot({ path: `test-results/agreement-name-375-${language}.png` })
      await name.press('Enter')
      const code = dialog.getByRole('textbox', { name: w.code })
      await expect(code).toBeFocused()
      await expect(code).toHaveAttribute('inputmode', 'numeric')
      const sent = await page.evaluate(() => {
        const stored = JSON.parse(localStorage.getItem('afh-mock-db') ?? '{}') as { collections?: { sms?: Array<{ id: number; kind: string; body: string }> } }
        return (stored.collections?.sms ?? []).filter((m) => m.kind === 'agreement-code').sort((a, b) => b.id - a.id)[0]?.body ?? ''
      })
      const value = /\b(\d{6})\b/.exec(sent)?.[1] ?? ''
      expect(value).toMatch(/^\d{6}$/)
      await code.pressSequentially(value)
      await code.scrollIntoViewIfNeeded()
      await expect(code).toBeInViewport()
      await expectNoSidewaysScroll(page, 'the agreement dialog')
      await page.screenshot({ path: `test-results/agreement-code-375-${language}.png` })
      await code.press('Enter')
      await expect(dialog.getByText(w.signed)).toBeVisible()
      await page.setViewportSize({ width: 375, height: 667 })
      await page.screenshot({ path: `test-results/agreement-signed-375-${language}.png` })
      expect(await axeViolations(page)).toEqual([])
    })
  })
}

