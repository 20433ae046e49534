import { describe, expect, it, vi } from 'vitest'
import { SimulatedClock, createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import { REJECT_NEEDS_REASON, createDocumentReviewMachine, type PageResult, type ReviewQuery } from '../../machines/documents/document-review.machine'
import { documentUploadMachine, uploadFraction, type UploadEvent, type UploadPayload } from '../../machines/documents/document-upload.machine'
import type { NotifyEvent } from '../../machines/shared/notify'
import { ApiError } from '../../src/api/client'

interface Doc {
  id: string
  status: string
  name: string
}
const PENDING: Doc = { id: '1', status: 'pending', name: 'permit.png' }
const APPROVED: Doc = { id: '2', status: 'approved', name: 'cert.pdf' }
const STATS = { total: 2, pending: 1, approved: 1, rejected: 0 }

function start(options: { load?: (q: ReviewQuery) => Promise<PageResult<Doc>>; review?: (i: { id: string; status: string; notes: string }) => Promise<Doc> } = {}) {
  const loadPage = vi.fn(options.load ?? (async () => ({ documents: [PENDING, APPROVED], pagination: { total: 23, pages: 3 }, stats: STATS })))
  const review = vi.fn(options.review ?? (async (i: { id: string; status: string }) => ({ ...PENDING, status: i.status })))
  const clock = new SimulatedClock()
  const machine = createDocumentReviewMachine<Doc>().provide({
    actors: {
      loadPage: fromPromise(({ input }: { input: ReviewQuery }) => loadPage(input)),
      review: fromPromise(({ input }: { input: { id: string; status: 'approved' | 'rejected'; notes: string } }) => review(input)),
    },
  })
  const actor = createActor(machine, { clock })
  const notes: NotifyEvent[] = []
  actor.on('notify', (e) => notes.push(e))
  actor.start()
  return { actor, loadPage, review, clock, notes }
}

describe('documentReview machine', () => {
  it('loads page 1 of 10 with no filters, then shows the documents, totals and stats', async () => {
    const { actor, loadPage } = start()
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    const s = await waitFor(actor, (x) => x.matches('ready'))
    expect(loadPage).toHaveBeenCalledWith({ page: 1, limit: 10, document_type: '', status: '', search: '' })
    expect(s.context).toMatchObject({ documents: [PENDING, APPROVED], total: 23, pages: 3, stats: STATS })
  })

  it('type and status filters reload from page 1; paging stays within range', async () => {
    const { actor, loadPage } = start()
    await waitFor(actor, (x) => x.matches('ready'))
    actor.send({ type: 'page.go', page: 2 })
    await waitFor(actor, (x) => x.matches('ready'))
    expect(loadPage).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }))
    actor.send({ type: 'page.go', page: 9 })
    expect(actor.getSnapshot().matches('ready')).toBe(true)
    actor.send({ type: 'filter.type', value: 'burial_permit' })
    await waitFor(actor, (x) => x.matches('ready'))
    actor.send({ type: 'filter.status', value: 'pending' })
    await waitFor(actor, (x) => x.matches('ready'))
    expect(loadPage).toHaveBeenLastCalledWith({ page: 1, limit: 10, document_type: 'burial_permit', status: 'pending', search: '' })
  })

  it('debounces the search: only the last text, after a 400 ms pause, is sent', async () => {
    const { actor, loadPage, clock } = start()
    await waitFor(actor, (x) => x.matches('ready'))
    actor.send({ type: 'search.change', value: 'ou' })
    clock.increment(200)
    actor.send({ type: 'search.change', value: 'ouma ' })
    clock.increment(399)
    expect(loadPage).toHaveBeenCalledTimes(1)
    clock.increment(1)
    await waitFor(actor, (x) => x.matches('ready'))
    expect(loadPage).toHaveBeenCalledTimes(2)
    expect(loadPage).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'ouma', page: 1 }))
    expect(actor.getSnapshot().context.searchDraft).toBe('ouma ')
  })

  it('a row clicked while a search is pending opens at once; the search is applied when the review closes', async () => {
    const { actor, loadPage } = start()
    await waitFor(actor, (x) => x.matches('ready'))
    actor.send({ type: 'search.change', value: 'rose' })
    actor.send({ type: 'review.open', document: PENDING })
    expect(actor.getSnapshot().matches('reviewing')).toBe(true)
    actor.send({ type: 'review.close' })
    await waitFor(actor, (x) => x.matches('ready'))
    expect(loadPage).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'rose', page: 1 }))
  })

  it("a failed load says 'Failed to fetch documents' and Retry loads again with the same filters", async () => {
    let fail = true
    const { actor, loadPage, notes } = start({
      load: async () => {
        if (fail) throw new ApiError(500, 'boom')
        return { documents: [PENDING], pagination: { total: 1, pages: 1 }, stats: STATS }
      },
    })
    await waitFor(actor, (x) => x.matches('failed'))
    expect(actor.getSnapshot().context.error).toBe('Failed to fetch documents')
    expect(notes).toEqual([{ type: 'notify', level: 'error', message: 'Failed to fetch documents' }])
    fail = false
    actor.send({ type: 'retry' })
    await waitFor(actor, (x) => x.matches('ready'))
    expect(loadPage).toHaveBeenCalledTimes(2)
  })

  it('only a pending document opens for review; approve sends notes, says so, and reloads the same page and filters', async () => {
    const { actor, review, loadPage, notes } = start()
    await waitFor(actor, (x) => x.matches('ready'))
    actor.send({ type: 'filter.status', value: 'pending' })
    await waitFor(actor, (x) => x.matches('ready'))
    actor.send({ type: 'review.open', document: APPROVED })
    expect(actor.getSnapshot().matches('ready')).toBe(true)
    actor.send({ type: 'review.open', document: PENDING })
    expect(actor.getSnapshot().matches({ reviewing: 'idle' })).toBe(true)
    actor.send({ type: 'review.submit', status: 'approved', notes: 'Clear copy' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (x) => x.matches('ready'))
    expect(review).toHaveBeenCalledWith({ id: '1', status: 'approved', notes: 'Clear copy' })
    expect(notes).toContainEqual({ type: 'notify', level: 'success', message: 'Document marked as approved' })
    expect(loadPage).toHaveBeenCalledTimes(3)
    expect(loadPage).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'pending', page: 1 }))
    expect(actor.getSnapshot().context.reviewing).toBeNull()
  })

  it('a rejection without a reason is not sent: the dialog says the family must know what to fix', async () => {
    const { actor, review } = start()
    await waitFor(actor, (x) => x.matches('ready'))
    actor.send({ type: 'review.open', document: PENDING })
    actor.send({ type: 'review.submit', status: 'rejected', notes: '   ' })
    expect(actor.getSnapshot().matches({ reviewing: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.reviewError).toBe(REJECT_NEEDS_REASON)
    expect(review).not.toHaveBeenCalled()
    actor.send({ type: 'review.submit', status: 'rejected', notes: 'The stamp is cut off' })
    await waitFor(actor, (x) => x.matches('ready'))
    expect(review).toHaveBeenCalledWith({ id: '1', status: 'rejected', notes: 'The stamp is cut off' })
  })

  it("a failed review keeps the dialog open with the server's reason and toasts SPEC's message", async () => {
    const { actor, notes } = start({ review: async () => Promise.reject(new ApiError(409, 'Only pending documents can be reviewed')) })
    await waitFor(actor, (x) => x.matches('ready'))
    actor.send({ type: 'review.open', document: PENDING })
    actor.send({ type: 'review.submit', status: 'rejected', notes: 'Blurred' })
    await waitFor(actor, (x) => x.matches({ reviewing: 'idle' }) && x.context.reviewError !== null)
    expect(actor.getSnapshot().context.reviewError).toBe('Only pending documents can be reviewed')
    expect(notes).toContainEqual({ type: 'notify', level: 'error', message: 'Failed to update document status' })
    actor.send({ type: 'review.close' })
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    await waitFor(actor, (x) => x.matches('ready'))
  })
})

