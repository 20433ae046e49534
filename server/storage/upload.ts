/**
 * A multipart upload read as it arrives: the one `file` part is piped into the storage (never whole
 * in memory), the other parts are short text fields. The storage judges the type by content, stops
 * past the limit and writes atomically.
 */
import { Readable } from 'node:stream'
import busboy from 'busboy'
import { ApiError } from '../../shared/errors'
import { MAX_DOCUMENT_BYTES, MSG_FILE_REQUIRED, MSG_FILE_TYPE, documentFileProblem } from '../../shared/contracts/documents'
import { StorageError, uploadProblem, type Storage, type StoredObject } from './storage'

export interface ParsedUpload {
  fields: Record<string, string>
  file: { name: string; declaredType: string; stored: StoredObject } | null
}

/**
 * Reads a multipart upload as it arrives: the one `file` part is piped into the storage, the other
 * parts are short text fields. A refused file (too large, wrong content, empty) rejects at once with
 * the storage's error; the rest of the body is not read.
 */
export function readUpload(request: Request, storage: Storage, maxBytes = MAX_DOCUMENT_BYTES): Promise<ParsedUpload> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) return Promise.reject(new ApiError(422, MSG_FILE_REQUIRED, { file: MSG_FILE_REQUIRED }))
  return new Promise<ParsedUpload>((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({ headers: { 'content-type': contentType }, limits: { files: 1, fields: 10, fieldSize: 4096, parts: 12 } })
    } catch {
      reject(new ApiError(422, MSG_FILE_REQUIRED, { file: MSG_FILE_REQUIRED }))
      return
    }
    const fields: Record<string, string> = {}
    let pending: Promise<ParsedUpload['file']> = Promise.resolve(null)
    let failed = false
    const fail = (error: unknown) => {
      if (failed) return
      failed = true
      source.unpipe(parser)
      source.destroy()
      reject(error)
    }
    parser.on('field', (name, value) => {
      if (!(name in fields)) fields[name] = value
    })
    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume()
        return
      }
      const fileName = info.filename || 'document'
      // The name and declared type are checked as the mock does (size comes from the bytes); the content is what decides.
      const problem = documentFileProblem({ name: fileName, size: 1, type: info.mimeType })
      if (problem) {
        stream.resume()
        fail(problem === MSG_FILE_TYPE ? new ApiError(415, problem, { file: problem }) : new ApiError(422, problem, { file: problem }))
        return
      }
      pending = storage.put(stream, { maxBytes }).then(
        (stored) => ({ name: fileName, declaredType: info.mimeType, stored }),
        (error: unknown) => {
          fail(error)
          return null
        },
      )
    })
    parser.on('error', () => fail(new ApiError(422, MSG_FILE_REQUIRED, { file: MSG_FILE_REQUIRED })))
    parser.on('close', () => {
      void pending.then((file) => {
        if (!failed) resolve({ fields, file })
      })
    })
    const source = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>)
    source.on('error', (error) => fail(error))
    source.pipe(parser)
  })
}

export function refusal(error: unknown): never {
  if (error instanceof StorageError) {
    const { status, message } = uploadProblem(error)
    throw new ApiError(status, message, { file: message })
  }
  throw error
}
