import { describe, expect, it } from 'vitest'
import { refusal } from './refusal'
import { SETTLEMENT_NOT_RECORDED, checkCustodyEvent, coldRoomCheck, custodyRecord, custodySavedMessage, releaseActivity, releaseAudit } from '../../../shared/custody'
import { CUSTODY_MESSAGES, checkCustody, type CustodyRequest } from '../../../shared/contracts/custody'

const release: CustodyRequest = { kind: 'released', receiver_name: 'Wanjiru Kamau', receiver_id_number: '12345678', receiver_relationship: 'Daughter' }
const approvedPermit = [{ document_type: 'burial_permit', status: 'approved' }]
const received = [{ kind: 'received' }]
const base = { recorded: received, bookingStatus: 'confirmed', releasedAt: null, docs: approvedPermit }

describe('recording a movement of the body', () => {
  it('keeps a release with the approved permit, in order, while in care', () => {
    expect(checkCustodyEvent({ ...base, request: release })).toMatchObject({ kind: 'released', receiver_name: 'Wanjiru Kamau' })
  })

  it("checks the fields first, with the form's field errors", () => {
    const error = refusal(() => checkCustodyEvent({ ...base, request: { kind: 'released' } }))
    expect(error.status).toBe(422)
    expect(error.errors).toHaveProperty('receiver_name', CUSTODY_MESSAGES.receiverNameRequired)
  })

  it('a body released before the chain was kept, or released in the chain, is released', () => {
    expect(refusal(() => checkCustodyEvent({ ...base, releasedAt: '2026-03-01T10:00:00Z', request: { kind: 'prepared' } })).message).toBe(CUSTODY_MESSAGES.alreadyReleased)
    // The chain's own release says so even for a booking no longer in care.
    expect(refusal(() => checkCustodyEvent({ ...base, bookingStatus: 'completed', recorded: [...received, { kind: 'released' }], releasedAt: '2026-03-01T10:00:00Z', request: { kind: 'prepared' } })).message).toBe(
      CUSTODY_MESSAGES.alreadyReleased,
    )
  })

  it('a booking out of care comes before the order of the chain', () => {
    expect(refusal(() => checkCustodyEvent({ ...base, recorded: [], bookingStatus: 'cancelled', request: { kind: 'prepared' } })).message).toBe(CUSTODY_MESSAGES.notInCare)
    expect(refusal(() => checkCustodyEvent({ ...base, recorded: [], request: { kind: 'prepared' } })).message).toBe(CUSTODY_MESSAGES.receiveFirst)
  })

  it('no release without an approved burial permit: pending, rejected or missing will not do', () => {
    for (const docs of [[], [{ document_type: 'burial_permit', status: 'pending' }], [{ document_type: 'death_certificate', status: 'approved' }]]) {
      expect(refusal(() => checkCustodyEvent({ ...base, docs, request: release })).message).toBe(CUSTODY_MESSAGES.permitNotApproved)
    }
  })

  it('words the answer, the activity and the printed record', () => {
    expect(custodySavedMessage('released')).toBe(CUSTODY_MESSAGES.released)
    expect(custodySavedMessage('prepared')).toBe(CUSTODY_MESSAGES.saved)
    expect(releaseActivity(9, { receiver_name: 'Wanjiru Kamau', receiver_relationship: 'Daughter' }, 'Peter')).toBe('Body for booking #9 released to Wanjiru Kamau (Daughter) by Peter')
    expect(releaseActivity(9, { receiver_name: 'Wanjiru Kamau', receiver_relationship: 'Daughter', settlement: 'payment_plan', settlement_reason: 'Monthly' }, 'Peter', 12_500)).toBe(
      'Body for booking #9 released to Wanjiru Kamau (Daughter) by Peter; KSH 12,500 due: payment plan (Monthly)',
    )
    expect(releaseActivity(9, { receiver_name: 'Wanjiru Kamau', receiver_relationship: 'Daughter' }, 'Peter', 500)).toBe('Body for booking #9 released to Wanjiru Kamau (Daughter) by Peter; KSH 500 due: no arrangement recorded')
    expect(custodyRecord({ bookingId: 9, deceased: undefined, home: { facilityName: 'Amani', contactPhone: '', contactEmail: 'a@b.ke' }, events: [] })).toEqual({
      booking_id: 9,
      deceased_first_name: '',
      deceased_last_name: '',
      home: { name: 'Amani', phone: null, email: 'a@b.ke' },
      events: [],
    })
  })
})

