import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { db } from '../../mocks/node'
import { nextId } from '../../mocks/db'
import { paths } from '../../src/app/paths'
import { renderAt } from './render-app'

/** The admin approves or hides, across the families' pages, the condolences that wait. */
describe('condolences on tribute pages, for the admin', () => {
  it('lists what waits with the page it was left on; approving takes it off the list and puts it on the page', async () => {
    const booking = db.booking.all()[0]!
    const d = db.deceased.findFirst((q) => q.where({ id: booking.deceased_id }))!
    const tribute = await db.tribute.create({ id: nextId('tribute'), booking_id: booking.id, slug: 'AbCdEfGhJk23', published: true, findable: false, story: '', born: null, livestream_url: null, events: [], updated_at: '2026-11-20T08:00:00.000Z', photo: null })
    const leave = (name: string, message: string, at: string) => db.tributeCondolence.create({ id: nextId('tributeCondolence'), tribute_id: tribute.id, name, message, status: 'pending', created_at: at })
    await leave('Otieno', 'Pole sana kwa familia.', '2026-11-21T09:00:00.000Z')
    await leave('Akinyi', 'Rest in peace, Mama.', '2026-11-22T09:00:00.000Z')

    const user = userEvent.setup()
    await renderAt(paths.admin.condolences, { as: 'admin' })
    const list = await screen.findByRole('list', { name: 'Condolences to moderate' })
    const items = within(list).getAllByRole('listitem')
    // Newest first, each with its family's page and the case it belongs to.
    expect(items.map((i) => within(i).getAllByText(/Otieno|Akinyi/)[0]!.textContent)).toEqual(['Akinyi', 'Otieno'])
    expect(within(items[1]!).getByRole('link', { name: `${d.first_name} ${d.last_name}` })).toHaveAttribute('href', paths.admin.booking(String(booking.id)))
    expect(within(items[1]!).getByRole('link', { name: 'Open the page' })).toHaveAttribute('href', expect.stringMatching(/\/t\/AbCdEfGhJk23$/))

    await user.click(within(items[1]!).getByRole('button', { name: 'Approve' }))
    expect(await screen.findByText('Condolence updated')).toBeInTheDocument()
    await expect.poll(() => within(screen.getByRole('list', { name: 'Condolences to moderate' })).queryByText('Otieno')).toBeNull()
    const page = await (await fetch('http://localhost/api/tributes/AbCdEfGhJk23')).json()
    expect(page.condolences.map((c: { name: string }) => c.name)).toEqual(['Otieno'])

    await user.click(screen.getByRole('tab', { name: 'Shown' }))
    const shown = await screen.findByRole('list', { name: 'Condolences to moderate' })
    expect(await within(shown).findByText('Pole sana kwa familia.')).toBeInTheDocument()
    expect(within(shown).queryByRole('button', { name: 'Approve' })).toBeNull()
    await user.click(within(shown).getByRole('button', { name: 'Hide' }))
    await expect.poll(async () => (await (await fetch('http://localhost/api/tributes/AbCdEfGhJk23')).json()).condolences.length).toBe(0)
  })
})
