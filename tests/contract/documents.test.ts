/** Documents (upload, download, review) on both backends. */
import { describe, expect, it } from 'vitest'
import { call, fixtures, login, loginAs, postForm, seed, serverOnly, storedFiles, useBackend } from './target'
import { DOCUMENT_QUOTA_BYTES, DOCUMENT_QUOTA_NO_BOOKING_BYTES, DocumentList, DocumentResponse, DocumentStatsResponse, MSG_QUOTA_FULL, MSG_QUOTA_NO_BOOKING } from '../../shared/contracts/documents'
import { BookingResponse } from '../../shared/contracts/bookings'
import { samplePdf, samplePng } from '../../shared/demo/files'

useBackend()

const family = () => seed.user.findFirst((q) => q.where({ email: 'family@funeral.test' }))!
const openBooking = () => seed.booking.findFirst((q) => q.where({ client_id: family().id, status: 'pending' }))!
const buffer = (bytes: Uint8Array) => bytes.slice().buffer as ArrayBuffer

async function upload(token: string | null, file: Blob | null, fileName: string, fields: Record<string, string> = { document_type: 'burial_permit' }) {
  const form = new FormData()
  // A File (not a bare Blob): the test DOM's FormData keeps a Blob's name as 'blob'.
  if (file) form.append('file', new File([file], fileName, { type: file.type }))
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  return postForm('/documents', form, token)
}

async function documentCount(): Promise<number> {
  const stats = DocumentStatsResponse.parse((await call('GET', '/documents/stats/summary', { token: await loginAs('admin') })).json)
  return stats.total
}

