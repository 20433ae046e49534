import { describe, expect, it } from 'vitest'
import type { Booking } from '../../../shared/contracts/bookings'
import { PREP_TASKS } from '../../../shared/contracts/morgue'
import { agendaGaps, needsAttention, officeAgenda, upcomingServices } from '../../../shared/office-agenda'
import { aBooking, aCare } from '../booking-fixture'

// 10:00 in Nairobi on a fixed day: the rules take "now" as a parameter.
const now = new Date('2026-05-10T07:00:00.000Z')
const line = (at: string, name = 'Burial service') => ({ id: '1', service_name: name, quantity: 1, price_at_booking: 5000, scheduled_date: at })
const ready = { assignedAttendant: { id: '9', name: 'Grace Wanjiru' }, morgue: aCare({ tasks: [...PREP_TASKS], burial_permit: 'approved' }), payment_status: 'paid', amount_paid: 5000 }

function b(id: string, at: string | null, changes: Partial<Booking> = {}): Booking {
  return aBooking(id, { services: at ? [line(at)] : [], status: 'confirmed', total_amount: 5000, ...ready, ...changes })
}

describe("the office's agenda", () => {
  it('names everything a service lacks: attendant, papers missing or rejected, papers waiting for review, preparation, balance', () => {
    expect(agendaGaps(b('1', '2026-05-11T09:00:00'))).toEqual([])
    const bare = b('2', '2026-05-11T09:00:00', {
      assignedAttendant: null,
      required_documents: ['death_certificate', 'burial_permit'],
      morgue: aCare({ tasks: [PREP_TASKS[0]!], documents: [{ id: '1', name: 'p.pdf', document_type: 'burial_permit', status: 'pending', review_notes: null, created_at: '2026-05-09T08:00:00Z', mime_type: 'application/pdf', size: 1 }] }),
      payment_status: 'partial',
      amount_paid: 2500,
    })
    expect(agendaGaps(bare)).toEqual(['attendant', 'documents', 'review', 'preparation', 'payment'])
    // An agreement the family has not signed is said (last); a backend that does not say adds nothing.
    expect(agendaGaps({ ...bare, agreement_signed: false }).at(-1)).toBe('agreement')
    expect(agendaGaps({ ...b('1', '2026-05-11T09:00:00'), agreement_signed: true })).toEqual([])
    const [item] = needsAttention([bare], now)
    expect(item).toMatchObject({ booking_id: '2', deceased_name: 'Samuel Ouma', service_at: '2026-05-11T09:00:00', service_name: 'Burial service', balance_due: 2500, attendant_name: null })
    expect(item?.papers).toEqual([
      { type: 'death_certificate', state: 'missing' },
      { type: 'burial_permit', state: 'pending' },
    ])
  })

  it('counts the balance owed today: storage past the booked days, on a booking marked paid, is a payment gap and its balance', () => {
    // Paid for its booked days (KSH 5,000), in care longer: KSH 24,000 charged so far, KSH 19,000 owed.
    const stayed = b('7', '2026-05-11T09:00:00', { charges_to_date: 24_000, settled_outside: 0 })
    expect(agendaGaps(stayed)).toEqual(['payment'])
    expect(needsAttention([stayed], now)[0]).toMatchObject({ booking_id: '7', gaps: ['payment'], balance_due: 19_000 })
    // The office's cash counts: marked paid with nothing through the app, then the storage paid by M-Pesa.
    const settled = b('8', '2026-05-11T09:00:00', { amount_paid: 19_000, charges_to_date: 24_000, settled_outside: 5000 })
    expect(agendaGaps(settled)).toEqual([])
    expect(upcomingServices([settled], now)[0]?.balance_due).toBe(0)
  })

  it('needs attention: within 48 hours and lacking something, soonest first; a complete one is only upcoming', () => {
    const unpaid = { payment_status: 'pending', amount_paid: 0 }
    const tomorrow = b('1', '2026-05-11T15:00:00', unpaid)
    const today = b('2', '2026-05-10T14:00:00', { assignedAttendant: null })
    const complete = b('3', '2026-05-11T08:00:00')
    const at48 = b('4', '2026-05-12T10:00:00', unpaid)
    const started = b('5', '2026-05-10T09:59:00', unpaid)
    const cancelled = b('6', '2026-05-10T12:00:00', { ...unpaid, status: 'cancelled' })
    const { attention, upcoming } = officeAgenda([tomorrow, today, complete, at48, started, cancelled], now)
    expect(attention.map((i) => i.booking_id)).toEqual(['2', '1'])
    expect(upcoming.map((i) => i.booking_id)).toEqual(['2', '3', '1', '4'])
  })

  it('upcoming: the next 7 days by date, the first service line counting, none without a date', () => {
    const inSix = b('1', '2026-05-16T11:00:00')
    const inSeven = b('2', '2026-05-17T10:00:00')
    const twoLines = b('3', null, { services: [line('2026-05-13T16:00:00', 'Viewing'), line('2026-05-12T09:00:00', 'Cremation')] })
    const noDate = b('4', null)
    const items = upcomingServices([inSix, inSeven, twoLines, noDate], now)
    expect(items.map((i) => [i.booking_id, i.service_name])).toEqual([
      ['3', 'Cremation'],
      ['1', 'Burial service'],
    ])
  })
})
