import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { db, server } from '../../mocks/node'
import { updateCare } from '../../mocks/morgue'
import { paths } from '../../src/app/paths'
import { formatKsh } from '../../src/lib/format'
import { DEMO_LOGINS, countRequests, findToast, renderAt } from './render-app'
import { UNDO_WINDOW_MS } from '../../machines/admin/admin-bookings.machine'

/**
 * The admin's All bookings page and Service catalogue tab with the real machines, API client and
 * the mock /api over the seeded database. What the admin sees, and what the server stored.
 */

// A grid of 20 rows with three dropdowns each is slow to render in happy-dom on a busy 2-core box.
vi.setConfig({ testTimeout: 60_000 })
configure({ asyncUtilTimeout: 15_000 })

const familyId = () => {
  const u = db.user.findFirst((q) => q.where({ email: DEMO_LOGINS.client.email }))
  if (!u) throw new Error('demo client missing')
  return u.id
}
const bookingOf = (first: string) => {
  const d = db.deceased.findFirst((q) => q.where({ first_name: first, client_id: familyId() }))
  const b = d && db.booking.findFirst((q) => q.where({ deceased_id: d.id }))
  if (!b) throw new Error(`no booking for ${first}`)
  return b
}
const stored = (id: number) => db.booking.findFirst((q) => q.where({ id }))
const attendant = () => {
  const u = db.user.findFirst((q) => q.where({ email: DEMO_LOGINS.morgueAttendant.email }))
  if (!u) throw new Error('demo attendant missing')
  return u
}
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const networkError = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string) => http[method](`*/api${path}`, () => HttpResponse.error())

/** Open the page and narrow the grid to one family booking by searching its deceased's first name. */
async function openBooking(first: string) {
  const user = userEvent.setup()
  await renderAt(paths.admin.services, { as: 'admin' })
  await screen.findByRole('heading', { level: 1, name: 'Booking Management' })
  await screen.findByRole('grid', { name: 'All bookings' })
  await user.click(screen.getByRole('searchbox', { name: /Search by name/ }))
  await user.paste(first)
  const booking = bookingOf(first)
  const row = await screen.findByRole('row', { name: new RegExp(`^Booking #${booking.id} for ${first}`) })
  return { user, booking, row }
}

async function choose(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) {
  await user.click(combobox)
  await user.click(await screen.findByRole('option', { name: option }))
}

