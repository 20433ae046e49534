import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import readXlsxFile from 'read-excel-file/node'
import { DEMO, axeViolations, enterAs, expect, expectNoSidewaysScroll, expectToast, test } from './fixtures'

/** axe-core (WCAG 2.1 A/AA) on the page as it is now, Tabster's focus guards excluded as in a11y.spec.ts. */
async function openReports(page: Page) {
  await enterAs(page, DEMO.admin, '/dashboard/admin/reports')
  await expect(page.getByRole('heading', { level: 1, name: 'Financial Reports' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Total revenue' })).toContainText('KSH')
  await expect(page.getByRole('region', { name: 'Transactions' })).toBeVisible()
}

test.describe('Financial reports (admin)', () => {
  test('the report downloads as a real .xlsx: a Summary sheet and the chosen detail', async ({ page }) => {
    await openReports(page)
    // The revenue chart (its own chunk) draws bars.
    await expect(page.getByRole('region', { name: 'Revenue over time' }).locator('svg rect').first()).toBeVisible()

    await page.getByRole('button', { name: 'Generate report' }).click()
    const dialog = page.getByRole('dialog', { name: 'Generate report' })
    await dialog.getByRole('radio', { name: 'Last 12 months' }).check()
    await dialog.getByRole('radio', { name: 'All (payments and services)' }).check()
    const downloading = page.waitForEvent('download')
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^financial-report-last-12-months-all-\d{4}-\d{2}-\d{2}\.xlsx$/)
    await expectToast(page, 'Report generated and downloaded successfully')
    await expect(dialog).toBeHidden()

    const bytes = await readFile(await download.path())
    const sheets = await readXlsxFile(bytes)
    expect(sheets.map((s) => s.sheet)).toEqual(['Summary', 'Payments', 'Services'])
    const summary = sheets[0]?.data ?? []
    expect(summary.find((r) => r[0] === 'Currency')?.[1]).toBe('KSH')
    expect(summary.find((r) => r[0] === 'Timeframe')?.[1]).toBe('Last 12 months')
    expect(summary.find((r) => r[0] === 'Total revenue')?.[1]).toEqual(expect.any(Number))
    expect(sheets[1]?.data[0]).toEqual(['ID', 'Date (Nairobi time)', 'Description', 'Method', 'Customer', 'Amount (KSH)', 'Status', 'Receipt'])
    expect(sheets[1]?.data.length ?? 0).toBeGreaterThan(1)
    expect(sheets[2]?.data[0]).toEqual(['Service', 'Times booked', 'Value booked (KSH)'])
  })

  test('a new timeframe shows its own figures, in KSH and never with a dollar sign', async ({ page }) => {
    await openReports(page)
    const revenue = page.getByRole('group', { name: 'Total revenue' })
    const monthText = await revenue.textContent()
    const answered = page.waitForResponse((r) => r.url().includes('/api/payments/summary?timeframe=year'))
    await page.getByRole('combobox', { name: 'Timeframe' }).click()
    await page.getByRole('option', { name: 'Last 12 months' }).click()
    await answered
    await expect(revenue).not.toHaveText(monthText ?? '')
    await expect(page.getByRole('combobox', { name: 'Timeframe' })).toHaveText('Last 12 months')
    await expect(page.getByRole('main')).not.toContainText('$')
  })

  for (const width of [1280, 375]) {
    test(`at ${width} px the page (the chosen range's days open) and the dialog have no axe violations and no sideways scroll`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await openReports(page)
      // With the chosen range's two day boxes open.
      await page.getByRole('combobox', { name: 'Timeframe' }).click()
      await page.getByRole('option', { name: 'Chosen dates' }).click()
      await expect(page.getByRole('form', { name: 'Chosen dates' })).toBeVisible()
      await expectNoSidewaysScroll(page)
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole('button', { name: 'Generate report' }).click()
      await expect(page.getByRole('dialog', { name: 'Generate report' })).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
    })
  }
})