describe('a release with a balance due', () => {
  it('is never refused for it; its arrangement, when given, needs a reason; the form (knowing the balance) asks for one', () => {
    expect(checkCustodyEvent({ ...base, request: release })).toMatchObject({ kind: 'released', settlement: null, settlement_reason: null })
    expect(checkCustodyEvent({ ...base, request: { ...release, settlement: 'waived', settlement_reason: '  Hardship  ' } })).toMatchObject({ settlement: 'waived', settlement_reason: 'Hardship' })
    expect(refusal(() => checkCustodyEvent({ ...base, request: { ...release, settlement: 'paid', settlement_reason: ' ' } })).errors).toEqual({ settlement_reason: CUSTODY_MESSAGES.settlementReasonRequired })
    expect(checkCustody({ ...release }, 4000)).toMatchObject({ errors: { settlement: CUSTODY_MESSAGES.settlementRequired } })
    expect(checkCustody({ ...release }, 0)).toHaveProperty('input')
    // Another movement carries no arrangement.
    expect(checkCustody({ kind: 'prepared', settlement: 'paid', settlement_reason: 'x' }, 4000)).toMatchObject({ input: { settlement: null, settlement_reason: null } })
  })

  it('is kept in the audit with the balance as the body left, the arrangement and why; nothing when nothing was owed', () => {
    const input = { kind: 'released' as const, settlement: 'payment_plan' as const, settlement_reason: 'Monthly' }
    expect(releaseAudit(input, 7000)).toEqual([{ field: 'release', from: '7000', to: 'payment_plan', reason: 'Monthly' }])
    expect(releaseAudit({ ...input, settlement: null, settlement_reason: null }, 7000)).toEqual([{ field: 'release', from: '7000', to: SETTLEMENT_NOT_RECORDED, reason: null }])
    expect(releaseAudit(input, 0)).toEqual([])
    expect(releaseAudit({ ...input, kind: 'prepared' }, 7000)).toEqual([])
  })
})

describe('a place in the cold room', () => {
  const rooms = [{ kind: 'cold_room', capacity: 2 }, { kind: 'cold_room', capacity: 3, retired: true }, { kind: 'hearse', capacity: 4 }]
  const bodies = [{ booking_id: 1, name: 'Rose Achieng' }, { booking_id: 2, name: 'Teresia Auma' }]
  const check = (over: Partial<Parameters<typeof coldRoomCheck>[0]>) => coldRoomCheck({ kind: 'received', coldRooms: rooms, inRoom: bodies, role: 'morgue_attendant', overrideReason: null, ...over })

  it('counts the places of the cold rooms in service; full, a receipt is refused with what is there unless an admin gives a reason', () => {
    expect(check({ inRoom: bodies.slice(0, 1) })).toBeNull()
    expect(check({})).toEqual({ refused: { message: CUSTODY_MESSAGES.coldRoomFull, capacity: 2, bodies } })
    expect(check({ overrideReason: 'On ice' })).toMatchObject({ refused: { capacity: 2 } })
    expect(check({ role: 'admin', overrideReason: '  On ice in bay 4 ' })).toEqual({ overridden: 'On ice in bay 4' })
    expect(check({ role: 'admin', overrideReason: '   ' })).toMatchObject({ refused: {} })
  })

  it('checks only a receipt, and only in a home that keeps a cold room on the calendar', () => {
    expect(check({ kind: 'moved_to_storage' })).toBeNull()
    expect(check({ coldRooms: rooms.slice(1) })).toBeNull()
  })
})
