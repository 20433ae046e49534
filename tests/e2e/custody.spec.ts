import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { samplePng } from '../../shared/demo/files'
import { DEMO, axeViolations, enterAs, expect, expectNoSidewaysScroll, expectToast, signIn, signOut, test } from './fixtures'

/** Set SHOTS_DIR to keep a screenshot of every screen (desktop and phone) for a visual check. */
const SHOTS_DIR = process.env.SHOTS_DIR
const JSQR = createRequire(import.meta.url).resolve('jsqr/dist/jsQR.js')

test.describe.configure({ timeout: 180_000 })

/** Reads the tag's QR code as a phone's camera would: its pixels, decoded by jsQR in the page. */
async function scanQr(page: Page): Promise<string | null> {
  await page.addScriptTag({ path: JSQR })
  return page.evaluate(async () => {
    const svg = document.querySelector('svg[role="img"][aria-label^="QR code"]')
    if (!svg) return null
    const image = new Image()
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`
    await image.decode()
    const size = 400
    const canvas = document.createElement('canvas')
    canvas.width = size
    canvas.height = size
    const ctx = canvas.getContext('2d')
    if (!ctx) return null
    ctx.drawImage(image, 0, 0, size, size)
    const pixels = ctx.getImageData(0, 0, size, size)
    const jsQR = (window as unknown as { jsQR: (d: Uint8ClampedArray, w: number, h: number) => { data: string } | null }).jsQR
    return jsQR(pixels.data, size, size)?.data ?? null
  })
}

for (const width of [375, 1280]) {
  test(`at ${width} px: the attendant records a move, prints the record and the QR tag; the tag opens the case after sign-in; the family reads the record`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 })
    await enterAs(page, DEMO.morgueAttendant, '/dashboard/morgue/body-management')
    await page.getByRole('button', { name: 'Details: Rose Achieng' }).click()
    await expect(page).toHaveURL(/\/dashboard\/morgue\/body-management\/\d+$/)
    const caseUrl = page.url()
    const id = caseUrl.match(/(\d+)$/)?.[1] ?? ''

    const panel = page.getByRole('dialog')
    const custody = panel.getByRole('region', { name: 'Chain of custody' })
    await expect(custody.getByRole('listitem')).toHaveCount(2)
    const form = custody.getByRole('form', { name: 'Record the next movement' })
    await form.getByLabel(/^Storage bay/).fill('Cold room, bay 5')
    await form.getByRole('button', { name: 'Record movement' }).click()
    // Said in the panel: the toast sits behind the modal panel.
    await expect(custody.getByRole('status')).toHaveText('Movement recorded')
    await expect(custody.getByRole('listitem')).toHaveCount(3)
    await expect(custody.getByRole('listitem').last()).toContainText('Cold room, bay 5')
    await custody.scrollIntoViewIfNeeded()
    expect(await axeViolations(page), 'case with its chain of custody').toEqual([])
    if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/custody-case-${width}.png` })

    // The printable record: the sheet alone on paper.
    await custody.getByRole('link', { name: 'Print custody record' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Chain of custody record' })).toBeVisible()
    await expect(page.getByText('Cold room, bay 5').filter({ visible: true }).first()).toBeVisible()
    await expectNoSidewaysScroll(page, 'custody record')
    expect(await axeViolations(page), 'custody record').toEqual([])
    if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/custody-record-${width}.png`, fullPage: true })
    await page.emulateMedia({ media: 'print' })
    await expect(page.getByRole('table', { name: 'Chain of custody' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
    await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden()
    if (SHOTS_DIR && width === 1280) await page.pdf?.({ path: `${SHOTS_DIR}/custody-record.pdf` }).catch(() => undefined)
    if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/custody-record-print-${width}.png`, fullPage: true })
    await page.emulateMedia({ media: 'screen' })

    // The QR tag: scanned, it gives the case's address on this site.
    await page.goto(`${caseUrl}/tag`)
    await expect(page.getByRole('heading', { level: 1, name: 'Rose Achieng' })).toBeVisible()
    await expect(page.getByText(`Booking #${id}`)).toBeVisible()
    expect(await axeViolations(page), 'QR tag').toEqual([])
    if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/custody-tag-${width}.png`, fullPage: true })
    const scanned = await scanQr(page)
    expect(scanned).toBe(caseUrl)
    await page.getByRole('link', { name: 'Back' }).click()
    await expect(page).toHaveURL(caseUrl)
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await signOut(page)

    // The attendant's phone opens the scanned address: sign in first, then straight to the case.
    await page.goto(scanned ?? '')
    await expect(page).toHaveURL(/\/login$/)
    await expectToast(page, 'Please login to access this page')
    await page.getByLabel('Email').fill(DEMO.morgueAttendant.email)
    await page.getByLabel(/^Password/).fill(DEMO.morgueAttendant.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page).toHaveURL(caseUrl)
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Rose Achieng' })).toBeVisible()
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await signOut(page)

    // The family reads the same record from its booking page (read-only).
    await signIn(page, DEMO.client)
    await expect(page).toHaveURL(/\/dashboard\/client$/)
    await page.goto(`/dashboard/client/bookings/${id}`)
    await page.getByRole('link', { name: 'View the chain of custody record' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Chain of custody record' })).toBeVisible()
    // In the family's words: the care, not the cold room's bay.
    await expect(page.getByText('Resting in our care').filter({ visible: true }).first()).toBeVisible()
    await expect(page.getByText('Cold room, bay 5').filter({ visible: true })).toHaveCount(0)
    await expect(page.getByRole('form')).toHaveCount(0)
    expect(await axeViolations(page), 'family custody record').toEqual([])
    if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/custody-family-record-${width}.png`, fullPage: true })
  })
}

