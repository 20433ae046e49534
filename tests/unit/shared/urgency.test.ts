import { describe, expect, it } from 'vitest'
import type { Booking } from '../../../shared/contracts/bookings'
import { amountDueNow, familyNextSteps, isPayableNow, papersToDo, paymentStatusAfterPayment, paymentStatusNow, releaseBlocked, servicesSoon, settledOutside } from '../../../shared/urgency'
import { aBooking } from '../booking-fixture'

// 10:00 in Nairobi on a fixed day: the rule takes "now" as a parameter.
const now = new Date('2026-05-10T07:00:00.000Z')
const line = (at: string) => ({ id: '1', service_name: 'Cremation', quantity: 1, price_at_booking: 5000, scheduled_date: at })
const care = (permit: 'missing' | 'pending' | 'rejected' | 'approved', docs: Array<[string, string, string]> = []) => ({
  received_at: '2026-05-01T08:00:00.000Z',
  tasks: [],
  transport_status: 'scheduled' as const,
  released_at: null,
  pickup_location: null,
  date_of_death: null,
  place_of_death: null,
  client_phone: null,
  burial_permit: permit,
  documents: docs.map(([document_type, status, created_at], i) => ({ id: String(i), name: `${document_type}.pdf`, document_type, status, review_notes: null, created_at, mime_type: 'application/pdf', size: 1 })),
})

function b(id: string, at: string | null, changes: Partial<Booking> = {}): Booking {
  return aBooking(id, { services: at ? [line(at)] : [], status: 'confirmed', payment_status: 'paid', total_amount: 5000, amount_paid: 5000, ...changes })
}

describe('the urgency rule', () => {
  it("puts a service within 48 hours whose permit was rejected first, with its hours, before an older booking's missing papers", () => {
    const teresia = b('3', '2026-05-11T09:00:00', {
      required_documents: ['burial_permit'],
      morgue: care('rejected', [['burial_permit', 'rejected', '2026-05-02T08:00:00Z']]),
    })
    const later = b('1', '2026-05-20T10:00:00', { required_documents: ['death_certificate', 'burial_permit'], morgue: care('missing') })
    const steps = familyNextSteps([later, teresia], now)
    expect(steps.map((s) => `${s.kind} ${s.booking.id}`)).toEqual(['urgent 3', 'upload 1'])
    const first = steps[0]!
    expect(first.kind === 'urgent' && first.hours).toBe(23)
    expect(first.kind === 'urgent' && first.papers).toEqual([{ type: 'burial_permit', state: 'rejected' }])
    // The same booking is the attendant's "cannot be released" and "services in the next 48 hours".
    expect(releaseBlocked(teresia)).toBe(true)
    expect(servicesSoon([later, teresia], now)).toEqual([teresia])
  })

  it('is not urgent at 48 hours or more, nor once the service has started, nor for a cancelled booking', () => {
    const papers = { required_documents: ['burial_permit'], morgue: care('missing') }
    expect(familyNextSteps([b('1', '2026-05-12T10:00:00', papers)], now).map((s) => s.kind)).toEqual(['upload'])
    expect(familyNextSteps([b('1', '2026-05-12T09:59:00', papers)], now).map((s) => s.kind)).toEqual(['urgent'])
    expect(familyNextSteps([b('1', '2026-05-10T09:59:00', papers)], now).map((s) => s.kind)).toEqual(['upload'])
    expect(familyNextSteps([b('1', '2026-05-11T09:00:00', { ...papers, status: 'cancelled' })], now)).toEqual([])
  })

  it('counts each paper, not each booking, and asks nothing of the family while a paper waits for review', () => {
    const two = b('1', '2026-06-01T10:00:00', { required_documents: ['death_certificate', 'burial_permit'], morgue: care('pending', [['burial_permit', 'pending', '2026-05-09T08:00:00Z']]) })
    expect(papersToDo(two)).toEqual([
      { type: 'death_certificate', state: 'missing' },
      { type: 'burial_permit', state: 'pending' },
    ])
    const steps = familyNextSteps([two], now)
    expect(steps).toHaveLength(1)
    expect(steps[0]!.kind === 'upload' && steps[0]!.papers).toEqual([{ type: 'death_certificate', state: 'missing' }])
    // Waiting for review two days before: still urgent (it cannot go ahead until approved: call).
    const soon = { ...two, services: [line('2026-05-11T09:00:00')] }
    expect(familyNextSteps([soon], now)[0]).toMatchObject({ kind: 'urgent', papers: papersToDo(two) })
  })

  it('adds what is still to pay and news from the home, soonest service first', () => {
    const owing = b('1', '2026-06-01T10:00:00', { payment_status: 'partial', amount_paid: 2000 })
    const news = b('2', '2026-05-15T10:00:00', { has_notifications: true })
    const done = b('4', '2026-04-01T10:00:00', { status: 'completed', payment_status: 'pending', amount_paid: 0 })
    expect(familyNextSteps([owing, news, done], now).map((s) => `${s.kind} ${s.booking.id}`)).toEqual(['news 2', 'pay 1'])
    expect(familyNextSteps([owing], now)[0]).toMatchObject({ kind: 'pay', amount: 3000 })
  })
})

