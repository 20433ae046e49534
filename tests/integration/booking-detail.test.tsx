import { describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { db, server } from '../../mocks/node'
import { updateCare } from '../../mocks/morgue'
import { toWireBooking } from '../../mocks/serialize'
import { amountDueNow } from '../../shared/urgency'
import { paths } from '../../src/app/paths'
import { activateLocale } from '../../src/lib/i18n'
import { agreementState } from '../../shared/paper/agreement'
import { MSG_AGREEMENT_CODE_WRONG } from '../../shared/contracts/agreement'
import { DEMO_LOGINS, findToast, renderAt, toastsText } from './render-app'
import { waitForPath } from './booking-test-kit'

vi.setConfig({ testTimeout: 40_000 })

const userByEmail = (email: string) => {
  const u = db.user.findFirst((q) => q.where({ email }))
  if (!u) throw new Error(`${email} missing`)
  return u
}
const ksh = (n: number) => `KSH ${n.toLocaleString('en-KE')}`

/**
 * Makes a booking charge exactly `amount`: one fixed-price line at that price (storage, charged by
 * the days in care, dropped) and its total, so what is owed today is `amount` less what was paid.
 */
async function chargeExactly(bookingId: number, amount: number, changes: { status?: 'confirmed'; payment_status?: 'partial' } = {}) {
  await db.booking.update((q) => q.where({ id: bookingId }), {
    data(b) {
      const fixed = b.lines.find((l) => !db.service.findFirst((q) => q.where({ id: l.service_id }))?.per_day) ?? b.lines[0]!
      b.lines = [{ ...fixed, quantity: 1, price_at_booking: amount }]
      b.total_amount = amount
      if (changes.status) b.status = changes.status
      if (changes.payment_status) b.payment_status = changes.payment_status
    },
  })
}

describe('Booking detail', () => {
  it("follows the body's preparation the attendant ticks, in gentle words for the family", async () => {
    const family = userByEmail(DEMO_LOGINS.client.email)
    const booking = db.booking.findMany((q) => q.where({ client_id: family.id })).find((b) => b.status === 'pending')!
    const view = await renderAt(paths.client.booking(String(booking.id)), { as: 'client' })
    const bar = await screen.findByRole('progressbar', { name: 'Preparation' })
    expect(bar).toHaveAttribute('aria-valuenow', '0')
    expect(screen.getByText('We will let you know when your loved one is in our care')).toBeInTheDocument()
    view.unmount()

    await updateCare(booking, (c) => {
      c.tasks = ['received', 'washed', 'embalmed']
    })
    await renderAt(paths.client.booking(String(booking.id)), { as: 'client' })
    expect(await screen.findByText('Your loved one is in our care and being prepared')).toBeInTheDocument()
    expect(screen.queryByText(/Embalmed/)).not.toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Preparation' })).toHaveAttribute('aria-valuenow', '3')
  })

  it('shows status, payment status, deceased name, services with quantity and price at booking, total and notes', async () => {
    const family = userByEmail(DEMO_LOGINS.client.email)
    const mine = db.booking.findMany((q) => q.where({ client_id: family.id }))
    // A booking with two or more services shows the sum; give it a note so the notes line is checked too.
    const booking = mine.find((b) => b.lines.length > 1) ?? mine[0]!
    await db.booking.update((q) => q.where({ id: booking.id }), {
      data(b) {
        b.notes = 'Please keep the viewing short'
        b.status = 'confirmed'
        b.payment_status = 'partial'
      },
    })
    const deceased = db.deceased.findFirst((q) => q.where({ id: booking.deceased_id }))!

    await renderAt(paths.client.booking(String(booking.id)), { as: 'client' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking Details' })).toBeInTheDocument()
    expect(await screen.findByText(`Booking #${booking.id} for ${deceased.first_name} ${deceased.last_name}`)).toBeInTheDocument()

    const summary = screen.getByRole('heading', { name: 'Summary' }).parentElement!
    const value = (term: string) => within(summary).getByText(term).nextElementSibling
    expect(value('Status')).toHaveTextContent('Confirmed')
    expect(value('Payment status')).toHaveTextContent('Partial')
    expect(value('Deceased')).toHaveTextContent(`${deceased.first_name} ${deceased.last_name}`)
    expect(value('Notes')).toHaveTextContent('Please keep the viewing short')

    const table = screen.getByRole('table', { name: 'Services' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(booking.lines.length)
    booking.lines.forEach((line, i) => {
      const cells = within(rows[i]!).getAllByRole('cell')
      expect(cells[0]).toHaveTextContent(line.service_name)
      expect(cells[2]).toHaveTextContent(String(line.quantity))
      expect(cells[3]).toHaveTextContent(ksh(line.price_at_booking))
    })
    const total = within(table.parentElement!).getByText('Total').parentElement!
    expect(total).toHaveTextContent(ksh(booking.total_amount))
  })

  it('opens with whom and when, then what is left to do with the action beside it, and each receipt', async () => {
    const family = userByEmail(DEMO_LOGINS.client.email)
    const paid = db.payment.findFirst((q) => q.where({ client_id: family.id, status: 'completed', transaction_id: (t) => !!t }))!
    const booking = db.booking.findFirst((q) => q.where({ id: paid.booking_id }))!
    const already = db.payment.findMany((q) => q.where({ booking_id: booking.id, status: 'completed' })).reduce((s, p) => s + p.amount, 0)
    await chargeExactly(booking.id, already + 6500, { status: 'confirmed', payment_status: 'partial' })
    // Its papers: none uploaded, so both required ones are to do.
    await db.document.deleteMany((q) => q.where({ booking_id: booking.id }))
    const deceased = db.deceased.findFirst((q) => q.where({ id: booking.deceased_id }))!

    await renderAt(paths.client.booking(String(booking.id)), { as: 'client' })
    const top = (await screen.findByRole('heading', { level: 2, name: `${deceased.first_name} ${deceased.last_name}` })).parentElement!
    // A person one tap away: who looks after the booking, and the home's phone as a tel: link.
    const carer = booking.attendant_id ? db.user.findFirst((q) => q.where({ id: booking.attendant_id! }))?.name : null
    expect(top).toHaveTextContent(carer ? `${carer} is looking after your loved one.` : 'Our office is looking after your loved one.')
    expect(within(top).getByRole('link', { name: /^Call us on / })).toHaveAttribute('href', expect.stringMatching(/^tel:\+\d+$/))
    const todo = await screen.findByRole('list', { name: 'What is left to do' })
    expect(within(todo).getByText('Upload the death certificate')).toBeInTheDocument()
    expect(within(todo).getByText('Upload the burial permit')).toBeInTheDocument()
    expect(within(todo).getByText('Pay KSH 6,500 still due')).toBeInTheDocument()
    expect(within(todo).getByRole('link', { name: 'Pay by M-Pesa' })).toHaveAttribute('href', `${paths.client.payments}?pay=${booking.id}`)

    const money = screen.getByRole('heading', { level: 2, name: 'Payments' }).parentElement!
    expect(within(money).getByText('Still due').nextElementSibling).toHaveTextContent('KSH 6,500')
    expect(within(money).getByText('Paid').nextElementSibling).toHaveTextContent(ksh(already))
    const receipts = await within(money).findByRole('list', { name: 'Receipts' })
    expect(receipts).toHaveTextContent(`Receipt ${paid.transaction_id}`)
  })

  it('a booking paid in full whose body stayed longer than booked: partial, the balance still due with Pay by M-Pesa, the total as charged so far', async () => {
    const family = userByEmail(DEMO_LOGINS.client.email)
    const record = db.booking.findMany((q) => q.where({ client_id: family.id })).find((b) => db.deceased.findFirst((q) => q.where({ id: b.deceased_id }))?.first_name === 'Teresia')!
    const teresia = toWireBooking(record)
    expect(teresia.payment_status).toBe('paid')
    const balance = amountDueNow(teresia)
    expect(balance).toBeGreaterThan(0)

    await renderAt(paths.client.booking(String(record.id)), { as: 'client' })
    const todo = await screen.findByRole('list', { name: 'What is left to do' })
    expect(within(todo).getByText(`Pay ${ksh(balance)} still due`)).toBeInTheDocument()
    expect(within(todo).getByRole('link', { name: 'Pay by M-Pesa' })).toHaveAttribute('href', `${paths.client.payments}?pay=${record.id}`)
    const money = screen.getByRole('heading', { level: 2, name: 'Payments' }).parentElement!
    expect(within(money).getByText('Charged so far').nextElementSibling).toHaveTextContent(ksh(teresia.charges_to_date!))
    expect(within(money).getByText('Paid').nextElementSibling).toHaveTextContent(ksh(teresia.total_amount))
    expect(within(money).getByText('Still due').nextElementSibling).toHaveTextContent(ksh(balance))
    const summary = screen.getByRole('heading', { name: 'Summary' }).parentElement!
    expect(within(summary).getByText('Payment status').nextElementSibling).toHaveTextContent('Partial')
  })

  it('the action beside each thing left to do does it: Upload opens the upload for that paper, Pay opens the M-Pesa dialog for this booking', async () => {
    const user = userEvent.setup()
    const family = userByEmail(DEMO_LOGINS.client.email)
    const booking = db.booking.findFirst((q) => q.where({ client_id: family.id, status: (s) => s !== 'cancelled' }))!
    await chargeExactly(booking.id, 6500, { payment_status: 'partial' })
    await db.payment.deleteMany((q) => q.where({ booking_id: booking.id }))
    await db.document.deleteMany((q) => q.where({ booking_id: booking.id }))
    const deceased = db.deceased.findFirst((q) => q.where({ id: booking.deceased_id }))!

    const { location } = await renderAt(paths.client.booking(String(booking.id)), { as: 'client' })
    const todo = await screen.findByRole('list', { name: 'What is left to do' })
    await user.click(within(todo).getByRole('button', { name: 'Upload the burial permit' }))
    const dialog = await screen.findByRole('dialog', { name: 'Upload Document' })
    expect(within(dialog).getByLabelText(/^Document type/)).toHaveValue('burial_permit')
    expect(within(dialog).getByLabelText('For the booking of')).toHaveValue(String(booking.id))
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.click(within(todo).getByRole('link', { name: 'Pay by M-Pesa' }))
    const pay = await screen.findByRole('dialog', { name: 'Pay with M-Pesa' })
    expect(within(pay).getByText(`${deceased.first_name} ${deceased.last_name}`)).toBeInTheDocument()
    expect(within(pay).getByRole('button', { name: /^Pay KSH 6,500/ })).toBeInTheDocument()
    // The request is dropped from the address: going back or reloading does not open it again.
    await waitFor(() => expect(location().search).toBe(''))
    expect(location().pathname).toBe(paths.client.payments)
  })

  it('the family reads and signs the agreement in its dialog: full name, the code from the SMS, "I agree"; a refusal is said in the dialog', async () => {
    // The flow's rules are the machine's test (tests/unit/agreement-signing.machine.test.ts); here the
    // dialog's wiring, with the agreement answered without building its PDF (seconds in the DOM).
    const user = userEvent.setup()
    const family = userByEmail(DEMO_LOGINS.client.email)
    const booking = db.booking.findMany((q) => q.where({ client_id: family.id })).find((b) => b.status !== 'cancelled')!
    const sha = 'c'.repeat(64)
    const signedBodies: unknown[] = []
    server.use(
      http.get('*/api/bookings/:id/agreement', () =>
        HttpResponse.json(agreementState(booking.id, [], sha)),
      ),
      http.post('*/api/bookings/:id/agreement/sign', async ({ request }) => {
        const input = (await request.json()) as { full_name: string; code: string }
        signedBodies.push(input)
        if (input.code === '000000') return HttpResponse.json({ message: MSG_AGREEMENT_CODE_WRONG }, { status: 422 })
        await db.serviceAgreement.create({ id: 9001, booking_id: booking.id, revision: 1, signer_id: family.id, signed_name: input.full_name, signed_at: new Date().toISOString(), ip: 'local', user_agent: '', document_sha256: sha, sha256: sha, voided_at: null, voided_by: null, void_reason: null, pdf_base64: '' })
        return HttpResponse.json(agreementState(booking.id, db.serviceAgreement.findMany((q) => q.where({ booking_id: booking.id })), null), { status: 201 })
      }),
    )
    await renderAt(paths.client.booking(String(booking.id)), { as: 'client' })
    expect(await screen.findByText('Agreement not signed yet', {}, { timeout: 10_000 })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Read and sign the agreement' }))
    const dialog = await screen.findByRole('dialog', { name: 'Service agreement' })
    expect(await within(dialog).findByRole('button', { name: 'Open the agreement (PDF)' }, { timeout: 10_000 })).toBeInTheDocument()
    // Enter on the name (the keyboard's Send key) asks for the code, as the button does.
    expect(within(dialog).getByRole('button', { name: 'Send me a code by SMS' })).toBeInTheDocument()
    await user.type(within(dialog).getByRole('textbox', { name: /^Your full name/ }), 'Grace Wanjiru Kamau{Enter}')
    // Said in the dialog, not by a toast under its backdrop.
    await within(dialog).findByRole('status')
    expect(toastsText()).toBe('')
    const sms = db.sms.findMany((q) => q.where({ kind: 'agreement-code' })).at(-1)
    const code = sms?.body.match(/\b(\d{6})\b/)?.[1] ?? ''
    expect(within(dialog).getByRole('status')).toHaveTextContent(`We sent a 6-digit code by SMS to the phone ending ${sms?.to_phone.slice(-4)}.`)

    // The code's field takes the focus (a phone's keyboard stays up for it), a number pad's and the SMS's autofill.
    const box = within(dialog).getByRole('textbox', { name: /^Code from the SMS/ })
    await waitFor(() => expect(box).toHaveFocus())
    expect(box).toHaveAttribute('inputmode', 'numeric')
    expect(box).toHaveAttribute('autocomplete', 'one-time-code')
    await user.type(box, '000000')
    await user.click(within(dialog).getByRole('button', { name: 'I agree' }))
    expect(await within(dialog).findByText(MSG_AGREEMENT_CODE_WRONG)).toBeInTheDocument()
    expect(toastsText()).toBe('')
    await user.clear(box)
    // The keyboard's own Done key signs: the buttons may be under the keyboard.
    await user.type(box, `${code}{Enter}`)
    expect(await within(dialog).findByText(/^Agreement signed by Grace Wanjiru Kamau on /)).toBeInTheDocument()
    expect(toastsText()).toBe('')
    expect(signedBodies.at(-1)).toMatchObject({ full_name: 'Grace Wanjiru Kamau', code, document_sha256: sha })
    // Closed, the booking's papers say who signed, with the signed PDF beside it.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const status = await screen.findByTestId('agreement-status')
    await waitFor(() => expect(status).toHaveTextContent(/^Agreement signed by Grace Wanjiru Kamau on \d{1,2} \w+ \d{4}/))
    expect(await within(status).findByRole('button', { name: 'Signed agreement (PDF)' })).toBeInTheDocument()
    expect(within(status).queryByRole('button', { name: 'Read and sign the agreement' })).not.toBeInTheDocument()

    // A paper shared by WhatsApp or SMS: a signed link that needs no account and says until when it opens.
    const share = screen.getByTestId('share-paper')
    await user.selectOptions(within(share).getByRole('combobox', { name: 'Paper to share' }), 'statement')
    await user.click(within(share).getByRole('button', { name: 'Get a link to share' }))
    const whatsapp = await within(share).findByRole('link', { name: 'Share on WhatsApp' })
    const sent = decodeURIComponent(whatsapp.getAttribute('href')?.replace('https://wa.me/?text=', '') ?? '')
    expect(sent).toMatch(new RegExp(`^Statement: http://localhost:3000/api/papers/shared/${booking.id}\\.statement\\.0\\.\\d+\\.[\\w-]{43}$`))
    expect(within(share).getByRole('link', { name: 'Share by SMS' })).toHaveAttribute('href', `sms:?&body=${encodeURIComponent(sent)}`)
    expect(within(share).getByText(/^Anyone with the link can open it until \d{1,2} \w+ \d{4}\.$/)).toBeInTheDocument()
  })

  it("another family's booking: 'Failed to load booking details' and back to My Bookings (the server answers 404)", async () => {
    const family = userByEmail(DEMO_LOGINS.client.email)
    const others = db.booking.findMany((q) => q.where({ client_id: (id) => id !== family.id }))
    expect(others.length).toBeGreaterThan(0)
    const { location } = await renderAt(paths.client.booking(String(others[0]!.id)), { as: 'client' })
    await findToast('Failed to load booking details')
    await waitForPath(location, /^\/dashboard\/client\/bookings$/)
    expect(await screen.findByRole('heading', { level: 1, name: 'My Bookings' })).toBeInTheDocument()
  })

  it('no answer at all, in Kiswahili: the page stays and says so in Kiswahili, with Try again', async () => {
    server.use(http.get('*/api/bookings/:id', () => HttpResponse.error()))
    await act(() => activateLocale('sw'))
    await renderAt(paths.client.booking('1'), { as: 'client' })
    expect(await screen.findByText('Imeshindwa kupakia maelezo ya nafasi', {}, { timeout: 5_000 })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Jaribu tena' })).toBeInTheDocument()
    expect(screen.queryByText('Failed to load booking details')).not.toBeInTheDocument()
  })

  it('a booking id that does not exist, or a server fault, ends the same way', async () => {
    const { location, unmount } = await renderAt(paths.client.booking('999999'), { as: 'client' })
    await findToast('Failed to load booking details')
    await waitForPath(location, /^\/dashboard\/client\/bookings$/)
    unmount()

    server.use(http.get('*/api/bookings/:id', () => HttpResponse.json({ message: 'boom' }, { status: 500 }), { once: true }))
    const again = await renderAt(paths.client.booking('1'), { as: 'client' })
    await waitForPath(again.location, /^\/dashboard\/client\/bookings$/)
  })
})
