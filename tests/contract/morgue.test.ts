import { describe, expect, it } from 'vitest'
import { call, fixtures, loginAs, seed as db, useBackend } from './target'
import { BookingList, BookingResponse } from '../../shared/contracts/bookings'
import { caseloadCounts } from '../../src/features/morgue/caseload'

useBackend()

/** Who takes the body: a release records their name, ID number and relationship (the chain of custody). */
const RECEIVER = { receiver_name: 'James Achieng', receiver_id_number: '23456789', receiver_relationship: 'Son' }

async function attendantBookings(token: string) {
  const res = await call('GET', '/bookings/attendant', { token })
  expect(res.status).toBe(200)
  return BookingList.parse(res.json)
}

const byFirstName = (name: string) => {
  const d = db.deceased.findFirst((q) => q.where({ first_name: name, last_name: name === 'Rose' ? 'Achieng' : 'Auma' }))
  const b = d && db.booking.findFirst((q) => q.where({ deceased_id: d.id }))
  if (!b) throw new Error(name)
  return b
}

describe('the demo attendant\'s caseload', () => {
  it('shows SPEC.md\'s numbers to a newcomer: 2 scheduled transfers and 1 storage alert', async () => {
    const token = await loginAs('morgue_attendant')
    const bookings = await attendantBookings(token)
    const counts = caseloadCounts(bookings, new Date())
    expect(counts).toMatchObject({ bodiesInStorage: 2, scheduledTransfers: 2, storageAlerts: 1 })
    // Rose: 2 of 6 ticked; Teresia: 3 of 6.
    expect(counts.pendingTasks).toBe(7)
    const rose = bookings.find((b) => b.deceased_first_name === 'Rose')
    expect(rose?.morgue).toMatchObject({ burial_permit: 'missing', tasks: ['received', 'washed'], transport_status: 'scheduled', released_at: null })
    expect(rose?.morgue?.place_of_death).toContain('Kisumu')
    expect(rose?.morgue?.client_phone).toMatch(/^07/)
  })

  it('keeps ticked tasks, in checklist order, for the assigned attendant only', async () => {
    const token = await loginAs('morgue_attendant')
    const rose = byFirstName('Rose')
    const res = await call('PUT', `/bookings/${rose.id}/tasks`, { token, body: { tasks: ['dressed', 'received'] } })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ message: 'Preparation tasks updated' })
    expect(BookingResponse.parse(res.json).morgue?.tasks).toEqual(['received', 'dressed'])
    expect((await attendantBookings(token)).find((b) => b.id === String(rose.id))?.morgue?.tasks).toEqual(['received', 'dressed'])

    expect((await call('PUT', `/bookings/${rose.id}/tasks`, { token, body: { tasks: ['polished'] } })).status).toBe(422)
    // Another attendant's booking answers 404; a family may not tick tasks; admin endpoints answer 403.
    const other = db.booking.findMany((q) => q.where({ status: 'confirmed' })).find((b) => b.attendant_id !== rose.attendant_id)
    if (!other) throw new Error('no other confirmed booking')
    expect((await call('PUT', `/bookings/${other.id}/tasks`, { token, body: { tasks: [] } })).status).toBe(404)
    expect((await call('GET', `/bookings/${other.id}`, { token })).status).toBe(404)
    expect((await call('GET', '/bookings', { token })).status).toBe(403)
    const family = await loginAs('client')
    expect((await call('PUT', `/bookings/${rose.id}/tasks`, { token: family, body: { tasks: [] } })).status).toBe(403)
  })

  it('releases a body only against an approved burial permit; the transfer departs only after release', async () => {
    const token = await loginAs('morgue_attendant')
    const rose = byFirstName('Rose')
    const refused = await call('POST', `/bookings/${rose.id}/release`, { token, body: RECEIVER })
    expect(refused.status).toBe(422)
    expect(refused.json).toMatchObject({ message: 'The burial permit is not approved yet' })
    expect((await call('PATCH', `/bookings/${rose.id}/transport`, { token, body: { transport_status: 'departed' } })).status).toBe(422)

    await fixtures.addDocument({ booking_id: rose.id, uploaded_by: rose.client_id, name: 'permit.pdf', document_type: 'burial_permit', status: 'approved' })
    const released = await call('POST', `/bookings/${rose.id}/release`, { token, body: RECEIVER })
    expect(released.status).toBe(200)
    expect(BookingResponse.parse(released.json).morgue?.released_at).toBeTruthy()
    expect((await call('POST', `/bookings/${rose.id}/release`, { token, body: RECEIVER })).status).toBe(422)
    expect((await call('PATCH', `/bookings/${rose.id}/transport`, { token, body: { transport_status: 'delivered' } })).status).toBe(422)
    const departed = await call('PATCH', `/bookings/${rose.id}/transport`, { token, body: { transport_status: 'departed' } })
    expect(departed.json).toMatchObject({ message: 'Transfer marked as departed' })
    const delivered = await call('PATCH', `/bookings/${rose.id}/transport`, { token, body: { transport_status: 'delivered' } })
    expect(BookingResponse.parse(delivered.json).morgue?.transport_status).toBe('delivered')
  })
})

