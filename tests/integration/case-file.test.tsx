import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { db } from '../../mocks/node'
import { nextId } from '../../mocks/db'
import { paths } from '../../src/app/paths'
import { formatKsh } from '../../src/lib/format'
import { DEMO_LOGINS, findToast, renderAt } from './render-app'
import { amountPaid, toWireBooking } from '../../mocks/serialize'
import { amountDueNow } from '../../shared/urgency'
import { UNDO_WINDOW_MS } from '../../machines/admin/admin-bookings.machine'

/**
 * The office's case file of one booking with the real machine, API client and the mock /api: what
 * the admin reads on it, and a status change the shared rule stops until it is overridden with a
 * reason (kept in the history).
 */
vi.setConfig({ testTimeout: 60_000 })
configure({ asyncUtilTimeout: 15_000 })
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const samuel = () => {
  const family = db.user.findFirst((q) => q.where({ email: DEMO_LOGINS.client.email }))
  const d = db.deceased.findFirst((q) => q.where({ first_name: 'Samuel', client_id: family?.id }))
  const b = d && db.booking.findFirst((q) => q.where({ deceased_id: d.id }))
  if (!b || !family) throw new Error('no booking for Samuel')
  return { booking: b, family }
}

describe('the case file', () => {
  it('shows the booking whole, reviews a paper in place, and Completed with money due, preparation undone and no permit goes only with an override', async () => {
    const { booking } = samuel()
    await renderAt(paths.admin.booking(String(booking.id)), { as: 'admin' })
    await screen.findByRole('heading', { level: 1, name: /^Case file: Samuel/ })

    const family = screen.getByRole('region', { name: 'The family' })
    expect(within(family).getByText('Mary Achieng')).toBeInTheDocument()
    expect(within(family).getByRole('link', { name: /^Call / }).getAttribute('href')).toMatch(/^tel:\+?\d+$/)
    const services = screen.getByRole('region', { name: 'Services' })
    for (const line of booking.lines) expect(within(services).getByText(line.service_name)).toBeInTheDocument()
    const money = screen.getByRole('region', { name: 'Payments and balance' })
    expect(within(money).getByText('Balance').nextElementSibling).toHaveTextContent(formatKsh(booking.total_amount - amountPaid(booking.id)))
    // The office sees whether the family signed the service agreement (and cannot sign it for them).
    expect(await within(money).findByText('Agreement not signed yet')).toBeInTheDocument()
    expect(within(money).queryByRole('button', { name: 'Read and sign the agreement' })).not.toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Documents' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'History' })).toBeInTheDocument()

    // A paper waiting for review is reviewed in place; a rejection tells the family what to fix.
    const reviewer = userEvent.setup()
    const documents = screen.getByRole('region', { name: 'Documents' })
    await reviewer.click(within(documents).getByRole('button', { name: 'Review Death Certificate' }))
    const preview = await screen.findByRole('dialog')
    await reviewer.click(within(preview).getByRole('button', { name: 'Reject' }))
    expect(await within(preview).findByText('Give a reason so the family knows what to fix')).toBeInTheDocument()
    await reviewer.type(within(preview).getByLabelText(/Notes for the family/), 'The stamp cannot be read')
    await reviewer.click(within(preview).getByRole('button', { name: 'Reject' }))
    expect(await within(documents).findByText('The stamp cannot be read')).toBeInTheDocument()
    expect(db.document.findFirst((q) => q.where({ booking_id: booking.id, document_type: 'death_certificate' }))).toMatchObject({ status: 'rejected', review_notes: 'The stamp cannot be read' })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    // The page is given back to assistive technology once the dialog has gone (a moment later on a busy machine).
    const status = await screen.findByRole('combobox', { name: 'Change the status' })

    // Loaded on the real clock. The undo window is the machine's timer: on a clock that moves only when told (as in
    // admin-bookings.test.tsx), the test moves past it instead of waiting for it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await user.click(status)
    await user.click(await screen.findByRole('option', { name: 'Completed' }))
    const dialog = await screen.findByRole('dialog', { name: 'Mark booking as completed?' })
    expect(within(dialog).getByText('The balance is not paid')).toBeInTheDocument()
    expect(within(dialog).getByText('The preparation is not done')).toBeInTheDocument()
    // No body leaves for its burial without the permit: Samuel's family has not uploaded one.
    expect(within(dialog).getByText('The burial permit is not approved')).toBeInTheDocument()
    await user.type(within(dialog).getByRole('textbox', { name: /Override reason/ }), 'Paid in cash to the director')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeInTheDocument()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(UNDO_WINDOW_MS)
    })
    // Sent once the undo window is over, then in the history with its reason.
    await findToast('Booking status updated')
    expect(db.booking.findFirst((q) => q.where({ id: booking.id }))?.status).toBe('completed')
    expect(await within(screen.getByRole('region', { name: 'History' })).findByText(/Override: Paid in cash to the director/)).toBeInTheDocument()
  })
})

