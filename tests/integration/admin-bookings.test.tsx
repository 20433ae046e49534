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
import { toWireBooking } from '../../mocks/serialize'
import { amountDueNow } from '../../shared/urgency'

/**
 * The admin's All bookings page with the real machines, API client and the mock /api over the
 * seeded database. What the admin sees, and what the server stored. (The Service catalogue tab:
 * admin-services.test.tsx.)
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

/**
 * Row changes wait a few seconds for an Undo before they are sent: the tests that only need them sent
 * let that time pass on a fake clock (never in real time). Returns a user that works on that clock.
 */
function onUndoClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
}
const passUndoWindow = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS + 500)
  })

async function choose(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) {
  await user.click(combobox)
  await user.click(await screen.findByRole('option', { name: option }))
}

/** Confirmed needs an attendant (shared rule): give the deceased's booking one in the store. */
async function withAttendant(name: string) {
  const peter = attendant()
  await db.booking.update((q) => q.where({ id: bookingOf(name).id }), {
    data(b) {
      b.attendant_id = peter.id
    },
  })
}

describe('All bookings', () => {
  it('a booking marked Paid whose body stayed past its booked days: the dropdown keeps the stored Paid and says under it what is owed today', async () => {
    const { row, booking, user } = await openBooking('Teresia')
    const owed = amountDueNow(toWireBooking(booking))
    expect(owed).toBeGreaterThan(0)
    const payment = within(row).getByRole('combobox', { name: `Payment status of booking #${booking.id}` })
    expect(payment).toHaveTextContent('Paid')
    expect(within(row).getByText(`${formatKsh(owed)} owed (storage to date)`)).toBeVisible()
    expect(payment).toHaveAccessibleDescription(`${formatKsh(owed)} owed (storage to date)`)
    // A booking paid and released after its booked days owes nothing: no such note.
    const search = screen.getByRole('searchbox', { name: /Search by name/ })
    await user.clear(search)
    await user.paste('Wilson')
    const wilson = bookingOf('Wilson')
    const settled = await screen.findByRole('row', { name: new RegExp(`^Booking #${wilson.id} for Wilson`) })
    expect(within(settled).getByRole('combobox', { name: /^Payment status of booking/ })).toHaveTextContent('Paid')
    expect(within(settled).queryByText(/owed \(storage to date\)/)).not.toBeInTheDocument()
  })


  it('lists every booking with family, total in KSH and the filters narrow it', async () => {
    const { row, booking } = await openBooking('Samuel')
    expect(within(row).getByText('Mary Achieng')).toBeInTheDocument()
    expect(within(row).getByText(formatKsh(booking.total_amount))).toBeInTheDocument()
    expect(within(row).getByRole('combobox', { name: `Status of booking #${booking.id}` })).toHaveTextContent('Pending')
    // The family has not signed its agreement: marked, so the office can ask them.
    expect(within(row).getByText('Agreement not signed')).toBeInTheDocument()
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
    await withAttendant('Samuel')
    const { user, row, booking } = await openBooking('Samuel')
    await choose(user, within(row).getByRole('combobox', { name: `Status of booking #${booking.id}` }), 'Confirmed')
    await findToast('Booking status updated')
    expect(stored(booking.id)?.status).toBe('confirmed')
  })

  it('after a failed change while offline the row shows the server value, and the same change then goes through', async () => {
    await withAttendant('Samuel')
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
    // The shared rule names what is missing; only an override with a reason lets it go ahead.
    expect(within(dialog).getByText('The preparation is not done')).toBeInTheDocument()
    expect(within(dialog).getByText('The balance is not paid')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await within(dialog).findByText('Enter why this goes ahead anyway')).toBeInTheDocument()
    await user.type(within(dialog).getByRole('textbox', { name: /Override reason/ }), 'Paid in cash')
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
    const { row, booking } = await openBooking('Samuel')
    const user = onUndoClock()
    await choose(user, within(row).getByRole('combobox', { name: `Payment status of booking #${booking.id}` }), 'Paid')
    const dialog = await screen.findByRole('dialog', { name: 'Mark payment as paid?' })
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await within(dialog).findByText('Enter the receipt number or the reason')).toBeInTheDocument()
    await user.type(within(dialog).getByRole('textbox', { name: /Receipt number or reason/ }), 'Cash receipt 0042')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await passUndoWindow()
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
    const { row, booking } = await openBooking('Samuel')
    const user = onUndoClock()
    await user.click(within(row).getByRole('button', { name: `Cancel booking #${booking.id}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' })
    expect(within(dialog).getByText('No payment has been completed for this booking.')).toBeInTheDocument()
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument()
    await user.type(await within(dialog).findByRole('textbox', { name: /Reason/ }), 'Family moved the service upcountry')
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel booking' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await passUndoWindow()
    await findToast('Booking cancelled successfully')
    expect(stored(booking.id)?.status).toBe('cancelled')
    expect(stored(booking.id)?.payment_status).toBe('pending')
    expect(stored(booking.id)?.notes).toBe('Family moved the service upcountry')
  })

  it('says "Failed to cancel booking" and keeps the booking when the cancel fails', async () => {
    const { row, booking } = await openBooking('Samuel')
    server.use(networkError('patch', '/bookings/:id/status'))
    const user = onUndoClock()
    await user.click(within(row).getByRole('button', { name: `Cancel booking #${booking.id}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' })
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel booking' }))
    await passUndoWindow()
    await findToast('Failed to cancel booking')
    expect(stored(booking.id)?.status).toBe('pending')
    await waitFor(() => expect(screen.getByRole('combobox', { name: `Status of booking #${booking.id}` })).toHaveTextContent('Pending'))
  })

  it('assigns an attendant from the row: shown at once with Undo, which puts it back and sends nothing; chosen again, it is stored once the few seconds pass', async () => {
    const { row, booking } = await openBooking('Samuel')
    const before = stored(booking.id)?.attendant_id ?? null
    // The undo window on a fake clock, as for a status change (see 'asks before completing').
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const peter = attendant()
    const box = () => within(row).getByRole('combobox', { name: `Attendant for booking #${booking.id}` })
    await choose(user, box(), peter.name)
    const undoBar = await screen.findByText(`Booking #${booking.id}: Attendant ${peter.name}. Saving in a few seconds.`)
    expect(box()).toHaveTextContent(peter.name)
    await user.click(screen.getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(undoBar).not.toBeInTheDocument())
    await act(async () => {
      await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS + 500)
    })
    expect(stored(booking.id)?.attendant_id ?? null).toBe(before)
    expect(box()).not.toHaveTextContent(peter.name)

    await choose(user, box(), peter.name)
    await screen.findByText(`Booking #${booking.id}: Attendant ${peter.name}. Saving in a few seconds.`)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS + 500)
    })
    await findToast('Attendant assigned successfully')
    expect(stored(booking.id)?.attendant_id).toBe(peter.id)
    expect(box()).toHaveTextContent(peter.name)
  })

  it('confirming a booking with no attendant offers to assign one in the dialog: both are stored, with no override', async () => {
    const { row, booking } = await openBooking('Samuel')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const peter = attendant()
    await choose(user, within(row).getByRole('combobox', { name: `Status of booking #${booking.id}` }), 'Confirmed')
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('No attendant is assigned: assign one first')).toBeInTheDocument()
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Assign an attendant' }), peter.name)
    expect(within(dialog).queryByText('No attendant is assigned: assign one first')).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('textbox', { name: /Override reason/ })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(stored(booking.id)?.attendant_id).toBe(peter.id))
    await act(async () => {
      await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS + 500)
    })
    await waitFor(() => expect(stored(booking.id)?.status).toBe('confirmed'))
    expect(db.bookingAudit.findMany((q) => q.where({ booking_id: booking.id, field: 'status' })).map((a) => [a.to, a.reason])).toEqual([['confirmed', null]])
  })

  it('says "Failed to assign attendant" when the assignment fails', async () => {
    const { row, booking } = await openBooking('Samuel')
    server.use(networkError('post', '/bookings/:id/assign'))
    const user = onUndoClock()
    await choose(user, within(row).getByRole('combobox', { name: `Attendant for booking #${booking.id}` }), attendant().name)
    await passUndoWindow()
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
      // The service date's header sorts by it on the server: soonest first, then latest first.
      const header = () => screen.getByRole('columnheader', { name: /Service date/ })
      expect(header()).toHaveAttribute('aria-sort', 'none')
      await user.click(within(header()).getByRole('button', { name: 'Service date' }))
      await waitFor(() => expect(seen.at(-1)).toBe('?page=1&limit=20&sort=service_soonest&search=Samuel'))
      expect(header()).toHaveAttribute('aria-sort', 'ascending')
      await user.click(within(header()).getByRole('button', { name: 'Service date' }))
      await waitFor(() => expect(seen.at(-1)).toBe('?page=1&limit=20&sort=service_latest&search=Samuel'))
      expect(header()).toHaveAttribute('aria-sort', 'descending')
      expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveTextContent('Service date, latest first')
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
    expect(await screen.findByText(`${peter.name} is looking after your loved one.`)).toBeInTheDocument()
  })
})
