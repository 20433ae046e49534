import { describe, expect, it, vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { db } from '../../mocks/node'
import { paths } from '../../src/app/paths'
import { activateLocale } from '../../src/lib/i18n'
import { renderAt } from './render-app'

/**
 * The family's screens in Kiswahili, with the real machines and the mock /api: the words come from
 * src/locales/sw/client.po (the setup file puts English back after each test).
 */

vi.setConfig({ testTimeout: 40_000 })

const kiswahili = () => act(async () => {
  await activateLocale('sw')
})

describe('The family’s screens in Kiswahili', () => {
  it('the dashboard changes language in place: greeting, the urgent banner, what to do next and the ways on', async () => {
    await renderAt(paths.client.home, { as: 'client' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Mary Achieng' })).toBeInTheDocument()
    await kiswahili()
    expect(await screen.findByRole('heading', { level: 1, name: 'Karibu tena, Mary Achieng' })).toBeInTheDocument()
    expect(await screen.findByRole('alert', { name: /^Ibada ya Teresia Auma kesho saa 09:00 haiwezi kufanyika bado/ }, { timeout: 10_000 })).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Cha kufanya sasa' })).toBeInTheDocument()
    // The recent bookings name their services as the catalogue does in Kiswahili.
    expect(screen.getAllByText(/Uchomaji wa Mwili/).length).toBeGreaterThan(0)
    expect(screen.queryByText(/Cremation/)).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: /^Tupigie simu, / })).toBeInTheDocument()
    const links = within(screen.getByRole('region', { name: 'Ungependa kufanya nini?' }))
    expect(links.getByRole('link', { name: 'Weka Nafasi ya Huduma' })).toHaveAttribute('href', paths.client.bookService)
    expect(links.getByRole('link', { name: 'Malipo' })).toHaveAttribute('href', paths.client.payments)
  })

  it('the booking wizard speaks Kiswahili: steps, the intro, the services in the catalogue\'s Kiswahili words and the way on', async () => {
    // A service the admin gave no Kiswahili words keeps its English ones.
    await db.service.update((q) => q.where({ name: 'Embalming' }), { data: (s) => void ((s.name_sw = null), (s.description_sw = null)) })
    await kiswahili()
    await renderAt(paths.client.bookService, { as: 'client' })
    // The wizard's code is the largest of the family's screens: its first load may take a while here.
    expect(await screen.findByRole('heading', { level: 2, name: 'Hatua 1 kati ya 4 · Chagua Huduma' }, { timeout: 15_000 })).toBeInTheDocument()
    const steps = within(screen.getByRole('navigation', { name: 'Hatua za kuweka nafasi' }))
    expect(steps.getByText('Kuhusu mpendwa wako')).toBeInTheDocument()
    expect(steps.getByText('Kagua na Uthibitishe')).toBeInTheDocument()
    const form = screen.getByRole('form', { name: 'Chagua Huduma' })
    expect(await within(form).findByRole('group', { name: 'Huduma' })).toBeInTheDocument()
    expect(within(form).getByText('Huduma 0 zimechaguliwa')).toBeInTheDocument()
    expect(within(form).getByRole('checkbox', { name: 'Mazishi ya Kawaida' })).toHaveAccessibleDescription(/^Mipango muhimu ya mazishi: kuchukua mwili/)
    expect(within(form).getByRole('checkbox', { name: 'Embalming' })).toHaveAccessibleDescription('Professional embalming and cosmetic preparation for viewing.')
    expect(within(form).queryByRole('checkbox', { name: 'Basic Funeral' })).not.toBeInTheDocument()
    expect(within(form).getByRole('button', { name: 'Endelea' })).toBeInTheDocument()
  })

  it('Payments and the M-Pesa dialog in Kiswahili', async () => {
    const user = userEvent.setup()
    await kiswahili()
    await renderAt(paths.client.payments, { as: 'client' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Malipo' })).toBeInTheDocument()
    const waiting = screen.getByRole('region', { name: 'Yanayosubiri malipo' })
    const pay = await within(waiting).findAllByRole('button', { name: /^Lipa kwa M-Pesa/ })
    await user.click(pay[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'Lipa kwa M-Pesa' })
    expect(within(dialog).getByRole('textbox', { name: /Nambari ya simu ya M-Pesa/ })).toBeInTheDocument()
    expect(within(dialog).getByText('Utapokea ombi kwenye simu hii la kuweka PIN yako ya M-PESA.')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Ghairi' })).toBeInTheDocument()
  })

  it('Documents in Kiswahili: the document types by their Kiswahili names', async () => {
    await kiswahili()
    await renderAt(paths.client.documents, { as: 'client' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Hati' })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Hati zangu' })
    expect(within(table).getByRole('columnheader', { name: 'Aina' })).toBeInTheDocument()
    expect(within(table).getAllByText('Cheti cha kifo').length).toBeGreaterThan(0)
    expect(screen.getByRole('button', { name: 'Pakia Hati' })).toBeInTheDocument()

    // The upload dialog's reasons, in Kiswahili too (its checks keep SPEC.md's English words).
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Pakia Hati' }))
    const dialog = await screen.findByRole('dialog', { name: 'Pakia Hati' })
    await user.click(within(dialog).getByRole('button', { name: 'Pakia' }))
    expect(await within(dialog).findByText('Tafadhali chagua faili')).toBeInTheDocument()
    expect(within(dialog).queryByText('Please select a file')).not.toBeInTheDocument()
  })
})
