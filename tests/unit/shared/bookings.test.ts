import { describe, expect, it } from 'vitest'
import { refusal } from './refusal'
import { auditEntry, checkAttendant, checkStatusChange, statusChangeGaps, checkNewBooking, checkPickup, checkTasks, checkTransport, planPaymentChange, planStatusChange } from '../../../shared/bookings'
import { MSG_BOOKING_CHANGED, MSG_STATUS_NEEDS_OVERRIDE, MSG_DECEASED_NOT_FOUND, MSG_DAYS_NOT_PER_DAY, MSG_NOT_AN_ATTENDANT, MSG_PAID_NEEDS_REASON, MSG_SERVICE_HOURS } from '../../../shared/contracts/bookings'
import { PREP_TASKS, MSG_ALREADY_LEFT, MSG_NOT_DEPARTED, MSG_NOT_IN_CARE, MSG_NOT_RELEASED, MSG_TRANSFER_DEPARTED, MSG_TRANSFER_DELIVERED } from '../../../shared/contracts/morgue'

// Noon in Nairobi on a fixed day: "today" is 2026-03-10 there.
const now = new Date('2026-03-10T09:00:00Z')
const family = { id: 7 }
const deceased = { id: 3, client_id: 7 }
const hearse = { id: 1, name: 'Hearse', price: 5000, per_day: false }
const coldRoom = { id: 2, name: 'Cold room', price: 1500, per_day: true }
const line = (service_id: number, scheduled_date = '2026-03-12T10:00:00', quantity?: number) => ({ service_id, scheduled_date, ...(quantity ? { quantity } : {}) })

describe('a new booking', () => {
  it('prices each line at the catalogue price times its days and trims the texts', () => {
    const checked = checkNewBooking({ request: { services: [line(1), line(2, '2026-03-11T08:00:00', 3)], notes: '  quiet please ', venue: '   ' }, services: [hearse, coldRoom], deceased, actor: family, now })
    expect(checked.deceased).toBe(deceased)
    expect(checked.lines).toEqual([
      { service_id: 1, service_name: 'Hearse', quantity: 1, price_at_booking: 5000, scheduled_date: '2026-03-12T10:00:00' },
      { service_id: 2, service_name: 'Cold room', quantity: 3, price_at_booking: 1500, scheduled_date: '2026-03-11T08:00:00' },
    ])
    expect(checked.total_amount).toBe(9500)
    expect(checked.notes).toBe('quiet please')
    expect(checked.venue).toBeNull()
  })

  it("answers 404 for a deceased that is missing or another family's, before looking at the services", () => {
    for (const d of [undefined, { id: 3, client_id: 8 }]) {
      const error = refusal(() => checkNewBooking({ request: { services: [line(99)] }, services: [undefined], deceased: d, actor: family, now }))
      expect([error.status, error.message]).toEqual([404, MSG_DECEASED_NOT_FOUND])
    }
  })

  it('names the line of an unknown service, a service chosen twice, and a bad date or day count', () => {
    const unknown = refusal(() => checkNewBooking({ request: { services: [line(1), line(42)] }, services: [hearse, undefined], deceased, actor: family, now }))
    expect([unknown.status, unknown.message, unknown.errors]).toEqual([422, 'Unknown service: 42', { 'services.1.service_id': 'Unknown service' }])
    const twice = refusal(() => checkNewBooking({ request: { services: [line(1), line(1)] }, services: [hearse, hearse], deceased, actor: family, now }))
    expect([twice.message, twice.errors]).toEqual(['Service selected twice: Hearse', { 'services.1.service_id': 'Service selected twice' }])
    const late = refusal(() => checkNewBooking({ request: { services: [line(1, '2026-03-12T19:00:00')] }, services: [hearse], deceased, actor: family, now }))
    expect(late.errors).toEqual({ 'services.0.scheduled_date': MSG_SERVICE_HOURS })
    const days = refusal(() => checkNewBooking({ request: { services: [line(1, '2026-03-12T10:00:00', 2)] }, services: [hearse], deceased, actor: family, now }))
    expect(days.errors).toEqual({ 'services.0.quantity': MSG_DAYS_NOT_PER_DAY })
  })
})