describe('documents', () => {
  it('stores an upload with its bytes; the download returns exactly them with type and file name', async () => {
    const token = await loginAs('client')
    const bytes = samplePng()
    const res = await upload(token, new Blob([buffer(bytes)], { type: 'image/png' }), 'permit photo.png', { document_type: 'burial_permit', booking_id: String(openBooking().id), description: 'Front page' })
    expect(res.status).toBe(201)
    expect(res.json.message).toBe('Document uploaded successfully')
    const doc = DocumentResponse.parse(res.json)
    expect(doc).toMatchObject({ name: 'permit photo.png', document_type: 'burial_permit', status: 'pending', description: 'Front page', booking_id: String(openBooking().id), uploaded_by_name: 'Mary Achieng' })
    const dl = await call('GET', `/documents/${doc.id}/download`, { token })
    expect(dl.status).toBe(200)
    expect(dl.headers.get('content-type')).toBe('image/png')
    expect(dl.headers.get('content-disposition')).toMatch(/^attachment;.*permit photo\.png/)
    expect(dl.bytes).toEqual(bytes)
    const mine = DocumentList.parse((await call('GET', '/documents/my', { token })).json).documents
    expect(mine[0]?.id).toBe(doc.id)
  })

  /** Every kind of refused upload, once each (the answers are checked). */
  async function refusedUploads(token: string) {
    const none = await upload(token, null, '')
    expect([none.status, none.json.message]).toEqual([422, 'Please select a file'])
    const big = await upload(token, new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'application/pdf' }), 'big.pdf')
    expect([big.status, big.json.message]).toEqual([413, 'File size must be less than 5MB'])
    const ext = await upload(token, new Blob(['x'], { type: 'application/pdf' }), 'permit.exe')
    expect([ext.status, ext.json.message]).toEqual([415, 'Invalid file type. Only PDF, JPG, PNG, and DOC files are allowed'])
    const mime = await upload(token, new Blob(['x'], { type: 'text/html' }), 'permit.pdf')
    expect(mime.status).toBe(415)
    const noType = await upload(token, new Blob([buffer(samplePdf('Permit'))]), 'permit.pdf', { document_type: 'passport' })
    expect(noType.status).toBe(422)
  }

  it('refuses a missing file (422), over 5 MB (413), a wrong type by extension, MIME or content (415), a bad field (422); no record is kept', async () => {
    const token = await loginAs('client')
    const before = await documentCount()
    await refusedUploads(token)
    expect(await documentCount()).toBe(before)
    expect((await upload(null, new Blob(['x'], { type: 'application/pdf' }), 'a.pdf')).status).toBe(401)
    expect((await upload(await loginAs('admin'), new Blob(['x'], { type: 'application/pdf' }), 'a.pdf')).status).toBe(403)
  })

  serverOnly.it('a refused upload leaves no file in the storage', async () => {
    const token = await loginAs('client')
    const files = await storedFiles()
    await refusedUploads(token)
    expect(await storedFiles()).toEqual(files)
  })

  serverOnly.it('judges a file by its content: a renamed program named .pdf is refused, an empty file too; exactly 5 MB is accepted', async () => {
    const token = await loginAs('client')
    const files = await storedFiles()
    const exe = new Uint8Array(1024)
    exe.set([0x4d, 0x5a, 0x90, 0x00]) // "MZ": a Windows program
    const renamed = await upload(token, new Blob([buffer(exe)], { type: 'application/pdf' }), 'death certificate.pdf')
    expect([renamed.status, renamed.json.message]).toEqual([415, 'Invalid file type. Only PDF, JPG, PNG, and DOC files are allowed'])
    const empty = await upload(token, new Blob([], { type: 'application/pdf' }), 'empty.pdf')
    expect([empty.status, empty.json.message]).toEqual([422, 'Please select a file'])
    expect(await storedFiles()).toEqual(files)
    const pdf = samplePdf('Five megabytes')
    const exact = new Uint8Array(5 * 1024 * 1024)
    exact.set(pdf)
    const ok = await upload(token, new Blob([buffer(exact)], { type: 'application/pdf' }), '../../etc/passwd.pdf')
    expect(ok.status).toBe(201)
    const doc = DocumentResponse.parse(ok.json)
    const dl = await call('GET', `/documents/${doc.id}/download`, { token })
    expect(dl.bytes.byteLength).toBe(exact.byteLength)
    expect(Buffer.from(dl.bytes).equals(Buffer.from(exact))).toBe(true)
    expect(dl.headers.get('x-content-type-options')).toBe('nosniff')
    expect(dl.headers.get('content-disposition')).toContain('filename="passwd.pdf"')
    expect((await storedFiles()).length).toBe(files.length + 1)
    expect((await call('DELETE', `/documents/${doc.id}`, { token })).status).toBe(200)
    expect(await storedFiles()).toEqual(files)
    expect((await call('GET', `/documents/${doc.id}/download`, { token })).status).toBe(404)
  })

  it('a family keeps at most 100 MB of documents: the upload that would go over is 413 with a clear message and nothing is stored; freeing space lets it in', async () => {
    const token = await loginAs('client')
    const pdf = samplePdf('Burial permit')
    // The family already keeps all but a few bytes of its quota.
    const big = await fixtures.addDocument({ booking_id: openBooking().id, uploaded_by: family().id, document_type: 'other', status: 'pending', size: DOCUMENT_QUOTA_BYTES - (pdf.length - 1) })
    const before = await documentCount()
    const refused = await upload(token, new Blob([buffer(pdf)], { type: 'application/pdf' }), 'permit.pdf', { document_type: 'burial_permit', booking_id: String(openBooking().id) })
    expect(refused.status).toBe(413)
    expect(refused.json).toEqual({ message: MSG_QUOTA_FULL, errors: { file: MSG_QUOTA_FULL } })
    expect(await documentCount()).toBe(before)
    // Space freed: the same upload goes in.
    expect((await call('DELETE', `/documents/${big}`, { token })).status).toBe(200)
    const accepted = await upload(token, new Blob([buffer(pdf)], { type: 'application/pdf' }), 'permit.pdf', { document_type: 'burial_permit', booking_id: String(openBooking().id) })
    expect(accepted.status).toBe(201)
  })

  it('an account with no booking yet keeps at most 10 MB of documents (413 saying why)', async () => {
    const reg = await call<{ user: { id: number } }>('POST', '/auth/register', { body: { name: 'Newcomer Otieno', email: 'newcomer@example.com', password: 'Newcomer#2026', phone: '0722000111', address: 'Kisumu' } })
    expect(reg.status).toBe(201)
    const token = await login('newcomer@example.com', 'Newcomer#2026')
    const pdf = samplePdf('Burial permit')
    const small = await upload(token, new Blob([buffer(pdf)], { type: 'application/pdf' }), 'permit.pdf')
    expect(small.status).toBe(201)
    await fixtures.addDocument({ booking_id: openBooking().id, uploaded_by: Number(reg.json.user.id), document_type: 'other', status: 'pending', size: DOCUMENT_QUOTA_NO_BOOKING_BYTES - 2 * pdf.length + 1 })
    const refused = await upload(token, new Blob([buffer(pdf)], { type: 'application/pdf' }), 'permit.pdf')
    expect(refused.status).toBe(413)
    expect(refused.json).toEqual({ message: MSG_QUOTA_NO_BOOKING, errors: { file: MSG_QUOTA_NO_BOOKING } })
  })

  it("a family sees and changes only its own documents; another family's id answers 404", async () => {
    const token = await loginAs('client')
    const other = seed.document.findFirst((q) => q.where({ uploaded_by: (id) => id !== family().id }))!
    expect((await call('GET', `/documents/${other.id}`, { token })).status).toBe(404)
    expect((await call('DELETE', `/documents/${other.id}`, { token })).status).toBe(404)
    expect((await call('GET', `/documents/${other.id}/download`, { token })).status).toBe(404)
    expect((await call('GET', '/documents', { token })).status).toBe(403)
    expect((await call('GET', '/documents/stats/summary', { token })).status).toBe(403)
    expect((await call('PATCH', `/documents/${other.id}/status`, { token, body: { status: 'approved' } })).status).toBe(403)
    expect((await call('GET', '/documents/my')).status).toBe(401)
  })

  it('the family cannot delete an approved document (409, the server says why) but can delete a pending one', async () => {
    const token = await loginAs('client')
    const approved = seed.document.findFirst((q) => q.where({ uploaded_by: family().id, status: 'approved' }))!
    const refused = await call('DELETE', `/documents/${approved.id}`, { token })
    expect(refused.status).toBe(409)
    expect(String(refused.json.message)).toMatch(/approved/)
    const pending = seed.document.findFirst((q) => q.where({ uploaded_by: family().id, status: 'pending' }))!
    const ok = await call('DELETE', `/documents/${pending.id}`, { token })
    expect([ok.status, ok.json.message]).toEqual([200, 'Document deleted successfully'])
    expect((await call('GET', `/documents/${pending.id}`, { token })).status).toBe(404)
  })

  it('admin: pages of 10 with filters and search, stats, and a review only of pending documents', async () => {
    const admin = await loginAs('admin')
    const total = seed.document.count()
    const page1 = DocumentList.parse((await call('GET', '/documents?page=1&limit=10', { token: admin })).json)
    expect(page1.documents).toHaveLength(10)
    expect(page1.pagination?.total).toBe(total)
    expect(page1.pagination?.pages).toBe(Math.ceil(total / 10))
    const pendingPermits = DocumentList.parse((await call('GET', '/documents?page=1&limit=10&status=pending&document_type=burial_permit', { token: admin })).json)
    expect(pendingPermits.documents.every((d) => d.status === 'pending' && d.document_type === 'burial_permit')).toBe(true)
    const search = DocumentList.parse((await call('GET', '/documents?page=1&limit=10&search=ouma', { token: admin })).json)
    expect(search.documents.length).toBeGreaterThan(0)
    expect(search.documents.every((d) => `${d.name} ${d.deceased_last_name}`.toLowerCase().includes('ouma'))).toBe(true)

    const stats = DocumentStatsResponse.parse((await call('GET', '/documents/stats/summary', { token: admin })).json)
    expect(stats.total).toBe(stats.pending + stats.approved + stats.rejected)

    // A pending document of the demo family's: the family opens its booking (its flag clears), then the review sets it again.
    const pending = seed.document.findFirst((q) => q.where({ status: 'pending', uploaded_by: family().id, booking_id: (b) => b !== null }))!
    const familyToken = await loginAs('client')
    await call('GET', `/bookings/${pending.booking_id}`, { token: familyToken })
    expect(BookingResponse.parse((await call('GET', `/bookings/${pending.booking_id}`, { token: familyToken })).json).has_notifications).toBe(false)
    const bad = await call('PATCH', `/documents/${pending.id}/status`, { token: admin, body: { status: 'maybe' } })
    expect(bad.status).toBe(422)
    const noReason = await call('PATCH', `/documents/${pending.id}/status`, { token: admin, body: { status: 'rejected', notes: ' ' } })
    expect(noReason.status).toBe(422)
    expect(noReason.json).toMatchObject({ message: 'Give a reason so the family knows what to fix' })
    const ok = await call('PATCH', `/documents/${pending.id}/status`, { token: admin, body: { status: 'rejected', notes: 'Blurred' } })
    expect(ok.json).toMatchObject({ message: 'Document marked as rejected', document: { status: 'rejected', review_notes: 'Blurred' } })
    expect(BookingResponse.parse((await call('GET', `/bookings/${pending.booking_id}`, { token: familyToken })).json).has_notifications).toBe(true)
    const again = await call('PATCH', `/documents/${pending.id}/status`, { token: admin, body: { status: 'approved' } })
    expect(again.status).toBe(409)
  })

  it('the family opening the booking clears its notification flag (the answer still carries it)', async () => {
    const token = await loginAs('client')
    const b = seed.booking.findFirst((q) => q.where({ client_id: family().id, has_notifications: true }))!
    const first = BookingResponse.parse((await call('GET', `/bookings/${b.id}`, { token })).json)
    expect(first.has_notifications).toBe(true)
    const second = BookingResponse.parse((await call('GET', `/bookings/${b.id}`, { token })).json)
    expect(second.has_notifications).toBe(false)
  })

  it('an attendant may read the documents of their assigned bookings only, and never change them', async () => {
    const token = await loginAs('morgue_attendant')
    const peter = seed.user.findFirst((q) => q.where({ email: 'attendant@funeral.test' }))!
    const mine = seed.booking.findMany((q) => q.where({ attendant_id: peter.id })).map((b) => b.id)
    const doc = seed.document.findFirst((q) => q.where({ booking_id: (id) => id !== null && mine.includes(id) }))!
    expect((await call('GET', `/documents/${doc.id}/download`, { token })).status).toBe(200)
    const other = seed.document.findFirst((q) => q.where({ booking_id: (id) => id !== null && !mine.includes(id) }))!
    expect((await call('GET', `/documents/${other.id}/download`, { token })).status).toBe(404)
    expect((await call('DELETE', `/documents/${doc.id}`, { token })).status).toBe(403)
    expect((await call('GET', '/documents', { token })).status).toBe(403)
  })

  it('seeded documents download as real files (a PDF, a PNG)', async () => {
    const token = await loginAs('client')
    for (const mime of ['application/pdf', 'image/png']) {
      const doc = seed.document.findFirst((q) => q.where({ uploaded_by: family().id, mime_type: mime }))!
      const res = await call('GET', `/documents/${doc.id}/download`, { token })
      expect(res.headers.get('content-type')).toBe(mime)
      expect(Array.from(res.bytes.slice(0, 4))).toEqual(mime === 'application/pdf' ? [0x25, 0x50, 0x44, 0x46] : [0x89, 0x50, 0x4e, 0x47])
    }
  })
})
