import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { db, server } from '../../mocks/node'
import { register } from '../../src/api/auth'
import { paths } from '../../src/app/paths'
import { formatKsh } from '../../src/lib/format'
import { activateLocale } from '../../src/lib/i18n'
import { toWireBooking } from '../../mocks/serialize'
import { amountDueNow } from '../../shared/urgency'
import { DEMO_LOGINS, renderAt, toastsText } from './render-app'

/**
 * The Payments screen with the real machines, the real API client and the mock /api (MSW node
 * server over the seeded database). The family demo account has two bookings awaiting payment
 * (Samuel Ouma: pending; Rose Achieng: partly paid) and a history of payments.
 */

const MSG = {
  pushSent: 'STK push sent! Please check your phone and enter your M-PESA PIN',
  paid: 'Payment completed successfully',
  timeout: 'Payment verification timeout. Please check your payment status later',
  verifyFailed: 'Failed to verify payment. Please contact support if payment was deducted',
  pushFailed: 'Failed to initiate M-Pesa payment. Please try again.',
  pendingFailed: 'Failed to load pending payments',
  historyFailed: 'Failed to load payment history',
}

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
const paymentsOf = (clientId: number) => db.payment.findMany((q) => q.where({ client_id: clientId }))
/** What is still to pay: the total less the booking's completed payments. */
const dueOf = (b: { id: number; total_amount: number }) =>
  b.total_amount - db.payment.findMany((q) => q.where({ booking_id: b.id, status: 'completed' })).reduce((s, p) => s + p.amount, 0)

/** Every call the screen makes to the mock /api, in order. */
function watchRequests() {
  const seen: string[] = []
  const listener = ({ request }: { request: Request }) => {
    seen.push(`${request.method} ${new URL(request.url).pathname}`)
  }
  server.events.on('request:start', listener)
  return {
    seen,
    count: (pattern: RegExp) => seen.filter((r) => pattern.test(r)).length,
    stop: () => server.events.removeListener('request:start', listener),
  }
}

const failWith500 = (path: string) => http.get(`*/api${path}`, () => HttpResponse.json({ message: 'Database unavailable' }, { status: 500 }))

/**
 * A toast with this text. While the modal dialog is open Fluent hides the rest of the page from
 * assistive technology (the dialog says the same in its own live region), so hidden ones count.
 */
const pendingRegion = () => screen.getByRole('region', { name: 'Awaiting payment' })
const historyRegion = () => screen.getByRole('region', { name: 'Payment history' })

async function openPayments() {
  const app = await renderAt(paths.client.payments, { as: 'client' })
  await screen.findByRole('heading', { level: 1, name: 'Payments' })
  await within(pendingRegion()).findAllByRole('listitem')
  await within(historyRegion()).findByRole('table', { name: 'Payment history' })
  return app
}

function pendingRow(name: string) {
  const row = within(pendingRegion())
    .queryAllByRole('listitem')
    .find((li) => li.textContent?.includes(name))
  return row ?? null
}

/** Open the dialog for one booking and pay with this phone, on fake timers (that also run by themselves). */
async function payFor(name: string, phone: string) {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
  const row = pendingRow(name)
  if (!row) throw new Error(`${name} is not awaiting payment`)
  await user.click(within(row).getByRole('button', { name: 'Pay with M-Pesa' }))
  const dialog = await screen.findByRole('dialog', { name: 'Pay with M-Pesa' })
  const input = within(dialog).getByRole('textbox', { name: /M-Pesa phone number/ })
  await user.clear(input)
  await user.type(input, phone)
  await user.click(within(dialog).getByRole('button', { name: /^Pay KSH/ }))
  return { user, dialog }
}