describe("the case file's service agreement", () => {
  it('says who signed it and when; the admin voids it with a reason and it reads as not signed', async () => {
    const { booking, family } = samuel()
    await db.serviceAgreement.create({
      id: 900,
      booking_id: booking.id,
      revision: 1,
      signer_id: family.id,
      signed_name: 'Mary Atieno Achieng',
      signed_at: '2026-03-01T09:00:00.000Z',
      ip: 'local',
      user_agent: 'UA',
      document_sha256: 'd'.repeat(64),
      sha256: 's'.repeat(64),
      voided_at: null,
      voided_by: null,
      void_reason: null,
      pdf_base64: '',
    })
    const user = userEvent.setup()
    await renderAt(paths.admin.booking(String(booking.id)), { as: 'admin' })
    const money = await screen.findByRole('region', { name: 'Payments and balance' })
    expect(await within(money).findByText('Agreement signed by Mary Atieno Achieng on 1 Mar 2026')).toBeInTheDocument()
    await user.click(within(money).getByRole('button', { name: 'Void the agreement' }))
    const dialog = await screen.findByRole('dialog', { name: 'Void the signed agreement?' })
    await user.click(within(dialog).getByRole('button', { name: 'Void the agreement' }))
    expect(await within(dialog).findByText('Enter why the agreement is voided')).toBeInTheDocument()
    await user.type(within(dialog).getByRole('textbox', { name: /Why is it voided/ }), 'The family changed the services')
    await user.click(within(dialog).getByRole('button', { name: 'Void the agreement' }))
    await findToast('Agreement voided')
    expect(await within(money).findByText('Agreement not signed yet')).toBeInTheDocument()
    expect(db.serviceAgreement.findFirst((q) => q.where({ id: 900 }))).toMatchObject({ void_reason: 'The family changed the services' })
  })
})