describe('All bookings', () => {
  it('lists every booking with family, total in KSH and the filters narrow it', async () => {
    const { row, booking } = await openBooking('Samuel')
    expect(within(row).getByText('Mary Achieng')).toBeInTheDocument()
    expect(within(row).getByText(formatKsh(booking.total_amount))).toBeInTheDocument()
    expect(within(row).getByRole('combobox', { name: `Status of booking #${booking.id}` })).toHaveTextContent('Pending')
    // Only bookings whose deceased or family name holds the words are left, once the search's page
    // has come (Samuel's row is on the unfiltered first page too, so it may be found before that).
    await waitFor(() => {
      for (const r of screen.getAllByRole('row').slice(1)) expect(r.textContent).toMatch(/Samuel/)
    })
  })

  it("shows the preparation the attendant ticked in the booking's row", async () => {
    await updateCare(bookingOf('Samuel'), (c) => {
      c.tasks = ['received', 'washed']
    })
    const { row, booking } = await openBooking('Samuel')
    expect(within(row).getByRole('progressbar', { name: `Preparation of booking #${booking.id}` })).toHaveAttribute('aria-valuenow', '2')
    expect(within(row).getByText('2 of 6')).toBeInTheDocument()
  })

  it('changes the status at once: "Booking status updated" and the server holds it', async () => {
    const { user, row, booking } = await openBooking('Samuel')
    await choose(user, within(row).getByRole('combobox', { name: `Status of booking #${booking.id}` }), 'Confirmed')
    await findToast('Booking status updated')
    expect(stored(booking.id)?.status).toBe('confirmed')
  })

  it('after a failed change while offline the row shows the server value, and the same change then goes through', async () => {
    const { user, row, booking } = await openBooking('Samuel')
    server.use(networkError('patch', '/bookings/:id/status'), networkError('get', '/bookings'))
    const status = () => screen.getByRole('combobox', { name: `Status of booking #${booking.id}` })
    await choose(user, within(row).getByRole('combobox', { name: `Status of booking #${booking.id}` }), 'Confirmed')
    await findToast('Failed to update booking status')
    await waitFor(() => expect(status()).toHaveTextContent('Pending'))
    expect(status()).toBeEnabled()
    // Back online: choosing the same value again is sent, not ignored.
    server.resetHandlers()
    await choose(user, status(), 'Confirmed')
    await findToast('Booking status updated')
    expect(stored(booking.id)?.status).toBe('confirmed')
  })

  it('asks before completing, offers Undo, and sends nothing when undone', async () => {
    const { row, booking } = await openBooking('Samuel')
    // The undo window is the machine's timer. On a fake clock that moves only when told, the test
    // moves past the window's end at once instead of waiting for it, and a slow machine cannot end
    // the window before Undo is clicked. Testing Library moves that clock (its waits step it by
    // their interval) when it sees a `jest` with advanceTimersByTime.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const requests = countRequests(server)
    await choose(user, within(row).getByRole('combobox', { name: `Status of booking #${booking.id}` }), 'Completed')
    const dialog = await screen.findByRole('dialog', { name: 'Mark booking as completed?' })
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    const undoBar = await screen.findByText(`Booking #${booking.id}: Status completed. Saving in a few seconds.`)
    expect(screen.getByRole('combobox', { name: `Status of booking #${booking.id}` })).toHaveTextContent('Completed')
    await user.click(screen.getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(undoBar).not.toBeInTheDocument())
    expect(screen.getByRole('combobox', { name: `Status of booking #${booking.id}` })).toHaveTextContent('Pending')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS + 500)
    })
    requests.stop()
    expect(requests.requests.filter((r) => r.startsWith('PATCH'))).toEqual([])
    expect(stored(booking.id)?.status).toBe('pending')
  })

  it('marking paid with no payment asks for the receipt number, stores who did it and shows it in the history', async () => {
    const { user, row, booking } = await openBooking('Samuel')
    await choose(user, within(row).getByRole('combobox', { name: `Payment status of booking #${booking.id}` }), 'Paid')
    const dialog = await screen.findByRole('dialog', { name: 'Mark payment as paid?' })
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await within(dialog).findByText('Enter the receipt number or the reason')).toBeInTheDocument()
    await user.type(within(dialog).getByRole('textbox', { name: /Receipt number or reason/ }), 'Cash receipt 0042')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await findToast('Payment status updated')
    expect(stored(booking.id)?.payment_status).toBe('paid')
    const trail = db.bookingAudit.findMany((q) => q.where({ booking_id: booking.id }))
    expect(trail).toEqual([expect.objectContaining({ by_name: 'Grace Wanjiru', field: 'payment_status', to: 'paid', reason: 'Cash receipt 0042' })])
    await user.click(screen.getByRole('button', { name: `History of booking #${booking.id}` }))
    const history = await screen.findByRole('dialog', { name: `History of booking #${booking.id}` })
    expect(within(history).getByText('Payment: Pending → Paid')).toBeInTheDocument()
    expect(within(history).getByText('Cash receipt 0042')).toBeInTheDocument()
    expect(within(history).getByText(/^Grace Wanjiru, /)).toBeInTheDocument()
  })

  it('cancels after confirmation with the reason sent as notes', async () => {
    const { user, row, booking } = await openBooking('Samuel')
    await user.click(within(row).getByRole('button', { name: `Cancel booking #${booking.id}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' })
    expect(within(dialog).getByText('No payment has been completed for this booking.')).toBeInTheDocument()
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument()
    await user.type(await within(dialog).findByRole('textbox', { name: /Reason/ }), 'Family moved the service upcountry')
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel booking' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await findToast('Booking cancelled successfully')
    expect(stored(booking.id)?.status).toBe('cancelled')
    expect(stored(booking.id)?.payment_status).toBe('pending')
    expect(stored(booking.id)?.notes).toBe('Family moved the service upcountry')
  })

  it('says "Failed to cancel booking" and keeps the booking when the cancel fails', async () => {
    const { user, row, booking } = await openBooking('Samuel')
    server.use(networkError('patch', '/bookings/:id/status'))
    await user.click(within(row).getByRole('button', { name: `Cancel booking #${booking.id}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' })
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel booking' }))
    await findToast('Failed to cancel booking')
    expect(stored(booking.id)?.status).toBe('pending')
    await waitFor(() => expect(screen.getByRole('combobox', { name: `Status of booking #${booking.id}` })).toHaveTextContent('Pending'))
  })

  it('assigns an attendant: the row shows the name and the attendant sees the booking', async () => {
    const { user, row, booking } = await openBooking('Samuel')
    const peter = attendant()
    await choose(user, within(row).getByRole('combobox', { name: `Attendant for booking #${booking.id}` }), peter.name)
    await findToast('Attendant assigned successfully')
    expect(stored(booking.id)?.attendant_id).toBe(peter.id)
    expect(within(row).getByRole('combobox', { name: `Attendant for booking #${booking.id}` })).toHaveTextContent(peter.name)
  })

  it('says "Failed to assign attendant" when the assignment fails', async () => {
    const { user, row, booking } = await openBooking('Samuel')
    server.use(networkError('post', '/bookings/:id/assign'))
    await choose(user, within(row).getByRole('combobox', { name: `Attendant for booking #${booking.id}` }), attendant().name)
    await findToast('Failed to assign attendant')
    expect(stored(booking.id)?.attendant_id).toBeNull()
  })

  it('pages through the server: 20 rows a page, the next page and the search asked of GET /bookings', async () => {
    const seen: string[] = []
    const listen = ({ request }: { request: Request }) => {
      const url = new URL(request.url)
      if (request.method === 'GET' && url.pathname.endsWith('/api/bookings')) seen.push(url.search)
    }
    server.events.on('request:start', listen)
    try {
      const user = userEvent.setup()
      const total = db.booking.count()
      expect(total).toBeGreaterThan(20)
      await renderAt(paths.admin.services, { as: 'admin' })
      await screen.findByRole('grid', { name: 'All bookings' })
      expect(await screen.findByText(`Showing 1–20 of ${total} bookings`)).toBeInTheDocument()
      expect(screen.getAllByRole('row').slice(1)).toHaveLength(20)
      // Never the whole list: one page, newest first.
      expect(seen).toEqual(['?page=1&limit=20&sort=newest'])
      await user.click(screen.getByRole('button', { name: 'Next page' }))
      expect(await screen.findByText(`Showing 21–${Math.min(40, total)} of ${total} bookings`)).toBeInTheDocument()
      expect(seen.at(-1)).toBe('?page=2&limit=20&sort=newest')
      // The search goes to the server (after a pause in typing: the machine's test times it), from page 1.
      await user.click(screen.getByRole('searchbox', { name: /Search by name/ }))
      await user.paste('Samuel')
      await screen.findByRole('row', { name: new RegExp(`^Booking #${bookingOf('Samuel').id} for Samuel`) })
      expect(seen.at(-1)).toBe('?page=1&limit=20&sort=newest&search=Samuel')
      expect(screen.getByText(/^Showing 1–\d+ of \d+ bookings$/)).toBeInTheDocument()
      for (const r of screen.getAllByRole('row').slice(1)) expect(r.textContent).toMatch(/Samuel/)
    } finally {
      server.events.removeListener('request:start', listen)
    }
  })

  it('says "Failed to fetch bookings" when the list cannot be loaded', async () => {
    server.use(networkError('get', '/bookings'))
    await renderAt(paths.admin.services, { as: 'admin' })
    await findToast('Failed to fetch bookings')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it("shows the assigned attendant's name on the family's booking detail", async () => {
    const booking = bookingOf('Samuel')
    const peter = attendant()
    await db.booking.update((q) => q.where({ id: booking.id }), {
      data(b) {
        b.attendant_id = peter.id
      },
    })
    await renderAt(paths.client.booking(String(booking.id)), { as: 'client' })
    expect(await screen.findByText(peter.name)).toBeInTheDocument()
  })
})

async function openCatalogue() {
  const user = userEvent.setup()
  await renderAt(`${paths.admin.services}?tab=catalogue`, { as: 'admin' })
  await screen.findByRole('table', { name: 'Services' })
  await screen.findAllByRole('button', { name: /^Delete / })
  return user
}

describe('Service catalogue', () => {
  it('creates a service: "Service created successfully", stored and listed', async () => {
    const user = await openCatalogue()
    await user.click(screen.getByRole('button', { name: 'Add service' }))
    const dialog = await screen.findByRole('dialog', { name: 'New service' })
    await user.type(await within(dialog).findByRole('textbox', { name: /Name/ }), 'Tent and chairs')
    await user.type(await within(dialog).findByRole('textbox', { name: /Price/ }), '2500')
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }))
    await findToast('Service created successfully')
    expect(db.service.findFirst((q) => q.where({ name: 'Tent and chairs' }))?.price).toBe(2500)
    expect(await screen.findByRole('cell', { name: 'Tent and chairs' })).toBeInTheDocument()
  })

  it('marks a new service priced per day, and takes the mark off again when editing it', async () => {
    const user = await openCatalogue()
    await user.click(screen.getByRole('button', { name: 'Add service' }))
    const dialog = await screen.findByRole('dialog', { name: 'New service' })
    await user.type(await within(dialog).findByRole('textbox', { name: /Name/ }), 'Viewing room')
    await user.type(await within(dialog).findByRole('textbox', { name: /Price/ }), '1500')
    const perDay = within(dialog).getByRole('checkbox', { name: /Priced per day/ })
    expect(perDay).not.toBeChecked()
    await user.click(perDay)
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }))
    await findToast('Service created successfully')
    const made = db.service.findFirst((q) => q.where({ name: 'Viewing room' }))
    expect(made?.per_day).toBe(true)
    expect(await screen.findByText('KSH 1,500 per day')).toBeInTheDocument()

    await user.click(await screen.findByRole('button', { name: 'Edit Viewing room' }))
    const edit = await screen.findByRole('dialog', { name: 'Edit service' })
    const box = within(edit).getByRole('checkbox', { name: /Priced per day/ })
    expect(box).toBeChecked()
    await user.click(box)
    await user.click(await within(edit).findByRole('button', { name: 'Save' }))
    await findToast('Service updated successfully')
    expect(db.service.findFirst((q) => q.where({ name: 'Viewing room' }))?.per_day).toBe(false)
  })

  it('refuses a service without a name or with a price that is not whole KSH, sending nothing', async () => {
    const user = await openCatalogue()
    await user.click(screen.getByRole('button', { name: 'Add service' }))
    const dialog = await screen.findByRole('dialog', { name: 'New service' })
    await user.type(await within(dialog).findByRole('textbox', { name: /Price/ }), '12.50')
    const requests = countRequests(server)
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Price must be a whole number of KSH')).toBeInTheDocument()
    expect(requests.requests.filter((r) => r.startsWith('POST'))).toEqual([])
    requests.stop()
  })

  it('says "Failed to create service" when the call fails', async () => {
    const user = await openCatalogue()
    server.use(networkError('post', '/services'))
    await user.click(screen.getByRole('button', { name: 'Add service' }))
    const dialog = await screen.findByRole('dialog', { name: 'New service' })
    await user.type(await within(dialog).findByRole('textbox', { name: /Name/ }), 'Tent and chairs')
    await user.type(await within(dialog).findByRole('textbox', { name: /Price/ }), '2500')
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }))
    await findToast('Failed to create service')
    expect(screen.getByRole('dialog', { name: 'New service' })).toBeInTheDocument()
  })

  it('edits a service: "Service updated successfully" and the new price is stored', async () => {
    const user = await openCatalogue()
    const service = db.service.findFirst((q) => q.where({ pricing_key: null }))
    if (!service) throw new Error('no add-on service')
    await user.click(screen.getByRole('button', { name: `Edit ${service.name}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit service' })
    const price = await within(dialog).findByRole('textbox', { name: /Price/ })
    await user.clear(price)
    await user.type(price, '1234')
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }))
    await findToast('Service updated successfully')
    expect(db.service.findFirst((q) => q.where({ id: service.id }))?.price).toBe(1234)
  })

  it('says "Failed to update service" when the edit fails', async () => {
    const user = await openCatalogue()
    server.use(networkError('put', '/services/:id'))
    const service = db.service.findFirst((q) => q.where({ pricing_key: null }))
    if (!service) throw new Error('no add-on service')
    await user.click(screen.getByRole('button', { name: `Edit ${service.name}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit service' })
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }))
    await findToast('Failed to update service')
  })

  it('deletes an unused service after confirmation and refuses one that bookings use', async () => {
    const user = await openCatalogue()
    const used = new Set(db.booking.all().flatMap((b) => b.lines.map((l) => l.service_id)))
    const unused = await db.service.create({
      id: 9001,
      name: 'Candles',
      description: '',
      price: 300,
      category: 'add_on',
      pricing_key: null,
      created_at: new Date().toISOString(),
    })
    const inUse = db.service.findFirst((q) => q.where({ id: (id) => used.has(id), pricing_key: null }))
    if (!inUse) throw new Error('no used add-on')
    // The list was loaded before Candles existed: reload it through the tab.
    await user.click(screen.getByRole('tab', { name: 'All bookings' }))
    await user.click(screen.getByRole('tab', { name: 'Service catalogue' }))
    await user.click(await screen.findByRole('button', { name: `Delete ${unused.name}` }))
    let dialog = await screen.findByRole('dialog', { name: 'Delete this service?' })
    await user.click(await within(dialog).findByRole('button', { name: 'Delete service' }))
    await findToast('Service deleted successfully')
    expect(db.service.findFirst((q) => q.where({ id: unused.id }))).toBeUndefined()

    await user.click(await screen.findByRole('button', { name: `Delete ${inUse.name}` }))
    dialog = await screen.findByRole('dialog', { name: 'Delete this service?' })
    await user.click(await within(dialog).findByRole('button', { name: 'Delete service' }))
    await findToast('This service is used by existing bookings and cannot be deleted')
    expect(db.service.findFirst((q) => q.where({ id: inUse.id }))).toBeDefined()
  })

  it('says "Failed to delete service" when the call fails', async () => {
    const user = await openCatalogue()
    server.use(networkError('delete', '/services/:id'))
    const service = db.service.findFirst((q) => q.where({ pricing_key: null }))
    if (!service) throw new Error('no add-on service')
    await user.click(screen.getByRole('button', { name: `Delete ${service.name}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete this service?' })
    await user.click(await within(dialog).findByRole('button', { name: 'Delete service' }))
    await findToast('Failed to delete service')
  })

  it('updates the price table: "Service prices updated successfully" and the package price is stored', async () => {
    const user = await openCatalogue()
    await user.click(screen.getByRole('button', { name: 'Edit prices' }))
    const dialog = await screen.findByRole('dialog', { name: 'Price table' })
    const basic = await within(dialog).findByRole('textbox', { name: /Basic funeral/ })
    await user.clear(basic)
    await user.type(basic, '5500')
    await user.click(await within(dialog).findByRole('button', { name: 'Save prices' }))
    await findToast('Service prices updated successfully')
    expect(db.service.findFirst((q) => q.where({ pricing_key: 'basicFuneral' }))?.price).toBe(5500)
    // Both the price table and the Basic Funeral row of the catalogue show the new price.
    await waitFor(() => expect(within(screen.getByLabelText('Price table')).getByText(formatKsh(5500))).toBeInTheDocument())
    const row = await screen.findByRole('row', { name: /^Basic Funeral/ })
    expect(within(row).getByText(formatKsh(5500))).toBeInTheDocument()
  })

  it('says "Failed to update service prices" when the call fails', async () => {
    const user = await openCatalogue()
    server.use(networkError('put', '/services/pricing'))
    await user.click(screen.getByRole('button', { name: 'Edit prices' }))
    const dialog = await screen.findByRole('dialog', { name: 'Price table' })
    await user.click(await within(dialog).findByRole('button', { name: 'Save prices' }))
    await findToast('Failed to update service prices')
  })

  it('says "Failed to fetch services" when the catalogue cannot be loaded', async () => {
    server.use(networkError('get', '/services'))
    await renderAt(`${paths.admin.services}?tab=catalogue`, { as: 'admin' })
    await findToast('Failed to fetch services')
  })
})