/** Move time on by this much and let what it triggers settle. */
async function elapse(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

/**
 * Move time on in small steps until the assertion holds. The checks' answers travel through MSW
 * and the API client, so a check's timer starts a little after the previous answer; stepping
 * avoids depending on that. (Exact 5-second spacing is proven in the machine's unit tests.)
 */
async function elapseUntil(assertion: () => void) {
  await waitFor(
    async () => {
      await elapse(500)
      assertion()
    },
    // waitFor's own time limit runs on the fake clock too: allow several intervals.
    { timeout: 60_000, interval: 10 },
  )
}

const attemptText = (n: number) => `Checking for your payment: attempt ${n} of 10`


afterEach(() => {
  vi.useRealTimers()
})

describe('Payments: the lists', () => {
  it('shows the bookings awaiting payment with the deceased name, the amount and Pay with M-Pesa', async () => {
    await openPayments()
    const samuel = bookingOf('Samuel')
    const rose = bookingOf('Rose')
    const rows = within(pendingRegion()).getAllByRole('listitem')
    // Samuel, Rose, and Teresia: paid in full, but in care longer than the storage booked.
    expect(rows).toHaveLength(3)
    const samuelRow = pendingRow('Samuel Ouma')!
    expect(samuelRow).toHaveTextContent(formatKsh(samuel.total_amount))
    expect(samuelRow).toHaveTextContent(`Booking #${samuel.id}`)
    expect(within(samuelRow).getByRole('button', { name: 'Pay with M-Pesa' })).toHaveAccessibleDescription('Samuel Ouma')
    expect(samuelRow).not.toHaveTextContent('due of')
    // Rose Achieng is partly paid: the row asks for what is still due, beside the total.
    const due = dueOf(rose)
    expect(due).toBeGreaterThan(0)
    expect(due).toBeLessThan(rose.total_amount)
    expect(pendingRow('Rose Achieng')).toHaveTextContent(`${formatKsh(due)} due of ${formatKsh(rose.total_amount)}`)
    // Paid bookings are not offered.
    expect(pendingRow('Wilson Owino')).toBeNull()
  })

  it('a booking paid in full whose body stayed longer than booked: its balance, of all charged so far, and Pay with M-Pesa for exactly that', async () => {
    const teresia = toWireBooking(bookingOf('Teresia'))
    expect(teresia.payment_status).toBe('paid')
    const balance = amountDueNow(teresia)
    expect(balance).toBeGreaterThan(0)
    await openPayments()
    const row = pendingRow('Teresia Auma')!
    expect(row).toHaveTextContent(`${formatKsh(balance)} due of ${formatKsh(teresia.charges_to_date!)}`)
    const { dialog } = await payFor('Teresia Auma', '0712345678')
    await within(dialog).findByText('Check your phone')
    await elapseUntil(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await screen.findByText('Payment received')
    // Paid to the shilling: off the list, its receipt in the history, nothing owed.
    await waitFor(() => expect(pendingRow('Teresia Auma')).toBeNull())
    const made = db.payment.findMany((q) => q.where({ booking_id: teresia.id, status: 'completed' })).find((p) => p.amount === balance)!
    expect(made.transaction_id).toMatch(/^[A-Z0-9]{10}$/)
    expect(await within(historyRegion()).findByRole('row', { name: new RegExp(made.transaction_id!) })).toHaveTextContent(formatKsh(balance))
    expect(amountDueNow(toWireBooking(bookingOf('Teresia')))).toBe(0)
  })

  it('shows the payment history with transaction id, method, amount, date and status', async () => {
    await openPayments()
    const table = within(historyRegion()).getByRole('table', { name: 'Payment history' })
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent)
    // SPEC.md's columns, with whom each payment was for after the transaction id.
    expect(headers).toEqual(['Transaction ID', 'For', 'Method', 'Amount', 'Date', 'Status'])
    const stored = paymentsOf(familyId())
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(stored.length)

    const completed = stored.find((p) => p.status === 'completed' && p.transaction_id)!
    const row = rows.find((r) => r.textContent?.includes(completed.transaction_id!))!
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent)
    const booking = db.booking.findFirst((q) => q.where({ id: completed.booking_id }))!
    const deceased = db.deceased.findFirst((q) => q.where({ id: booking.deceased_id }))!
    expect(cells[1]).toBe(`${deceased.first_name} ${deceased.last_name} · Booking #${booking.id}`)
    expect(cells[2]).toBe(completed.payment_method === 'mpesa' ? 'M-Pesa' : 'Other')
    expect(cells[3]).toBe(formatKsh(completed.amount))
    expect(cells[4]).toMatch(/\d{1,2} \w{3} \d{4}, \d{2}:\d{2}/)
    expect(cells[5]).toBe('Completed')

    // The failed attempt of the seed is listed as failed, without a transaction id.
    const failed = rows.filter((r) => within(r).getAllByRole('cell')[5]?.textContent === 'Failed')
    expect(failed).toHaveLength(stored.filter((p) => p.status === 'failed').length)
    expect(failed.length).toBeGreaterThan(0)
    expect(within(failed[0]!).getAllByRole('cell')[0]).toHaveTextContent('—')
  })

  it('shows an unknown payment status as pending', async () => {
    server.use(
      http.get('*/api/payments/my', () =>
        HttpResponse.json({
          payments: [
            { id: 1, booking_id: 1, transaction_id: 'SAB1C2D3E4', payment_method: 'mpesa', status: 'on_hold', amount: 5000, payment_date: '2026-03-10T09:30:00Z' },
            { id: 2, booking_id: 1, transaction_id: 'SAB1C2D3E5', payment_method: 'mpesa', status: 'processing', amount: 2500, payment_date: '2026-03-11T09:30:00Z' },
          ],
        }),
      ),
    )
    await openPayments()
    const rows = within(historyRegion()).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getAllByRole('cell')[5]?.textContent)).toEqual(['Pending', 'Processing'])
    expect(rows[0]).toHaveTextContent('10 Mar 2026, 12:30')
  })

  it('a completed payment whose M-Pesa receipt has not come yet says it is to follow, in the table and on a phone', async () => {
    const history = {
      payments: [
        { id: 1, booking_id: 1, transaction_id: null, payment_method: 'mpesa', status: 'completed', amount: 5000, payment_date: '2026-03-10T09:30:00Z' },
        { id: 2, booking_id: 1, transaction_id: null, payment_method: 'mpesa', status: 'failed', amount: 2500, payment_date: '2026-03-09T09:30:00Z' },
      ],
    }
    server.use(http.get('*/api/payments/my', () => HttpResponse.json(history)))
    await openPayments()
    const rows = within(historyRegion()).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual(['Receipt to follow', '—'])
  })

  it('a family with nothing booked sees both empty states', async () => {
    const account = { email: 'new.family@example.test', password: 'Pole#2026' }
    await register({ name: 'Njeri Wambui', phone: '0711000222', address: 'Thika Road, Nairobi', ...account })
    await renderAt(paths.client.payments, { as: account })
    expect(await within(pendingRegion()).findByText('Nothing to pay right now')).toBeInTheDocument()
    expect(await within(historyRegion()).findByText('No payments yet')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Pay with M-Pesa' })).not.toBeInTheDocument()
  })

  it('pending payments failing to load: the SPEC message, the history still shown, and a retry', async () => {
    server.use(failWith500('/payments/pending'))
    const user = userEvent.setup()
    await renderAt(paths.client.payments, { as: 'client' })
    // Said once, in its section with Try again: not again in a toast over the heading.
    expect(await within(await screen.findByRole('region', { name: 'Awaiting payment' })).findByText(MSG.pendingFailed)).toBeInTheDocument()
    expect(screen.getAllByText(MSG.pendingFailed)).toHaveLength(1)
    expect(toastsText()).not.toContain(MSG.pendingFailed)
    expect(await within(historyRegion()).findByRole('table')).toBeInTheDocument()
    expect(screen.queryByText(MSG.historyFailed)).not.toBeInTheDocument()

    server.resetHandlers()
    await user.click(within(pendingRegion()).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(pendingRow('Samuel Ouma')).not.toBeNull())
    expect(within(pendingRegion()).queryByText(MSG.pendingFailed)).not.toBeInTheDocument()
  })

  it('a server that does not send amount_due: the whole total is asked for', async () => {
    server.use(
      http.get('*/api/payments/pending', () =>
        HttpResponse.json({ bookings: [{ id: 7, deceased_first_name: 'Rose', deceased_last_name: 'Achieng', total_amount: 13000 }] }),
      ),
    )
    await openPayments()
    const row = pendingRow('Rose Achieng')!
    expect(row).toHaveTextContent(formatKsh(13000))
    expect(row).not.toHaveTextContent('due of')
  })

  it('payment history failing to load: the SPEC message, the pending list still shown', async () => {
    server.use(failWith500('/payments/my'))
    await renderAt(paths.client.payments, { as: 'client' })
    expect(await within(await screen.findByRole('region', { name: 'Payment history' })).findByText(MSG.historyFailed)).toBeInTheDocument()
    expect(screen.getAllByText(MSG.historyFailed)).toHaveLength(1)
    expect(toastsText()).not.toContain(MSG.historyFailed)
    await waitFor(() => expect(pendingRow('Samuel Ouma')).not.toBeNull())
    expect(within(historyRegion()).queryByRole('table')).not.toBeInTheDocument()
    // In Kiswahili the same failure is said in Kiswahili (the machine keeps SPEC.md's English words).
    await act(() => activateLocale('sw'))
    expect(await within(screen.getByRole('region', { name: 'Historia ya malipo' })).findByText('Imeshindwa kupakia historia ya malipo')).toBeInTheDocument()
  })
})

