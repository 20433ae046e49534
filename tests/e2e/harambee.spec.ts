import type { Browser, BrowserContext, Page } from '@playwright/test'
import { DEMO, axeViolations, enterAs, expect, expectNoSidewaysScroll, openSmsOutbox, test } from './fixtures'

/**
 * Harambee on the mock build, each person in a browser of their own: the family makes a link; a
 * relative on a phone-sized screen, not signed in, pays part; a second relative pays the rest; the
 * link then says the bill is settled; the family sees the booking paid and both contributions (and
 * the SMS in Demo tools); the admin's transactions list them. (The real server's run of the same
 * journey is in tests/server-browser.mjs.)
 *
 * The mock backend lives in each browser, its data in localStorage: to stand for the one server
 * behind everyone's browsers, each new browser starts from the data the last one left, and the
 * family's browser takes it back before it looks again.
 */
const MOCK_DB = 'afh-mock-db'
const PHONE = { width: 375, height: 812 }

const mockData = (page: Page) => page.evaluate((key) => localStorage.getItem(key) ?? '', MOCK_DB)

/** A new browser (no session) whose mock backend starts from `data`. */
async function browserWith(browser: Browser, baseURL: string | undefined, data: string, viewport = PHONE): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport })
  await context.addInitScript(
    ([key, value]) => {
      try {
        // Once per tab: later loads keep what this browser has done since.
        if (sessionStorage.getItem('afh-e2e-carried')) return
        sessionStorage.setItem('afh-e2e-carried', '1')
        localStorage.setItem(key, value)
        localStorage.setItem('afh-mock-latency', 'off')
      } catch {
        /* about:blank has no storage */
      }
    },
    [MOCK_DB, data] as const,
  )
  return context
}

/** A relative opens the link on a phone and gives `amount` (the whole of what is still due when null). */
async function relativeGives(context: BrowserContext, url: string, who: { name: string; phone: string; amount: number | null; anonymous?: boolean }) {
  const relative = await context.newPage()
  relative.on('pageerror', (err) => {
    throw err
  })
  // The page's clock, so the test moves through the M-Pesa checks (5 s apart) instead of waiting.
  await relative.clock.install()
  await relative.goto(url)
  await expect(relative.getByRole('heading', { level: 1, name: /^In memory of/ })).toBeVisible()
  await expect(relative.getByText('Thank you for standing with us.')).toBeVisible()
  await expectNoSidewaysScroll(relative)
  expect(await axeViolations(relative)).toEqual([])
  const due = Number(((await relative.getByText(/still due$/).textContent()) ?? '').replace(/\D/g, ''))
  const amount = who.amount ?? due
  await relative.getByLabel('Your name').fill(who.name)
  await relative.getByLabel('M-Pesa phone number').fill(who.phone)
  await relative.getByLabel('Amount (KSH)').fill(String(amount))
  if (who.anonymous) await relative.getByLabel(/Stay anonymous/).check()
  await relative.getByRole('button', { name: `Contribute KSH ${amount.toLocaleString('en-KE')}` }).click()
  await expect(relative.getByText('Check your phone')).toBeVisible()
  // A second at a time: the page sets its next 5 s wait only once it has the last answer.
  const thanks = relative.getByText(`Thank you, ${who.name.split(' ')[0]}.`)
  await expect
    .poll(
      async () => {
        await relative.clock.runFor(1000)
        return thanks.isVisible()
      },
      { intervals: [50], timeout: 30_000 },
    )
    .toBe(true)
  // Nobody's phone number is on the page, only the relative's own in the prompt's words.
  await expect(relative.getByRole('list', { name: 'Contributions so far' })).not.toContainText(/07\d{2}|254/)
  return { relative, due, amount }
}

