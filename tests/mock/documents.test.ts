/** Documents (upload, download, review): mock only until the server's storage lands (the server answers 501 for these routes). */
import { describe, expect, it } from 'vitest'
import { API, call, loginAs, useMockBackend } from './helpers'
import { db } from '../../mocks/db'
import { DocumentList, DocumentResponse, DocumentStatsResponse } from '../../src/api/contracts/documents'
import { BookingResponse } from '../../src/api/contracts/bookings'
import { samplePng } from '../../mocks/files'

useMockBackend()

const family = () => db.user.findFirst((q) => q.where({ email: 'family@funeral.test' }))!
const openBooking = () => db.booking.findFirst((q) => q.where({ client_id: family().id, status: 'pending' }))!

async function upload(token: string | null, file: Blob | null, fileName: string, fields: Record<string, string> = { document_type: 'burial_permit' }) {
  const form = new FormData()
  // A File (not a bare Blob): the test DOM's FormData keeps a Blob's name as 'blob'.
  if (file) form.append('file', new File([file], fileName, { type: file.type }))
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  const res = await fetch(`${API}/documents`, { method: 'POST', body: form, headers: token ? { Authorization: `Bearer ${token}` } : {} })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}

describe('documents', () => {
  it('stores an upload with its bytes; the download returns exactly them with type and file name', async () => {
    const token = await loginAs('client')
    const bytes = samplePng()
    const res = await upload(token, new Blob([bytes.slice().buffer as ArrayBuffer], { type: 'image/png' }), 'permit photo.png', { document_type: 'burial_permit', booking_id: String(openBooking().id), description: 'Front page' })
    expect(res.status).toBe(201)
    expect(res.json.message).toBe('Document uploaded successfully')
    const doc = DocumentResponse.parse(res.json)
    expect(doc).toMatchObject({ name: 'permit photo.png', document_type: 'burial_permit', status: 'pending', description: 'Front page', booking_id: String(openBooking().id), uploaded_by_name: 'Mary Achieng' })
    const dl = await fetch(`${API}/documents/${doc.id}/download`, { headers: { Authorization: `Bearer ${token}` } })
    expect(dl.status).toBe(200)
    expect(dl.headers.get('content-type')).toBe('image/png')
    expect(dl.headers.get('content-disposition')).toContain('permit photo.png')
    expect(new Uint8Array(await dl.arrayBuffer())).toEqual(bytes)
    const mine = DocumentList.parse((await call('GET', '/documents/my', { token })).json).documents
    expect(mine[0]?.id).toBe(doc.id)
  })

  it('refuses, on the server too, a missing file (422), over 5 MB (413) and a wrong type by extension or MIME (415)', async () => {
    const token = await loginAs('client')
    const before = db.document.count()
    const none = await upload(token, null, '')
    expect([none.status, none.json.message]).toEqual([422, 'Please select a file'])
    const big = await upload(token, new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'application/pdf' }), 'big.pdf')
    expect([big.status, big.json.message]).toEqual([413, 'File size must be less than 5MB'])
    const ext = await upload(token, new Blob(['x'], { type: 'application/pdf' }), 'permit.exe')
    expect([ext.status, ext.json.message]).toEqual([415, 'Invalid file type. Only PDF, JPG, PNG, and DOC files are allowed'])
    const mime = await upload(token, new Blob(['x'], { type: 'text/html' }), 'permit.pdf')
    expect(mime.status).toBe(415)
    const noType = await upload(token, new Blob(['x']), 'permit.pdf', { document_type: 'passport' })
    expect(noType.status).toBe(422)
    expect(db.document.count()).toBe(before)
    expect((await upload(null, new Blob(['x'], { type: 'application/pdf' }), 'a.pdf')).status).toBe(401)
    expect((await upload(await loginAs('admin'), new Blob(['x'], { type: 'application/pdf' }), 'a.pdf')).status).toBe(403)
  })

  it("a family sees and changes only its own documents; another family's id answers 404", async () => {
    const token = await loginAs('client')
    const other = db.document.findFirst((q) => q.where({ uploaded_by: (id) => id !== family().id }))!
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
    const approved = db.document.findFirst((q) => q.where({ uploaded_by: family().id, status: 'approved' }))!
    const refused = await call('DELETE', `/documents/${approved.id}`, { token })
    expect(refused.status).toBe(409)
    expect(String(refused.json.message)).toMatch(/approved/)
    const pending = db.document.findFirst((q) => q.where({ uploaded_by: family().id, status: 'pending' }))!
    const ok = await call('DELETE', `/documents/${pending.id}`, { token })
    expect([ok.status, ok.json.message]).toEqual([200, 'Document deleted successfully'])
    expect(db.document.findFirst((q) => q.where({ id: pending.id }))).toBeUndefined()
  })

  it('admin: pages of 10 with filters and search, stats, and a review only of pending documents', async () => {
    const admin = await loginAs('admin')
    const page1 = DocumentList.parse((await call('GET', '/documents?page=1&limit=10', { token: admin })).json)
    expect(page1.documents).toHaveLength(10)
    expect(page1.pagination?.total).toBe(db.document.count())
    expect(page1.pagination?.pages).toBe(Math.ceil(db.document.count() / 10))
    const pendingPermits = DocumentList.parse((await call('GET', '/documents?page=1&limit=10&status=pending&document_type=burial_permit', { token: admin })).json)
    expect(pendingPermits.documents.every((d) => d.status === 'pending' && d.document_type === 'burial_permit')).toBe(true)
    const search = DocumentList.parse((await call('GET', '/documents?page=1&limit=10&search=ouma', { token: admin })).json)
    expect(search.documents.length).toBeGreaterThan(0)
    expect(search.documents.every((d) => `${d.name} ${d.deceased_last_name}`.toLowerCase().includes('ouma'))).toBe(true)

    const stats = DocumentStatsResponse.parse((await call('GET', '/documents/stats/summary', { token: admin })).json)
    expect(stats.total).toBe(stats.pending + stats.approved + stats.rejected)

    const pending = db.document.findFirst((q) => q.where({ status: 'pending', booking_id: (b) => b !== null }))!
    await db.booking.update((q) => q.where({ id: pending.booking_id as number }), { data: (b) => void (b.has_notifications = false) })
    const bad = await call('PATCH', `/documents/${pending.id}/status`, { token: admin, body: { status: 'maybe' } })
    expect(bad.status).toBe(422)
    const noReason = await call('PATCH', `/documents/${pending.id}/status`, { token: admin, body: { status: 'rejected', notes: ' ' } })
    expect(noReason.status).toBe(422)
    expect(noReason.json).toMatchObject({ message: 'Give a reason so the family knows what to fix' })
    const ok = await call('PATCH', `/documents/${pending.id}/status`, { token: admin, body: { status: 'rejected', notes: 'Blurred' } })
    expect(ok.json).toMatchObject({ message: 'Document marked as rejected', document: { status: 'rejected', review_notes: 'Blurred' } })
    expect(db.booking.findFirst((q) => q.where({ id: pending.booking_id as number }))?.has_notifications).toBe(true)
    const again = await call('PATCH', `/documents/${pending.id}/status`, { token: admin, body: { status: 'approved' } })
    expect(again.status).toBe(409)
  })

  it('the family opening the booking clears its notification flag (the answer still carries it)', async () => {
    const token = await loginAs('client')
    const b = db.booking.findFirst((q) => q.where({ client_id: family().id, has_notifications: true }))!
    const first = BookingResponse.parse((await call('GET', `/bookings/${b.id}`, { token })).json)
    expect(first.has_notifications).toBe(true)
    const second = BookingResponse.parse((await call('GET', `/bookings/${b.id}`, { token })).json)
    expect(second.has_notifications).toBe(false)
  })

  it("an attendant may read the documents of their assigned bookings only, and never change them", async () => {
    const token = await loginAs('morgue_attendant')
    const peter = db.user.findFirst((q) => q.where({ email: 'attendant@funeral.test' }))!
    const mine = db.booking.findMany((q) => q.where({ attendant_id: peter.id })).map((b) => b.id)
    const doc = db.document.findFirst((q) => q.where({ booking_id: (id) => id !== null && mine.includes(id) }))!
    expect((await call('GET', `/documents/${doc.id}/download`, { token })).status).toBe(200)
    const other = db.document.findFirst((q) => q.where({ booking_id: (id) => id !== null && !mine.includes(id) }))!
    expect((await call('GET', `/documents/${other.id}/download`, { token })).status).toBe(404)
    expect((await call('DELETE', `/documents/${doc.id}`, { token })).status).toBe(403)
    expect((await call('GET', '/documents', { token })).status).toBe(403)
  })

  it('seeded documents download as real files (a PDF, a PNG)', async () => {
    const token = await loginAs('client')
    for (const mime of ['application/pdf', 'image/png']) {
      const doc = db.document.findFirst((q) => q.where({ uploaded_by: family().id, mime_type: mime }))!
      const res = await fetch(`${API}/documents/${doc.id}/download`, { headers: { Authorization: `Bearer ${token}` } })
      const head = new Uint8Array(await res.arrayBuffer()).slice(0, 4)
      expect(res.headers.get('content-type')).toBe(mime)
      expect(Array.from(head)).toEqual(mime === 'application/pdf' ? [0x25, 0x50, 0x44, 0x46] : [0x89, 0x50, 0x4e, 0x47])
    }
  })
})
