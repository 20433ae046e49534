import { DEMO, enterAs, expect, expectNoSidewaysScroll, axeViolations, openInApp, openSmsOutbox, signIn, signOut, test } from './fixtures'

/**
 * A family writes about a booking, the attendant assigned to it answers, the family sees the answer
 * and its dashboard counter moves; the admin finds the SMS the family will get if they do not read it,
 * and Demo tools shows the same outbox. The mock keeps its data in this browser, so the three people
 * take turns in one tab. On a phone the side menu is a drawer: the unread count is on its button.
 */
for (const width of [1280, 375]) {
  test(`at ${width} px: a family writes, the attendant answers, the family reads it and the SMS waits in the outbox`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 })
    const phone = width < 900
    /** The side menu's Messages entry (on a phone, the menu button) says how many are unread. */
    const expectUnread = async (n: number) => {
      if (phone) {
        await expect(page.getByRole('button', { name: n > 0 ? `Open menu, ${n} unread` : 'Open menu', exact: true })).toBeVisible()
      } else {
        const link = page.getByRole('navigation', { name: /menu/ }).getByRole('link', { name: /Messages/ })
        if (n > 0) await expect(link).toContainText(String(n))
        else await expect(link).not.toContainText(/\d/)
      }
    }

    await signIn(page, DEMO.client)
    await expect(page).toHaveURL(/\/dashboard\/client$/)
    await openInApp(page, '/dashboard/client/messages')
    const threads = page.getByRole('list', { name: 'Conversations' })
    await expect(threads.getByRole('link').first()).toBeVisible()
    // Rose Achieng's booking is the one the seed assigns to the demo attendant.
    await threads.getByRole('link', { name: /In memory of Rose Achieng/ }).click()
    const log = page.getByRole('log', { name: 'Conversation' })
    await expect(log.getByText(/Welcome to Amani Funeral Home messages/)).toBeVisible()
    await page.getByLabel('Your message').fill('Can we view the body on Friday evening?')
    await page.getByRole('button', { name: 'Send' }).click()
    await expect(log.getByText('Can we view the body on Friday evening?')).toBeVisible()
    await expect(page.getByLabel('Your message')).toHaveValue('')
    await signOut(page)

    await signIn(page, DEMO.morgueAttendant)
    await expect(page).toHaveURL(/\/dashboard\/morgue$/)
    await expectUnread(1)
    await openInApp(page, '/dashboard/morgue/messages')
    await page.getByRole('link', { name: /Rose Achieng.*1 unread message.*Mary Achieng · Booking #\d+/ }).click()
    await expect(page.getByRole('log', { name: 'Conversation' }).getByText('Can we view the body on Friday evening?')).toBeVisible()
    await expect(page.getByRole('log', { name: 'Conversation' }).getByText(/Mary Achieng \(Family\)/)).toBeVisible()
    await page.getByLabel('Your message').fill('Yes, from 5 pm to 7 pm. Please bring an ID.')
    await page.getByLabel('Your message').press('Enter')
    await expect(page.getByRole('log', { name: 'Conversation' }).getByText('Yes, from 5 pm to 7 pm. Please bring an ID.')).toBeVisible()
    await expectUnread(0)
    await signOut(page)

    await signIn(page, DEMO.client)
    await expect(page).toHaveURL(/\/dashboard\/client$/)
    await expectUnread(1)
    await openInApp(page, '/dashboard/client/messages')
    await page.getByRole('link', { name: /In memory of Rose Achieng.*1 unread message/ }).click()
    await expect(page.getByRole('log', { name: 'Conversation' }).getByText(/Peter Otieno \(our team\)/)).toBeVisible()
    await expect(page.getByRole('log', { name: 'Conversation' }).getByText('Yes, from 5 pm to 7 pm. Please bring an ID.')).toBeVisible()
    await expectUnread(0)
    await signOut(page)

    await signIn(page, DEMO.admin)
    await expect(page).toHaveURL(/\/dashboard\/admin$/)
    await openInApp(page, '/dashboard/admin/messages/sms')
    const row = page.getByRole('row', { name: /new message about Rose Achieng/ })
    await expect(row).toBeVisible()
    // Read within the delay: the SMS is not needed any more.
    await expect(row).toContainText(/Waiting|Not needed/)
    // The mock's own outbox, as Demo tools shows it.
    const outbox = await openSmsOutbox(page)
    await expect(outbox.getByText(/Amani Funeral Home: you have a new message about Rose Achieng/)).toBeVisible()
    await outbox.getByRole('button', { name: 'Close' }).click()
  })
}

for (const width of [1280, 375]) {
  test(`the messages screens at ${width} px: no sideways scroll, no axe violations`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 })
    await enterAs(page, DEMO.client, '/dashboard/client/messages')
    await page.getByRole('list', { name: 'Conversations' }).getByRole('link').first().click()
    await expect(page.getByRole('log', { name: 'Conversation' }).getByText(/Welcome to Amani/)).toBeVisible()
    await expectNoSidewaysScroll(page)
    expect(await axeViolations(page)).toEqual([])
    await signOut(page)
    await enterAs(page, DEMO.admin, '/dashboard/admin/messages/sms')
    await expect(page.getByRole('heading', { level: 1, name: 'Messages sent' })).toBeVisible()
    await expectNoSidewaysScroll(page)
    expect(await axeViolations(page)).toEqual([])
    await openInApp(page, '/dashboard/admin/messages')
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
}

test('what is typed stays in the box when a tablet turns across the two-column width', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  await enterAs(page, DEMO.client, '/dashboard/client/messages')
  await page.getByRole('list', { name: 'Conversations' }).getByRole('link').first().click()
  await expect(page.getByRole('log', { name: 'Conversation' }).getByText(/Welcome to Amani/)).toBeVisible()
  await page.getByLabel('Your message').fill('Half-written question about the chapel')
  await page.setViewportSize({ width: 768, height: 1024 })
  await expect(page.getByRole('link', { name: /All conversations/ })).toBeVisible()
  await expect(page.getByLabel('Your message')).toHaveValue('Half-written question about the chapel')
  await page.setViewportSize({ width: 1024, height: 768 })
  await expect(page.getByRole('list', { name: 'Conversations' })).toBeVisible()
  await expect(page.getByLabel('Your message')).toHaveValue('Half-written question about the chapel')
})
