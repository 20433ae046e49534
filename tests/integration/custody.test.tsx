import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { db, server } from '../../mocks/node'
import { nextId } from '../../mocks/db'
import { paths } from '../../src/app/paths'
import { casePath } from '../../src/features/morgue/case-path'
import { countRequests, findToast, renderAt } from './render-app'

vi.setConfig({ testTimeout: 40_000 })

/** The DOM of the tests has no print dialog: a stand-in records the call. */
function stubPrint() {
  const print = vi.fn()
  Object.defineProperty(window, 'print', { value: print, configurable: true, writable: true })
  return print
}

afterEach(() => {
  Reflect.deleteProperty(window, 'print')
})

/** The demo attendant's case of Rose Achieng (seeded: received, then moved to bay 3). */
function rose() {
  const d = db.deceased.findFirst((q) => q.where({ first_name: 'Rose', last_name: 'Achieng' }))
  const b = d && db.booking.findFirst((q) => q.where({ deceased_id: d.id }))
  if (!b) throw new Error('no Rose')
  return b
}

/**
 * The received event at a fixed instant (and the move to storage 40 minutes later, as seeded), so
 * the Nairobi time on screen does not depend on today. The instant is years back: movements the
 * test records "now" come after it whatever the clock says (the suite also runs with it moved).
 */
async function receivedAt(bookingId: number, iso: string) {
  await db.custodyEvent.update((q) => q.where({ booking_id: bookingId, kind: 'received' }), { data: (e) => void (e.at = iso) })
  const moved = new Date(Date.parse(iso) + 40 * 60_000).toISOString()
  await db.custodyEvent.update((q) => q.where({ booking_id: bookingId, kind: 'moved_to_storage' }), { data: (e) => void (e.at = moved) })
}

async function approvePermit(bookingId: number, clientId: number) {
  const id = nextId('document')
  await db.document.create({ id, booking_id: bookingId, uploaded_by: clientId, name: 'permit.pdf', document_type: 'burial_permit', description: null, file_path: `/uploads/${id}`, mime_type: 'application/pdf', size: 10, status: 'approved', review_notes: null, created_at: new Date().toISOString() })
}

const custodySection = async () => {
  const dialog = await screen.findByRole('dialog')
  const section = await within(dialog).findByRole('region', { name: 'Chain of custody' })
  await within(section).findByRole('list', { name: 'Chain of custody' })
  return section
}

