import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { DEMO, axeViolations, enterAs, expect, expectNoSidewaysScroll, expectToast, signOut, test } from './fixtures'
import { samplePng } from '../../shared/demo/files'

/** The demo family's booking for Rose Achieng: death certificate approved, burial permit missing. */
const ROSE = /Rose Achieng/

async function openRose(page: Page) {
  await page.goto('/dashboard/client/bookings')
  await page.getByRole('link', { name: ROSE }).first().click()
  await expect(page.getByRole('heading', { name: 'Booking Details' })).toBeVisible()
  // The harambee and tribute cards arrive after the page, above the documents: until they are in,
  // the documents move down under a tap (a click there could land elsewhere on a busy machine).
  await expect(page.getByRole('heading', { name: 'Tribute page' })).toBeVisible()
  return page.getByRole('list', { name: /Documents for this booking/ })
}

/** The dashboard's next steps (links) that name Rose's booking. */
async function roseSteps(page: Page) {
  const list = page.getByRole('list', { name: 'What to do next' })
  await expect(list).toBeVisible()
  return (await list.getByRole('link').allTextContents()).filter((t) => ROSE.test(t))
}

async function uploadPermit(page: Page, list: ReturnType<Page['getByRole']>, name: string, bytes: Buffer) {
  await list.getByRole('button', { name: /Upload Burial Permit/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload Document' })
  await expect(dialog.getByLabel(/^Document type/)).toHaveValue('burial_permit')
  await dialog.getByLabel(/^File/).setInputFiles({ name, mimeType: 'image/png', buffer: bytes })
  await dialog.getByRole('button', { name: 'Upload' }).click()
  await expectToast(page, 'Document uploaded successfully')
  await expect(dialog).toBeHidden()
}

async function reviewAs(page: Page, search: string, decision: 'Approve' | 'Reject', note = '') {
  await enterAs(page, DEMO.admin, '/dashboard/admin/documents')
  await page.getByRole('searchbox').fill(search)
  await expect(page.getByText('Page 1 of 1 · 1 document', { exact: true })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: search })
  await expect(row).toHaveCount(1)
  await row.getByRole('button', { name: /^Review / }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('img')).toBeVisible()
  if (note) await dialog.getByLabel(/Notes for the family/).fill(note)
  await dialog.getByRole('button', { name: decision }).click()
  await expectToast(page, decision === 'Approve' ? 'Document marked as approved' : 'Document marked as rejected')
  await signOut(page)
}

test.describe('Burial paperwork', () => {
  test('a family uploads the burial permit from the checklist; the admin rejects it with a note, then approves the new copy', async ({ page }) => {
    test.setTimeout(120_000)
    const first = Buffer.from(samplePng())
    const second = Buffer.concat([Buffer.from(samplePng()), Buffer.from('second copy')])

    await enterAs(page, DEMO.client)
    // The dashboard asks for Rose's burial permit by name, as a link.
    expect(await roseSteps(page)).toContain('Upload the burial permit for Rose Achieng')

    let list = await openRose(page)
    await uploadPermit(page, list, 'rose-permit.png', first)
    await expect(list.getByText('Waiting for review')).toBeVisible()

    // The upload survives a reload, byte for byte (files live in IndexedDB, not localStorage).
    await page.reload()
    await page.goto('/dashboard/client/documents')
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Download .*rose-permit\.png/ }).click()])
    expect(download.suggestedFilename()).toBe('rose-permit.png')
    expect(readFileSync((await download.path())!)).toEqual(first)
    await expectToast(page, 'Document downloaded successfully')
    await signOut(page)

    await reviewAs(page, 'rose-permit', 'Reject', 'The stamp is cut off; please photograph the whole page')

    // The family sees the notification and the note, and uploads a new copy.
    await enterAs(page, DEMO.client)
    await expect.poll(() => roseSteps(page)).toEqual(expect.arrayContaining(['Upload the burial permit for Rose Achieng', 'News about the booking for Rose Achieng']))
    list = await openRose(page)
    await expect(list.getByText(/Reviewer's note: The stamp is cut off/)).toBeVisible()
    await uploadPermit(page, list, 'rose-permit-2.png', second)
    await signOut(page)

    await reviewAs(page, 'rose-permit-2', 'Approve')

    await enterAs(page, DEMO.client)
    await expect.poll(async () => (await roseSteps(page)).filter((t) => t.startsWith('Upload'))).toEqual([])
    list = await openRose(page)
    await expect(list.getByRole('listitem').filter({ hasText: 'Burial Permit' }).getByText('Approved', { exact: true }).first()).toBeVisible()
  })

  test('both pages and both dialogs have no axe violations, and nothing scrolls sideways at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await enterAs(page, DEMO.client, '/dashboard/client/documents')
    await expect(page.getByRole('list', { name: 'My documents' })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    await expectNoSidewaysScroll(page)
    await page.getByRole('button', { name: 'Upload Document' }).click()
    await page.getByRole('dialog', { name: 'Upload Document' }).getByRole('button', { name: 'Upload' }).click()
    await expect(page.getByText('Please select a file')).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    await expectNoSidewaysScroll(page)
    await page.getByRole('button', { name: 'Cancel' }).click()
    await signOut(page)

    await enterAs(page, DEMO.admin, '/dashboard/admin/documents')
    await expect(page.getByRole('list', { name: 'Documents' })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    await expectNoSidewaysScroll(page)
    await page.getByRole('button', { name: /^Review / }).first().click()
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Approve' })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    await expectNoSidewaysScroll(page)
  })
})
