import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { db, server } from '../../mocks/node'
import { register } from '../../src/api/auth'
import { paths } from '../../src/app/paths'
import { DEMO_LOGINS, findToast, renderAt, toastsText } from './render-app'
import {
  JOSEPH,
  back,
  chooseServices,
  cont,
  daysFromToday,
  expectStep,
  field,
  fillDeceased,
  requestLog,
  typeInto,
  waitForPath,
  walkToReview,
} from './booking-test-kit'

// Whole journeys through the real app: generous on a busy 2-core machine.
vi.setConfig({ testTimeout: 40_000 })

const clientId = () => {
  const u = db.user.findFirst((q) => q.where({ email: DEMO_LOGINS.client.email }))
  if (!u) throw new Error('demo client missing')
  return u.id
}
const bookingsOf = (id: number) => db.booking.findMany((q) => q.where({ client_id: id }))
const deceasedOf = (id: number) => db.deceased.findMany((q) => q.where({ client_id: id }))

async function openWizard() {
  const user = userEvent.setup()
  const app = await renderAt(paths.client.bookService, { as: 'client' })
  await expectStep(1, 'Select Services')
  return { user, ...app }
}

describe('Book Service wizard: review and confirm', () => {
  it('shows everything entered and the total on the review', async () => {
    const { user } = await openWizard()
    const date = daysFromToday(20)
    await walkToReview(user, { date })
    const services = screen.getByRole('region', { name: 'Services' })
    expect(within(services).getByText('Basic Funeral')).toBeInTheDocument()
    expect(within(services).getByText('Hearse Transport')).toBeInTheDocument()
    expect(within(services).getByText('KSH 2,500')).toBeInTheDocument()
    const deceased = screen.getByRole('region', { name: 'Deceased details' })
    expect(within(deceased).getByText('Joseph Mwangi')).toBeInTheDocument()
    expect(within(deceased).getByText('Kenyatta National Hospital')).toBeInTheDocument()
    expect(within(deceased).getByText('Male')).toBeInTheDocument()
    expect(within(deceased).getByText('Christian')).toBeInTheDocument()
    const schedule = screen.getByRole('region', { name: 'Service schedule' })
    expect(within(schedule).getByText('10:30')).toBeInTheDocument()
    expect(within(schedule).getByText('Choir at the graveside')).toBeInTheDocument()
    const [y, m, d] = date.split('-').map(Number)
    const shown = new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y!, m! - 1, d!)))
    expect(within(schedule).getByText(shown)).toBeInTheDocument()
    expect(screen.getByText('KSH 7,500')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toBeEnabled()

    // A quotation of the draft before anything is booked: the booking's own body, the deceased by name.
    // The PDF itself is the contract suite's to read; here the server's answer stands in for it.
    const asked: unknown[] = []
    server.use(
      http.post('*/api/bookings/quotation', async ({ request }) => {
        asked.push({ lang: new URL(request.url).searchParams.get('lang'), body: await request.json() })
        return new HttpResponse('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } })
      }),
    )
    const saved: string[] = []
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:quotation')
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof HTMLAnchorElement && event.target.download) {
        event.preventDefault()
        saved.push(event.target.download)
      }
    }
    document.addEventListener('click', onClick, true)
    const before = bookingsOf(clientId()).length
    await user.click(screen.getByRole('button', { name: 'Download a quotation (PDF)' }))
    await waitFor(() => expect(saved).toEqual(['quotation.pdf']))
    document.removeEventListener('click', onClick, true)
    const catalogue = db.service.all()
    const idOf = (name: string) => catalogue.find((s) => s.name === name)?.id
    expect(asked).toEqual([
      {
        lang: 'en',
        body: {
          services: [
            { service_id: idOf('Basic Funeral'), quantity: 1, scheduled_date: `${date}T10:30:00` },
            { service_id: idOf('Hearse Transport'), quantity: 1, scheduled_date: `${date}T10:30:00` },
          ],
          notes: 'Choir at the graveside',
          deceased_name: 'Joseph Mwangi',
        },
      },
    ])
    expect(bookingsOf(clientId())).toHaveLength(before)
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toBeEnabled()
  })

  it('Confirm creates exactly one deceased and one booking with the right payload, leads to the agreement, then shows the booking', async () => {
    const { user, location } = await openWizard()
    const date = daysFromToday(3)
    await walkToReview(user, { date })
    const id = clientId()
    const before = { bookings: bookingsOf(id).length, deceased: deceasedOf(id).length }
    const log = requestLog()
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }))
    // Booked, the family is led to read and sign the agreement, and may leave it for the booking page.
    const dialog = await screen.findByRole('dialog', { name: 'Service agreement' })
    expect(within(dialog).getByText(/^Your booking is made\. Please read and sign the service agreement now, or sign it later/)).toBeInTheDocument()
    // The dialog says it is booked: no toast over it; the toast comes with the booking page.
    expect(toastsText()).toBe('')
    await user.click(within(dialog).getByRole('button', { name: 'Sign later' }))
    // Looked for at once: a toast closes by itself after a few seconds, and a loaded machine may take that long to draw the next page.
    await findToast('Service booked successfully')
    await waitForPath(location, /^\/dashboard\/client\/bookings\/\d+$/)
    expect(await screen.findByRole('button', { name: 'Read and sign the agreement' }, { timeout: 10_000 })).toBeInTheDocument()

    // The booking page then opens its conversation (POST /messages/threads) when it gets to it: not the Confirm's doing.
    expect(log.requests.filter((r) => !r.startsWith('GET') && r !== 'POST /api/messages/threads')).toEqual(['POST /api/deceased', 'POST /api/bookings'])
    const services = db.service.all()
    const idOf = (name: string) => services.find((s) => s.name === name)?.id
    await waitFor(() => expect(log.bodiesOf('POST /api/bookings')).toHaveLength(1))
    const deceasedId = deceasedOf(id).at(-1)?.id
    expect(log.bodiesOf('POST /api/deceased')[0]).toEqual({
      first_name: 'Joseph',
      last_name: 'Mwangi',
      date_of_death: JOSEPH.dateOfDeath,
      place_of_death: 'Kenyatta National Hospital',
      gender: 'male',
      religion: 'Christian',
    })
    expect(log.bodiesOf('POST /api/bookings')[0]).toEqual({
      deceased_id: deceasedId,
      services: [
        { service_id: idOf('Basic Funeral'), quantity: 1, scheduled_date: `${date}T10:30:00` },
        { service_id: idOf('Hearse Transport'), quantity: 1, scheduled_date: `${date}T10:30:00` },
      ],
      notes: 'Choir at the graveside',
      hold: true,
    })
    log.stop()

    expect(deceasedOf(id)).toHaveLength(before.deceased + 1)
    const mine = bookingsOf(id)
    expect(mine).toHaveLength(before.bookings + 1)
    const created = mine.find((b) => location().pathname.endsWith(`/${b.id}`))
    expect(created).toMatchObject({ status: 'pending', payment_status: 'pending', total_amount: 7500, notes: 'Choir at the graveside', deceased_id: deceasedId })

    // The new booking's detail is on screen, and the draft is gone.
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking Details' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 2, name: 'Joseph Mwangi' })).toBeInTheDocument()
    expect(localStorage.getItem(`afh-booking-draft:${id}`)).toBeNull()
  })

  it('draws the agreement’s form while the agreement is on its way, so nothing moves when it comes, and keeps what was typed', async () => {
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    server.use(
      http.get('*/api/bookings/:id/agreement', async () => {
        await gate
        return undefined // then the mock's own answer
      }),
    )
    const { user } = await openWizard()
    await walkToReview(user, { date: daysFromToday(3) })
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }))
    const dialog = await screen.findByRole('dialog', { name: 'Service agreement' })
    // Still loading: the form is there (the PDF's place says it is loading), Sign later where it will stay.
    expect(within(dialog).getByText('Loading the agreement')).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Open the agreement (PDF)' })).not.toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Send me a code by SMS' })).toBeDisabled()
    expect(within(dialog).getByRole('button', { name: 'Sign later' })).toBeEnabled()
    await user.type(within(dialog).getByRole('textbox', { name: /Your full name/ }), 'Mary Achieng')
    release()
    expect(await within(dialog).findByRole('button', { name: 'Open the agreement (PDF)' })).toBeInTheDocument()
    expect(within(dialog).queryByText('Loading the agreement')).not.toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Send me a code by SMS' })).toBeEnabled()
    expect(within(dialog).getByRole('textbox', { name: /Your full name/ })).toHaveValue('Mary Achieng')
  })

  it("on a refused booking shows the server's message, stays on the review intact, and the retry makes no second deceased", async () => {
    const { user, location } = await openWizard()
    await walkToReview(user)
    const id = clientId()
    const deceasedBefore = deceasedOf(id).length
    const bookingsBefore = bookingsOf(id).length
    server.use(http.post('*/api/bookings', () => HttpResponse.json({ message: 'Fully booked that day' }, { status: 409 }), { once: true }))

    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }))
    await screen.findByText('Fully booked that day')
    await expectStep(4, 'Review & Confirm')
    // One message for one refusal, on the form beside its button: no toast repeats it.
    expect(screen.getAllByText('Fully booked that day')).toHaveLength(1)
    expect(toastsText()).toBe('')
    expect(screen.getByText('Not booked yet.')).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Deceased details' })).getByText('Joseph Mwangi')).toBeInTheDocument()
    expect(deceasedOf(id)).toHaveLength(deceasedBefore + 1)
    expect(bookingsOf(id)).toHaveLength(bookingsBefore)

    const log = requestLog()
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Service agreement' })).getByRole('button', { name: 'Sign later' }))
    await findToast('Service booked successfully')
    await waitForPath(location, /^\/dashboard\/client\/bookings\/\d+$/)
    // The booking's own page may open its conversation (POST /messages/threads) as soon as it shows.
    expect(log.requests.filter((r) => r.startsWith('POST') && !r.startsWith('POST /api/messages/'))).toEqual(['POST /api/bookings'])
    log.stop()
    expect(deceasedOf(id)).toHaveLength(deceasedBefore + 1)
    expect(bookingsOf(id)).toHaveLength(bookingsBefore + 1)
  })

  it("says 'Failed to create booking' when the server gives no message", async () => {
    const { user } = await openWizard()
    await walkToReview(user)
    server.use(http.post('*/api/deceased', () => HttpResponse.text('Bad gateway', { status: 502 }), { once: true }))
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }))
    expect(await screen.findByText('Failed to create booking')).toBeInTheDocument()
    await expectStep(4, 'Review & Confirm')
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toBeEnabled()
  })
})