describe('documentUpload machine', () => {
  function startUpload(behaviour: (sendBack: (e: UploadEvent) => void, input: UploadPayload) => (() => void) | void) {
    const machine = documentUploadMachine.provide({
      actors: { upload: fromCallback<UploadEvent, UploadPayload>(({ sendBack, input }) => behaviour(sendBack, input)) },
    })
    const actor = createActor(machine)
    const notes: NotifyEvent[] = []
    actor.on('notify', (e) => notes.push(e))
    actor.start()
    return { actor, notes }
  }
  const payload: UploadPayload = { file: { name: 'permit.png', size: 1000, type: 'image/png' }, document_type: 'burial_permit', booking_id: '40' }

  it('reports progress, then success with its message', () => {
    let send: (e: UploadEvent) => void = () => {}
    const { actor, notes } = startUpload((sendBack) => {
      send = sendBack
    })
    actor.send({ type: 'upload.send', payload })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    send({ type: 'upload.progress', loaded: 250, total: 1000 })
    expect(uploadFraction(actor.getSnapshot().context)).toBe(0.25)
    send({ type: 'upload.done', output: { id: '9' } })
    expect(actor.getSnapshot().matches('done')).toBe(true)
    expect(notes).toEqual([{ type: 'notify', level: 'success', message: 'Document uploaded successfully' }])
  })

  it("a failure prefers the server's message, else 'Failed to upload document'; the payload is kept for a retry", () => {
    let send: (e: UploadEvent) => void = () => {}
    const { actor, notes } = startUpload((sendBack) => {
      send = sendBack
    })
    actor.send({ type: 'upload.send', payload })
    send({ type: 'upload.failed', error: new ApiError(413, 'File size must be less than 5MB') })
    expect(actor.getSnapshot().context.error).toBe('File size must be less than 5MB')
    actor.send({ type: 'upload.send', payload })
    send({ type: 'upload.failed', error: new Error('offline') })
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Failed to upload document', payload })
    expect(notes.map((n) => n.message)).toEqual(['File size must be less than 5MB', 'Failed to upload document'])
  })

  it('cancel stops the upload actor (which aborts the request)', () => {
    const stopped = vi.fn()
    const { actor } = startUpload(() => stopped)
    actor.send({ type: 'upload.send', payload })
    actor.send({ type: 'upload.cancel' })
    expect(stopped).toHaveBeenCalled()
    expect(actor.getSnapshot().matches('idle')).toBe(true)
  })
})
