/**
 * The home's calendar from end to end, on a fixed day (Playwright's clock, never today): the admin
 * keeps one hearse and puts its driver on the calendar with his hours and account; a family books
 * the morning's burial; the next family is offered only the afternoon; on the day, the driver sees
 * the trip first on his phone.
 */
import type { Page } from '@playwright/test'
import { DEMO, expect, test } from './fixtures'
import { demoData } from '../../shared/demo/data'
import { signToken } from '../../mocks/jwt'
import { TOKEN_KEY } from '../../src/api/token-key'
import { kenyanDate } from '../../src/lib/kenyan-dates'

test.use({ freshContext: true })

// Monday 1 March 2027, 08:00 in Nairobi; the burial on Saturday the 20th, past the seed's holds.
const START = new Date('2027-03-01T08:00:00+03:00')
const DAY = '2027-03-20'

let entries = 0
/**
 * Opens a demo account's `path` signed in with a token issued at the page's time (`at`: the clock
 * is years from today, where a token signed now would have expired or not begun), stored once per
 * tab before the page loads, as fixtures.ts's enterAs does.
 */
async function enterAt(page: Page, email: string, at: Date, path: string) {
  const person = demoData({ now: START }).users.find((u) => u.email === email)!
  const token = await signToken({ id: person.id, name: person.name, email, role: person.role }, { issuedAt: Math.floor(at.getTime() / 1000) })
  entries += 1
  await page.addInitScript(
    ([key, value, once]) => {
      if (sessionStorage.getItem(once)) return
      sessionStorage.setItem(once, '1')
      localStorage.setItem(key, value)
    },
    [TOKEN_KEY, token, `afh-calendar-entry-${entries}`] as const,
  )
  await page.goto(path)
}

/** The wizard up to its schedule step: a burial for `deceased`, on DAY. */
async function burialOnDay(page: Page, deceased: string) {
  await page.getByRole('checkbox', { name: 'Burial' }).check()
  await page.getByRole('button', { name: 'Continue' }).click()
  const [first, last] = deceased.split(' ')
  await page.getByLabel(/^First name/).fill(first!)
  await page.getByLabel(/^Last name/).fill(last!)
  await page.getByLabel(/^Date of death/).fill(kenyanDate('2027-02-27'))
  await page.getByLabel(/^Place of death/).fill('Kenyatta National Hospital')
  await page.getByRole('radio', { name: 'Female', exact: true }).check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel(/^Service date/).fill(kenyanDate(DAY))
  return page.getByRole('group', { name: 'Free times on this day' })
}

test('the admin keeps one hearse and its driver; a family books the morning, the next is offered only the afternoon; the driver sees the trip on his phone', async ({ page }) => {
  await page.clock.install({ time: START })
  await enterAt(page, DEMO.admin.email, START, '/dashboard/admin/calendar')
  const resources = page.getByRole('region', { name: 'Resources' })
  await resources.getByRole('listitem', { name: 'Hearse KDB 456B' }).getByRole('button', { name: 'Retire' }).click()
  await expect(resources.getByRole('listitem', { name: 'Hearse KDB 456B' }).getByText('Retired')).toBeVisible()
  const add = resources.getByRole('form', { name: 'Add a resource' })
  await add.getByRole('combobox', { name: 'Kind' }).selectOption('Driver')
  await add.getByRole('textbox', { name: /^Name/ }).fill('Otieno')
  await add.getByLabel('Works from').fill('08:00')
  await add.getByLabel('Works until').fill('17:00')
  await add.getByRole('combobox', { name: /^Their account/ }).selectOption('Peter Otieno')
  await add.getByRole('button', { name: 'Add resource' }).click()
  await expect(resources.getByRole('listitem', { name: 'Otieno' })).toContainText('Works 08:00–17:00 · Peter Otieno')

  // The first family: a four-hour burial takes the hearse and the driver, from 09:00 to 13:00 (offered from 08:00 to 13:00).
  await enterAt(page, DEMO.client.email, START, '/dashboard/client/book-service')
  const times = await burialOnDay(page, 'Wanjiru Njoroge')
  await expect(times.getByRole('button')).toHaveCount(11)
  await times.getByRole('button', { name: '09:00' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: 'Confirm Booking' }).click()
  // The mock draws the agreement's PDF on the page's own thread to hash it, which takes seconds on a
  // loaded machine; "Sign later" is tapped once the agreement is in, so the tap is not queued behind it.
  const agreement = page.getByRole('dialog', { name: 'Service agreement' })
  await expect(agreement.getByRole('button', { name: 'Open the agreement (PDF)' })).toBeVisible({ timeout: 30_000 })
  await agreement.getByRole('button', { name: 'Sign later' }).click()
  await expect(page).toHaveURL(/\/dashboard\/client\/bookings\/\d+$/)

  // The next family, that same day: the morning is gone, only 13:00 can still happen.
  await enterAt(page, 'john.mwangi@example.co.ke', START, '/dashboard/client/book-service')
  const left = await burialOnDay(page, 'Achieng Mwangi')
  await expect(left.getByRole('button')).toHaveText(['13:00'])

  // The day itself, 07:00: the driver opens his dashboard on a phone.
  const morning = new Date(`${DAY}T07:00:00+03:00`)
  await page.clock.setSystemTime(morning)
  await page.setViewportSize({ width: 375, height: 800 })
  await enterAt(page, DEMO.morgueAttendant.email, morning, '/dashboard/morgue')
  const day = page.getByRole('list', { name: 'My day' })
  await expect(day.getByRole('listitem')).toHaveCount(1)
  await expect(day.getByRole('listitem')).toContainText('09:00–13:00Wanjiru NjorogeAt: Hearse KCA 123A')
})