describe('a change of status', () => {
  const booking = { id: 12, status: 'pending', payment_status: 'partial' }
  const admin = { id: 1, role: 'admin' as const }
  const client = { id: 7, role: 'client' as const }

  it("lets a family cancel its own booking before it starts, and nothing else", () => {
    expect(planStatusChange(client, booking, { status: 'cancelled' }).allowed).toBe(true)
    expect(planStatusChange(client, { ...booking, status: 'in_progress' }, { status: 'cancelled' }).allowed).toBe(false)
    expect(planStatusChange(client, booking, { status: 'confirmed' }).allowed).toBe(false)
    expect(planStatusChange({ id: 5, role: 'morgue_attendant' }, booking, { status: 'confirmed' }).allowed).toBe(false)
  })

  it("a family's own cancellation is audited but neither flagged nor sent by SMS, and gives no refund", () => {
    const change = planStatusChange(client, booking, { status: 'cancelled', notes: ' moved ', refund: true })
    expect(change).toMatchObject({ cancelling: true, refund: false, notes: 'moved', notifyFamily: false, smsFamily: false })
    expect(change.audit).toEqual([{ field: 'status', from: 'pending', to: 'cancelled', reason: 'moved' }])
    expect(change.activity).toBe('Booking #12 marked as cancelled')
  })

  it("an admin's cancellation with a refund audits both changes; the reason comes before the notes", () => {
    const change = planStatusChange(admin, booking, { status: 'cancelled', reason: 'family request', notes: 'n', refund: true })
    expect(change).toMatchObject({ refund: true, notifyFamily: true, smsFamily: true, reason: 'family request' })
    expect(change.audit).toEqual([
      { field: 'status', from: 'pending', to: 'cancelled', reason: 'family request' },
      { field: 'payment_status', from: 'partial', to: 'refunded', reason: 'family request' },
    ])
  })

  it('the same status again changes nothing worth auditing or texting', () => {
    const change = planStatusChange(admin, { ...booking, status: 'in_progress' }, { status: 'in_progress' })
    expect(change.audit).toEqual([])
    expect(change.smsFamily).toBe(false)
    expect(change.activity).toBe('Booking #12 marked as in progress')
  })

  it('an audit entry keeps a blank reason as none', () => {
    expect(auditEntry('status', 'a', 'b', '   ')).toEqual([{ field: 'status', from: 'a', to: 'b', reason: null }])
    expect(auditEntry('status', 'a', 'a', 'x')).toEqual([])
  })
})

describe('the payment status', () => {
  const booking = { id: 4, payment_status: 'pending' }
  it('marking paid with nothing received needs a reason', () => {
    const error = refusal(() => planPaymentChange(booking, { payment_status: 'paid', reason: '  ' }, 0))
    expect([error.status, error.message, error.errors]).toEqual([422, MSG_PAID_NEEDS_REASON, { reason: MSG_PAID_NEEDS_REASON }])
    expect(planPaymentChange(booking, { payment_status: 'paid' }, 100).audit).toEqual([{ field: 'payment_status', from: 'pending', to: 'paid', reason: null }])
    expect(planPaymentChange(booking, { payment_status: 'paid', reason: 'Receipt 881' }, 0).reason).toBe('Receipt 881')
    expect(planPaymentChange({ ...booking, payment_status: 'paid' }, { payment_status: 'paid' }, 0).audit).toEqual([])
  })
})

describe('assigning an attendant', () => {
  it('takes only a morgue attendant', () => {
    expect(checkAttendant({ id: 5, role: 'morgue_attendant' })).toEqual({ id: 5, role: 'morgue_attendant' })
    for (const user of [undefined, { id: 1, role: 'admin' }]) expect(refusal(() => checkAttendant(user)).errors).toEqual({ attendant_id: MSG_NOT_AN_ATTENDANT })
  })
})

describe("the morgue's side", () => {
  it('keeps tasks in checklist order, once each, only while the body is in care', () => {
    expect(checkTasks({ status: 'confirmed' }, ['dressed', 'washed', 'dressed'])).toEqual(['washed', 'dressed'])
    expect(refusal(() => checkTasks({ status: 'completed' }, [])).message).toBe(MSG_NOT_IN_CARE)
  })

  it('the transfer departs after the release and is delivered after it departs', () => {
    expect(refusal(() => checkTransport({ released_at: null, transport_status: 'scheduled' }, 'departed')).message).toBe(MSG_NOT_RELEASED)
    expect(checkTransport({ released_at: '2026-03-10T08:00:00Z', transport_status: 'scheduled' }, 'departed')).toBe(MSG_TRANSFER_DEPARTED)
    expect(refusal(() => checkTransport({ released_at: '2026-03-10T08:00:00Z', transport_status: 'scheduled' }, 'delivered')).message).toBe(MSG_NOT_DEPARTED)
    expect(checkTransport({ released_at: '2026-03-10T08:00:00Z', transport_status: 'departed' }, 'delivered')).toBe(MSG_TRANSFER_DELIVERED)
  })

  it('the pickup place changes while the transfer waits; blank puts back the usual one', () => {
    expect(checkPickup({ status: 'pending' }, { transport_status: 'scheduled' }, 'Gate B')).toBe('Gate B')
    expect(checkPickup({ status: 'pending' }, { transport_status: 'scheduled' }, '')).toBeNull()
    expect(refusal(() => checkPickup({ status: 'cancelled' }, { transport_status: 'scheduled' }, 'x')).message).toBe(MSG_NOT_IN_CARE)
    expect(refusal(() => checkPickup({ status: 'pending' }, { transport_status: 'departed' }, 'x')).message).toBe(MSG_ALREADY_LEFT)
  })
})

