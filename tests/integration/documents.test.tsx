import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { db, server } from '../../mocks/node'
import { paths } from '../../src/app/paths'
import { DEMO_LOGINS, countRequests, findToast, renderAt, toastsText } from './render-app'

vi.setConfig({ testTimeout: 40_000 })

const family = () => db.user.findFirst((q) => q.where({ email: DEMO_LOGINS.client.email }))!
const familyDocs = () => db.document.findMany((q) => q.where({ uploaded_by: family().id }))

async function openDocuments() {
  const user = userEvent.setup({ applyAccept: false })
  const app = await renderAt(paths.client.documents, { as: 'client' })
  const table = await screen.findByRole('table', { name: 'My documents' })
  return { user, table, ...app }
}

async function openUpload(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Upload Document' }))
  return screen.findByRole('dialog', { name: 'Upload Document' })
}

describe('Documents (family)', () => {
  it("lists the family's documents with type, deceased, status and the reviewer's note on a rejected one", async () => {
    const { table } = await openDocuments()
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(familyDocs().length)
    const rejected = rows.find((r) => within(r).queryByText('Rejected'))!
    expect(within(rejected).getByText('Burial Permit')).toBeInTheDocument()
    expect(within(rejected).getByText('Teresia Auma')).toBeInTheDocument()
    expect(within(rejected).getByText('The scan is not legible. Please upload a clearer copy.')).toBeInTheDocument()
    expect(within(table).getAllByText('Pending review').length).toBeGreaterThan(0)
  })

  it('refuses an empty form, a file over 5 MB and a wrong type with SPEC messages, and sends nothing', async () => {
    const { user } = await openDocuments()
    const dialog = await openUpload(user)
    const log = countRequests(server)
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }))
    expect(await within(dialog).findByText('Please select a file')).toBeInTheDocument()
    expect(within(dialog).getByText('Please choose a document type')).toBeInTheDocument()

    const input = within(dialog).getByLabelText(/^File/)
    await user.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'permit.pdf', { type: 'application/pdf' }))
    expect(await within(dialog).findByText('File size must be less than 5MB')).toBeInTheDocument()
    // A photo over the limit is made smaller on the phone instead (the browser's canvas stood in for).
    const bigPhoto = new File([new Uint8Array(6 * 1024 * 1024)], 'permit-photo.jpg', { type: 'image/jpeg' })
    vi.stubGlobal('createImageBitmap', async () => ({ width: 4000, height: 3000, close: () => {} }))
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ fillRect: () => {}, drawImage: () => {} } as never)
    const toBlob = vi
      .spyOn(HTMLCanvasElement.prototype, 'toBlob')
      .mockImplementation((done) => done(new Blob([new Uint8Array(1024 * 1024)], { type: 'image/jpeg' })))
    await user.upload(input, bigPhoto)
    expect(await within(dialog).findByText('permit-photo.jpg (1.0 MB, made smaller from 6.0 MB)')).toBeInTheDocument()
    expect(within(dialog).queryByText('File size must be less than 5MB')).not.toBeInTheDocument()
    // One that cannot be made small enough keeps the limit's message.
    toBlob.mockImplementation((done) => done(new Blob([new Uint8Array(6 * 1024 * 1024)], { type: 'image/jpeg' })))
    await user.upload(input, new File([new Uint8Array(6 * 1024 * 1024)], 'huge.png', { type: 'image/png' }))
    expect(await within(dialog).findByText('File size must be less than 5MB')).toBeInTheDocument()
    getContext.mockRestore()
    toBlob.mockRestore()
    vi.unstubAllGlobals()
    await user.upload(input, new File(['x'], 'permit.exe', { type: 'application/pdf' }))
    expect(await within(dialog).findByText('Invalid file type. Only PDF, JPG, PNG, and DOC files are allowed')).toBeInTheDocument()
    await user.upload(input, new File(['x'], 'permit.png', { type: 'text/html' }))
    expect(within(dialog).getByText('Invalid file type. Only PDF, JPG, PNG, and DOC files are allowed')).toBeInTheDocument()
    await user.selectOptions(within(dialog).getByLabelText(/^Document type/), 'burial_permit')
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }))
    expect(log.requests.filter((r) => r.includes('/documents'))).toEqual([])
    log.stop()
  })

  it("uploads a photo of the burial permit for a booking: 'Document uploaded successfully', stored, listed as pending", async () => {
    const { user } = await openDocuments()
    const before = familyDocs().length
    const dialog = await openUpload(user)
    await user.upload(within(dialog).getByLabelText(/^File/), new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'permit-photo.png', { type: 'image/png' }))
    await user.selectOptions(within(dialog).getByLabelText(/^Document type/), 'burial_permit')
    const booking = within(dialog).getByLabelText('For the booking of')
    await user.selectOptions(booking, within(booking).getByRole('option', { name: /Samuel Ouma/ }))
    await user.type(within(dialog).getByLabelText(/^Description/), 'Issued at Kenyatta')
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }))
    await findToast('Document uploaded successfully')
    await waitFor(() => expect(familyDocs()).toHaveLength(before + 1))
    const stored = familyDocs().find((d) => d.name === 'permit-photo.png')!
    expect(stored).toMatchObject({ document_type: 'burial_permit', status: 'pending', description: 'Issued at Kenyatta', size: 7 })
    const samuel = db.booking.findFirst((q) => q.where({ id: stored.booking_id as number }))!
    expect(db.deceased.findFirst((q) => q.where({ id: samuel.deceased_id }))?.first_name).toBe('Samuel')
    expect(await screen.findByText('permit-photo.png')).toBeInTheDocument()
  })

  it("a failed upload keeps the dialog and everything chosen, with the server's message", async () => {
    server.use(http.post('*/api/documents', () => HttpResponse.json({ message: 'Storage is full, please try later' }, { status: 507 })))
    const { user } = await openDocuments()
    const dialog = await openUpload(user)
    await user.upload(within(dialog).getByLabelText(/^File/), new File(['%PDF'], 'cert.pdf', { type: 'application/pdf' }))
    await user.selectOptions(within(dialog).getByLabelText(/^Document type/), 'death_certificate')
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }))
    expect(await within(dialog).findByText('Storage is full, please try later')).toBeInTheDocument()
    expect(within(dialog).getByLabelText(/^Document type/)).toHaveValue('death_certificate')
    expect(within(dialog).getByText(/cert\.pdf/)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeEnabled()
  })

  it('delete asks first in a Fluent dialog; a pending document goes', async () => {
    const { user, table } = await openDocuments()
    const pending = familyDocs().find((d) => d.status === 'pending')!
    await user.click(within(table).getByRole('button', { name: new RegExp(`^Delete .*${pending.name}`) }))
    const ask = await screen.findByRole('alertdialog', { name: 'Delete document' })
    expect(within(ask).getByText('Are you sure you want to delete this document?')).toBeInTheDocument()
    await user.click(within(ask).getByRole('button', { name: 'Delete' }))
    await findToast('Document deleted successfully')
    expect(db.document.findFirst((q) => q.where({ id: pending.id }))).toBeUndefined()

  })

  it('an approved document cannot be deleted by the family: the server says why and it stays', async () => {
    const { user, table } = await openDocuments()
    const approved = familyDocs().find((d) => d.status === 'approved')!
    await user.click(within(table).getByRole('button', { name: new RegExp(`^Delete .*${approved.name}`) }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    await findToast('can no longer be deleted')
    expect(db.document.findFirst((q) => q.where({ id: approved.id }))).toBeDefined()
  })

  it("shows 'Failed to load documents' once, in place with Retry (no toast), and recovers", async () => {
    let fail = true
    server.use(http.get('*/api/documents/my', () => (fail ? HttpResponse.json({ message: 'down' }, { status: 500 }) : undefined)))
    const user = userEvent.setup()
    await renderAt(paths.client.documents, { as: 'client' })
    expect(await screen.findByText('Failed to load documents', { selector: '.fui-MessageBarBody' })).toBeInTheDocument()
    expect(toastsText()).not.toContain('Failed to load documents')
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('table', { name: 'My documents' })).toBeInTheDocument()
  })

  it("the booking's checklist shows each required document's state and opens the upload with type and booking chosen", async () => {
    const user = userEvent.setup()
    const teresia = db.deceased.findFirst((q) => q.where({ first_name: 'Teresia', client_id: family().id }))!
    const booking = db.booking.findFirst((q) => q.where({ deceased_id: teresia.id }))!
    await renderAt(paths.client.booking(String(booking.id)), { as: 'client' })
    const list = await screen.findByRole('list', { name: /Documents for this booking/ })
    const items = within(list).getAllByRole('listitem')
    expect(within(items[0]!).getByText('Death Certificate')).toBeInTheDocument()
    expect(within(items[0]!).getAllByText('Approved').length).toBeGreaterThan(0)
    expect(within(items[1]!).getByText(/Reviewer's note: The scan is not legible/)).toBeInTheDocument()
    await user.click(within(items[1]!).getByRole('button', { name: /Upload Burial Permit/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Upload Document' })
    expect(within(dialog).getByLabelText(/^Document type/)).toHaveValue('burial_permit')
    expect(within(dialog).getByLabelText('For the booking of')).toHaveValue(String(booking.id))
  })
})

describe('Document review (admin)', () => {
  async function openReview() {
    const user = userEvent.setup()
    const app = await renderAt(paths.admin.documents, { as: 'admin' })
    const table = await screen.findByRole('table', { name: 'Documents' })
    return { user, table, ...app }
  }

  it('shows the four stats and the first page of 10; the status filter and search are sent to the server', async () => {
    const { user, table } = await openReview()
    const all = db.document.all()
    const stat = (label: string) => within(screen.getByRole('group', { name: label })).getByText(/^\d+$/).textContent
    expect(stat('Total documents')).toBe(String(all.length))
    expect(stat('Pending review')).toBe(String(all.filter((d) => d.status === 'pending').length))
    expect(within(table).getAllByRole('row')).toHaveLength(11)
    expect(screen.getByText(new RegExp(`Page 1 of ${Math.ceil(all.length / 10)}`))).toBeInTheDocument()

    const log = countRequests(server)
    await user.selectOptions(screen.getByLabelText('Status'), 'rejected')
    await waitFor(() => expect(log.requests.some((r) => r.startsWith('GET /api/documents') && !r.includes('stats'))).toBe(true))
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Documents' })).getAllByText('Rejected').length).toBe(all.filter((d) => d.status === 'rejected').length > 10 ? 10 : all.filter((d) => d.status === 'rejected').length))
    log.stop()
    await user.selectOptions(screen.getByLabelText('Status'), '')
    await user.type(screen.getByRole('searchbox'), 'ouma')
    await waitFor(() => {
      const rows = within(screen.getByRole('table', { name: 'Documents' })).getAllByRole('row').slice(1)
      expect(rows.length).toBeGreaterThan(0)
      expect(rows.every((r) => /ouma/i.test(r.textContent ?? ''))).toBe(true)
    })
  })

  it("rejects a pending document with a note: 'Document marked as rejected', stored, stats refreshed", async () => {
    const { user, table } = await openReview()
    const row = within(table).getAllByRole('row').find((r) => within(r).queryByRole('button', { name: /^Review / }))!
    const name = within(row).getAllByRole('cell')[1]!.textContent!
    const doc = db.document.findFirst((q) => q.where({ name, status: 'pending' }))!
    const pendingBefore = db.document.findMany((q) => q.where({ status: 'pending' })).length
    await user.click(within(row).getByRole('button', { name: /^Review / }))
    const dialog = await screen.findByRole('dialog')
    // Without a reason nothing is sent: the family must know what to fix.
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }))
    expect(await within(dialog).findByText('Give a reason so the family knows what to fix')).toBeInTheDocument()
    expect(db.document.findFirst((q) => q.where({ id: doc.id }))?.status).toBe('pending')
    await user.type(within(dialog).getByLabelText(/Notes for the family/), 'Please photograph the whole page')
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }))
    await findToast('Document marked as rejected')
    expect(db.document.findFirst((q) => q.where({ id: doc.id }))).toMatchObject({ status: 'rejected', review_notes: 'Please photograph the whole page' })
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Pending review' })).getByText(String(pendingBefore - 1))).toBeInTheDocument())
  })

  it("a failed review says 'Failed to update document status' and leaves the dialog usable", async () => {
    server.use(http.patch('*/api/documents/:id/status', () => HttpResponse.json({ message: 'Database unavailable' }, { status: 503 })))
    const { user, table } = await openReview()
    await user.click(within(table).getAllByRole('button', { name: /^Review / })[0]!)
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }))
    await findToast('Failed to update document status')
    expect(within(dialog).getByText('Database unavailable')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeEnabled()
  })
})