describe('Book Service wizard: the draft', () => {
  it('survives a reload: the wizard comes back at the same step with everything typed', async () => {
    const first = await openWizard()
    await chooseServices(first.user, ['Premium Funeral', 'Embalming'])
    await cont(first.user)
    await fillDeceased(first.user, JOSEPH)
    await cont(first.user)
    await expectStep(3, 'Schedule Service')
    await typeInto(first.user, 'Special requests', 'Please bring extra chairs')
    first.unmount()

    const { user } = await openWizardAt(3)
    expect(screen.getByText('We kept what you entered last time. You can carry on where you left off.')).toBeInTheDocument()
    expect(field('Special requests')).toHaveValue('Please bring extra chairs')
    await back(user)
    expect(field('First name')).toHaveValue('Joseph')
    expect(field('Place of death')).toHaveValue('Kenyatta National Hospital')
    await back(user)
    expect(await screen.findByRole('checkbox', { name: 'Premium Funeral' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Embalming' })).toBeChecked()
    expect(screen.getByText('Total: KSH 11,500')).toBeInTheDocument()
  })

  it('survives a sign-out and sign-in on this device, and another family does not see it', async () => {
    const first = await openWizard()
    await chooseServices(first.user, ['Burial'])
    await cont(first.user)
    await typeInto(first.user, 'First name', 'Wambui')
    await first.user.click(screen.getByRole('button', { name: 'Logout' }))
    await waitFor(() => expect(first.location().pathname).toBe('/'))
    expect(localStorage.getItem('token')).toBeNull()
    first.unmount()

    // Another family on the same phone starts with an empty wizard.
    await register({ name: 'Otieno Family', email: 'otieno@example.test', password: 'Pole#2026', phone: '0722000000', address: 'Kisumu' })
    const other = await renderAt(paths.client.bookService, { as: { email: 'otieno@example.test', password: 'Pole#2026' } })
    await expectStep(1, 'Select Services')
    expect(await screen.findByRole('checkbox', { name: 'Burial' })).not.toBeChecked()
    other.unmount()
    localStorage.removeItem('token')

    await renderAt(paths.client.bookService, { as: 'client' })
    await expectStep(2, 'About your loved one')
    expect(field('First name')).toHaveValue('Wambui')
  })

  it('Start over asks first; keeping the draft changes nothing, discarding clears it', async () => {
    const { user } = await openWizard()
    await walkToReview(user)
    const key = `afh-booking-draft:${clientId()}`
    expect(localStorage.getItem(key)).not.toBeNull()

    await user.click(screen.getByRole('button', { name: 'Start over' }))
    // Tabster marks the open dialog aria-hidden under happy-dom (not in a browser, see the e2e run): look past it.
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard this draft?', hidden: true })
    await user.click(within(dialog).getByRole('button', { name: 'Keep my draft', hidden: true }))
    await waitFor(() => expect(screen.queryByRole('alertdialog', { hidden: true })).not.toBeInTheDocument())
    await expectStep(4, 'Review & Confirm')
    expect(localStorage.getItem(key)).not.toBeNull()

    await user.click(screen.getByRole('button', { name: 'Start over' }))
    await user.click(within(await screen.findByRole('alertdialog', { hidden: true })).getByRole('button', { name: 'Discard draft', hidden: true }))
    await expectStep(1, 'Select Services')
    expect(await screen.findByRole('checkbox', { name: 'Basic Funeral' })).not.toBeChecked()
    expect(screen.getByText('Total: KSH 0')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Start over' })).not.toBeInTheDocument()
    expect(localStorage.getItem(key)).toBeNull()
  })
})

async function openWizardAt(step: 1 | 2 | 3 | 4) {
  const user = userEvent.setup()
  const app = await renderAt(paths.client.bookService, { as: 'client' })
  const titles = { 1: 'Select Services', 2: 'About your loved one', 3: 'Schedule Service', 4: 'Review & Confirm' } as const
  await expectStep(step, titles[step])
  return { user, ...app }
}
