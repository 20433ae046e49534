import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { db } from '../../mocks/node'
import { paths } from '../../src/app/paths'
import { renderAt } from './render-app'
import { addDays, nairobiDay } from '../../shared/dates'
import { nairobiInstant } from '../../shared/calendar'

vi.setConfig({ testTimeout: 40_000 })

describe("the admin's calendar", () => {
  it('shows the week by resource on a laptop and an agenda on a phone, each event linked to its case file', async () => {
    // Tomorrow 10:00-12:00 in the chapel, for a seeded booking, booked over a clash.
    const day = addDays(nairobiDay(), 1)
    const booking = db.booking.findMany()[0]!
    const chapel = db.calendarResource.findFirst((q) => q.where({ kind: 'chapel' }))!
    await db.calendarEvent.create({ id: 9001, title: 'Service: Achieng', booking_id: booking.id, starts_at: nairobiInstant(`${day}T10:00`)!.toISOString(), ends_at: nairobiInstant(`${day}T12:00`)!.toISOString(), resource_ids: [chapel.id], override_reason: 'Family asked', created_by: null, created_at: new Date().toISOString() })

    // On a laptop: the week, a row per resource.
    const first = await renderAt(paths.admin.calendar, { as: 'admin' })
    const table = await screen.findByRole('table', { name: 'Calendar by resource' })
    expect(within(table).getAllByRole('columnheader')).toHaveLength(8)
    const row = within(table).getByRole('row', { name: /^Chapel/ })
    expect(await within(row).findByRole('link', { name: 'Service: Achieng' })).toHaveAttribute('href', paths.admin.booking(String(booking.id)))
    expect(within(table).getByRole('row', { name: /^Hearse KCA 123A/ })).toBeInTheDocument()
    first.unmount()

    // On a phone: an agenda, day by day, each event with its time and what it holds.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => {}, removeEventListener: () => {} }))
    try {
      await renderAt(paths.admin.calendar, { as: 'admin' })
      const agenda = await screen.findByRole('region', { name: 'Agenda' })
      const link = await within(agenda).findByRole('link', { name: 'Service: Achieng' })
      expect(link).toHaveAttribute('href', paths.admin.booking(String(booking.id)))
      const card = link.parentElement!
      expect(within(card).getByText('10:00–12:00')).toBeInTheDocument()
      expect(within(card).getByText('Chapel')).toBeInTheDocument()
      expect(within(card).getByText('Booked over a clash')).toBeInTheDocument()
      expect(screen.queryByRole('table')).toBeNull()
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
