/**
 * The family's booking wizard, step by step as a person fills it (Basic Funeral and Cremation for
 * Otieno Odhiambo, a week ahead at 11:00): the browser checks of the real server
 * (tests/server-browser.mjs) and of the deployment behind Caddy (tests/behind-caddy.mjs) both book
 * this way. Answers the new booking's id, from the page it lands on.
 */
export const nairobiDay = (n) => new Date(Date.now() + 3 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10)

export async function bookThroughWizard(page, base) {
  const cont = () => page.getByRole('button', { name: 'Continue' }).click()
  await page.goto(`${base}/dashboard/client/book-service`)
  await page.getByRole('checkbox', { name: 'Basic Funeral' }).check()
  await page.getByRole('checkbox', { name: 'Cremation' }).check()
  await cont()
  await page.getByLabel(/^First name/).fill('Otieno')
  await page.getByLabel(/^Last name/).fill('Odhiambo')
  await page.getByLabel(/^Date of death/).fill(nairobiDay(-1))
  await page.getByLabel(/^Place of death/).fill('Aga Khan Hospital, Kisumu')
  await page.getByRole('radio', { name: 'Male', exact: true }).check()
  await cont()
  await page.getByLabel(/^Service date/).fill(nairobiDay(27))
  await page.getByLabel(/^Service time/).fill('11:00')
  await cont()
  await page.getByRole('button', { name: 'Confirm Booking' }).click()
  // Booked, the family is led to the agreement; these checks leave it to sign later.
  // "Sign later" is tapped once the agreement is in, as by a family who has seen it.
  const agreement = page.getByRole('dialog', { name: 'Service agreement' })
  await agreement.getByRole('button', { name: 'Open the agreement (PDF)' }).waitFor({ timeout: 30_000 })
  await agreement.getByRole('button', { name: 'Sign later' }).click({ timeout: 30_000 })
  await page.waitForURL(/\/dashboard\/client\/bookings\/\d+$/, { timeout: 30_000 })
  return Number(new URL(page.url()).pathname.split('/').pop())
}
