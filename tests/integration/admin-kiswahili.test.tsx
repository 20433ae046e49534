import { describe, expect, it } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import { i18n } from '@lingui/core'
import { TIMEFRAME_LABELS } from '../../shared/contracts/payments'
import { VIEW_TIMEFRAME_LABELS } from '../../src/features/admin/reports/reports-words'
import { paths } from '../../src/app/paths'
import { activateLocale } from '../../src/lib/i18n'
import { renderAt } from './render-app'

/** The admin screens in Kiswahili: the same screens, their words from src/locales/sw/admin.po. */
describe('admin screens in Kiswahili', () => {
  it('the dashboard: heading, stat cards, quick links and recent activity', async () => {
    await renderAt(paths.admin.home, { as: 'admin' })
    await screen.findByRole('group', { name: 'Total users' })
    await act(() => activateLocale('sw'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashibodi ya Msimamizi' })).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Jumla ya watumiaji' })).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Zinazosubiri idhini' })).toBeInTheDocument()
    const links = screen.getByRole('navigation', { name: 'Viungo vya haraka' })
    for (const name of ['Ripoti za fedha', 'Mipangilio', 'Simamia watumiaji', 'Kagua hati']) {
      expect(within(links).getByRole('link', { name })).toBeInTheDocument()
    }
    expect(screen.getByRole('region', { name: 'Shughuli za hivi karibuni' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Onyesha upya' })).toBeInTheDocument()
  })

  it('the bookings page: tabs, filters and the grid’s column headers', { timeout: 60_000 }, async () => {
    await renderAt(paths.admin.services, { as: 'admin' })
    await screen.findByRole('tab', { name: 'All bookings' })
    await act(() => activateLocale('sw'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Usimamizi wa Nafasi' })).toBeInTheDocument()
    // Each looked for inside its own part of the page, and waited for: a role query over the whole
    // page (a grid of fifty rows) can take seconds on a busy machine, longer than a wait allows.
    const slow = { timeout: 15_000 }
    const tabs = await screen.findByRole('tablist', {}, slow)
    expect(await within(tabs).findByRole('tab', { name: 'Nafasi zote zilizowekwa' }, slow)).toBeInTheDocument()
    expect(await within(tabs).findByRole('tab', { name: 'Orodha ya huduma' }, slow)).toBeInTheDocument()
    const panel = await screen.findByRole('tabpanel', {}, slow)
    expect(await within(panel).findByRole('searchbox', { name: 'Tafuta kwa jina' }, slow)).toBeInTheDocument()
    expect(await within(panel).findByRole('columnheader', { name: 'Marehemu / familia' }, slow)).toBeInTheDocument()
  })

  it('in English the periods are named as the report file and its Summary sheet name them', () => {
    for (const [timeframe, label] of Object.entries(TIMEFRAME_LABELS)) {
      expect(i18n._(VIEW_TIMEFRAME_LABELS[timeframe as keyof typeof VIEW_TIMEFRAME_LABELS])).toBe(label)
    }
  })
})