describe('what is owed today', () => {
  it('is the charges to date (storage so far) less all paid; a booking marked paid still owes storage past its booked total; none once cancelled or refunded', () => {
    const owing = (changes: Partial<Booking>) => amountDueNow(b('9', null, { payment_status: 'partial', total_amount: 6000, amount_paid: 2000, charges_to_date: 9000, ...changes }))
    expect(owing({})).toBe(7000)
    // Where storage has not run past the days booked it is the booked total less all paid.
    expect(owing({ charges_to_date: 6000 })).toBe(4000)
    expect(owing({ charges_to_date: null })).toBe(4000)
    // Marked paid by the office with less received: the booked total is settled, storage beyond it is not.
    expect(owing({ payment_status: 'paid' })).toBe(3000)
    expect(owing({ payment_status: 'paid', charges_to_date: 6000 })).toBe(0)
    expect(owing({ amount_paid: 12_000 })).toBe(0)
    expect(owing({ status: 'cancelled' })).toBe(0)
    expect(owing({ payment_status: 'refunded' })).toBe(0)
  })

  it('counts what the office settled outside the app once, and what the family paid after it on top', () => {
    const owing = (changes: Partial<Booking>) => amountDueNow(b('9', null, { payment_status: 'paid', total_amount: 13_000, amount_paid: 2000, charges_to_date: 15_000, ...changes }))
    // Marked paid with nothing received in the app, then KSH 2,000 of storage paid by M-Pesa: nothing left.
    expect(owing({ settled_outside: 13_000 })).toBe(0)
    // The same without the office's figure (an older answer) reads as before: the booked total settled.
    expect(owing({})).toBe(2000)
    // Partial after part of the storage was paid: the office's money still counts.
    expect(owing({ payment_status: 'partial', amount_paid: 1000, settled_outside: 13_000 })).toBe(1000)
  })

  it("knows the office's money from its last word on the payment status and the payments made before it", () => {
    const marked = [{ field: 'status', to: 'confirmed' }, { field: 'payment_status', to: 'paid' }]
    expect(settledOutside({ payment_status: 'paid', total_amount: 13_000, amount_paid: 2000, audit: marked }, 0)).toBe(13_000)
    expect(settledOutside({ payment_status: 'partial', total_amount: 13_000, amount_paid: 6000, audit: marked }, 4000)).toBe(9000)
    expect(settledOutside({ payment_status: 'paid', total_amount: 13_000, amount_paid: 13_000, audit: marked }, 13_000)).toBe(0)
    // Set back to pending by the office: nothing settled outside any more.
    expect(settledOutside({ payment_status: 'pending', total_amount: 13_000, amount_paid: 0, audit: [...marked, { field: 'payment_status', to: 'pending' }] }, 0)).toBe(0)
    // No word in the trail: a booking marked paid counts its booked total settled.
    expect(settledOutside({ payment_status: 'paid', total_amount: 13_000, amount_paid: 5000, audit: [] }, null)).toBe(8000)
    expect(settledOutside({ payment_status: 'partial', total_amount: 13_000, amount_paid: 5000, audit: [] }, null)).toBe(0)
  })

  it('takes the payment status after a payment from the money today: partial while anything is owed, paid when all is covered', () => {
    const after = (changes: Partial<Booking>) => paymentStatusAfterPayment(b('9', null, { total_amount: 13_000, charges_to_date: 15_000, ...changes }))
    // Paid in full, the body stayed two days longer, the family paid one of them: partial; both: paid.
    expect(after({ payment_status: 'paid', amount_paid: 14_000, settled_outside: 0 })).toBe('partial')
    expect(after({ payment_status: 'partial', amount_paid: 15_000, settled_outside: 0 })).toBe('paid')
    // Marked paid by the office on cash, the extra days paid by M-Pesa: paid.
    expect(after({ payment_status: 'paid', amount_paid: 2000, settled_outside: 13_000 })).toBe('paid')
    // Storage so far below the days booked, all of it paid: still partial until the booked total is covered.
    expect(after({ payment_status: 'pending', amount_paid: 9000, charges_to_date: 9000, settled_outside: 0 })).toBe('partial')
    expect(after({ payment_status: 'pending', amount_paid: 0, settled_outside: 0 })).toBe('pending')
    expect(after({ payment_status: 'refunded', amount_paid: 2000, settled_outside: 0 })).toBe('refunded')
  })

  it('lets the family pay whatever is owed today, whatever the status says, and reads a paid booking that owes more as partial', () => {
    const paidOwing = b('9', null, { payment_status: 'paid', total_amount: 13_000, amount_paid: 13_000, charges_to_date: 15_000, settled_outside: 0 })
    expect(isPayableNow(paidOwing)).toBe(true)
    expect(paymentStatusNow(paidOwing)).toBe('partial')
    expect(isPayableNow({ ...paidOwing, status: 'cancelled' })).toBe(false)
    expect(isPayableNow({ ...paidOwing, charges_to_date: 13_000 })).toBe(false)
    expect(paymentStatusNow({ ...paidOwing, charges_to_date: 13_000 })).toBe('paid')
  })
})
