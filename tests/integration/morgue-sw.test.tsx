import { describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { paths } from '../../src/app/paths'
import { activateLocale } from '../../src/lib/i18n'
import { renderAt } from './render-app'

vi.setConfig({ testTimeout: 40_000 })

describe('Morgue attendant portal in Kiswahili', () => {
  it('the dashboard turns to Kiswahili in place: the urgent panels, their lines and the four cards', async () => {
    await renderAt(paths.morgue.home, { as: 'morgueAttendant' })
    // The first screen of a file waits for its chunks to be transformed: on a busy machine that can take a while.
    expect(await screen.findByRole('heading', { level: 1, name: 'Morgue Dashboard' }, { timeout: 20_000 })).toBeInTheDocument()
    await screen.findByRole('region', { name: 'Preparation overdue' })
    await act(() => activateLocale('sw'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashibodi ya chumba cha maiti' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Yanayohitaji kushughulikiwa' })).toBeInTheDocument()
    // Teresia's late steps, in the portal's words for them.
    const late = screen.getByRole('region', { name: 'Maandalizi yaliyochelewa' })
    const teresia = within(late).getByRole('link', { name: 'Teresia Auma' }).closest('li') as HTMLElement
    expect(teresia).toHaveTextContent('Zimechelewa: Amevalishwa, Amewekwa jenezani, Tayari kwa kutazamwa')
    const blocked = screen.getByRole('region', { name: 'Hawawezi kukabidhiwa bado' })
    expect(within(blocked).getByRole('link', { name: 'Rose Achieng' }).closest('li')).toHaveTextContent('Kibali cha mazishi hakijapakiwa')
    expect(within(screen.getByRole('region', { name: 'Usafirishaji wa leo' })).getByText('Hakuna usafirishaji leo.')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('group', { name: 'Miili iliyohifadhiwa' })).toHaveTextContent('2'))
    expect(screen.getByRole('link', { name: 'Tazama miili' })).toHaveAttribute('href', paths.morgue.bodies)
  })

  it('body management and a case panel read in Kiswahili, the release rule included', async () => {
    const user = userEvent.setup()
    await act(() => activateLocale('sw'))
    await renderAt(paths.morgue.bodyManagement, { as: 'morgueAttendant' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Usimamizi wa miili' })).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Miili uliyopangiwa' })
    expect(screen.getByRole('tab', { name: 'Chini ya uangalizi' })).toHaveAttribute('aria-selected', 'true')
    const rose = within(list).getByRole('heading', { name: 'Rose Achieng' }).closest('li') as HTMLElement
    expect(within(rose).getByText('Kibali cha mazishi: Hakijapakiwa')).toBeInTheDocument()
    expect(within(rose).getByText('Tarehe ya kifo', { selector: 'dt' })).toBeInTheDocument()
    await user.click(within(rose).getByRole('button', { name: 'Maelezo: Rose Achieng' }))
    const panel = await screen.findByRole('dialog')
    expect(within(panel).getByText('Haiwezekani kukabidhi: familia bado haijapakia kibali cha mazishi.')).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Kabidhi kwa familia' })).toHaveAttribute('aria-disabled', 'true')
    expect(within(panel).getByText('Mahali pa kuchukua', { selector: 'dt' })).toBeInTheDocument()
  })
})
