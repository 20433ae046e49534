/**
 * A change of status checks what it implies (shared/bookings.ts, `statusChangeGaps`), takes an
 * override with a reason into the audit trail, and refuses a change made on a booking someone else
 * changed meanwhile: the same on both backends.
 */
import { describe, expect, it } from 'vitest'
import { call, demo, fixtures, loginAs, seed as db, useBackend } from './target'
import { BookingResponse, MSG_BOOKING_CHANGED, MSG_STATUS_GAP, MSG_STATUS_NEEDS_OVERRIDE } from '../../shared/contracts/bookings'
import { AdminStatisticsResponse } from '../../shared/contracts/admin'
import { PREP_TASKS } from '../../shared/contracts/morgue'
import { amountDueNow } from '../../shared/urgency'
import { amountPaid } from '../../mocks/serialize'

useBackend()

const openUnpaid = (test: (b: { attendant_id: number | null; id: number }) => boolean) => {
  const b = db.booking
    .findMany((q) => q.where({ status: (s) => s === 'pending' }))
    .find(
      (x) =>
        test(x) &&
        x.payment_status !== 'paid' &&
        amountPaid(x.id) < x.total_amount &&
        !db.morgueCare.findFirst((q) => q.where({ booking_id: x.id })) &&
        !db.document.findFirst((q) => q.where({ booking_id: x.id, document_type: 'burial_permit', status: 'approved' })),
    )
  if (!b) throw new Error('no booking to change')
  return b
}

describe('status changes that imply something', () => {
  it('Completed names what is missing, then goes ahead with an override whose reason is audited', async () => {
    const admin = await loginAs('admin')
    const b = openUnpaid(() => true)
    const refused = await call('PATCH', `/bookings/${b.id}/status`, { token: admin, body: { status: 'completed', expected_status: b.status } })
    expect(refused.status).toBe(422)
    expect(refused.json).toMatchObject({ message: MSG_STATUS_NEEDS_OVERRIDE, errors: { preparation: MSG_STATUS_GAP.preparation, permit: MSG_STATUS_GAP.permit, payment: MSG_STATUS_GAP.payment } })
    // A blank override is none.
    expect((await call('PATCH', `/bookings/${b.id}/status`, { token: admin, body: { status: 'completed', override_reason: '  ' } })).status).toBe(422)
    expect(BookingResponse.parse((await call('GET', `/bookings/${b.id}`, { token: admin })).json).status).toBe(b.status)

    const ok = await call('PATCH', `/bookings/${b.id}/status`, { token: admin, body: { status: 'completed', override_reason: 'Family pays the rest on Monday (agreed)', expected_status: b.status } })
    expect(ok.status).toBe(200)
    const done = BookingResponse.parse(ok.json)
    expect(done.status).toBe('completed')
    expect(done.audit.at(-1)).toMatchObject({ field: 'status', from: b.status, to: 'completed', reason: 'Override: Family pays the rest on Monday (agreed)' })
  })

  it('Confirmed asks for an attendant; once one is assigned it goes through', async () => {
    const admin = await loginAs('admin')
    const b = openUnpaid((x) => x.attendant_id === null)
    const refused = await call('PATCH', `/bookings/${b.id}/status`, { token: admin, body: { status: 'confirmed' } })
    expect(refused.status).toBe(422)
    expect(refused.json).toMatchObject({ errors: { attendant: MSG_STATUS_GAP.attendant } })
    expect(Object.keys((refused.json as { errors: object }).errors)).toEqual(['attendant'])

    const attendant = db.user.findFirst((q) => q.where({ role: 'morgue_attendant' }))
    expect((await call('POST', `/bookings/${b.id}/assign`, { token: admin, body: { attendant_id: attendant?.id } })).status).toBe(200)
    const ok = await call('PATCH', `/bookings/${b.id}/status`, { token: admin, body: { status: 'confirmed', expected_status: 'pending' } })
    expect(ok.status).toBe(200)
    expect(BookingResponse.parse(ok.json).audit.at(-1)).toMatchObject({ to: 'confirmed', reason: null })
  })

  it('the second of two admins changing the same booking is told (409) and the first change stands', async () => {
    const admin = await loginAs('admin')
    const b = openUnpaid(() => true)
    // Both saw it pending; the first moves it to in progress.
    expect((await call('PATCH', `/bookings/${b.id}/status`, { token: admin, body: { status: 'in_progress', expected_status: 'pending' } })).status).toBe(200)
    const second = await call('PATCH', `/bookings/${b.id}/status`, { token: admin, body: { status: 'cancelled', expected_status: 'pending' } })
    expect(second.status).toBe(409)
    expect(second.json).toMatchObject({ message: MSG_BOOKING_CHANGED })
    expect(BookingResponse.parse((await call('GET', `/bookings/${b.id}`, { token: admin })).json).status).toBe('in_progress')
  })
})