describe("the case file's release", () => {
  it('a booking marked paid whose body stayed past its booked days: the money section says the storage to date and what is owed today', async () => {
    const { family } = samuel()
    const b = db.booking.findMany((q) => q.where({ client_id: family.id })).find((x) => db.deceased.findFirst((q) => q.where({ id: x.deceased_id }))?.first_name === 'Teresia')
    if (!b) throw new Error("no booking for Teresia Auma in the demo family's")
    const wire = toWireBooking(b)
    const owed = amountDueNow(wire)
    expect(owed).toBeGreaterThan(0)
    await renderAt(paths.admin.booking(String(b.id)), { as: 'admin' })
    const money = await screen.findByRole('region', { name: 'Payments and balance' })
    expect(within(money).getByText('Charged so far (storage to date)').nextElementSibling).toHaveTextContent(formatKsh(wire.charges_to_date ?? 0))
    expect(within(money).getByText('Balance').nextElementSibling).toHaveTextContent(formatKsh(owed))
    // Stored "paid", but storage is owed today: the page says Partial, and why, as the family's pages do.
    expect(b.payment_status).toBe('paid')
    expect(within(money).getByText('Payment status').nextElementSibling).toHaveTextContent('PartialMarked Paid for the booked days; storage to date is owed')
    const status = screen.getByRole('region', { name: 'Status' })
    expect(within(status).getByText('Partial')).toBeVisible()
    expect(within(status).queryByText('Paid')).not.toBeInTheDocument()
  })

  it('the admin releases a body with a balance due: the balance is shown, waived with a reason, and the case reads released', async () => {
    const d = db.deceased.findFirst((q) => q.where({ first_name: 'Rose', last_name: 'Achieng' }))
    const b = d && db.booking.findFirst((q) => q.where({ deceased_id: d.id }))
    if (!b) throw new Error('no Rose')
    // The burial permit is approved: the release is offered (a balance never stops it).
    const id = nextId('document')
    await db.document.create({ id, booking_id: b.id, uploaded_by: b.client_id, name: 'permit.pdf', document_type: 'burial_permit', description: null, file_path: `/uploads/${id}`, mime_type: 'application/pdf', size: 10, status: 'approved', review_notes: null, created_at: new Date().toISOString() })
    const user = userEvent.setup()
    await renderAt(paths.admin.booking(String(b.id)), { as: 'admin' })
    const care = await screen.findByRole('region', { name: 'Preparation' })
    const custody = await within(care).findByRole('region', { name: 'Chain of custody' })
    await within(custody).findByRole('list', { name: 'Chain of custody' })
    expect(within(care).queryByText(/^Released on /)).not.toBeInTheDocument()

    await user.click(within(care).getByRole('button', { name: 'Release to family' }))
    const form = within(custody).getByRole('form', { name: 'Record the next movement' })
    expect(within(form).getByRole('combobox', { name: 'Movement' })).toHaveValue('released')
    const name = within(form).getByRole('textbox', { name: /^Received by/ })
    await waitFor(() => expect(name).toHaveFocus())
    // What is owed today, said with the release; the admin records how it is settled and why.
    // (The charges to date: the booked lines and storage for the days in care so far, less what was paid.)
    const owed = formatKsh(amountDueNow(toWireBooking(b)))
    expect(owed).not.toBe(formatKsh(0))
    expect(within(form).getByText(`${owed} is still owed on this booking. The body is released all the same: record how the balance is settled.`)).toBeInTheDocument()
    // The page's money section says the same balance (storage to date counted), not the booked total's.
    const money = screen.getByRole('region', { name: 'Payments and balance' })
    expect(within(money).getByText('Balance').nextElementSibling).toHaveTextContent(owed)
    // "Charged so far" shows only when storage has run past what was booked.
    const wire = toWireBooking(b)
    const charged = wire.charges_to_date ?? wire.total_amount
    expect(within(money).queryByText('Charged so far (storage to date)')?.nextElementSibling?.textContent ?? null).toBe(charged === wire.total_amount ? null : formatKsh(charged))

    await user.type(name, 'James Achieng')
    await user.type(within(form).getByRole('textbox', { name: /^ID or passport number/ }), '23456789')
    await user.type(within(form).getByRole('textbox', { name: /^Relationship to the deceased/ }), 'Son')
    await user.selectOptions(within(form).getByRole('combobox', { name: /^How the balance is settled/ }), 'waived')
    await user.type(within(form).getByRole('textbox', { name: /^Reason/ }), 'The director waived it for the widow')
    await user.click(within(form).getByRole('button', { name: 'Record release' }))
    await findToast('Body released to the family')

    // The case file is read again: released, no form and no release button left, the settlement in its history.
    expect(await within(care).findByText(/^Released on /)).toBeInTheDocument()
    await waitFor(() => expect(within(custody).queryByRole('form')).not.toBeInTheDocument())
    expect(within(care).queryByRole('button', { name: 'Release to family' })).not.toBeInTheDocument()
    expect(within(custody).getAllByRole('listitem').at(-1)).toHaveTextContent(/^Released.*James Achieng \(Son\), ID 23456789by /)
    expect(db.bookingAudit.findMany((q) => q.where({ booking_id: b.id, field: 'release' }))).toEqual([
      expect.objectContaining({ to: 'waived', reason: 'The director waived it for the widow', from: expect.stringMatching(/^[1-9]\d*$/) }),
    ])
  })
})