describe('Payments: the Pay with M-Pesa dialog', () => {
  it('shows the amount and the expected phone format, and refuses a wrong number with nothing sent', async () => {
    await openPayments()
    const samuel = bookingOf('Samuel')
    const user = userEvent.setup()
    await user.click(within(pendingRow('Samuel Ouma')!).getByRole('button', { name: 'Pay with M-Pesa' }))
    const dialog = await screen.findByRole('dialog', { name: 'Pay with M-Pesa' })
    expect(dialog).toHaveTextContent(formatKsh(samuel.total_amount))
    expect(dialog).toHaveTextContent('Samuel Ouma')
    const input = within(dialog).getByRole('textbox', { name: /M-Pesa phone number/ })
    expect(input).toHaveAttribute('type', 'tel')
    expect(input).toHaveAccessibleDescription(/07XXXXXXXX, 01XXXXXXXX or 2547XXXXXXXX/)

    const requests = watchRequests()
    for (const wrong of ['0812345678', '12345', '07123456789']) {
      await user.clear(input)
      await user.type(input, wrong)
      await user.click(within(dialog).getByRole('button', { name: `Pay ${formatKsh(samuel.total_amount)}` }))
      expect(await within(dialog).findByText('Enter a Safaricom number like 0712345678')).toBeInTheDocument()
    }
    await user.clear(input)
    await user.click(within(dialog).getByRole('button', { name: /^Pay KSH/ }))
    expect(await within(dialog).findByText('Enter the M-Pesa phone number')).toBeInTheDocument()
    requests.stop()
    expect(requests.seen).toEqual([])

    // Cancel closes without a trace.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(bookingOf('Samuel').payment_status).toBe('pending')
  })

  it('pays: push sent, waiting with the attempt count, then paid; the lists reload', async () => {
    await openPayments()
    const samuel = bookingOf('Samuel')
    const before = paymentsOf(familyId()).length
    const requests = watchRequests()
    const { dialog } = await payFor('Samuel Ouma', '0712345678')

    await within(dialog).findByText('Check your phone')
    expect(requests.seen).toContain('POST /api/stk-push')
    expect(await within(dialog).findByText('Check your phone')).toBeInTheDocument()
    expect(dialog).toHaveTextContent('We sent an M-Pesa request to 0712 345 678')
    expect(within(dialog).getByText('Waiting for you to enter your PIN…')).toBeInTheDocument()
    expect(within(dialog).getByRole('progressbar')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument()

    // Nothing is checked until the first interval has passed.
    expect(requests.count(/verify/)).toBe(0)
    await elapseUntil(() => expect(within(dialog).getByText(attemptText(1))).toBeInTheDocument())
    expect(requests.count(/verify/)).toBe(1)
    await elapseUntil(() => expect(within(dialog).getByText(attemptText(2))).toBeInTheDocument())
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0.2')
    await elapseUntil(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await screen.findByText('Payment received')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(requests.count(/verify/)).toBe(3)

    // The server recorded it, and the screen shows it: gone from pending, in the history.
    expect(bookingOf('Samuel').payment_status).toBe('paid')
    const stored = paymentsOf(familyId())
    expect(stored).toHaveLength(before + 1)
    const made = stored.find((p) => p.booking_id === samuel.id && p.status === 'completed')!
    expect(made.amount).toBe(samuel.total_amount)

    await waitFor(() => expect(pendingRow('Samuel Ouma')).toBeNull())
    expect(pendingRow('Rose Achieng')).not.toBeNull()
    const row = await within(historyRegion()).findByRole('row', { name: new RegExp(made.transaction_id!) })
    expect(row).toHaveTextContent(formatKsh(samuel.total_amount))
    expect(row).toHaveTextContent('Completed')
    expect(screen.getByText('Payment received')).toBeInTheDocument()
    // Each step said once, where it happens: in the dialog, then the banner; no toast repeats them.
    expect(toastsText()).not.toMatch(/STK push sent|Payment completed/)
    expect(requests.count(/GET \/api\/payments\/pending/)).toBe(1)
    expect(requests.count(/GET \/api\/payments\/my/)).toBe(1)

    // No more checks once paid.
    await elapse(30_000)
    expect(requests.count(/verify/)).toBe(3)
    requests.stop()
  })

  it('a partly paid booking: the dialog asks for and charges only the amount due, then the booking is paid', async () => {
    await openPayments()
    const rose = bookingOf('Rose')
    const due = dueOf(rose)
    const requests = watchRequests()
    let charged: unknown = null
    const readCharge = async ({ request }: { request: Request }) => {
      if (request.method === 'POST' && request.url.endsWith('/api/stk-push')) charged = ((await request.clone().json()) as { amount: unknown }).amount
    }
    server.events.on('request:start', readCharge)
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await user.click(within(pendingRow('Rose Achieng')!).getByRole('button', { name: 'Pay with M-Pesa' }))
    const dialog = await screen.findByRole('dialog', { name: 'Pay with M-Pesa' })
    expect(dialog).toHaveTextContent(`${formatKsh(due)} due of ${formatKsh(rose.total_amount)}`)
    await user.type(within(dialog).getByRole('textbox', { name: /M-Pesa phone number/ }), '0712345678')
    expect(within(dialog).queryByRole('button', { name: `Pay ${formatKsh(rose.total_amount)}` })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: `Pay ${formatKsh(due)}` }))

    await within(dialog).findByText('Check your phone')
    expect(charged).toBe(due)
    expect(await within(dialog).findByText('Check your phone')).toBeInTheDocument()
    expect(dialog).toHaveTextContent(`to pay ${formatKsh(due)}`)
    await elapseUntil(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await screen.findByText('Payment received')

    expect(bookingOf('Rose').payment_status).toBe('paid')
    expect(dueOf(rose)).toBe(0)
    expect(screen.getByText('Payment received').parentElement).toHaveTextContent(`${formatKsh(due)} for Rose Achieng`)
    await waitFor(() => expect(pendingRow('Rose Achieng')).toBeNull())
    expect(requests.count(/stk-push/)).toBe(1)
    requests.stop()
    server.events.removeListener('request:start', readCharge)
  })

  it('insufficient funds: stops at once with the reason, marks nothing paid, and can be tried again', async () => {
    await openPayments()
    const requests = watchRequests()
    const { user, dialog } = await payFor('Samuel Ouma', '0712340001')
    await within(dialog).findByText('Check your phone')
    await elapseUntil(() => expect(within(dialog).getByText('Payment not completed')).toBeInTheDocument())
    await waitFor(() => expect(dialog).toHaveTextContent('The balance is insufficient for the transaction.'))
    expect(requests.count(/verify/)).toBe(2)
    expect(dialog).toHaveTextContent('There was not enough money in the M-Pesa account for this payment.')
    expect(dialog).toHaveTextContent('M-Pesa said: The balance is insufficient for the transaction.')
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument()
    // The reason in the family's language (M-Pesa's own words stay quoted as it sent them).
    await act(() => activateLocale('sw'))
    await waitFor(() => expect(dialog).toHaveTextContent('Hakukuwa na pesa za kutosha kwenye akaunti ya M-Pesa kwa malipo haya.'))
    await act(() => activateLocale('en'))

    await elapse(60_000)
    expect(requests.count(/verify/)).toBe(2)
    expect(screen.queryByText(MSG.timeout)).not.toBeInTheDocument()
    expect(bookingOf('Samuel').payment_status).toBe('pending')

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }))
    const input = await within(dialog).findByRole('textbox', { name: /M-Pesa phone number/ })
    expect(input).toHaveValue('0712340001')
    requests.stop()
  })

  it('cancelled on the phone: the reason is shown', async () => {
    await openPayments()
    const { dialog } = await payFor('Rose Achieng', '0712341032')
    await within(dialog).findByText('Check your phone')
    await elapseUntil(() => expect(within(dialog).getByText('The request was cancelled on the phone.')).toBeInTheDocument())
    await waitFor(() => expect(dialog).toHaveTextContent('Request cancelled by user'))
    expect(dialog).toHaveTextContent('M-Pesa said: Request cancelled by user')
    expect(toastsText()).not.toContain('Request cancelled by user')
    expect(bookingOf('Rose').payment_status).toBe('partial')
  })

  it('never completes: ten checks, then the timeout message, check again or pay again', async () => {
    await openPayments()
    const requests = watchRequests()
    const { user, dialog } = await payFor('Samuel Ouma', '0712349999')
    await within(dialog).findByText('Check your phone')
    for (let i = 1; i <= 9; i++) await elapseUntil(() => expect(within(dialog).getByText(attemptText(i))).toBeInTheDocument())
    await elapseUntil(() => expect(within(dialog).getByText('We could not confirm your payment yet')).toBeInTheDocument())
    expect(dialog).toHaveTextContent(MSG.timeout)
    expect(requests.count(/verify/)).toBe(10)
    await elapse(60_000)
    expect(requests.count(/verify/)).toBe(10)

    await user.click(within(dialog).getByRole('button', { name: 'Check again' }))
    await waitFor(() => expect(requests.count(/verify/)).toBe(11))
    expect(await within(dialog).findByText(attemptText(1))).toBeInTheDocument()
    requests.stop()
  })

  it('a push still unanswered 5 minutes on: Check again says it expired, in plain words, and the booking can be paid again', async () => {
    await openPayments()
    const { user, dialog } = await payFor('Samuel Ouma', '0712349999')
    await within(dialog).findByText('Check your phone')
    await elapseUntil(() => expect(within(dialog).getByText('We could not confirm your payment yet')).toBeInTheDocument())
    // The fake clock moves the mock's clock too: the push passes its expiry.
    await elapse(5 * 60_000)
    await user.click(within(dialog).getByRole('button', { name: 'Check again' }))
    await elapseUntil(() => expect(within(dialog).getByText('The prompt on the phone was not answered in time.')).toBeInTheDocument())
    expect(dialog).toHaveTextContent('M-Pesa said: The transaction has expired')
    expect(bookingOf('Samuel').payment_status).toBe('pending')
    expect(db.payment.findMany((q) => q.where({ booking_id: bookingOf('Samuel').id, status: 'processing' }))).toHaveLength(0)
  })

  it('a push M-Pesa refuses: its message, nothing polled', async () => {
    await openPayments()
    const requests = watchRequests()
    const { dialog } = await payFor('Samuel Ouma', '0712340000')
    const message = 'Unable to lock subscriber, a transaction is already in process for the current subscriber'
    await waitFor(() => expect(dialog).toHaveTextContent(message))
    expect(await within(dialog).findByText('The payment request was not sent')).toBeInTheDocument()
    expect(dialog).toHaveTextContent(message)
    await elapse(30_000)
    expect(requests.count(/verify/)).toBe(0)
    requests.stop()
  })

  it('a push that fails over HTTP: the server message, else the SPEC fallback', async () => {
    await openPayments()
    server.use(http.post('*/api/stk-push', () => HttpResponse.json({ message: 'This booking is already paid' }, { status: 409 })))
    const first = await payFor('Samuel Ouma', '0712345678')
    await waitFor(() => expect(first.dialog).toHaveTextContent('This booking is already paid'))
    expect(first.dialog).toHaveTextContent('This booking is already paid')

    server.use(http.post('*/api/stk-push', () => new HttpResponse('oops', { status: 502 })))
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Try again' }))
    await first.user.click(await within(first.dialog).findByRole('button', { name: /^Pay KSH/ }))
    await waitFor(() => expect(first.dialog).toHaveTextContent(MSG.pushFailed))
    expect(first.dialog).toHaveTextContent(MSG.pushFailed)
  })

  it('a check that fails: the SPEC message, polling stops, and it can check again', async () => {
    await openPayments()
    server.use(failWith500('/payments/mpesa/verify/:id'))
    const requests = watchRequests()
    const { user, dialog } = await payFor('Samuel Ouma', '0712345678')
    await within(dialog).findByText('Check your phone')
    await elapseUntil(() => expect(within(dialog).getByText('We could not check your payment')).toBeInTheDocument())
    expect(dialog).toHaveTextContent(MSG.verifyFailed)
    await elapse(30_000)
    expect(requests.count(/verify/)).toBe(1)

    server.resetHandlers()
    await user.click(within(dialog).getByRole('button', { name: 'Check again' }))
    await waitFor(() => expect(requests.count(/verify/)).toBe(2))
    await elapseUntil(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await screen.findByText('Payment received')
    // The failed check never reached the mock's M-Pesa; it then answers on its 3rd check.
    expect(requests.count(/verify/)).toBe(4)
    expect(bookingOf('Samuel').payment_status).toBe('paid')
    requests.stop()
  })

  it('closing while waiting stops the checks and reloads the lists', async () => {
    await openPayments()
    const requests = watchRequests()
    const { user, dialog } = await payFor('Samuel Ouma', '0712345678')
    await within(dialog).findByText('Check your phone')
    await elapseUntil(() => expect(within(dialog).getByText(attemptText(1))).toBeInTheDocument())
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await elapse(60_000)
    expect(requests.count(/verify/)).toBe(1)
    await waitFor(() => expect(requests.count(/GET \/api\/payments\/pending/)).toBe(1))
    expect(requests.count(/GET \/api\/payments\/my/)).toBe(1)
    // The family entered their PIN: M-Pesa's callback (simulated by the mock when the lists are
    // read) recorded the payment although the app stopped checking.
    await waitFor(() => expect(pendingRow('Samuel Ouma')).toBeNull())
    expect(bookingOf('Samuel').payment_status).toBe('paid')
    requests.stop()
  })

  it('closed at once after the push: the reloaded page shows the payment recorded anyway (M-Pesa\'s callback)', async () => {
    await openPayments()
    const samuel = bookingOf('Samuel')
    const before = paymentsOf(familyId()).length
    const historyRows = within(historyRegion()).getAllByRole('row').length
    const requests = watchRequests()
    const { user, dialog } = await payFor('Samuel Ouma', '0712345678')
    await within(dialog).findByText('Check your phone')
    expect(await within(dialog).findByText('Check your phone')).toBeInTheDocument()
    // The push made one processing payment row at once.
    const made = paymentsOf(familyId()).filter((p) => p.booking_id === samuel.id && p.status === 'processing')
    expect(made).toHaveLength(1)

    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await elapse(60_000)
    expect(requests.count(/verify/)).toBe(0)

    // The page fetched both lists again after the close; the booking no longer awaits payment.
    await waitFor(() => expect(pendingRow('Samuel Ouma')).toBeNull())
    expect(pendingRow('Rose Achieng')).not.toBeNull()
    expect(requests.count(/GET \/api\/payments\/pending/)).toBe(1)
    expect(requests.count(/GET \/api\/payments\/my/)).toBe(1)
    const stored = paymentsOf(familyId())
    expect(stored).toHaveLength(before + 1)
    const paid = stored.find((p) => p.id === made[0]!.id)!
    expect(paid.status).toBe('completed')
    expect(paid.transaction_id).toMatch(/^[A-Z0-9]{10}$/)
    expect(bookingOf('Samuel').payment_status).toBe('paid')

    // The history shows it completed, with its receipt, as one new row.
    const row = await within(historyRegion()).findByRole('row', { name: new RegExp(paid.transaction_id!) })
    expect(row).toHaveTextContent(formatKsh(samuel.total_amount))
    expect(row).toHaveTextContent('Completed')
    expect(within(historyRegion()).getAllByRole('row')).toHaveLength(historyRows + 1)
    // No "Payment received" banner: the dialog never saw the answer, the history tells the truth.
    expect(screen.queryByText('Payment received')).not.toBeInTheDocument()
    requests.stop()
  })

  it('Pay cannot be pressed twice for one push', async () => {
    await openPayments()
    let release: () => void = () => {}
    const gate = new Promise<void>((r) => (release = r))
    const requests = watchRequests()
    server.use(
      http.post('*/api/stk-push', async () => {
        await gate
        return HttpResponse.json({ data: { ResponseCode: '0', CheckoutRequestID: 'ws_CO_gate', CustomerMessage: 'ok' } })
      }),
    )
    const { user, dialog } = await payFor('Samuel Ouma', '0712345678')
    const busy = await within(dialog).findByRole('button', { name: /Sending request/ })
    expect(busy).toHaveAttribute('aria-disabled', 'true')
    await user.click(busy)
    await user.type(within(dialog).getByRole('textbox', { name: /M-Pesa phone number/ }), '{Enter}')
    release()
    await within(dialog).findByText('Check your phone')
    expect(requests.count(/stk-push/)).toBe(1)
    requests.stop()
  })
})