/** The demo family's booking for Teresia Auma: paid in full for one day of storage, received 20 days ago, still in care, service tomorrow. */
function teresia() {
  const mary = db.user.findFirst((q) => q.where({ email: demo('client').email }))
  const booking = db.booking
    .findMany((q) => q.where({ client_id: mary?.id }))
    .find((b) => db.deceased.findFirst((q) => q.where({ id: b.deceased_id }))?.first_name === 'Teresia')
  if (!booking) throw new Error('the demo family has no booking for Teresia Auma')
  return booking
}

describe('the balance owed today, storage to date counted', () => {
  it("a booking marked paid whose body stayed past its booked days: the agenda's line shows what is owed today, and Completed asks for the override", async () => {
    const admin = await loginAs('admin')
    const b = teresia()
    // Everything else done, so the storage is the only thing left: the permit approved and the preparation ticked.
    await fixtures.addDocument({ booking_id: b.id, uploaded_by: b.client_id, name: 'permit.pdf', document_type: 'burial_permit', status: 'approved' })
    expect((await call('PUT', `/bookings/${b.id}/tasks`, { token: await loginAs('morgue_attendant'), body: { tasks: [...PREP_TASKS] } })).status).toBe(200)
    const before = BookingResponse.parse((await call('GET', `/bookings/${b.id}`, { token: admin })).json)
    expect(before.payment_status).toBe('paid')
    expect(before.amount_paid).toBe(before.total_amount)
    const owed = amountDueNow(before)
    expect(owed).toBeGreaterThan(0)
    expect(owed).toBe((before.charges_to_date ?? 0) - before.total_amount)

    // The office's agenda: the service tomorrow lacks its payment (and the family's signature, asked, never holding the care), for the balance owed today.
    const dashboard = AdminStatisticsResponse.parse((await call('GET', '/users/admin/statistics', { token: admin })).json)
    const line = dashboard.upcoming.find((i) => String(i.booking_id) === String(b.id))
    expect(line).toMatchObject({ gaps: ['payment', 'agreement'], balance_due: owed })
    expect(dashboard.attention.find((i) => String(i.booking_id) === String(b.id))).toMatchObject({ gaps: ['payment', 'agreement'], balance_due: owed })

    const refused = await call('PATCH', `/bookings/${b.id}/status`, { token: admin, body: { status: 'completed', expected_status: before.status } })
    expect(refused.status).toBe(422)
    expect(refused.json).toEqual({ message: MSG_STATUS_NEEDS_OVERRIDE, errors: { payment: MSG_STATUS_GAP.payment } })
    expect(BookingResponse.parse((await call('GET', `/bookings/${b.id}`, { token: admin })).json).status).toBe(before.status)

    const reason = 'Storage balance on a payment plan, agreed with the daughter'
    const ok = await call('PATCH', `/bookings/${b.id}/status`, { token: admin, body: { status: 'completed', override_reason: reason, expected_status: before.status } })
    expect(ok.status).toBe(200)
    const done = BookingResponse.parse(ok.json)
    expect(done.status).toBe('completed')
    expect(done.audit.at(-1)).toMatchObject({ field: 'status', to: 'completed', reason: `Override: ${reason}` })
  })
})
