import { describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { db } from '../../mocks/node'
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
    const card = await screen.findByRole('heading', { name: 'Contributions (harambee)' }).then((h) => h.closest('#booking-contributions') as HTMLElement)
    await user.type(within(card).getByRole('textbox', { name: /A message for those you invite/ }), 'Any amount helps.')
    await user.click(within(card).getByRole('button', { name: 'Invite contributions' }))
    await findToast('Your contribution link is ready to share')
    const link = db.contributionLink.findFirst((q) => q.where({ booking_id: booking.id }))!
    expect(link.message).toBe('Any amount helps.')
    expect(await within(card).findByRole('textbox', { name: 'Contribution link' })).toHaveValue(`${location.origin}/contribute/${link.token}`)
    const whatsapp = within(card).getByRole('link', { name: 'Share on WhatsApp' })
    expect(decodeURIComponent(whatsapp.getAttribute('href') ?? '')).toContain(`/contribute/${link.token}`)
  })

  it('a relative, not signed in, gives part of what is due by M-Pesa and is thanked; the page shows it', async () => {
    // The payment machine checks every 5 s: fake timers (that also run by themselves) move it on.
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const booking = unpaidBooking()
    const { seedLink } = await import('./contribution-kit')
    const token = await seedLink(booking.id)
    await renderAt(`/contribute/${token}`)
    expect(await screen.findByRole('heading', { level: 1, name: /^In memory of/ })).toBeInTheDocument()
    expect(screen.getByText(/still due$/)).toBeInTheDocument()
    await user.type(await screen.findByRole('textbox', { name: /Your name/ }), 'Otieno Odhiambo')
    await user.type(screen.getByRole('textbox', { name: /M-Pesa phone number/ }), '0712345678')
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '1000')
    await user.click(screen.getByRole('button', { name: 'Contribute KSH 1,000' }))
    expect(await screen.findByText('Check your phone')).toBeInTheDocument()
    await waitFor(
      async () => {
        await act(async () => {
          await vi.advanceTimersByTimeAsync(500)
        })
        expect(screen.getByText('Thank you, Otieno.')).toBeInTheDocument()
      },
      { timeout: 60_000, interval: 10 },
    )
    vi.useRealTimers()
    await waitFor(() => expect(screen.getByRole('list', { name: 'Contributions so far' })).toHaveTextContent('Otieno'))
    const paid = db.payment.findMany((q) => q.where({ booking_id: booking.id, status: 'completed' }))
    expect(paid).toContainEqual(expect.objectContaining({ amount: 1000, contributor_name: 'Otieno Odhiambo' }))
  })

  it('refuses an amount above what is due and a missing name, and sends nothing', async () => {
    const user = userEvent.setup()
    const booking = unpaidBooking()
    const { seedLink } = await import('./contribution-kit')
    const token = await seedLink(booking.id)
    await renderAt(`/contribute/${token}`)
    await user.type(await screen.findByRole('textbox', { name: /Amount/ }), String(booking.total_amount + 1))
    await user.click(screen.getByRole('button', { name: 'Contribute' }))
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument()
    expect(screen.getByText(/Amount cannot be more than the KSH [\d,]+ still due/)).toBeInTheDocument()
    expect(db.mpesaRequest.findMany((q) => q.where({ booking_id: booking.id }))).toHaveLength(0)
  })

  it('an unknown link says so kindly, with the home\'s contact', async () => {
    await renderAt('/contribute/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')
    const heading = await screen.findByRole('heading', { name: 'We could not find this contribution page' })
    const panel = heading.closest('section') as HTMLElement
    expect(within(panel).getByRole('link', { name: '+254 700 000 000' })).toHaveAttribute('href', 'tel:+254700000000')
  })
})
