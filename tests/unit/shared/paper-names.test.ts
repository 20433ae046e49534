import { describe, expect, it } from 'vitest'
import { bookedQuotationLines, invoicePaper, quotationPaper, statementPaper } from '../../../shared/paper/paper'

/** A Kiswahili paper names each service in Kiswahili where the catalogue has the name (else as booked). */
const home = { name: 'Amani Funeral Home', address: 'Nairobi', phone: '+254 700 000 000', email: '', kra_pin: null, mpesa: null }
const booking = {
  id: 31,
  created_at: '2026-11-08T06:00:00.000Z',
  deceased_first_name: 'Teresia',
  deceased_last_name: 'Auma',
  client_name: 'Mary Achieng',
  services: [
    { service_name: 'Cremation', service_name_sw: 'Uchomaji wa Mwili', quantity: 1, price_at_booking: 3000, per_day: false },
    { service_name: 'Body Storage (per day)', service_name_sw: 'Kuhifadhi Mwili (kwa siku)', quantity: 1, price_at_booking: 1000, per_day: true },
    { service_name: 'Tent and chairs', quantity: 1, price_at_booking: 2000, per_day: false },
  ],
  morgue: { received_at: '2026-11-08T06:00:00.000Z', released_at: null },
}
const now = new Date('2026-11-28T09:00:00.000Z')
const firstCells = (rows: readonly (readonly string[])[]) => rows.map((r) => r[0] ?? '')

describe("the papers' service names", () => {
  it('in Kiswahili on a Kiswahili invoice, statement and quotation; in English on an English one; as booked when there is no Kiswahili name', () => {
    const sw = firstCells(invoicePaper({ booking, payments: [], home, language: 'sw', number: 'INV-2026-000001', now }).rows)
    expect(sw[0]).toBe('Uchomaji wa Mwili')
    expect(sw[1]).toBe('Tent and chairs')
    expect(sw[2]).toMatch(/^Kuhifadhi Mwili \(kwa siku\): siku 21 /)
    expect(firstCells(invoicePaper({ booking, payments: [], home, language: 'en', number: 'INV-2026-000001', now }).rows)[0]).toBe('Cremation')
    expect(statementPaper({ booking, payments: [], home, language: 'sw', now }).rows.map((r) => r[1]).join(' | ')).toContain('Uchomaji wa Mwili')
    const quotation = firstCells(quotationPaper({ lines: bookedQuotationLines(booking), home, language: 'sw', now, deceasedName: 'Teresia Auma', familyName: 'Mary Achieng' }).rows)
    expect(quotation.slice(0, 2)).toEqual(['Uchomaji wa Mwili', expect.stringMatching(/^Kuhifadhi Mwili \(kwa siku\): /)])
  })
})
