import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
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

  it('the admin adds a van with its seats and a driver with his hours (changed, the rule saying when they are not a working day), renames a hearse and retires it: its row leaves the week, its entry says Retired; a private feed for the phone is made and turned off', async () => {
    const user = userEvent.setup()
    // The second hearse holds nothing, whatever the seed booked this week.
    const second = db.calendarResource.findFirst((q) => q.where({ name: 'Hearse KDB 456B' }))!
    for (const e of db.calendarEvent.findMany().filter((e) => e.resource_ids.includes(second.id))) await db.calendarEvent.delete((q) => q.where({ id: e.id }))
    await renderAt(paths.admin.calendar, { as: 'admin' })
    const panel = await screen.findByRole('region', { name: 'Resources' })
    const add = within(panel).getByRole('form', { name: 'Add a resource' })
    await user.selectOptions(within(add).getByRole('combobox', { name: 'Kind' }), 'Van')
    await user.type(within(add).getByRole('textbox', { name: /Name/ }), 'Van KBZ 789C')
    await user.type(within(add).getByRole('spinbutton', { name: 'Seats' }), '14')
    await user.click(within(add).getByRole('button', { name: 'Add resource' }))
    expect(await within(panel).findByRole('listitem', { name: 'Van KBZ 789C' })).toHaveTextContent('Seats: 14')
    expect(db.calendarResource.findFirst((q) => q.where({ name: 'Van KBZ 789C' }))).toMatchObject({ kind: 'van', capacity: 14 })
    expect(within(add).getByRole('textbox', { name: /Name/ })).toHaveValue('')
    // A driver is added with working hours instead of seats.
    await user.selectOptions(within(add).getByRole('combobox', { name: 'Kind' }), 'Driver')
    expect(within(add).queryByRole('spinbutton', { name: 'Seats' })).toBeNull()
    await user.type(within(add).getByRole('textbox', { name: /Name/ }), 'Otieno')
    fireEvent.change(within(add).getByLabelText('Works from'), { target: { value: '08:00' } })
    fireEvent.change(within(add).getByLabelText('Works until'), { target: { value: '17:00' } })
    await user.click(within(add).getByRole('button', { name: 'Add resource' }))
    expect(await within(panel).findByRole('listitem', { name: 'Otieno' })).toHaveTextContent('Driver · Works 08:00–17:00')
    expect(db.calendarResource.findFirst((q) => q.where({ name: 'Otieno' }))).toMatchObject({ kind: 'driver', hours_from: '08:00', hours_to: '17:00' })
    // His hours change: the end before the start is said by the rule and nothing is sent, then kept.
    const driver = within(panel).getByRole('listitem', { name: 'Otieno' })
    await user.click(within(driver).getByRole('button', { name: 'Edit' }))
    const edit = within(driver).getByRole('form', { name: 'Edit Otieno' })
    expect(within(edit).queryByRole('spinbutton')).toBeNull()
    expect(within(edit).getByLabelText('Works from')).toHaveValue('08:00')
    fireEvent.change(within(edit).getByLabelText('Works from'), { target: { value: '18:00' } })
    fireEvent.change(within(edit).getByLabelText('Works until'), { target: { value: '06:00' } })
    await user.click(within(edit).getByRole('button', { name: 'Save' }))
    expect(within(edit).getByText('Working hours are two times, HH:mm, the start before the end')).toBeInTheDocument()
    expect(db.calendarResource.findFirst((q) => q.where({ name: 'Otieno' }))).toMatchObject({ hours_from: '08:00', hours_to: '17:00' })
    fireEvent.change(within(edit).getByLabelText('Works from'), { target: { value: '06:00' } })
    fireEvent.change(within(edit).getByLabelText('Works until'), { target: { value: '14:00' } })
    // He signs in as a staff member: his account gets his reminders.
    await user.selectOptions(within(edit).getByRole('combobox', { name: /^Their account/ }), 'Peter Otieno')
    await user.click(within(edit).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(within(panel).getByRole('listitem', { name: 'Otieno' })).toHaveTextContent('Driver · Works 06:00–14:00 · Peter Otieno'))
    const peter = db.user.findFirst((q) => q.where({ email: 'attendant@funeral.test' }))
    expect(db.calendarResource.findFirst((q) => q.where({ name: 'Otieno' }))).toMatchObject({ hours_from: '06:00', hours_to: '14:00', user_id: peter?.id })

    const hearse = within(panel).getByRole('listitem', { name: 'Hearse KDB 456B' })
    await user.click(within(hearse).getByRole('button', { name: 'Edit' }))
    const name = within(hearse).getByRole('textbox', { name: /Name/ })
    await user.clear(name)
    await user.type(name, 'Hearse KDC 111C')
    await user.click(within(hearse).getByRole('button', { name: 'Save' }))
    const renamed = await within(panel).findByRole('listitem', { name: 'Hearse KDC 111C' })
    const table = screen.getByRole('table', { name: 'Calendar by resource' })
    expect(await within(table).findByRole('row', { name: /^Hearse KDC 111C/ })).toBeInTheDocument()

    await user.click(within(renamed).getByRole('button', { name: 'Retire' }))
    expect(await within(renamed).findByText('Retired')).toBeInTheDocument()
    expect(within(renamed).getByRole('button', { name: 'Back in service' })).toBeInTheDocument()
    // It holds nothing this week, so its row goes.
    await waitFor(() => expect(within(table).queryByRole('row', { name: /^Hearse KDC 111C/ })).toBeNull())
    expect(db.calendarResource.findFirst((q) => q.where({ name: 'Hearse KDC 111C' }))?.retired_at).toEqual(expect.any(String))

    // The private feed for the admin's phone: an address made, then turned off.
    const feed = screen.getByRole('region', { name: 'Calendar on your phone' })
    await user.click(within(feed).getByRole('button', { name: 'Make my feed address' }))
    expect((await within(feed).findByRole<HTMLInputElement>('textbox', { name: 'Feed address' })).value).toMatch(/\/api\/calendar\/feed\/[0-9a-f]{64}\.ics$/)
    expect(db.calendarFeed.findMany()).toHaveLength(1)
    await user.click(within(feed).getByRole('button', { name: 'Turn off' }))
    await waitFor(() => expect(within(feed).queryByRole('textbox', { name: 'Feed address' })).toBeNull())
    expect(db.calendarFeed.findMany()).toHaveLength(0)
  })

  it('the admin moves an event: a clash says what it clashes with, and the move goes through with a reason, kept', async () => {
    const user = userEvent.setup()
    const day = addDays(nairobiDay(), 1)
    const chapel = db.calendarResource.findFirst((q) => q.where({ kind: 'chapel' }))!
    const event = (id: number, title: string, from: string, to: string) =>
      db.calendarEvent.create({ id, title, booking_id: null, starts_at: nairobiInstant(`${day}T${from}`)!.toISOString(), ends_at: nairobiInstant(`${day}T${to}`)!.toISOString(), resource_ids: [chapel.id], override_reason: null, created_by: null, created_at: new Date().toISOString() })
    await event(9101, 'Memorial: Kamau', '10:00', '12:00')
    await event(9102, 'Service: Njeri', '14:00', '15:00')
    await renderAt(paths.admin.calendar, { as: 'admin' })
    await user.click(await screen.findByRole('button', { name: 'Move Service: Njeri' }))
    const dialog = await screen.findByRole('dialog', { name: 'Move Service: Njeri' })
    fireEvent.change(within(dialog).getByLabelText(/Starts/), { target: { value: `${day}T11:00` } })
    await user.click(within(dialog).getByRole('button', { name: 'Move' }))
    expect(await within(dialog).findByText('This time clashes with')).toBeInTheDocument()
    expect(within(dialog).getByText(`Memorial: Kamau: Chapel, ${day} 10:00–12:00`)).toBeInTheDocument()
    const anyway = within(dialog).getByRole('button', { name: 'Move anyway' })
    expect(anyway).toBeDisabled()
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'The family asked for the morning')
    await user.click(anyway)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(db.calendarEvent.findFirst((q) => q.where({ id: 9102 }))).toMatchObject({ starts_at: nairobiInstant(`${day}T11:00`)!.toISOString(), override_reason: 'The family asked for the morning' })
    const table = await screen.findByRole('table', { name: 'Calendar by resource' })
    expect(await within(within(table).getByRole('row', { name: /^Chapel/ })).findByText('11:00–12:00')).toBeInTheDocument()
  })
})
