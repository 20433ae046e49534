import { describe, expect, it, vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { db } from '../../mocks/node'
import { activateLocale } from '../../src/lib/i18n'
import { renderAt } from './render-app'
import { fakeScrolling, scrollEverywhere } from './scroll-kit'

vi.setConfig({ testTimeout: 30_000 })
fakeScrolling()

/** Switch the page on screen to Kiswahili, in place (as the header's "Kiswahili" button does). */
async function toKiswahili() {
  await act(async () => {
    await activateLocale('sw')
  })
}

describe('The public pages in Kiswahili', () => {
  it('home page: the welcome, the services with their prices, and the contact form with its checks', async () => {
    const user = userEvent.setup()
    await renderAt('/')
    await screen.findByRole('heading', { level: 1, name: 'Compassionate funeral services, when you need them most' })
    await toKiswahili()

    expect(screen.getByRole('heading', { level: 1, name: 'Huduma za mazishi zenye huruma, wakati unapozihitaji zaidi' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Jisajili sasa' })).toHaveAttribute('href', '/register')
    const services = screen.getByRole('region', { name: 'Huduma zetu' })
    expect(within(services).getByRole('heading', { name: 'Huduma za kuchoma mwili' })).toBeInTheDocument()
    expect(within(services).getByText('kuanzia KSH 3,000')).toBeInTheDocument()
    expect(within(services).getByText('ushauri bila malipo')).toBeInTheDocument()

    // The contact form comes when the visitor scrolls near it.
    scrollEverywhere()
    const form = await screen.findByRole('form', { name: 'Wasiliana nasi' })
    const send = within(form).getByRole('button', { name: 'Tuma ujumbe' })
    await vi.waitFor(() => expect(send).toBeEnabled())
    await user.click(send)
    expect(await within(form).findByText('Jina linahitajika')).toBeInTheDocument()
    expect(within(form).getByText('Barua pepe inahitajika')).toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: /^Ujumbe/ })).toBeInTheDocument()
  })

  it('sign-in screen: title, fields and links', async () => {
    await renderAt('/login')
    await screen.findByRole('form', { name: 'Sign in' })
    await toKiswahili()

    const form = screen.getByRole('form', { name: 'Ingia' })
    expect(within(form).getByRole('textbox', { name: /^Barua pepe/ })).toBeInTheDocument()
    expect(within(form).getByLabelText(/^Nenosiri/)).toHaveAttribute('type', 'password')
    expect(within(form).getByRole('checkbox', { name: 'Nikumbuke' })).toBeInTheDocument()
    expect(within(form).getByRole('link', { name: 'Umesahau nenosiri?' })).toHaveAttribute('href', '/forgot-password')
    expect(within(form).getByRole('link', { name: 'Fungua akaunti' })).toHaveAttribute('href', '/register')
  })

  it('a help resource: its headings and the way back home', async () => {
    await renderAt('/resources/legal')
    await screen.findByRole('heading', { level: 1, name: 'Legal requirements after a death in Kenya' })
    await toKiswahili()

    expect(screen.getByRole('heading', { level: 1, name: 'Mahitaji ya kisheria baada ya kifo nchini Kenya' })).toBeInTheDocument()
    const permit = screen.getByRole('region', { name: 'Kibali cha mazishi' })
    // The section keeps its link in both languages.
    expect(permit).toHaveAttribute('id', 'burial-permit')
    expect(screen.getByRole('navigation', { name: 'Msaada zaidi' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Rudi mwanzo' })).toHaveAttribute('href', '/')
  })

  it('contribution page: the summary and the form', async () => {
    const family = db.user.findFirst((q) => q.where({ email: 'family@funeral.test' }))!
    const booking = db.booking.findMany((q) => q.where({ client_id: family.id })).find((b) => b.payment_status === 'pending' && b.status !== 'cancelled')!
    const { seedLink } = await import('./contribution-kit')
    await renderAt(`/contribute/${(await seedLink(booking.id)).token}`)
    await screen.findByRole('heading', { level: 1, name: /^In memory of/ })
    await screen.findByRole('form', { name: 'Contribute by M-Pesa' })
    await toKiswahili()

    expect(screen.getByRole('heading', { level: 1, name: /^Kwa kumbukumbu ya / })).toBeInTheDocument()
    expect(screen.getByText(/bado zinadaiwa$/)).toBeInTheDocument()
    const form = screen.getByRole('form', { name: 'Changia kwa M-Pesa' })
    expect(within(form).getByRole('textbox', { name: /^Jina lako/ })).toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: /^Nambari ya simu ya M-Pesa/ })).toBeInTheDocument()
    expect(within(form).getByRole('button', { name: 'Changia' })).toBeInTheDocument()
  })
})
