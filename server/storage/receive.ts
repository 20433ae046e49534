/**
 * The rules every store keeps on an upload, written once: the bytes stream into a temporary file
 * (never whole in memory) while their size is counted and their SHA-256 computed; past maxBytes the
 * stream is stopped; an empty upload is refused; the type is read from the file's content; the key
 * is generated here. Any failure removes the temporary file. The disk store then renames the file to
 * its key; the S3 store sends it to the bucket with its length known, then removes it.
 */
import { createHash, randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { fileTypeFromFile } from 'file-type'
import { DOCUMENT_CONTENT_TYPES, StorageError, type DocumentContentType, type StoredObject, type UploadSource } from './storage'

/** A document's key: a random UUID, and nothing a user could shape into a path or another object's name. */
export const DOCUMENT_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
export const TEMP_SUFFIX = '.tmp'

/** file-type's answer → the document types we keep. OLE2 (cfb) is how a Word 97–2003 .doc is stored. */
const ACCEPTED: Record<string, DocumentContentType> = {
  pdf: DOCUMENT_CONTENT_TYPES.pdf,
  jpg: DOCUMENT_CONTENT_TYPES.jpg,
  png: DOCUMENT_CONTENT_TYPES.png,
  cfb: DOCUMENT_CONTENT_TYPES.doc,
  docx: DOCUMENT_CONTENT_TYPES.docx,
}

function toReadable(source: UploadSource): Readable {
  if (source instanceof Readable) return source
  if (typeof (source as ReadableStream<Uint8Array>).getReader === 'function') return Readable.fromWeb(source as import('node:stream/web').ReadableStream<Uint8Array>)
  return Readable.from(source as AsyncIterable<Uint8Array>)
}

export interface Received extends StoredObject {
  /** The temporary file holding the bytes (owner-only); the caller moves or removes it. */
  temp: string
}

/** Streams an upload into `dir/.<key>.tmp` and judges it; the file is removed on any refusal or failure. */
export async function receiveUpload(source: UploadSource, dir: string, maxBytes: number): Promise<Received> {
  const key = randomUUID()
  const temp = join(dir, `.${key}${TEMP_SUFFIX}`)
  const hash = createHash('sha256')
  let size = 0
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      if (size > maxBytes) return done(new StorageError('too-large', `The upload is larger than ${maxBytes} bytes`))
      hash.update(chunk)
      done(null, chunk)
    },
  })
  try {
    await pipeline(toReadable(source), meter, createWriteStream(temp, { flags: 'wx', mode: 0o600 }))
    if (size === 0) throw new StorageError('empty', 'The upload is empty')
    const detected = await fileTypeFromFile(temp)
    const mime = detected ? ACCEPTED[detected.ext] : undefined
    if (!mime) throw new StorageError('unsupported-type', 'The upload is not a PDF, JPEG, PNG, DOC or DOCX file')
    return { key, size, sha256: hash.digest('hex'), mime, temp }
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}

/** Removes the temporary files in `dir` older than `olderThanMs` (a crash's; younger ones may be an upload under way). */
export async function sweepTemporaryFiles(dir: string, olderThanMs = 60 * 60 * 1000): Promise<number> {
  let removed = 0
  const limit = Date.now() - olderThanMs
  for (const name of await readdir(dir)) {
    if (!name.endsWith(TEMP_SUFFIX)) continue
    const path = join(dir, name)
    const info = await stat(path).catch(() => null)
    if (info && info.mtimeMs <= limit) {
      await rm(path, { force: true })
      removed++
    }
  }
  return removed
}
