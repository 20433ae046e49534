import { describe, expect, it } from 'vitest'
import { thrown } from './thrown'
import { agreementPaper, agreementState, checkMaySign, checkUnsigned, nairobiStamp, nextRevision, printable, toVoid, type AgreementRecord } from '../../../shared/paper/agreement'
import { MSG_AGREEMENT_NOT_SIGNED, MSG_AGREEMENT_ONLY_FAMILY, MSG_AGREEMENT_SIGNED } from '../../../shared/contracts/agreement'
import { maskSignInCode } from '../../../shared/contracts/two-factor'
import { agreementTermsOf, DEFAULT_AGREEMENT_TERMS, DEFAULT_AGREEMENT_TERMS_SW } from '../../../shared/contracts/settings'

const record = (revision: number, voided: boolean): AgreementRecord => ({
  id: revision,
  booking_id: 7,
  revision,
  signer_id: 3,
  signed_name: 'Mary Achieng',
  signed_at: '2026-03-01T09:00:00.000Z',
  ip: '197.248.10.4',
  user_agent: 'UA',
  document_sha256: 'd'.repeat(64),
  sha256: 's'.repeat(64),
  voided_at: voided ? '2026-03-02T09:00:00.000Z' : null,
  voided_by: voided ? 1 : null,
  void_reason: voided ? 'Dates changed' : null,
})

describe('the service agreement rules', () => {
  it('one revision in force; the next after a void; the draft only when none is in force', () => {
    expect(nextRevision([])).toBe(1)
    expect(thrown(() => checkUnsigned([record(1, false)]))).toEqual({ status: 409, message: MSG_AGREEMENT_SIGNED })
    expect(thrown(() => toVoid([record(1, true)]))).toEqual({ status: 409, message: MSG_AGREEMENT_NOT_SIGNED })
    const after = [record(1, true)]
    expect(thrown(() => checkUnsigned(after))).toBeNull()
    expect(agreementState(7, after, 'h'.repeat(64))).toMatchObject({ status: 'unsigned', signed: null, draft: { revision: 2, href: '/bookings/7/agreement/draft' } })
    expect(agreementState(7, [record(1, true), record(2, false)], null)).toMatchObject({ status: 'signed', signed: { revision: 2, href: '/bookings/7/agreement/2' }, draft: null })
    expect(agreementState(7, [record(1, true), record(2, false)], null).history.map((h) => h.revision)).toEqual([2, 1])
  })

  it('only the family whose booking it is signs; the code is masked in the office list; the defaults stand for empty terms', () => {
    expect(thrown(() => checkMaySign({ id: 3, role: 'client' }, { client_id: 3 }))).toBeNull()
    expect(thrown(() => checkMaySign({ id: 4, role: 'client' }, { client_id: 3 }))?.message).toBe(MSG_AGREEMENT_ONLY_FAMILY)
    expect(thrown(() => checkMaySign({ id: 1, role: 'admin' }, { client_id: 3 }))?.status).toBe(403)
    expect(maskSignInCode('agreement-code', 'Amani: your code to sign the service agreement is 123456.')).not.toContain('123456')
    expect(agreementTermsOf({ agreementTerms: '  ' })).toBe(DEFAULT_AGREEMENT_TERMS)
    // A family that reads Kiswahili signs the defaults in Kiswahili, also once Settings saved the English defaults back; a home's own terms stay as written.
    expect(agreementTermsOf({}, 'sw')).toBe(DEFAULT_AGREEMENT_TERMS_SW)
    expect(agreementTermsOf({ agreementTerms: DEFAULT_AGREEMENT_TERMS }, 'sw')).toBe(DEFAULT_AGREEMENT_TERMS_SW)
    expect(agreementTermsOf({ agreementTerms: 'Our own terms.' }, 'sw')).toBe('Our own terms.')
    // The home's Kiswahili terms, for a Kiswahili agreement only; blank or the defaults count as none.
    expect(agreementTermsOf({ agreementTerms: 'Our own terms.', agreementTermsSw: ' Masharti yetu. ' }, 'sw')).toBe('Masharti yetu.')
    expect(agreementTermsOf({ agreementTerms: 'Our own terms.', agreementTermsSw: 'Masharti yetu.' }, 'en')).toBe('Our own terms.')
    expect(agreementTermsOf({ agreementTerms: DEFAULT_AGREEMENT_TERMS, agreementTermsSw: 'Masharti yetu.' }, 'sw')).toBe('Masharti yetu.')
    expect(agreementTermsOf({ agreementTerms: DEFAULT_AGREEMENT_TERMS, agreementTermsSw: 'Masharti yetu.' }, 'en')).toBe(DEFAULT_AGREEMENT_TERMS)
    expect(agreementTermsOf({ agreementTerms: 'Our own terms.', agreementTermsSw: '  ' }, 'sw')).toBe('Our own terms.')
    expect(agreementTermsOf({ agreementTerms: 'Our own terms.', agreementTermsSw: DEFAULT_AGREEMENT_TERMS_SW }, 'sw')).toBe('Our own terms.')
    expect(agreementTermsOf({ agreementTermsSw: '' }, 'sw')).toBe(DEFAULT_AGREEMENT_TERMS_SW)
    expect(DEFAULT_AGREEMENT_TERMS_SW.split('\n\n')).toHaveLength(DEFAULT_AGREEMENT_TERMS.split('\n\n').length)
    expect(printable('Mozilla\u0000\u202e x')).toBe('Mozilla?? x')
    // 09:00 UTC is noon in Nairobi; 22:30 UTC is already the next day there.
    expect(nairobiStamp(new Date('2026-03-01T09:00:00Z'))).toBe('01/03/2026 12:00:00 EAT')
    expect(nairobiStamp(new Date('2026-03-01T22:30:00Z'))).toBe('02/03/2026 01:30:00 EAT')
  })

  it('the agreement is the quotation lines and the terms, dated by the booking, not by today', () => {
    const booking = { id: 7, created_at: '2026-03-01T09:00:00Z', deceased_first_name: 'Samuel', deceased_last_name: 'Otieno', client_name: 'Mary Achieng', services: [{ service_name: 'Hearse hire', quantity: 1, price_at_booking: 15000 }] }
    const home = { name: 'Amani', address: 'Ngong Road', phone: '0712', email: 'a@b.c', mpesa: 'Paybill 400200' }
    const paper = agreementPaper({ booking, home, terms: 'One.\n\nTwo.', language: 'en', revision: 2 })
    expect(paper.number).toBe('AGR-7-2')
    expect(paper.facts).toContainEqual(['Booked on', '01/03/2026'])
    expect(paper.rows).toEqual([['Hearse hire', '1', 'KSH 15,000', 'KSH 15,000']])
    expect(paper.notes).toEqual(expect.arrayContaining(['Terms:', 'One.', 'Two.', 'Pay by M-Pesa: Paybill 400200.']))
    expect(agreementPaper({ booking, home, terms: 'One.', language: 'sw', revision: 1 }).title).toBe('Mkataba wa huduma')
  })
})
