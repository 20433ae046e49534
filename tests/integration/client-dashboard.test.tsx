import { describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { db, server } from '../../mocks/node'
import { paths } from '../../src/app/paths'
import { getBooking, myBookings } from '../../src/api/bookings'
import { register } from '../../src/api/auth'
import { DEMO_LOGINS, renderAt, toastsText } from './render-app'
import { activateLocale } from '../../src/lib/i18n'

vi.setConfig({ testTimeout: 40_000 })

/** A crafted set that gives each counter a different answer, so a swapped rule cannot pass. */
function crafted() {
  const base = {
    payment_status: 'pending',
    total_amount: 5000,
    notes: null,
    deceased_id: 1,
    client_id: 3,
    client_name: 'Mary Achieng',
    services: [{ id: 1, service_id: 1, service_name: 'Basic Funeral', quantity: 1, price_at_booking: 5000, scheduled_date: '2026-05-01T10:00:00' }],
    assignedAttendant: null,
  }
  const b = (id: number, first: string, status: string, created: string, required: string[], notify: boolean) => ({
    ...base,
    id,
    status,
    deceased_first_name: first,
    deceased_last_name: 'Test',
    created_at: created,
    required_documents: required,
    has_notifications: notify,
  })
  // Server order deliberately not newest-first.
  return [
    b(1, 'Amina', 'active', '2026-02-01T08:00:00.000Z', ['death_certificate'], true),
    b(2, 'Baraka', 'pending', '2026-04-20T08:00:00.000Z', [], true),
    b(3, 'Chebet', 'pending', '2026-01-05T08:00:00.000Z', [], false),
    b(4, 'Daudi', 'completed', '2026-03-15T08:00:00.000Z', ['burial_permit'], true),
    b(5, 'Esther', 'confirmed', '2026-04-01T08:00:00.000Z', [], true),
    b(6, 'Fatuma', 'cancelled', '2025-12-24T08:00:00.000Z', [], false),
    b(7, 'Gitau', 'in_progress', '2026-04-10T08:00:00.000Z', [], false),
  ]
}

describe('Client dashboard', () => {
  it("greets the family by name and links to Book Service, Documents and Payments", async () => {
    await renderAt(paths.client.home, { as: 'client' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Mary Achieng' })).toBeInTheDocument()
    const links = within(screen.getByRole('region', { name: 'What would you like to do?' }))
    expect(links.getByRole('link', { name: 'Book Service' })).toHaveAttribute('href', paths.client.bookService)
    expect(links.getByRole('link', { name: 'Documents' })).toHaveAttribute('href', paths.client.documents)
    expect(links.getByRole('link', { name: 'Payments' })).toHaveAttribute('href', paths.client.payments)
  })

  it('on a phone, the menu is made when first opened: no focusable hidden sentinels around the page before', async () => {
    const user = userEvent.setup()
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => {}, removeEventListener: () => {} }))
    try {
      await renderAt(paths.client.home, { as: 'client' })
      expect(await screen.findByRole('list', { name: 'Recent bookings' })).toBeInTheDocument()
      // A modal drawer, even closed, has Fluent's focus manager add aria-hidden tabbable elements to the body.
      expect(document.querySelector('[data-tabster-dummy]')).toBeNull()
      expect(screen.queryByRole('navigation', { name: /menu/ })).not.toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: /^Open menu/ }))
      expect(await screen.findByRole('link', { name: /Messages/ })).toBeInTheDocument()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it("says 'Welcome to your Dashboard' when the name is not known", async () => {
    const family = db.user.findFirst((q) => q.where({ email: DEMO_LOGINS.client.email }))!
    server.use(http.get('*/api/auth/me', () => HttpResponse.json({ user: { id: family.id, name: '', email: family.email, role: 'client' } })))
    await renderAt(paths.client.home, { as: 'client' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to your Dashboard' })).toBeInTheDocument()
  })

  it('lists what to do next, each a link to where it is done: papers by name, money due, news from the home', async () => {
    server.use(http.get('*/api/bookings/my', () => HttpResponse.json({ bookings: crafted() })))
    await renderAt(paths.client.home, { as: 'client' })
    const list = await screen.findByRole('list', { name: 'What to do next' })
    const links = within(list).getAllByRole('link')
    const named = (text: string) => links.find((l) => l.textContent === text)
    // Open bookings only: Daudi's (completed) papers and money are not asked for.
    expect(named('Upload the death certificate for Amina Test')).toHaveAttribute('href', paths.client.booking('1'))
    expect(named('Pay KSH 5,000 for Gitau Test')).toHaveAttribute('href', `${paths.client.payments}?pay=7`)
    expect(named('News about the booking for Esther Test')).toHaveAttribute('href', paths.client.booking('5'))
    expect(links.filter((l) => l.textContent?.startsWith('Pay '))).toHaveLength(5)
    expect(links.some((l) => l.textContent?.includes('Daudi') && !l.textContent.startsWith('News'))).toBe(false)
    expect(links.some((l) => l.textContent?.includes('Fatuma'))).toBe(false)
    // No staff counters: the list says what and where.
    expect(screen.queryByRole('group', { name: 'Active Bookings' })).not.toBeInTheDocument()
  })

  it("opens with a red banner when a service within 48 hours cannot go ahead: the seeded family's cremation tomorrow, its permit rejected", async () => {
    await renderAt(paths.client.home, { as: 'client' })
    const banner = await screen.findByRole('alert', { name: /The service for Teresia Auma tomorrow at 09:00 cannot go ahead yet/ }, { timeout: 10_000 })
    expect(banner).toHaveTextContent('The burial permit you sent could not be accepted')
    expect(within(banner).getByRole('link', { name: 'Upload now' })).toHaveAttribute('href', expect.stringMatching(/\/dashboard\/client\/bookings\/\d+$/))
    expect(within(banner).getByRole('link', { name: /^Call / })).toHaveAttribute('href', expect.stringMatching(/^tel:\+\d+$/))
    // First on the page, before the list of next steps.
    const list = await screen.findByRole('list', { name: 'What to do next' })
    expect(banner.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    // The top bar's Call button, on every page of the family's portal.
    expect(screen.getByRole('link', { name: /^Call us, / })).toHaveAttribute('href', expect.stringMatching(/^tel:\+\d+$/))
    // Offline: said at once above the page, with the phone that still works.
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    act(() => void window.dispatchEvent(new Event('offline')))
    // What is on screen is marked with the time the server last answered (24 h, Nairobi).
    expect(await screen.findByText(/^You are offline: what you see is as of \d\d:\d\d\. You can still call us on \+/)).toBeInTheDocument()
    online.mockRestore()
    act(() => void window.dispatchEvent(new Event('online')))
    await waitFor(() => expect(screen.queryByText(/^You are offline/)).not.toBeInTheDocument())
    // The browser says online but the server does not answer (a dead line, the server down): the same.
    server.use(http.get('*/api/bookings/my', () => HttpResponse.error(), { once: true }))
    await act(() => myBookings().catch(() => undefined))
    expect(await screen.findByText(/^You are offline: what you see is as of \d\d:\d\d\./)).toBeInTheDocument()
    await act(() => myBookings())
    await waitFor(() => expect(screen.queryByText(/^You are offline/)).not.toBeInTheDocument())
  })

  it('with no network, shows the bookings last seen on this device, as of their time, never to another account; signing out forgets them', async () => {
    const first = await renderAt(paths.client.home, { as: 'client' })
    const names = async () => within(await screen.findByRole('list', { name: 'Recent bookings' })).getAllByRole('listitem').map((li) => li.textContent)
    await waitFor(async () => expect((await names()).length).toBeGreaterThan(0))
    const seen = await names()
    first.unmount()
    first.actor.stop()

    // No answer at all now (the phone has no signal, or the app is reloaded offline).
    server.use(http.get('*/api/bookings/my', () => HttpResponse.error()))
    const offline = await renderAt(paths.client.home, { as: 'client' })
    expect(await screen.findByText(/^You are offline: what you see is as of \d\d:\d\d\. You can still call us on \+/)).toBeInTheDocument()
    await waitFor(async () => expect(await names()).toEqual(seen))
    expect(screen.queryByText('Failed to load bookings')).not.toBeInTheDocument()
    offline.unmount()
    offline.actor.stop()

    // Another account on the same phone gets the error, not this family's bookings.
    await register({ name: 'Njeri Kariuki', email: 'njeri@example.test', password: 'Pole#2026', phone: '0711000000', address: 'Nakuru' })
    await renderAt(paths.client.home, { as: { email: 'njeri@example.test', password: 'Pole#2026' } })
    expect((await screen.findAllByText('Failed to load bookings', {}, { timeout: 10_000 })).length).toBeGreaterThan(0)
    for (const name of seen) expect(screen.queryByText(name ?? '')).not.toBeInTheDocument()
  })

  it('signing out forgets the bookings kept on the device for offline use', async () => {
    const { actor } = await renderAt(paths.client.home, { as: 'client' })
    await waitFor(() => expect(Object.keys(localStorage).some((k) => k.startsWith('afh-kept:'))).toBe(true))
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }))
    await waitFor(() => expect(actor.getSnapshot().matches('signedOut')).toBe(true))
    expect(Object.keys(localStorage).filter((k) => k.startsWith('afh-kept:'))).toEqual([])
  })

  it("staff devices keep nothing: the office's case file reads a family's booking without keeping it", async () => {
    await renderAt(paths.admin.home, { as: 'admin' })
    const seeded = db.booking.findMany()[0]
    expect(await getBooking(String(seeded?.id))).toMatchObject({ id: String(seeded?.id) })
    expect(Object.keys(localStorage).filter((k) => k.startsWith('afh-kept:'))).toEqual([])
  })

  it('shows the 5 most recent bookings, newest first, each linking to its detail', async () => {
    server.use(http.get('*/api/bookings/my', () => HttpResponse.json({ bookings: crafted() })))
    await renderAt(paths.client.home, { as: 'client' })
    const list = await screen.findByRole('list', { name: 'Recent bookings' })
    const links = within(list).getAllByRole('link')
    expect(links.map((l) => l.textContent)).toEqual(['Baraka Test', 'Gitau Test', 'Esther Test', 'Daudi Test', 'Amina Test'])
    expect(links[0]).toHaveAttribute('href', paths.client.booking('2'))
    expect(within(list).queryByText('Chebet Test')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View all bookings' })).toHaveAttribute('href', paths.client.bookings)
  })

  it("shows 'Failed to load bookings' with Retry when the bookings cannot load", async () => {
    server.use(http.get('*/api/bookings/my', () => HttpResponse.error(), { once: true }))
    const user = userEvent.setup()
    await renderAt(paths.client.home, { as: 'client' })
    expect(await screen.findByText('Failed to load bookings')).toBeInTheDocument()
    // Said once, where it applies: no toast repeating it over the heading on a phone.
    expect(toastsText()).not.toContain('Failed to load bookings')
    // An error, never an empty "nothing to do" that would read as good news.
    expect(screen.queryByText(/Nothing for you to do now/)).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'What to do next' })).not.toBeInTheDocument()
    // Nor an empty "Recent bookings" heading with nothing under it.
    expect(screen.queryByRole('heading', { name: 'Recent bookings' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('list', { name: 'Recent bookings' })).toBeInTheDocument()
  })

  it('a failed load said before a change of language is said in the new one', async () => {
    server.use(http.get('*/api/bookings/my', () => HttpResponse.error()))
    await renderAt(paths.client.home, { as: 'client' })
    expect(await screen.findByText('Failed to load bookings')).toBeInTheDocument()
    await act(async () => {
      await activateLocale('sw')
    })
    expect(await screen.findByText('Imeshindwa kupakia nafasi')).toBeInTheDocument()
    expect(screen.queryByText('Failed to load bookings')).not.toBeInTheDocument()
  })

  it('a new family is welcomed (not "back") and led to one clear "Book a service", not four zeros', async () => {
    server.use(http.get('*/api/bookings/my', () => HttpResponse.json({ bookings: [] })))
    await renderAt(paths.client.home, { as: 'client' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Mary Achieng' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Book a service' })).toHaveAttribute('href', paths.client.bookService)
    expect(screen.queryByRole('region', { name: 'What to do next' })).not.toBeInTheDocument()
  })
})
