import { describe, expect, it, vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { db, server } from '../../mocks/node'
import { MSG_TOO_MANY_REQUESTS } from '../../shared/contracts/limits'
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

  it('contribution page: its checks and M-Pesa\'s reason are said in Kiswahili too', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const family = db.user.findFirst((q) => q.where({ email: 'family@funeral.test' }))!
    const booking = db.booking.findMany((q) => q.where({ client_id: family.id })).find((b) => b.payment_status === 'pending' && b.status !== 'cancelled')!
    const { seedLink, checkPaymentUntil } = await import('./contribution-kit')
    await renderAt(`/contribute/${(await seedLink(booking.id)).token}`)
    const englishForm = await screen.findByRole('form', { name: 'Contribute by M-Pesa' })
    // A check said in English, then the language changed: the check follows it.
    await user.click(within(englishForm).getByRole('button', { name: 'Contribute' }))
    expect(await within(englishForm).findByText('Please enter your name')).toBeInTheDocument()
    await toKiswahili()
    const form = screen.getByRole('form', { name: 'Changia kwa M-Pesa' })
    expect(within(form).getByText('Tafadhali weka jina lako')).toBeInTheDocument()
    // No amount typed: the home's words, not the schema library's "Invalid input".
    expect(within(form).getByText('Weka kiasi kamili kwa KSH, angalau 1')).toBeInTheDocument()
    expect(within(form).queryByText(/Invalid input/)).not.toBeInTheDocument()
    await user.type(within(form).getByRole('textbox', { name: /^Nambari ya simu ya M-Pesa/ }), '0612')
    await user.click(within(form).getByRole('button', { name: 'Changia' }))
    expect(await within(form).findByText('Weka nambari ya Safaricom kama 0712345678')).toBeInTheDocument()
    expect(screen.queryByText(/Enter a Safaricom/)).not.toBeInTheDocument()

    // A phone with too little money: M-Pesa's final "no", with its reason in Kiswahili.
    await user.type(within(form).getByRole('textbox', { name: /^Jina lako/ }), 'Otieno Odhiambo')
    const phone = within(form).getByRole('textbox', { name: /^Nambari ya simu ya M-Pesa/ })
    await user.clear(phone)
    await user.type(phone, '0712340001')
    await user.type(within(form).getByRole('textbox', { name: /^Kiasi/ }), '100')
    await user.click(within(form).getByRole('button', { name: /^Changia KSH/ }))
    await checkPaymentUntil(() => expect(screen.getByText('Malipo hayakukamilika')).toBeInTheDocument())
    vi.useRealTimers()
    expect(screen.getByText('Hakukuwa na pesa za kutosha kwenye akaunti ya M-Pesa kwa malipo haya.')).toBeInTheDocument()
    expect(screen.queryByText(/not enough money/)).not.toBeInTheDocument()
    // M-Pesa's own English words are not repeated beside the reason the page knows.
    expect(screen.queryByText(/balance is insufficient/)).not.toBeInTheDocument()
  })

  it('contribution page: the server\'s refusal of a push is said in Kiswahili', async () => {
    const user = userEvent.setup()
    const family = db.user.findFirst((q) => q.where({ email: 'family@funeral.test' }))!
    const booking = db.booking.findMany((q) => q.where({ client_id: family.id })).find((b) => b.payment_status === 'pending' && b.status !== 'cancelled')!
    const { seedLink } = await import('./contribution-kit')
    const link = await seedLink(booking.id)
    await renderAt(`/contribute/${link.token}`)
    await screen.findByRole('form', { name: 'Contribute by M-Pesa' })
    await toKiswahili()
    const form = screen.getByRole('form', { name: 'Changia kwa M-Pesa' })
    await user.type(within(form).getByRole('textbox', { name: /^Jina lako/ }), 'Otieno Odhiambo')
    await user.type(within(form).getByRole('textbox', { name: /^Nambari ya simu ya M-Pesa/ }), '0712345678')
    await user.type(within(form).getByRole('textbox', { name: /^Kiasi/ }), '100')
    // The family closes the link while the relative fills the form.
    await db.contributionLink.update((q) => q.where({ id: link.id }), { data: (l) => void (l.closed_at = new Date().toISOString()) })
    await user.click(within(form).getByRole('button', { name: /^Changia KSH/ }))
    expect(await screen.findByText('Kiungo hiki cha michango kimefungwa: michango haipokelewi tena.')).toBeInTheDocument()
    expect(screen.queryByText(/This contribution link is closed/)).not.toBeInTheDocument()
  })

  it('forgot password: the answer is said in Kiswahili', async () => {
    const user = userEvent.setup()
    await renderAt('/forgot-password')
    await screen.findByRole('form', { name: 'Forgot password' })
    await toKiswahili()
    const form = await screen.findByRole('form', { name: /.+/ })
    await user.type(within(form).getByRole('textbox', { name: /^Barua pepe/ }), 'family@funeral.test')
    await user.click(within(form).getByRole('button'))
    expect(await screen.findByText(/^Ikiwa kuna akaunti yenye barua pepe hiyo, kiungo cha kubadilisha nenosiri kimetumwa\./)).toBeInTheDocument()
    expect(screen.queryByText(/If an account exists/)).not.toBeInTheDocument()
  })

  it('home page: the server\'s refusal of a contact message is said in Kiswahili', async () => {
    server.use(http.post('*/api/contact', () => HttpResponse.json({ message: MSG_TOO_MANY_REQUESTS }, { status: 429 })))
    const user = userEvent.setup()
    await renderAt('/')
    await screen.findByRole('heading', { level: 1, name: 'Compassionate funeral services, when you need them most' })
    await toKiswahili()
    scrollEverywhere()
    const form = await screen.findByRole('form', { name: 'Wasiliana nasi' })
    await user.type(within(form).getByRole('textbox', { name: /^Jina/ }), 'Achieng Otieno')
    await user.type(within(form).getByRole('textbox', { name: /^Barua pepe/ }), 'achieng@example.com')
    await user.type(within(form).getByRole('textbox', { name: /^Ujumbe/ }), 'Tafadhali nipigie.')
    const send = within(form).getByRole('button', { name: 'Tuma ujumbe' })
    await vi.waitFor(() => expect(send).toBeEnabled())
    await user.click(send)
    expect(await within(form).findByText(/^Maombi mengi kwa muda mfupi\. Tafadhali subiri dakika chache kisha ujaribu tena\./)).toBeInTheDocument()
    expect(screen.queryByText(/Too many requests/)).not.toBeInTheDocument()
  })
})
