import type { Page } from '@playwright/test'
import { DEMO, axeViolations, enterAs, expect, expectNoSidewaysScroll, expectToast, openInApp, passUndo, signOut, test } from './fixtures'

/** Set SHOTS_DIR to keep a screenshot of every screen (desktop and phone) for a visual check. */
const SHOTS_DIR = process.env.SHOTS_DIR

// Each test walks several screens (axe on each) on a shared 2-core machine.
test.describe.configure({ timeout: 180_000 })

const counter = (page: Page, label: string) => page.getByRole('group', { name: label })

/** As the signed-in admin, on the All bookings page, assign the family's Samuel Ouma booking to the demo attendant. */
async function assignSamuelToDemoAttendant(page: Page) {
  await page.goto('/dashboard/admin/services')
  await page.getByRole('searchbox', { name: /Search by name/ }).fill('Samuel Ouma')
  const row = page.getByRole('row', { name: /^Booking #\d+ for Samuel Ouma/ })
  await expect(row).toHaveCount(1)
  await row.getByRole('combobox', { name: /^Attendant for booking #/ }).click()
  await page.getByRole('option', { name: 'Peter Otieno' }).click()
  await passUndo(page)
  await expectToast(page, 'Attendant assigned successfully')
  await expect(row.getByRole('combobox', { name: /^Attendant for booking #/ })).toHaveText('Peter Otieno')
  return ((await row.getAttribute('aria-label')) ?? '').match(/#(\d+)/)?.[1] ?? ''
}

// The page's clock passes the assignment's few seconds to undo; a clock stays in its browser
// context, so this test has one of its own (fixtures.ts).
test.describe('on the page clock', () => {
  test.use({ freshContext: true })

  test('admin assigns a booking; the attendant sees it, ticks two tasks, cannot release it; the family updates their phone and writes a message', async ({ page }) => {
    await page.clock.install()
    await enterAs(page, DEMO.admin)
    const bookingId = await assignSamuelToDemoAttendant(page)
    expect(bookingId).not.toBe('')
    await signOut(page)

    await enterAs(page, DEMO.morgueAttendant)
    await expect(counter(page, 'Bodies in storage')).toContainText('3')
    await expect(counter(page, 'Scheduled transfers')).toContainText('3')
    await expect(counter(page, 'Storage alerts')).toContainText('1')
    await expect(counter(page, 'Pending tasks')).toContainText('13')

    await page.getByRole('link', { name: 'View bodies' }).click()
    await expect(page).toHaveURL(/\/dashboard\/morgue\/bodies$/)
    await page.getByRole('button', { name: 'Details: Samuel Ouma' }).click()
    const panel = page.getByRole('dialog')
    await expect(panel.getByText('Cannot release: the family has not uploaded the burial permit yet.')).toBeVisible()
    await expect(panel.getByRole('button', { name: 'Release to family' })).toHaveAttribute('aria-disabled', 'true')
    await panel.getByRole('button', { name: 'Close' }).click()

    await page.goto('/dashboard/morgue/tasks')
    const samuel = page.getByRole('group', { name: 'Preparation tasks for Samuel Ouma' })
    // The box shows ticked once the server kept it.
    await samuel.getByRole('checkbox', { name: 'Received' }).click()
    await expectToast(page, 'Preparation tasks updated')
    await expect(samuel.getByRole('checkbox', { name: 'Received' })).toBeChecked()
    await expect(samuel.getByRole('checkbox', { name: 'Washed' })).toBeEnabled()
    await samuel.getByRole('checkbox', { name: 'Washed' }).click()
    await expect(samuel.getByRole('checkbox', { name: 'Washed' })).toBeChecked()
    // The tick shows at once; the reload waits until the server has kept it (its step stops saving).
    await expect(samuel.getByRole('checkbox', { name: 'Washed' })).not.toHaveAttribute('aria-busy', 'true')
    await page.reload()
    await expect(samuel.getByRole('checkbox', { name: 'Received' })).toBeChecked()
    await expect(samuel.getByRole('checkbox', { name: 'Washed' })).toBeChecked()
    await expect(samuel.getByRole('checkbox', { name: 'Embalmed' })).not.toBeChecked()
    await signOut(page)

    await enterAs(page, DEMO.client)
    // The family follows the preparation on the booking's detail.
    await page.goto(`/dashboard/client/bookings/${bookingId}`)
    await expect(page.getByRole('progressbar', { name: 'Preparation' })).toHaveAttribute('aria-valuenow', '2')
    // In the family's gentle words; the steps themselves are the attendant's.
    await expect(page.getByText('Your loved one is in our care and being prepared')).toBeVisible()
    await page.getByRole('link', { name: /my profile/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible()
    await page.getByLabel('Phone').fill('0733 444 555')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expectToast(page, 'Profile updated successfully')
    await page.reload()
    await expect(page.getByLabel('Phone')).toHaveValue('0733 444 555')
  })
})

const MORGUE_PAGES = ['/dashboard/morgue', '/dashboard/morgue/bodies', '/dashboard/morgue/tasks', '/dashboard/morgue/transport', '/dashboard/morgue/documents', '/dashboard/morgue/messages', '/dashboard/morgue/profile']
const CLIENT_PAGES = ['/dashboard/client/messages', '/dashboard/client/profile']

for (const [who, account, pages] of [
  ['attendant', DEMO.morgueAttendant, MORGUE_PAGES],
  ['family', DEMO.client, CLIENT_PAGES],
] as const) {
  for (const width of [1280, 375]) {
    test(`the ${who}'s pages at ${width} px: no sideways scroll, no axe violations`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 })
      await enterAs(page, account, pages[0])
      let previous = ''
      for (const path of pages) {
        // One page load, then the app's own navigation: each screen as a family reaches it. Each
        // has a heading of its own, so the audit runs once the new screen is there.
        await openInApp(page, path)
        const heading = page.getByRole('heading', { level: 1 })
        await expect(heading).toBeVisible()
        if (previous) await expect(heading).not.toHaveText(previous)
        previous = await heading.innerText()
        // Its data in: no skeleton (aria-busy) or spinner left.
        await expect(page.locator('[aria-busy="true"], .fui-Spinner')).toHaveCount(0)
        await expectNoSidewaysScroll(page, path)
        expect(await axeViolations(page), path).toEqual([])
        if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/${who}-${path.split('/').slice(2).join('-')}-${width}.png`, fullPage: true })
      }
      if (who === 'attendant') {
        // The documents read as cards on a phone: whole names, every button inside the screen.
        await openInApp(page, '/dashboard/morgue/documents')
        const docs = page.getByRole(width === 375 ? 'list' : 'table', { name: 'Documents for Teresia Auma' })
        await expect(docs).toBeVisible()
        for (const button of await docs.getByRole('button').all()) {
          const box = await button.boundingBox()
          expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true)
        }
        const name = await docs.getByText(/^burial-permit-auma\./).boundingBox()
        // A name squeezed into a narrow column wraps a few letters a line.
        expect(name?.width ?? 0).toBeGreaterThan(120)

        // The dashboard leads with the urgent work; a case opens from there.
        await openInApp(page, '/dashboard/morgue')
        const blocked = page.getByRole('region', { name: 'Cannot be released' })
        await expect(blocked.getByText('Burial permit rejected: The scan is not legible. Please upload a clearer copy.')).toBeVisible()
        const urgentTop = (await page.getByRole('heading', { level: 2, name: 'Needs attention' }).boundingBox())?.y ?? Infinity
        expect(urgentTop).toBeLessThan((await counter(page, 'Bodies in storage').boundingBox())?.y ?? 0)
        await blocked.getByRole('link', { name: 'Teresia Auma' }).click()
        await expect(page).toHaveURL(/\/dashboard\/morgue\/body-management\/\d+$/)
        await expect(page.getByRole('dialog')).toBeVisible()
        expect(await axeViolations(page), 'case from the dashboard').toEqual([])
        if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/attendant-case-from-dashboard-${width}.png` })
        await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()

        await openInApp(page, '/dashboard/morgue/bodies')
        await page.getByRole('button', { name: 'Details: Rose Achieng' }).click()
        await expect(page.getByRole('dialog')).toBeVisible()
        expect(await axeViolations(page), 'detail panel').toEqual([])
        if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/attendant-body-detail-${width}.png` })
      }
    })
  }
}