test('at 375 px: once the office approves the permit, the attendant releases the body to a named relative and the chain ends', async ({ page }) => {
  // The family uploads Rose's burial permit; the office approves it.
  await enterAs(page, DEMO.client, '/dashboard/client/bookings')
  await page.getByRole('link', { name: /Rose Achieng/ }).first().click()
  await page.getByRole('list', { name: /Documents for this booking/ }).getByRole('button', { name: /Upload Burial Permit/ }).click()
  const upload = page.getByRole('dialog', { name: 'Upload Document' })
  await upload.getByLabel(/^File/).setInputFiles({ name: 'rose-permit.png', mimeType: 'image/png', buffer: Buffer.from(samplePng()) })
  await upload.getByRole('button', { name: 'Upload' }).click()
  await expectToast(page, 'Document uploaded successfully')
  await signOut(page)
  await enterAs(page, DEMO.admin, '/dashboard/admin/documents')
  await page.getByRole('searchbox').fill('rose-permit')
  await expect(page.getByText('Page 1 of 1 · 1 document', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: /^Review / }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click()
  await expectToast(page, 'Document marked as approved')
  await signOut(page)

  // On the attendant's phone.
  await page.setViewportSize({ width: 375, height: 812 })
  await enterAs(page, DEMO.morgueAttendant, '/dashboard/morgue/body-management')
  await page.getByRole('button', { name: 'Details: Rose Achieng' }).click()
  const panel = page.getByRole('dialog')
  const custody = panel.getByRole('region', { name: 'Chain of custody' })
  await expect(custody.getByRole('listitem')).toHaveCount(2)
  await panel.getByRole('button', { name: 'Release to family' }).click()
  const form = custody.getByRole('form', { name: 'Record the next movement' })
  await expect(form.getByLabel(/^Received by/)).toBeFocused()
  await form.getByRole('button', { name: 'Record release' }).click()
  await expect(form.getByText('Give the ID or passport number of the person receiving the body')).toBeVisible()
  await form.getByLabel(/^Received by/).fill('James Achieng')
  await form.getByLabel(/^ID or passport number/).fill('23456789')
  await form.getByLabel(/^Relationship to the deceased/).fill('Son')
  // Rose's bill is not settled: the form says what is owed and asks how it is settled; the body goes all the same.
  await expect(form.getByText(/is still owed on this booking\. The body is released all the same/)).toBeVisible()
  await form.getByLabel(/^How the balance is settled/).selectOption({ label: 'Payment plan' })
  await form.getByLabel(/^Reason/).fill('KSH 2,000 a month from January')
  await expectNoSidewaysScroll(page, 'release form')
  if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/custody-release-form-375.png` })
  await form.getByRole('button', { name: 'Record release' }).click()
  await expect(custody.getByRole('status')).toHaveText('Body released to the family')
  await expect(custody.getByRole('listitem').last()).toContainText('James Achieng (Son), ID 23456789')
  await expect(custody.getByRole('form')).toHaveCount(0)
  await expect(panel.getByText(/^Released to the family on /)).toBeVisible()
  expect(await axeViolations(page), 'released case').toEqual([])
  if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/custody-released-375.png` })

  // The printed record carries the receiver and the two signature lines.
  await custody.getByRole('link', { name: 'Print custody record' }).click()
  await expect(page.getByText('Signature of the person receiving the body: James Achieng')).toBeVisible()
  if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/custody-record-released-375.png`, fullPage: true })
})
