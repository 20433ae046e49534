/**
 * Burial documents (SPEC.md section 7; the mock's mocks/handlers/documents.ts answers the same):
 * parse, authorise, call the domain (server/domain/documents.ts), answer. The upload is streamed
 * from the request into the storage (server/storage/upload.ts), never whole in memory.
 */
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { DocumentStatusRequest, MAX_DOCUMENT_BYTES, MSG_DOCUMENT_DELETED, MSG_DOCUMENT_NOT_FOUND, MSG_DOCUMENT_UPLOADED, MSG_FILE_REQUIRED, MSG_FILE_TOO_BIG } from '../../shared/contracts/documents'
import { documentSearchWords, reviewedMessage } from '../../shared/documents'
import { ApiError, parse, pathId, valid } from '../http'
import { ListQuery } from '../../shared/validation'
import { requireAuth } from '../auth'
import { idempotent } from '../idempotency'
import type { AppEnv } from '../types'
import * as domain from '../domain/documents'
import { StorageError, downloadHeaders } from '../storage/storage'
import { readUpload, refusal } from '../storage/upload'

/** The form around the file: a few short fields. A request past this is refused before it is read. */
const FORM_OVERHEAD = 64 * 1024

export const documentRoutes = new Hono<AppEnv>()
  .get('/my', requireAuth(), async (c) => c.json({ documents: await domain.documentsOf(c.var.deps.db, c.var.user) }))

  .get('/stats/summary', requireAuth('admin'), async (c) => c.json({ stats: await domain.stats(c.var.deps.db) }))

  .get('/', requireAuth('admin'), async (c) => {
    const q = (k: string) => c.req.query(k) ?? ''
    const { page, limit } = parse(ListQuery, { page: c.req.query('page'), limit: c.req.query('limit') })
    return c.json(await domain.adminList(c.var.deps.db, { page, limit, type: q('document_type'), status: q('status'), words: documentSearchWords(q('search')) }))
  })

  .post(
    '/',
    requireAuth('client'),
    // The app-wide JSON limit does not apply here (see app.ts); the file's own 5 MB is the storage's.
    bodyLimit({ maxSize: MAX_DOCUMENT_BYTES + FORM_OVERHEAD, onError: (c) => c.json({ message: MSG_FILE_TOO_BIG, errors: { file: MSG_FILE_TOO_BIG } }, 413) }),
    idempotent,
    async (c) => {
      const { db } = c.var.deps
      const storage = domain.storageOf(c.var.deps)
      // The account's storage quota, checked before any byte is stored: a file may use what is left of it.
      const room = await domain.uploadRoom(db, c.var.user)
      const upload = await readUpload(c.req.raw, storage, room.maxFile).catch((error: unknown) => {
        if (error instanceof StorageError && error.kind === 'too-large' && room.bytes < MAX_DOCUMENT_BYTES) throw new ApiError(413, room.message, { file: room.message })
        return refusal(error)
      })
      const file = upload.file
      if (!file) throw new ApiError(422, MSG_FILE_REQUIRED, { file: MSG_FILE_REQUIRED })
      return c.json({ document: await domain.keepUpload(db, storage, c.var.user, { ...upload, file }), message: MSG_DOCUMENT_UPLOADED }, 201)
    },
  )

  .get('/:id/download', requireAuth(), async (c) => {
    const doc = await domain.visibleDocument(c.var.deps.db, c.var.user, pathId(c, MSG_DOCUMENT_NOT_FOUND))
    const bytes = await domain.documentBytes(c.var.deps, doc)
    return c.body(bytes.body, 200, downloadHeaders({ mime: bytes.mime, size: bytes.size }, doc.name))
  })

  .get('/:id', requireAuth(), async (c) => {
    const { db } = c.var.deps
    const doc = await domain.visibleDocument(db, c.var.user, pathId(c, MSG_DOCUMENT_NOT_FOUND))
    return c.json({ document: await domain.wireDocument(db, doc.id) })
  })

  .delete('/:id', requireAuth(), async (c) => {
    const doc = await domain.visibleDocument(c.var.deps.db, c.var.user, pathId(c, MSG_DOCUMENT_NOT_FOUND))
    await domain.removeDocument(c.var.deps, c.var.user, doc)
    return c.json({ message: MSG_DOCUMENT_DELETED })
  })

  .patch('/:id/status', requireAuth('admin'), valid('json', DocumentStatusRequest), async (c) => {
    const doc = await domain.visibleDocument(c.var.deps.db, c.var.user, pathId(c, MSG_DOCUMENT_NOT_FOUND))
    const input = c.req.valid('json')
    return c.json({ document: await domain.review(c.var.deps, c.var.user, doc, input), message: reviewedMessage(input.status) })
  })
