import { describe, expect, it } from 'vitest'
import { call, fixtures, login, loginAs, nairobiDay, seed as db, useBackend } from './target'
import { BookingList, BookingResponse, DeceasedResponse } from '../../shared/contracts/bookings'
import { ServiceList } from '../../shared/contracts/services'
import { SEED_USER_PASSWORD } from '../../shared/demo-accounts'

useBackend()

const deceasedBody = { first_name: 'Jane', last_name: 'Doe', date_of_death: nairobiDay(-1), place_of_death: 'Nairobi', gender: 'female', religion: null }

async function createDeceased(token: string) {
  const res = await call('POST', '/deceased', { token, body: deceasedBody })
  expect(res.status).toBe(201)
  return DeceasedResponse.parse(res.json).id
}

function serviceId(name: string): number {
  const s = db.service.findFirst((q) => q.where({ name }))
  if (!s) throw new Error(name)
  return s.id
}

describe('services', () => {
  it('list is public and has the four priced packages', async () => {
    const res = await call('GET', '/services')
    expect(res.status).toBe(200)
    const services = ServiceList.parse(res.json)
    const price = (n: string) => services.find((s) => s.name === n)?.price
    expect([price('Basic Funeral'), price('Premium Funeral'), price('Cremation'), price('Burial')]).toEqual([5000, 8000, 3000, 4000])
    expect(services.length).toBeGreaterThanOrEqual(8)
    const one = await call('GET', `/services/${serviceId('Cremation')}`)
    expect(one.json).toMatchObject({ service: { name: 'Cremation' } })
    expect((await call('GET', '/services/9999')).status).toBe(404)
  })

  it('create/update/delete and pricing are admin-only', async () => {
    const client = await loginAs('client')
    const admin = await loginAs('admin')
    const body = { name: 'Tent and Chairs', description: 'Tent for 100', price: 2000 }
    expect((await call('POST', '/services', { token: client, body })).status).toBe(403)
    const created = await call<{ service: { id: number } }>('POST', '/services', { token: admin, body })
    expect(created.status).toBe(201)
    expect((await call('POST', '/services', { token: admin, body: { ...body, price: -5 } })).status).toBe(422)
    const id = created.json.service.id
    const upd = await call('PUT', `/services/${id}`, { token: admin, body: { price: 2200 } })
    expect(upd.json).toMatchObject({ service: { price: 2200, name: 'Tent and Chairs' } })
    const pricing = await call('PUT', '/services/pricing', { token: admin, body: { basicFuneral: 5500 } })
    expect(pricing.status).toBe(200)
    expect(pricing.json).toMatchObject({ pricing: { basicFuneral: 5500, premiumFuneral: 8000, cremation: 3000, burial: 4000 } })
    expect(ServiceList.parse((await call('GET', '/services')).json).find((s) => s.name === 'Basic Funeral')?.price).toBe(5500)
    expect((await call('PUT', '/services/pricing', { token: client, body: { basicFuneral: 1 } })).status).toBe(403)
    expect((await call('DELETE', `/services/${id}`, { token: admin })).status).toBe(200)
    expect((await call('DELETE', `/services/${id}`, { token: admin })).status).toBe(404)
  })
})

describe('deceased', () => {
  it('rejects a date of death in the future (Nairobi calendar day)', async () => {
    const token = await loginAs('client')
    const res = await call('POST', '/deceased', { token, body: { ...deceasedBody, date_of_death: nairobiDay(1) } })
    expect(res.status).toBe(422)
    expect(res.json.message).toBe('Date of death cannot be in the future')
    const today = await call('POST', '/deceased', { token, body: { ...deceasedBody, date_of_death: nairobiDay(0) } })
    expect(today.status).toBe(201)
  })

  it('missing fields are 422 with the contract message', async () => {
    const token = await loginAs('client')
    const res = await call('POST', '/deceased', { token, body: { ...deceasedBody, first_name: ' ' } })
    expect(res.status).toBe(422)
    expect(res.json.message).toBe('First name is required')
  })

  it('is visible to its owner and staff, 404 for another client', async () => {
    const token = await loginAs('client')
    const id = await createDeceased(token)
    expect((await call('GET', `/deceased/${id}`, { token })).status).toBe(200)
    expect((await call('GET', `/deceased/${id}`, { token: await loginAs('admin') })).status).toBe(200)
    const other = await login('john.mwangi@example.co.ke', SEED_USER_PASSWORD)
    expect((await call('GET', `/deceased/${id}`, { token: other })).status).toBe(404)
  })
})