test('harambee: a family shares a link, two relatives on phones pay the bill, the family and the admin see it', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000)
  // The family, from its payments screen, reaches the card on the booking's page.
  await enterAs(page, DEMO.client, '/dashboard/client/payments')
  await page.getByRole('link', { name: 'Invite contributions' }).first().click()
  await expect(page).toHaveURL(/\/dashboard\/client\/bookings\/\d+#booking-contributions$/)
  const bookingUrl = page.url()
  const card = page.locator('#booking-contributions')
  await card.getByLabel(/A message for those you invite/).fill('Thank you for standing with us.')
  await card.getByRole('button', { name: 'Invite contributions' }).click()
  const url = await card.getByLabel('Contribution link').inputValue()
  expect(url).toMatch(/\/contribute\/[A-Za-z0-9_-]{43}$/)
  expect(decodeURIComponent((await card.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')) ?? '')).toContain(url)
  expect(await axeViolations(page)).toEqual([])

  // The first relative gives part, and asks to stay anonymous to others.
  const first = await browserWith(browser, baseURL, await mockData(page))
  const one = await relativeGives(first, url, { name: 'Otieno Odhiambo', phone: '0712345678', amount: 1000, anonymous: true })
  await expect(one.relative.getByRole('list', { name: 'Contributions so far' })).toContainText('A well-wisher')
  await expect(one.relative.getByRole('button', { name: 'Give again' })).toBeVisible()
  const afterFirst = await mockData(one.relative)
  await first.close()

  // The second relative, in yet another browser, gives all that is still due.
  const second = await browserWith(browser, baseURL, afterFirst)
  const two = await relativeGives(second, url, { name: 'Akinyi Atieno', phone: '0712000444', amount: null })
  expect(two.due).toBe(one.due - 1000)
  await expect(two.relative.getByRole('heading', { name: 'The funeral bill has been paid in full' })).toBeVisible()
  await expect(two.relative.getByText('KSH 0 still due')).toBeVisible()
  await expect(two.relative.getByRole('list', { name: 'Contributions so far' })).toContainText('Akinyi')
  await expect(two.relative.getByRole('button', { name: 'Give again' })).toBeHidden()
  expect(await axeViolations(two.relative)).toEqual([])
  // A reload shows the settled page, with no form.
  await two.relative.reload()
  await expect(two.relative.getByRole('heading', { name: 'The funeral bill has been paid in full' })).toBeVisible()
  await expect(two.relative.getByLabel('Your name')).toHaveCount(0)
  const settled = await mockData(two.relative)
  await second.close()

  // The family's booking: paid, both contributions, the link closed by itself.
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [MOCK_DB, settled] as const)
  await page.reload()
  await expect(page).toHaveURL(bookingUrl)
  const summary = page.getByRole('heading', { name: 'Summary' }).locator('..')
  await expect(summary.getByText('Paid', { exact: true })).toBeVisible()
  const received = page.locator('#booking-contributions').getByRole('list', { name: 'Received' })
  await expect(received.getByRole('listitem')).toHaveCount(2)
  await expect(received).toContainText('Otieno Odhiambo')
  await expect(received).toContainText('KSH 1,000')
  await expect(received).toContainText('Akinyi Atieno')
  await expect(received).toContainText(`KSH ${two.amount.toLocaleString('en-KE')}`)
  await expect(page.locator('#booking-contributions')).toContainText('Nothing is due any more: the link has closed by itself.')
  // Demo tools keep the SMS the mock does not send: the family's word and each relative's thanks.
  const outbox = await openSmsOutbox(page)
  await expect(outbox).toContainText(`Otieno Odhiambo contributed KSH 1,000; KSH ${(one.due - 1000).toLocaleString('en-KE')} still due`)
  await expect(outbox).toContainText(`Akinyi Atieno contributed KSH ${two.amount.toLocaleString('en-KE')}; KSH 0 still due`)
  await expect(outbox.getByText(/thank you for your contribution of KSH 1,000 .* M-Pesa receipt [A-Z0-9]{10}\./)).toBeVisible()

  // The admin's transactions list both, by the relatives' names.
  const office = await browserWith(browser, baseURL, settled, { width: 1280, height: 800 })
  const admin = await office.newPage()
  await enterAs(admin, DEMO.admin, '/dashboard/admin/reports')
  const transactions = admin.getByRole('region', { name: 'Transactions' })
  await expect(transactions).toContainText('Otieno Odhiambo (contribution)')
  await expect(transactions).toContainText('Akinyi Atieno (contribution)')
  await office.close()
})
