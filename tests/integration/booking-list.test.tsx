import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { db, server } from '../../mocks/node'
import { toWireBooking } from '../../mocks/serialize'
import { register } from '../../src/api/auth'
import { Booking } from '../../shared/contracts/bookings'
import { paymentStatusNow } from '../../shared/urgency'
import { paths } from '../../src/app/paths'
import { DEMO_LOGINS, renderAt, toastsText } from './render-app'
import { waitForPath } from './booking-test-kit'

vi.setConfig({ testTimeout: 40_000 })

/** The demo family's bookings as the server sends them, newest first. */
function demoFamilyBookings(): Booking[] {
  const user = db.user.findFirst((q) => q.where({ email: DEMO_LOGINS.client.email }))
  if (!user) throw new Error('demo client missing')
  return db.booking
    .findMany((q) => q.where({ client_id: user.id }))
    .map((b) => Booking.parse(toWireBooking(b)))
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
}

const ksh = (n: number) => `KSH ${n.toLocaleString('en-KE')}`

describe('My Bookings', () => {
  it('lists every booking with status and payment badges, services and total in KSH, each linking to its detail', async () => {
    const expected = demoFamilyBookings()
    expect(expected.length).toBeGreaterThan(1)
    await renderAt(paths.client.bookings, { as: 'client' })
    expect(await screen.findByRole('heading', { level: 1, name: 'My Bookings' })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'My bookings' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(expected.length)
    const labels = { pending: 'Pending', confirmed: 'Confirmed', in_progress: 'In progress', completed: 'Completed', cancelled: 'Cancelled' } as Record<string, string>
    const payments = { pending: 'Pending', partial: 'Partial', paid: 'Paid', refunded: 'Refunded' } as Record<string, string>
    const teresia = expected.find((b) => b.deceased_first_name === 'Teresia')!
    expect([teresia.payment_status, paymentStatusNow(teresia)]).toEqual(['paid', 'partial'])
    expected.forEach((booking, i) => {
      const cells = within(rows[i]!).getAllByRole('cell')
      const link = within(cells[0]!).getByRole('link', { name: `${booking.deceased_first_name} ${booking.deceased_last_name}` })
      expect(link).toHaveAttribute('href', paths.client.booking(booking.id))
      expect(cells[1]).toHaveTextContent(booking.services.map((s) => s.service_name).join(', '))
      expect(cells[3]).toHaveTextContent(labels[booking.status]!)
      // A booking marked paid that owes more today (its body stayed longer than booked) reads partial.
      expect(cells[4]).toHaveTextContent(payments[paymentStatusNow(booking)]!)
      expect(cells[5]).toHaveTextContent(ksh(booking.total_amount))
    })
  })

  it('opens a booking from the list', async () => {
    const [first] = demoFamilyBookings()
    const user = userEvent.setup()
    const { location } = await renderAt(paths.client.bookings, { as: 'client' })
    const name = `${first!.deceased_first_name} ${first!.deceased_last_name}`
    await user.click((await screen.findAllByRole('link', { name }))[0]!)
    await waitForPath(location, new RegExp(`/bookings/${first!.id}$`))
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking Details' })).toBeInTheDocument()
  })

  it("says 'No bookings available' to a family that has booked nothing yet", async () => {
    await register({ name: 'Njeri Kariuki', email: 'njeri@example.test', password: 'Pole#2026', phone: '0711000000', address: 'Nakuru' })
    await renderAt(paths.client.bookings, { as: { email: 'njeri@example.test', password: 'Pole#2026' } })
    expect(await screen.findByText('No bookings available')).toBeVisible()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Book a service' })).toHaveAttribute('href', paths.client.bookService)
  })

  it("says 'Failed to load bookings' once, in place with Try again (no toast over the heading), and Try again loads them", async () => {
    server.use(http.get('*/api/bookings/my', () => HttpResponse.json({ message: 'Database unavailable' }, { status: 500 }), { once: true }))
    const user = userEvent.setup()
    await renderAt(paths.client.bookings, { as: 'client' })
    expect(await screen.findByText('Failed to load bookings')).toBeInTheDocument()
    expect(screen.getAllByText('Failed to load bookings')).toHaveLength(1)
    expect(toastsText()).not.toContain('Failed to load bookings')
    expect(screen.queryByText('Database unavailable')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    const table = await screen.findByRole('table', { name: 'My bookings' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(demoFamilyBookings().length + 1))
  })

  it('a malformed answer is a load failure too, not a broken screen', async () => {
    server.use(http.get('*/api/bookings/my', () => HttpResponse.json({ bookings: [{ id: 1, status: 7 }] }), { once: true }))
    await renderAt(paths.client.bookings, { as: 'client' })
    expect(await screen.findByText('Failed to load bookings')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled()
  })
})