describe('chain of custody', () => {
  it('the case lists every movement in Nairobi time with who recorded it; a move needs its bay before anything is sent', async () => {
    const b = rose()
    // 21:30 UTC is 00:30 the next day in Nairobi.
    await receivedAt(b.id, '2019-03-10T21:30:00.000Z')
    const user = userEvent.setup()
    await renderAt(casePath(String(b.id)), { as: 'morgueAttendant' })
    const section = await custodySection()
    const items = within(within(section).getByRole('list', { name: 'Chain of custody' })).getAllByRole('listitem')
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Received11 Mar 2019, 00:30Mortuary receiving roomby Peter Otieno \(Morgue attendant\)$/),
      expect.stringMatching(/^Moved to storage.*Cold room, bay 3by Peter Otieno \(Morgue attendant\)$/),
    ])
    // Received is done: the form offers the next movements, the release only once the permit is approved.
    const form = within(section).getByRole('form', { name: 'Record the next movement' })
    const kind = within(form).getByRole('combobox', { name: 'Movement' })
    expect(within(kind).getAllByRole('option').map((o) => o.textContent)).toEqual(['Moved to storage', 'Prepared'])

    const requests = countRequests(server)
    await user.click(within(form).getByRole('button', { name: 'Record movement' }))
    expect(within(form).getByText('Give the storage bay or place the body was moved to')).toBeInTheDocument()
    expect(requests.requests.filter((r) => r.includes('/custody'))).toEqual([])
    requests.stop()

    await user.type(within(form).getByRole('textbox', { name: /^Storage bay/ }), 'Cold room, bay 5')
    await user.click(within(form).getByRole('button', { name: 'Record movement' }))
    await findToast('Movement recorded')
    expect(within(section).getByRole('status')).toHaveTextContent('Movement recorded')
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(3))
    expect(within(section).getAllByRole('listitem')[2]).toHaveTextContent(/Moved to storage.*Cold room, bay 5by Peter Otieno/)
    expect(within(form).getByRole('textbox', { name: /^Storage bay/ })).toHaveValue('')
    const kept = db.custodyEvent.findMany((q) => q.where({ booking_id: b.id }))
    expect(kept.at(-1)).toMatchObject({ kind: 'moved_to_storage', location: 'Cold room, bay 5', by_name: 'Peter Otieno' })
  })

  it('Release to family asks for the receiver, then releases the body and ends the chain', async () => {
    const b = rose()
    await approvePermit(b.id, b.client_id)
    const user = userEvent.setup()
    await renderAt(casePath(String(b.id)), { as: 'morgueAttendant' })
    const section = await custodySection()
    const dialog = screen.getByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Release to family' }))
    const form = within(section).getByRole('form', { name: 'Record the next movement' })
    const name = within(form).getByRole('textbox', { name: /^Received by/ })
    await waitFor(() => expect(name).toHaveFocus())
    expect(within(form).getByRole('combobox', { name: 'Movement' })).toHaveValue('released')

    await user.click(within(form).getByRole('button', { name: 'Record release' }))
    expect(within(form).getByText('Give the name of the person receiving the body')).toBeInTheDocument()
    expect(within(form).getByText('Give the ID or passport number of the person receiving the body')).toBeInTheDocument()
    expect(within(form).getByText('Give their relationship to the deceased')).toBeInTheDocument()
    // A balance is owed: said with the release, which asks how it is settled and why (and still releases).
    expect(within(form).getByText(/^KSH [\d,]+ is still owed on this booking\. The body is released all the same/)).toBeInTheDocument()
    expect(within(form).getByText('Choose how the balance due is settled: paid, payment plan or waived')).toBeInTheDocument()

    await user.type(name, 'James Achieng')
    await user.type(within(form).getByRole('textbox', { name: /^ID or passport number/ }), '23 456 789')
    await user.type(within(form).getByRole('textbox', { name: /^Relationship to the deceased/ }), 'Son')
    await user.selectOptions(within(form).getByRole('combobox', { name: /^How the balance is settled/ }), 'payment_plan')
    await user.click(within(form).getByRole('button', { name: 'Record release' }))
    expect(within(form).getByText('Give the reason, or how and when the balance will be paid')).toBeInTheDocument()
    await user.type(within(form).getByRole('textbox', { name: /^Reason/ }), 'KSH 2,000 a month from January')
    await user.click(within(form).getByRole('button', { name: 'Record release' }))
    await findToast('Body released to the family')
    expect(within(section).getByRole('status')).toHaveTextContent('Body released to the family')
    await waitFor(() => expect(within(section).getAllByRole('listitem').at(-1)).toHaveTextContent(/^Released.*James Achieng \(Son\), ID 23456789by Peter Otieno/))
    // Released is final: no form for another movement; the panel says it is released.
    expect(within(section).queryByRole('form')).not.toBeInTheDocument()
    expect(within(dialog).getByText(/^Released to the family on /)).toBeInTheDocument()
    expect(db.morgueCare.findFirst((q) => q.where({ booking_id: b.id }))?.released_at).toBe(db.custodyEvent.findMany((q) => q.where({ booking_id: b.id, kind: 'released' }))[0]?.at)
    expect(db.bookingAudit.findMany((q) => q.where({ booking_id: b.id, field: 'release' }))).toEqual([
      expect.objectContaining({ to: 'payment_plan', reason: 'KSH 2,000 a month from January', by_name: 'Peter Otieno', from: expect.stringMatching(/^[1-9]\d*$/) }),
    ])
  })

  it('the family opens the printable record from its booking page and prints it', async () => {
    const b = rose()
    await receivedAt(b.id, '2019-03-10T07:05:00.000Z')
    const print = stubPrint()
    const user = userEvent.setup()
    const { location } = await renderAt(paths.client.booking(String(b.id)), { as: 'client' })
    await user.click(await screen.findByRole('link', { name: 'View the chain of custody record' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Chain of custody record' })).toBeInTheDocument()
    expect(location().pathname).toBe(`${paths.client.booking(String(b.id))}/custody`)
    const table = await screen.findByRole('table', { name: 'Chain of custody' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(within(rows[0]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['10 Mar 2019, 10:05', 'Received into our care', 'Mortuary receiving room', 'Peter Otieno'])
    const sheet = screen.getByRole('article', { name: 'Chain of custody record' })
    expect(within(sheet).getByText('Amani Funeral Home')).toBeInTheDocument()
    expect(within(sheet).getByText('Deceased').nextElementSibling).toHaveTextContent('Rose Achieng')
    expect(within(sheet).getByText('Booking').nextElementSibling).toHaveTextContent(`#${b.id}`)
    // Read-only: nothing to record here.
    expect(screen.queryByRole('form')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Print' }))
    expect(print).toHaveBeenCalledTimes(1)
    await user.click(screen.getByRole('link', { name: 'Back' }))
    await waitFor(() => expect(location().pathname).toBe(paths.client.booking(String(b.id))))
  })

  it('the QR tag names the body and encodes the case\'s absolute address', async () => {
    const b = rose()
    const print = stubPrint()
    const user = userEvent.setup()
    await renderAt(paths.morgue.bodyManagement, { as: 'morgueAttendant' })
    await user.click(await screen.findByRole('button', { name: 'Details: Rose Achieng' }))
    const section = await custodySection()
    await user.click(within(section).getByRole('link', { name: 'Print QR tag' }))
    const qr = await screen.findByRole('img', { name: 'QR code that opens the case of Rose Achieng' })
    expect(qr.getAttribute('data-qr-text')).toBe(`${window.location.origin}${casePath(String(b.id))}`)
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/)
    expect(screen.getByRole('heading', { level: 1, name: 'Rose Achieng' })).toBeInTheDocument()
    expect(screen.getByText(`Booking #${b.id}`)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Print tag' }))
    expect(print).toHaveBeenCalledTimes(1)
  })

  it('a full cold room: the attendant is refused with the bodies there; an admin receives the body from its record with a reason', async () => {
    const peter = db.user.findFirst((q) => q.where({ email: 'attendant@funeral.test' }))
    // One of Peter's cases in care, its body not yet received.
    const b = db.booking.findMany((q) => q.where({ attendant_id: peter?.id })).find((x) => x.id !== rose().id && x.status !== 'completed' && x.status !== 'cancelled' && !db.morgueCare.findFirst((q) => q.where({ booking_id: x.id }))?.released_at)
    if (!b) throw new Error('seed: a second case of the attendant in care')
    await db.custodyEvent.deleteMany((q) => q.where({ booking_id: b.id }))
    const released = new Set(db.custodyEvent.findMany((q) => q.where({ kind: 'released' })).map((e) => e.booking_id))
    const inRoom = db.custodyEvent.findMany((q) => q.where({ kind: 'received' })).filter((e) => !released.has(e.booking_id))
    await db.calendarResource.create({ id: nextId('calendarResource'), kind: 'cold_room', name: 'Cold room', capacity: inRoom.length, created_at: new Date().toISOString() })
    const d = db.deceased.findFirst((q) => q.where({ first_name: 'Rose', last_name: 'Achieng' }))

    const user = userEvent.setup()
    const attendant = await renderAt(casePath(String(b.id)), { as: 'morgueAttendant' })
    const section = await within(await screen.findByRole('dialog')).findByRole('region', { name: 'Chain of custody' })
    const form = await within(section).findByRole('form', { name: 'Record the next movement' })
    expect(within(form).getByRole('combobox', { name: 'Movement' })).toHaveValue('received')
    await user.click(within(form).getByRole('button', { name: 'Record movement' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent('The cold room is full: release a body first, or an admin receives this one with a reason')
    const bodies = within(form).getByRole('list', { name: `In the cold room: ${inRoom.length} places, all taken` })
    expect(within(bodies).getAllByRole('listitem')).toHaveLength(inRoom.length)
    expect(within(bodies).getByText(`${d?.first_name} ${d?.last_name} (#${rose().id})`)).toBeInTheDocument()
    // An attendant cannot receive over it.
    expect(within(form).queryByRole('button', { name: 'Receive anyway' })).not.toBeInTheDocument()
    expect(db.custodyEvent.findMany((q) => q.where({ booking_id: b.id }))).toEqual([])
    attendant.unmount()

    await renderAt(`${paths.admin.services}/${b.id}/custody`, { as: 'admin' })
    const receive = await screen.findByRole('form', { name: 'Record the body as received' })
    await user.type(within(receive).getByRole('textbox', { name: 'Where (optional)' }), 'Bay 4')
    await user.click(within(receive).getByRole('button', { name: 'Record receipt' }))
    expect(await within(receive).findByRole('alert')).toHaveTextContent('The cold room is full')
    expect(within(within(receive).getByRole('list')).getAllByRole('listitem')).toHaveLength(inRoom.length)
    const requests = countRequests(server)
    await user.click(within(receive).getByRole('button', { name: 'Receive anyway' }))
    expect(within(receive).getByText('Give a reason to receive the body over a full cold room')).toBeInTheDocument()
    expect(requests.requests.filter((r) => r.includes('/custody'))).toEqual([])
    requests.stop()
    await user.type(within(receive).getByRole('textbox', { name: /^Why receive it all the same/ }), 'Kept on ice in bay 4 until Monday')
    await user.click(within(receive).getByRole('button', { name: 'Receive anyway' }))
    await findToast('Movement recorded')
    const table = await screen.findByRole('table', { name: 'Chain of custody' })
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/ReceivedBay 4Grace Wanjiru/)
    expect(screen.queryByRole('form', { name: 'Record the body as received' })).not.toBeInTheDocument()
    expect(db.activity.findMany().map((a) => a.message)).toContain(`Body for booking #${b.id} received into a full cold room by Grace Wanjiru: Kept on ice in bay 4 until Monday`)
  })

  it('an admin reaches the record from a booking\'s history', async () => {
    const b = rose()
    const user = userEvent.setup()
    const { location } = await renderAt(paths.admin.services, { as: 'admin' })
    await screen.findByRole('grid', { name: 'All bookings' })
    await user.click(screen.getByRole('searchbox', { name: /Search by name/ }))
    await user.paste('Rose')
    await user.click(await screen.findByRole('button', { name: `History of booking #${b.id}` }))
    const history = await screen.findByRole('dialog', { name: `History of booking #${b.id}` })
    await user.click(within(history).getByRole('link', { name: 'Chain of custody record' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Chain of custody record' })).toBeInTheDocument()
    expect(location().pathname).toBe(`${paths.admin.services}/${b.id}/custody`)
    expect(await screen.findByRole('table', { name: 'Chain of custody' })).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Back' }))
    await waitFor(() => expect(location().pathname).toBe(paths.admin.services))
  })
})
