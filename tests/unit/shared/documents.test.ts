import { describe, expect, it } from 'vitest'
import { refusal } from './refusal'
import {
  canSeeDocument,
  checkReview,
  checkUploadBooking,
  documentMatches,
  documentSearchWords,
  documentStats,
  mayDeleteDocument,
  quotaLeft,
  reviewActivity,
  typesMatching,
  uploadActivity,
} from '../../../shared/documents'
import { DOCUMENT_QUOTA_BYTES, DOCUMENT_QUOTA_NO_BOOKING_BYTES, MSG_ALREADY_REVIEWED, MSG_APPROVED_KEPT, MSG_QUOTA_NO_BOOKING, MSG_REJECT_NEEDS_REASON } from '../../../shared/contracts/documents'

const admin = { id: 1, role: 'admin' as const }
const family = { id: 7, role: 'client' as const }
const attendant = { id: 5, role: 'morgue_attendant' as const }
const booking = { client_id: 7, attendant_id: 5 }

describe('who may see a document', () => {
  it('its uploader, an admin, and the attendant of its booking; a family never sees another upload, even on its booking', () => {
    expect(canSeeDocument(admin, { uploaded_by: 9 }, undefined)).toBe(true)
    expect(canSeeDocument(family, { uploaded_by: 7 }, undefined)).toBe(true)
    expect(canSeeDocument(family, { uploaded_by: 9 }, booking)).toBe(false)
    expect(canSeeDocument(attendant, { uploaded_by: 7 }, booking)).toBe(true)
    expect(canSeeDocument(attendant, { uploaded_by: 7 }, { ...booking, attendant_id: 6 })).toBe(false)
    expect(canSeeDocument(attendant, { uploaded_by: 7 }, undefined)).toBe(false)
  })
})

describe('deleting', () => {
  it('an attendant may not; a family may not delete what the home approved; an admin may', () => {
    expect(mayDeleteDocument(attendant, { status: 'pending' })).toBe(false)
    expect(mayDeleteDocument(family, { status: 'rejected' })).toBe(true)
    const kept = refusal(() => mayDeleteDocument(family, { status: 'approved' }))
    expect([kept.status, kept.message]).toEqual([409, MSG_APPROVED_KEPT])
    expect(mayDeleteDocument(admin, { status: 'approved' })).toBe(true)
  })
})

describe('the review', () => {
  it('takes a pending document only, and a rejection needs a reason', () => {
    expect(checkReview({ status: 'pending' }, { status: 'approved', notes: '  ' })).toBeNull()
    expect(checkReview({ status: 'pending' }, { status: 'rejected', notes: ' blurred ' })).toBe('blurred')
    const noReason = refusal(() => checkReview({ status: 'pending' }, { status: 'rejected' }))
    expect([noReason.status, noReason.errors]).toEqual([422, { notes: MSG_REJECT_NEEDS_REASON }])
    // Already reviewed answers 409 before any complaint about the reason.
    const again = refusal(() => checkReview({ status: 'approved' }, { status: 'rejected' }))
    expect([again.status, again.message]).toEqual([409, MSG_ALREADY_REVIEWED])
  })
})

describe('an upload', () => {
  it("may name only the family's own booking", () => {
    expect(checkUploadBooking({ id: 3, client_id: 7 }, family)).toEqual({ id: 3, client_id: 7 })
    expect(refusal(() => checkUploadBooking({ id: 3, client_id: 8 }, family)).status).toBe(404)
    expect(refusal(() => checkUploadBooking(undefined, family)).status).toBe(404)
  })

  it('fits in what is left of the quota, smaller without a booking', () => {
    expect(quotaLeft(1000, true).bytes).toBe(DOCUMENT_QUOTA_BYTES - 1000)
    expect(quotaLeft(0, false)).toEqual({ bytes: DOCUMENT_QUOTA_NO_BOOKING_BYTES, message: MSG_QUOTA_NO_BOOKING })
  })

  it('is logged with its type and booking', () => {
    expect(uploadActivity('Mary', 'burial_permit', 4)).toBe('Mary uploaded Burial Permit for booking #4')
    expect(uploadActivity('Mary', 'other', null)).toBe('Mary uploaded Other Document')
    expect(reviewActivity('death_certificate', null, 'approved')).toBe('Death Certificate approved')
  })
})

describe("the admin's search and counts", () => {
  const doc = { name: 'scan.pdf', document_type: 'burial_permit', description: null, uploaded_by_name: 'Mary Wanjiku', deceased_first_name: 'John', deceased_last_name: 'Kamau' }
  it('finds the words in the file name, type label, family, deceased or description, case aside', () => {
    const words = documentSearchWords('  JOHN Kamau ')
    expect(words).toBe('john kamau')
    expect(documentMatches(doc, words)).toBe(true)
    expect(documentMatches(doc, 'permit')).toBe(true)
    expect(documentMatches(doc, 'wanjiku')).toBe(true)
    expect(documentMatches(doc, 'invoice')).toBe(false)
    expect(documentMatches(doc, '')).toBe(true)
    expect(typesMatching('permit')).toEqual(['burial_permit'])
  })

  it('counts each status and the total', () => {
    expect(documentStats([{ status: 'pending', n: 2 }, { status: 'approved', n: 3 }])).toEqual({ total: 5, pending: 2, approved: 3, rejected: 0 })
  })
})