describe('what a status change implies', () => {
  const care = { received_at: '2026-03-01T08:00:00Z', tasks: [] as string[], transport_status: 'scheduled' as const, released_at: null, pickup_location: null, date_of_death: null, place_of_death: null, client_phone: null, burial_permit: 'missing' as const, documents: [] }
  const open = { status: 'pending', payment_status: 'partial', total_amount: 7500, amount_paid: 2500, assignedAttendant: null, morgue: care }

  it('Confirmed needs an attendant; Completed the preparation done, the permit approved and nothing due (a payment status of paid counts)', () => {
    expect(statusChangeGaps(open, 'confirmed')).toEqual(['attendant'])
    expect(statusChangeGaps({ ...open, assignedAttendant: { id: '4', name: 'Peter' } }, 'confirmed')).toEqual([])
    expect(statusChangeGaps(open, 'completed')).toEqual(['preparation', 'permit', 'payment'])
    expect(statusChangeGaps({ ...open, morgue: null }, 'completed')).toEqual(['preparation', 'permit', 'payment'])
    // A permit waiting for review or rejected is no permit yet.
    for (const burial_permit of ['pending', 'rejected'] as const) {
      expect(statusChangeGaps({ ...open, morgue: { ...care, tasks: [...PREP_TASKS], burial_permit } }, 'completed')).toEqual(['permit', 'payment'])
    }
    const prepared = { ...open, morgue: { ...care, tasks: [...PREP_TASKS], burial_permit: 'approved' as const } }
    expect(statusChangeGaps({ ...prepared, amount_paid: 7500 }, 'completed')).toEqual([])
    expect(statusChangeGaps({ ...prepared, payment_status: 'paid' }, 'completed')).toEqual([])
    // Other changes, and the same status again, imply nothing.
    expect(statusChangeGaps(open, 'in_progress')).toEqual([])
    expect(statusChangeGaps(open, 'cancelled')).toEqual([])
    expect(statusChangeGaps({ ...open, status: 'confirmed' }, 'confirmed')).toEqual([])
  })

  it('Completed asks for what is owed today: storage past the booked days is a balance, even on a booking marked paid', () => {
    const prepared = { ...open, status: 'in_progress', morgue: { ...care, tasks: [...PREP_TASKS], burial_permit: 'approved' as const } }
    // Paid for 1 day of KSH 1,000 storage, in care 21 days: KSH 20,000 owed today.
    const stayed = { ...prepared, payment_status: 'paid', total_amount: 4000, amount_paid: 4000, charges_to_date: 24_000, settled_outside: 0 }
    expect(statusChangeGaps(stayed, 'completed')).toEqual(['payment'])
    expect(refusal(() => checkStatusChange(stayed, { status: 'completed' }))).toMatchObject({ status: 422, message: MSG_STATUS_NEEDS_OVERRIDE })
    // Paid to date (the family's payments and the office's cash both count): nothing asked.
    expect(statusChangeGaps({ ...stayed, amount_paid: 24_000 }, 'completed')).toEqual([])
    expect(statusChangeGaps({ ...stayed, amount_paid: 4000, settled_outside: 20_000 }, 'completed')).toEqual([])
    // Within the booked days the balance is the booked one.
    expect(statusChangeGaps({ ...stayed, charges_to_date: 4000 }, 'completed')).toEqual([])
  })

  it('refuses a change made on a status since changed (409), names the gaps (422), and marks an override in the reason', () => {
    expect(refusal(() => checkStatusChange(open, { status: 'in_progress', expected_status: 'confirmed' }))).toMatchObject({ status: 409, message: MSG_BOOKING_CHANGED })
    expect(refusal(() => checkStatusChange(open, { status: 'completed', override_reason: ' ' }))).toMatchObject({ status: 422, message: MSG_STATUS_NEEDS_OVERRIDE, errors: { preparation: expect.any(String), permit: expect.any(String), payment: expect.any(String) } })
    expect(checkStatusChange(open, { status: 'completed', override_reason: ' Paid in cash ', expected_status: 'pending' })).toBe('Override: Paid in cash')
    expect(checkStatusChange(open, { status: 'in_progress', reason: 'Started' })).toBe('Started')
  })
})