describe('bookings', () => {
  it('creates a booking with server-computed total, frozen prices, pending statuses and required documents', async () => {
    const token = await loginAs('client')
    const deceased_id = await createDeceased(token)
    const when = `${nairobiDay(3)}T10:00:00`
    const res = await call('POST', '/bookings', {
      token,
      body: {
        deceased_id,
        services: [
          { service_id: serviceId('Premium Funeral'), quantity: 1, scheduled_date: when },
          { service_id: String(serviceId('Hearse Transport')), quantity: 1, scheduled_date: when },
        ],
        notes: 'Evening viewing',
      },
    })
    expect(res.status).toBe(201)
    expect(res.json.message).toBe('Booking created successfully')
    const booking = BookingResponse.parse(res.json)
    expect(booking).toMatchObject({
      status: 'pending',
      payment_status: 'pending',
      total_amount: 10500,
      notes: 'Evening viewing',
      deceased_first_name: 'Jane',
      client_name: 'Mary Achieng',
      has_notifications: false,
      required_documents: ['death_certificate', 'burial_permit'],
      assignedAttendant: null,
    })
    expect(booking.services.map((s) => s.price_at_booking)).toEqual([8000, 2500])

    // Price change after booking: the booking keeps the old price.
    const admin = await loginAs('admin')
    await call('PUT', `/services/${serviceId('Premium Funeral')}`, { token: admin, body: { price: 9000 } })
    const again = BookingResponse.parse((await call('GET', `/bookings/${booking.id}`, { token })).json)
    expect(again.total_amount).toBe(10500)
    expect(again.services[0]?.price_at_booking).toBe(8000)

    // Newest first in /bookings/my
    const mine = BookingList.parse((await call('GET', '/bookings/my', { token })).json)
    expect(mine[0]?.id).toBe(booking.id)
    expect(mine.length).toBe(5)
  })

  it('a client cannot read another client\'s booking or book for another\'s deceased (404)', async () => {
    const mary = await loginAs('client')
    const john = await login('john.mwangi@example.co.ke', SEED_USER_PASSWORD)
    const maryBooking = db.booking.findFirst((q) => q.where({ client_id: (id) => id === db.user.findFirst((u) => u.where({ email: 'family@funeral.test' }))?.id }))
    expect(maryBooking).toBeDefined()
    const res = await call('GET', `/bookings/${maryBooking?.id}`, { token: john })
    expect(res.status).toBe(404)
    expect(res.json).toEqual({ message: 'Booking not found' })
    expect((await call('GET', `/bookings/${maryBooking?.id}`, { token: mary })).status).toBe(200)
    expect((await call('GET', '/bookings/99999', { token: mary })).status).toBe(404)

    const deceased_id = await createDeceased(mary)
    const steal = await call('POST', '/bookings', {
      token: john,
      body: { deceased_id, services: [{ service_id: serviceId('Burial'), quantity: 1, scheduled_date: `${nairobiDay(2)}T09:00:00` }] },
    })
    expect(steal.status).toBe(404)
  })

  it('unknown service 422, past date 422, bad shape 422, staff cannot book', async () => {
    const token = await loginAs('client')
    const deceased_id = await createDeceased(token)
    const line = { service_id: serviceId('Burial'), quantity: 1, scheduled_date: `${nairobiDay(2)}T09:00:00` }
    const unknown = await call('POST', '/bookings', { token, body: { deceased_id, services: [line, { ...line, service_id: 9999 }] } })
    expect(unknown.status).toBe(422)
    expect(unknown.json.message).toBe('Unknown service: 9999')
    const past = await call('POST', '/bookings', { token, body: { deceased_id, services: [{ ...line, scheduled_date: `${nairobiDay(-1)}T09:00:00` }] } })
    expect(past.status).toBe(422)
    expect(past.json.message).toBe('Service date cannot be in the past')
    const today = await call('POST', '/bookings', { token, body: { deceased_id, services: [{ ...line, scheduled_date: `${nairobiDay(0)}T17:00:00` }] } })
    expect(today.status).toBe(201)
    const empty = await call('POST', '/bookings', { token, body: { deceased_id, services: [] } })
    expect(empty.status).toBe(422)
    expect(empty.json.message).toBe('Please select at least one service')
    const qty = await call('POST', '/bookings', { token, body: { deceased_id, services: [{ ...line, quantity: 2 }] } })
    expect(qty.status).toBe(422)
    expect(qty.json.message).toBe('Only a service priced per day can be booked for more than one day')
    expect((await call('POST', '/bookings', { token: await loginAs('admin'), body: { deceased_id, services: [line] } })).status).toBe(403)
  })

  it('a venue, days for a service priced per day with the total following, and times within the opening hours', async () => {
    const token = await loginAs('client')
    const deceased_id = await createDeceased(token)
    const services = ServiceList.parse((await call('GET', '/services')).json)
    expect(services.find((s) => s.name === 'Body Storage (per day)')?.per_day).toBe(true)
    expect(services.find((s) => s.name === 'Burial')?.per_day).toBe(false)
    const at = (time: string) => `${nairobiDay(3)}T${time}:00`
    const storage = { service_id: serviceId('Body Storage (per day)'), quantity: 4, scheduled_date: at('09:00') }
    const burial = { service_id: serviceId('Burial'), scheduled_date: at('11:00') }
    const res = await call('POST', '/bookings', { token, body: { deceased_id, venue: '  ACK St. Stephen\'s, Jogoo Road ', services: [storage, burial] } })
    expect(res.status).toBe(201)
    const booking = BookingResponse.parse(res.json)
    expect(booking.venue).toBe("ACK St. Stephen's, Jogoo Road")
    expect(booking.services.map((l) => l.quantity).sort()).toEqual([1, 4])
    expect(booking.total_amount).toBe(4 * 1000 + 4000)
    // Storage is charged for the days in care, read on each answer: received today, day 1.
    expect(booking.storage).toMatchObject({ service_name: 'Body Storage (per day)', days: 1, daily_rate: 1000, amount: 1000, tomorrow_amount: 2000, in_care: true, until: null })
    expect(booking.charges_to_date).toBe(1000 + 4000)
    expect(booking.services.find((l) => l.quantity === 4)?.per_day).toBe(true)
    expect(BookingResponse.parse((await call('GET', `/bookings/${booking.id}`, { token })).json).venue).toBe("ACK St. Stephen's, Jogoo Road")

    for (const time of ['07:59', '17:01', '22:00']) {
      const late = await call('POST', '/bookings', { token, body: { deceased_id, services: [{ ...burial, scheduled_date: at(time) }] } })
      expect(late.status).toBe(422)
      expect(late.json.message).toBe('Service time must be between 08:00 and 17:00, our opening hours')
    }
    for (const quantity of [0, 91, 1.5]) {
      const bad = await call('POST', '/bookings', { token, body: { deceased_id, services: [{ ...storage, quantity }] } })
      expect(bad.status).toBe(422)
      expect(bad.json.message).toMatch(/Number of days must be a whole number from 1 to 90$/)
    }
    const long = await call('POST', '/bookings', { token, body: { deceased_id, venue: 'x'.repeat(101), services: [burial] } })
    expect(long.status).toBe(422)
    expect(long.json.message).toBe('Venue must be at most 100 characters')
  })

  it('required_documents lists the required types not yet approved (pending and rejected still count)', async () => {
    const token = await loginAs('client')
    const deceased_id = await createDeceased(token)
    const res = await call('POST', '/bookings', {
      token,
      body: { deceased_id, services: [{ service_id: serviceId('Burial'), quantity: 1, scheduled_date: `${nairobiDay(2)}T09:00:00` }] },
    })
    const booking = BookingResponse.parse(res.json)
    const base = { booking_id: Number(booking.id), uploaded_by: 3 }
    const certificate = await fixtures.addDocument({ ...base, document_type: 'death_certificate', status: 'pending' })
    await fixtures.addDocument({ ...base, document_type: 'burial_permit', status: 'rejected' })
    const waiting = BookingResponse.parse((await call('GET', `/bookings/${booking.id}`, { token })).json)
    expect(waiting.required_documents).toEqual(['death_certificate', 'burial_permit'])
    await fixtures.setDocumentStatus(certificate, 'approved')
    const after = BookingResponse.parse((await call('GET', `/bookings/${booking.id}`, { token })).json)
    expect(after.required_documents).toEqual(['burial_permit'])
  })

  it('admin PATCH status/payment validate enums and set has_notifications', async () => {
    const admin = await loginAs('admin')
    const client = await loginAs('client')
    const maryId = db.user.findFirst((q) => q.where({ email: 'family@funeral.test' }))?.id
    const target = db.booking.findFirst((q) => q.where({ has_notifications: false, status: 'pending', client_id: (id) => id !== maryId }))
    if (!target) throw new Error('no target')
    const bad = await call('PATCH', `/bookings/${target.id}/status`, { token: admin, body: { status: 'done' } })
    expect(bad.status).toBe(422)
    // Confirmed needs an attendant (tests/contract/status-rules.test.ts asks without one).
    const attendant = db.user.findFirst((q) => q.where({ role: 'morgue_attendant' }))
    expect((await call('POST', `/bookings/${target.id}/assign`, { token: admin, body: { attendant_id: attendant?.id } })).status).toBe(200)
    const ok = await call('PATCH', `/bookings/${target.id}/status`, { token: admin, body: { status: 'confirmed' } })
    expect(ok.status).toBe(200)
    expect(ok.json).toMatchObject({ message: 'Booking status updated', booking: { status: 'confirmed', has_notifications: true } })

    const target2 = db.booking.findFirst((q) => q.where({ has_notifications: false, status: (s) => s !== 'pending' }))
    if (!target2) throw new Error('no target2')
    expect((await call('PATCH', `/bookings/${target2.id}/payment`, { token: admin, body: { payment_status: 'free' } })).status).toBe(422)
    const pay = await call('PATCH', `/bookings/${target2.id}/payment`, { token: admin, body: { payment_status: 'refunded' } })
    expect(pay.status).toBe(200)
    expect(pay.json).toMatchObject({ booking: { payment_status: 'refunded', has_notifications: true } })
    expect((await call('PATCH', `/bookings/${target2.id}/payment`, { token: client, body: { payment_status: 'paid' } })).status).not.toBe(200)

    // A client may cancel their own pending booking (with a note), but not confirm it.
    const mine = BookingList.parse((await call('GET', '/bookings/my', { token: client })).json).find((b) => b.status === 'pending')
    if (!mine) throw new Error('no pending booking for mary')
    expect((await call('PATCH', `/bookings/${mine.id}/status`, { token: client, body: { status: 'confirmed' } })).status).toBe(403)
    const cancel = await call('PATCH', `/bookings/${mine.id}/status`, { token: client, body: { status: 'cancelled', notes: 'Family changed plans' } })
    expect(cancel.json).toMatchObject({ booking: { status: 'cancelled', notes: 'Family changed plans' } })
  })

  it('assign checks the attendant role; the attendant then sees the booking', async () => {
    const admin = await loginAs('admin')
    const target = db.booking.findFirst((q) => q.where({ attendant_id: null }))
    if (!target) throw new Error('no unassigned booking')
    const clientUser = db.user.findFirst((q) => q.where({ role: 'client' }))
    const notAttendant = await call('POST', `/bookings/${target.id}/assign`, { token: admin, body: { attendant_id: clientUser?.id } })
    expect(notAttendant.status).toBe(422)
    const peter = db.user.findFirst((q) => q.where({ email: 'attendant@funeral.test' }))
    const ok = await call('POST', `/bookings/${target.id}/assign`, { token: admin, body: { attendant_id: String(peter?.id) } })
    expect(ok.status).toBe(200)
    expect(ok.json).toMatchObject({ attendant: { id: peter?.id, name: 'Peter Otieno' } })
    const attendant = await loginAs('morgue_attendant')
    const list = BookingList.parse((await call('GET', '/bookings/attendant', { token: attendant })).json)
    expect(list.some((b) => b.id === String(target.id))).toBe(true)
    expect(list.every((b) => b.assignedAttendant?.name === 'Peter Otieno')).toBe(true)
    expect((await call('GET', `/bookings/${target.id}`, { token: attendant })).status).toBe(200)
    const notMine = db.booking.findFirst((q) => q.where({ attendant_id: (id) => id !== null && id !== peter?.id }))
    expect((await call('GET', `/bookings/${notMine?.id}`, { token: attendant })).status).toBe(404)
  })

  it('admin sees every booking; the contract parses them all', async () => {
    const res = await call('GET', '/bookings', { token: await loginAs('admin') })
    const all = BookingList.parse(res.json)
    expect(all.length).toBe(db.booking.count())
    expect(all.some((b) => b.required_documents.length > 0)).toBe(true)
  })
})