describe('the transfer\'s pickup and destination', () => {
  it('the destination is the booking\'s venue; the attendant may name a pickup place, and blank puts back the usual one', async () => {
    const token = await loginAs('morgue_attendant')
    const rose = byFirstName('Rose')
    const before = (await attendantBookings(token)).find((b) => b.id === String(rose.id))
    expect(before?.venue).toBe('Holy Family Basilica, Nairobi')
    expect(before?.morgue?.pickup_location).toBeNull()

    const set = await call('PUT', `/bookings/${rose.id}/pickup`, { token, body: { pickup_location: '  Family home, Kisumu ' } })
    expect(set.status).toBe(200)
    expect(set.json).toMatchObject({ message: 'Pickup place updated' })
    expect(BookingResponse.parse(set.json).morgue?.pickup_location).toBe('Family home, Kisumu')
    expect((await attendantBookings(token)).find((b) => b.id === String(rose.id))?.morgue?.pickup_location).toBe('Family home, Kisumu')

    const tooLong = await call('PUT', `/bookings/${rose.id}/pickup`, { token, body: { pickup_location: 'x'.repeat(101) } })
    expect(tooLong.status).toBe(422)
    expect(tooLong.json).toMatchObject({ message: 'Pickup must be at most 100 characters' })
    expect((await call('PUT', `/bookings/${rose.id}/pickup`, { token, body: {} })).status).toBe(422)
    const family = await loginAs('client')
    expect((await call('PUT', `/bookings/${rose.id}/pickup`, { token: family, body: { pickup_location: 'Home' } })).status).toBe(403)

    const cleared = await call('PUT', `/bookings/${rose.id}/pickup`, { token, body: { pickup_location: '' } })
    expect(BookingResponse.parse(cleared.json).morgue?.pickup_location).toBeNull()
  })

  it('the pickup cannot change once the transfer has left', async () => {
    const token = await loginAs('morgue_attendant')
    const rose = byFirstName('Rose')
    await fixtures.addDocument({ booking_id: rose.id, uploaded_by: rose.client_id, name: 'permit.pdf', document_type: 'burial_permit', status: 'approved' })
    expect((await call('POST', `/bookings/${rose.id}/release`, { token, body: RECEIVER })).status).toBe(200)
    expect((await call('PATCH', `/bookings/${rose.id}/transport`, { token, body: { transport_status: 'departed' } })).status).toBe(200)
    const late = await call('PUT', `/bookings/${rose.id}/pickup`, { token, body: { pickup_location: 'Family home, Kisumu' } })
    expect(late.status).toBe(422)
    expect(late.json).toMatchObject({ message: 'The transfer has already left' })
  })

  it('a rejected burial permit carries the office\'s reason to the attendant', async () => {
    const token = await loginAs('morgue_attendant')
    const teresia = (await attendantBookings(token)).find((b) => b.deceased_first_name === 'Teresia')
    expect(teresia?.morgue?.burial_permit).toBe('rejected')
    const permit = teresia?.morgue?.documents.find((d) => d.document_type === 'burial_permit')
    expect(permit?.review_notes).toBe('The scan is not legible. Please upload a clearer copy.')
  })
})
