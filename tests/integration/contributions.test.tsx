import { describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { db, server } from '../../mocks/node'
import { paths } from '../../src/app/paths'
import { findToast, renderAt } from './render-app'

vi.setConfig({ testTimeout: 60_000 })

/** The demo family's first booking with money due. */
function unpaidBooking() {
  const family = db.user.findFirst((q) => q.where({ email: 'family@funeral.test' }))!
  return db.booking.findMany((q) => q.where({ client_id: family.id })).find((b) => b.payment_status === 'pending' && b.status !== 'cancelled')!
}

describe('Harambee', () => {
  it('the family makes a contribution link on the booking page, with its words, to share', async () => {
    const user = userEvent.setup()
    const booking = unpaidBooking()
    await renderAt(paths.client.booking(String(booking.id)), { as: 'client' })
    // The file's first screen loads the booking page's code: slow on a busy machine.
    const card = await screen.findByRole('heading', { name: 'Contributions (harambee)' }, { timeout: 15_000 }).then((h) => h.closest('#booking-contributions') as HTMLElement)
    await user.type(within(card).getByRole('textbox', { name: /A message for those you invite/ }), 'Any amount helps.')
    await user.click(within(card).getByRole('button', { name: 'Invite contributions' }))
    await findToast('Your contribution link is ready to share')
    const link = db.contributionLink.findFirst((q) => q.where({ booking_id: booking.id }))!
    expect(link.message).toBe('Any amount helps.')
    expect(await within(card).findByRole('textbox', { name: 'Contribution link' })).toHaveValue(`${location.origin}/contribute/${link.token}`)
    const whatsapp = within(card).getByRole('link', { name: 'Share on WhatsApp' })
    expect(decodeURIComponent(whatsapp.getAttribute('href') ?? '')).toContain(`/contribute/${link.token}`)
    // By SMS: the family's words, then the sentence with the link, in the message's body.
    const sms = within(card).getByRole('link', { name: 'Share by SMS' }).getAttribute('href') ?? ''
    expect(sms.startsWith('sms:')).toBe(true)
    const body = decodeURIComponent(sms.replace(/^sms:\?&body=/, ''))
    expect(body).toMatch(/^Any amount helps\.\n\nContributions towards the funeral of .+ can be made by M-Pesa here: /)
    expect(body.endsWith(`${location.origin}/contribute/${link.token}`)).toBe(true)
    // Copy: the link goes to the clipboard and the family is told.
    await user.click(within(card).getByRole('button', { name: 'Copy link' }))
    await findToast('Link copied')
    expect(await navigator.clipboard.readText()).toBe(`${location.origin}/contribute/${link.token}`)
    // A clipboard that refuses (a page not on HTTPS, an older phone): the link is selected in its box, and the family is told to copy it.
    const refuse = vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('Write permission denied.'))
    try {
      await user.click(within(card).getByRole('button', { name: 'Copy link' }))
      await findToast('Select the link above and copy it.')
      const box = within(card).getByRole('textbox', { name: 'Contribution link' }) as HTMLInputElement
      expect(document.activeElement).toBe(box)
      expect(box.value.slice(box.selectionStart ?? 0, box.selectionEnd ?? 0)).toBe(box.value)
    } finally {
      refuse.mockRestore()
    }
  })

  it('a relative, not signed in, gives part of what is due by M-Pesa and is thanked; the page shows it', async () => {
    // The payment machine checks every 5 s: fake timers (that also run by themselves) move it on.
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const booking = unpaidBooking()
    const { seedLink, checkPaymentUntil } = await import('./contribution-kit')
    const { token } = await seedLink(booking.id)
    await renderAt(`/contribute/${token}`)
    expect(await screen.findByRole('heading', { level: 1, name: /^In memory of/ })).toBeInTheDocument()
    expect(screen.getByText(/still due$/)).toBeInTheDocument()
    await user.type(await screen.findByRole('textbox', { name: /Your name/ }), 'Otieno Odhiambo')
    await user.type(screen.getByRole('textbox', { name: /M-Pesa phone number/ }), '0712345678')
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '1000')
    await user.click(screen.getByRole('button', { name: 'Contribute KSH 1,000' }))
    expect(await screen.findByText('Check your phone')).toBeInTheDocument()
    await checkPaymentUntil(() => expect(screen.getByText('Thank you, Otieno.')).toBeInTheDocument())
    vi.useRealTimers()
    await waitFor(() => expect(screen.getByRole('list', { name: 'Contributions so far' })).toHaveTextContent('Otieno'))
    const paid = db.payment.findMany((q) => q.where({ booking_id: booking.id, status: 'completed' }))
    expect(paid).toContainEqual(expect.objectContaining({ amount: 1000, contributor_name: 'Otieno Odhiambo' }))
  })

  it('refuses an amount above what is due and a missing name, and sends nothing', async () => {
    const user = userEvent.setup()
    const booking = unpaidBooking()
    const { seedLink } = await import('./contribution-kit')
    const { token } = await seedLink(booking.id)
    await renderAt(`/contribute/${token}`)
    await user.type(await screen.findByRole('textbox', { name: /Amount/ }), String(booking.total_amount + 1))
    await user.click(screen.getByRole('button', { name: 'Contribute' }))
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument()
    expect(screen.getByText(/Amount cannot be more than the KSH [\d,]+ still due/)).toBeInTheDocument()
    expect(db.mpesaRequest.findMany((q) => q.where({ booking_id: booking.id }))).toHaveLength(0)
  })

  it('the family sees each contribution (name, amount, time, message) and thanks the relative by SMS', async () => {
    const user = userEvent.setup()
    const booking = unpaidBooking()
    const { seedLink, seedContribution } = await import('./contribution-kit')
    const { id: linkId } = await seedLink(booking.id)
    const at = new Date(Date.now() - 3_600_000).toISOString()
    await seedContribution(booking, linkId, { name: 'Otieno Odhiambo', amount: 1500, message: 'Pole sana, we are with you.', at, receipt: 'SLK4H7R2XQ' })
    await seedContribution(booking, linkId, { name: 'Wanjiru Kamau', amount: 700, anonymous: true })
    await renderAt(paths.client.booking(String(booking.id)), { as: 'client' })
    const list = await screen.findByRole('list', { name: 'Received' })
    const otieno = within(list).getByText('Otieno Odhiambo').closest('li') as HTMLElement
    expect(otieno).toHaveTextContent('KSH 1,500')
    const { formatDateTime } = await import('../../src/lib/format')
    expect(otieno).toHaveTextContent(formatDateTime(at))
    expect(otieno).toHaveTextContent('SLK4H7R2XQ')
    expect(otieno).toHaveTextContent('“Pole sana, we are with you.”')
    // The family sees who gave, even when others see "A well-wisher"; never the whole phone number.
    expect(within(list).getByText('Wanjiru Kamau').closest('li')).toHaveTextContent('(asked to stay anonymous to others)')
    expect(list).not.toHaveTextContent('254712345678')
    await user.click(within(otieno).getByRole('button', { name: 'Say thank you' }))
    await findToast('Thank-you message sent')
    expect(await within(otieno).findByText('Thanked')).toBeInTheDocument()
    expect(within(otieno).queryByRole('button', { name: 'Say thank you' })).toBeNull()
    const sms = db.sms.findMany((q) => q.where({ kind: 'contribution' }))
    expect(sms).toContainEqual(expect.objectContaining({ to_phone: '+254712345678', body: expect.stringContaining('thanks you for your contribution') }))
  })

  it('shows contributors\' names and words as plain text: markup in them never runs', async () => {
    const booking = unpaidBooking()
    const { seedLink, seedContribution } = await import('./contribution-kit')
    const { token, id: linkId } = await seedLink(booking.id)
    const name = '<img src=x onerror="window.__pwned=1">Eve'
    await seedContribution(booking, linkId, { name, amount: 100, message: '<b>bold</b><script>window.__pwned=1</script>' })
    const view = await renderAt(`/contribute/${token}`)
    // The page shows the first word of the name as it was typed, as text.
    expect(await screen.findByText('<img')).toBeInTheDocument()
    expect(view.container.querySelector('img[src="x"], b, script')).toBeNull()
    view.unmount()
    await renderAt(paths.client.booking(String(booking.id)), { as: 'client' })
    const list = await screen.findByRole('list', { name: 'Received' })
    expect(within(list).getByText(name)).toBeInTheDocument()
    expect(within(list).getByText('“<b>bold</b><script>window.__pwned=1</script>”')).toBeInTheDocument()
    expect(list.querySelector('img, b, script')).toBeNull()
    expect((window as { __pwned?: number }).__pwned).toBeUndefined()
  })

  it('a link the family closed says so kindly, with the home\'s contact, and offers no form', async () => {
    const booking = unpaidBooking()
    const { seedLink } = await import('./contribution-kit')
    const { token } = await seedLink(booking.id, new Date().toISOString())
    await renderAt(`/contribute/${token}`)
    const heading = await screen.findByRole('heading', { name: 'This contribution page is closed' })
    const panel = heading.closest('section') as HTMLElement
    expect(panel).toHaveTextContent('The family is no longer collecting contributions here.')
    expect(within(panel).getByRole('link', { name: '+254 700 000 000' })).toHaveAttribute('href', 'tel:+254700000000')
    expect(within(panel).getByRole('link', { name: /@/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:/))
    expect(screen.queryByRole('textbox', { name: /Your name/ })).toBeNull()
  })

  it('a settled bill says so, with the contributions that paid it', async () => {
    const booking = unpaidBooking()
    const { seedLink, seedContribution } = await import('./contribution-kit')
    const { token, id: linkId } = await seedLink(booking.id)
    await seedContribution(booking, linkId, { name: 'Rose Achieng', amount: booking.total_amount })
    await renderAt(`/contribute/${token}`)
    expect(await screen.findByRole('heading', { name: 'The funeral bill has been paid in full' })).toBeInTheDocument()
    expect(screen.getByText('KSH 0 still due')).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Contributions so far' })).toHaveTextContent('Rose')
    expect(screen.queryByRole('textbox', { name: /Your name/ })).toBeNull()
  })

  it('a link 30 days past the service says it has ended (the clock moved, not today\'s date)', async () => {
    const booking = unpaidBooking()
    const day = booking.lines.map((l) => l.scheduled_date).sort().at(-1)!.slice(0, 10)
    const { seedLink } = await import('./contribution-kit')
    const { token } = await seedLink(booking.id)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.parse(`${day}T00:30:00+03:00`) + 31 * 86_400_000)
    try {
      await renderAt(`/contribute/${token}`)
      const heading = await screen.findByRole('heading', { name: 'This contribution page has ended' })
      expect(heading.closest('section')).toHaveTextContent('Contributions were collected until 30 days after the funeral.')
      expect(within(heading.closest('section') as HTMLElement).getByRole('link', { name: '+254 700 000 000' })).toBeInTheDocument()
    } finally {
      vi.useRealTimers()
    }
  })

  it('a cancelled booking keeps its contributions listed, the link closed; a booking paid without harambee shows no card', async () => {
    const booking = unpaidBooking()
    const { seedLink, seedContribution } = await import('./contribution-kit')
    const { id: linkId } = await seedLink(booking.id)
    await seedContribution(booking, linkId, { name: 'Otieno Odhiambo', amount: 1500 })
    await db.booking.update((q) => q.where({ id: booking.id }), { data: (b) => void (b.status = 'cancelled') })
    const view = await renderAt(paths.client.booking(String(booking.id)), { as: 'client' })
    const list = await screen.findByRole('list', { name: 'Received' }, { timeout: 15_000 })
    expect(list).toHaveTextContent('Otieno Odhiambo')
    const card = list.closest('#booking-contributions') as HTMLElement
    expect(card).toHaveTextContent('The link is closed: nobody can contribute through it.')
    expect(within(card).queryByRole('button', { name: /Invite contributions|Make a new link/ })).toBeNull()
    view.unmount()
    const family = db.user.findFirst((q) => q.where({ email: 'family@funeral.test' }))!
    const paid = db.booking.findMany((q) => q.where({ client_id: family.id })).find((b) => b.payment_status === 'paid' && b.status !== 'cancelled')!
    // The card asks the server first: its answer must have come before the card can be said to be absent.
    let answered = false
    const listener = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === `/api/bookings/${paid.id}/contributions`) answered = true
    }
    server.events.on('response:mocked', listener)
    try {
      await renderAt(paths.client.booking(String(paid.id)), { as: 'client' })
      expect(await screen.findByRole('heading', { name: 'Summary' }, { timeout: 15_000 })).toBeInTheDocument()
      await waitFor(() => expect(answered).toBe(true))
      await act(async () => {})
      expect(screen.queryByRole('heading', { name: 'Contributions (harambee)' })).toBeNull()
    } finally {
      server.events.removeListener('response:mocked', listener)
    }
  })

  it('an unknown link says so kindly, with the home\'s contact', async () => {
    await renderAt('/contribute/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')
    const heading = await screen.findByRole('heading', { name: 'We could not find this contribution page' })
    const panel = heading.closest('section') as HTMLElement
    expect(within(panel).getByRole('link', { name: '+254 700 000 000' })).toHaveAttribute('href', 'tel:+254700000000')
  })
  it('the family publishes a tribute page from the booking, its programme filled in from the booking, shares it and approves a condolence', async () => {
    const user = userEvent.setup()
    const booking = unpaidBooking()
    await renderAt(paths.client.booking(String(booking.id)), { as: 'client' })
    const card = await screen.findByRole('heading', { name: 'Tribute page' }, { timeout: 15_000 }).then((h) => h.closest('#booking-tribute') as HTMLElement)
    // The booking's latest service time and venue start the programme.
    const last = booking.lines.map((l) => l.scheduled_date).sort().at(-1)!
    // Written the Kenyan way whatever the phone's locale: DD/MM/YYYY and 24 hours.
    const [day, clock] = last.slice(0, 16).split('T') as [string, string]
    const programmeTime = within(card).getByRole('group', { name: 'Date and time (Nairobi)' })
    expect(within(programmeTime).getByRole('textbox', { name: /^Date/ })).toHaveValue(`${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`)
    expect(within(programmeTime).getByRole('textbox', { name: /^Time \(Nairobi, 24 hours\)/ })).toHaveValue(clock)
    expect(within(card).getByRole('textbox', { name: /Event/ })).toHaveValue('Funeral service')
    await user.type(within(card).getByRole('textbox', { name: 'Life story' }), 'She loved her garden.')
    const born = within(card).getByRole('textbox', { name: /Date of birth/ })
    await user.type(born, '31/02/1950')
    await user.tab()
    expect(await within(card).findByText('Enter a day as DD/MM/YYYY')).toBeInTheDocument()
    // Saved as it is, nothing is sent: the box says what is wrong.
    await user.click(within(card).getByRole('button', { name: 'Save the tribute page' }))
    expect(db.tribute.findFirst((q) => q.where({ booking_id: booking.id }))).toBeFalsy()
    await user.clear(born)
    await user.type(born, '3/12/1950')
    await user.tab()
    expect(born).toHaveValue('03/12/1950')
    expect(within(card).queryByText('Enter a day as DD/MM/YYYY')).toBeNull()
    await user.click(within(card).getByRole('switch', { name: /Published/ }))
    await user.click(within(card).getByRole('button', { name: 'Save the tribute page' }))
    await findToast('Tribute page saved')
    const tribute = db.tribute.findFirst((q) => q.where({ booking_id: booking.id }))!
    expect(tribute).toMatchObject({ published: true, story: 'She loved her garden.', born: '1950-12-03', events: [expect.objectContaining({ title: 'Funeral service', starts_at: last.slice(0, 16), place: booking.venue ?? '' })] })
    expect(await within(card).findByRole('textbox', { name: 'Tribute page link' })).toHaveValue(`${location.origin}/t/${tribute.slug}`)
    expect(decodeURIComponent(within(card).getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href') ?? '')).toMatch(new RegExp(`^https://wa\\.me/\\?text=In loving memory of .+/t/${tribute.slug}$`))
    expect(within(card).getByRole('link', { name: 'Share by SMS' }).getAttribute('href')).toMatch(/^sms:\?&body=/)

    // A relative's message waits for the family: approved, it is shown on the page.
    await db.tributeCondolence.create({ id: 900, tribute_id: tribute.id, name: 'Otieno', message: 'Pole sana', status: 'pending', created_at: new Date().toISOString() })
    await user.click(within(card).getByRole('button', { name: 'Save the tribute page' }))
    const list = await within(card).findByRole('list', { name: 'Condolences' })
    expect(list).toHaveTextContent('Waiting for you to approve')
    await user.click(within(list).getByRole('button', { name: 'Approve' }))
    await findToast('Condolence updated')
    await waitFor(() => expect(list).toHaveTextContent('Shown on the page'))
    expect(db.tributeCondolence.findFirst((q) => q.where({ id: 900 }))?.status).toBe('approved')
  })
  it('on the mock build the SPA draws the tribute page from the API: programme, approved condolences only, and a condolence that waits for the family', async () => {
    const user = userEvent.setup()
    const booking = unpaidBooking()
    await db.tribute.create({ id: 1, booking_id: booking.id, slug: 'abcdefghijkm', published: true, findable: false, story: 'She loved her garden.', born: null, livestream_url: null, events: [{ title: 'Burial', starts_at: '2026-12-06T11:00', place: 'Siaya', map_url: '' }], updated_at: new Date().toISOString() })
    await db.tributeCondolence.create({ id: 901, tribute_id: 1, name: 'Shown', message: 'Approved words', status: 'approved', created_at: new Date().toISOString() })
    await db.tributeCondolence.create({ id: 902, tribute_id: 1, name: 'Waiting', message: 'Pending words', status: 'pending', created_at: new Date().toISOString() })
    await renderAt('/t/abcdefghijkm')
    const d = db.deceased.findFirst((q) => q.where({ id: booking.deceased_id }))!
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 })).toHaveTextContent(`${d.first_name} ${d.last_name}`)
    const programme = screen.getByRole('list', { name: 'Funeral programme' })
    expect(programme).toHaveTextContent('Sunday, 6 December 2026 at 11:00')
    expect(within(programme).getByRole('link', { name: 'Map and directions' })).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=Siaya')
    expect(screen.getByRole('list', { name: 'Condolences' })).toHaveTextContent('Approved words')
    expect(screen.queryByText('Pending words')).toBeNull()
    await user.type(screen.getByRole('textbox', { name: /Your name/ }), 'Akinyi')
    await user.type(screen.getByRole('textbox', { name: /Your message/ }), 'Pole sana')
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    expect(await screen.findByText('Thank you. Your message will show once the family has read it.')).toBeInTheDocument()
    expect(db.tributeCondolence.findFirst((q) => q.where({ name: 'Akinyi' }))?.status).toBe('pending')
  })
})
