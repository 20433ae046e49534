/**
 * Documents on disk, in a subfolder of DATA_DIR. Several server instances may share the folder
 * (one machine, or a network file system): names are random UUIDs and a file appears by rename,
 * whole, so no instance ever reads half a file.
 *
 * put(): the bytes stream into a temporary file next to the final one while their size is counted
 * and their SHA-256 computed; past maxBytes the stream is stopped. Then the type is read from the
 * file's content, the file flushed to disk and renamed to its key. Any failure removes the
 * temporary file. A crash leaves at most a `.tmp` file, which sweepTemporaryFiles() clears.
 */
import { createHash, randomUUID } from 'node:crypto'
import { chmodSync, createWriteStream, mkdirSync, statSync } from 'node:fs'
import { chmod, mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { fileTypeFromFile } from 'file-type'
import { DOCUMENT_CONTENT_TYPES, StorageError, type DocumentContentType, type Storage, type StoredObject, type UploadSource } from './storage'

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const TEMP_SUFFIX = '.tmp'

/** file-type's answer → the document types we keep. OLE2 (cfb) is how a Word 97–2003 .doc is stored. */
const ACCEPTED: Record<string, DocumentContentType> = {
  pdf: DOCUMENT_CONTENT_TYPES.pdf,
  jpg: DOCUMENT_CONTENT_TYPES.jpg,
  png: DOCUMENT_CONTENT_TYPES.png,
  cfb: DOCUMENT_CONTENT_TYPES.doc,
  docx: DOCUMENT_CONTENT_TYPES.docx,
}

export interface DiskStorageOptions {
  /** DATA_DIR. */
  dataDir: string
  /** The subfolder for these objects (default "documents"). */
  folder?: string
}

function toReadable(source: UploadSource): Readable {
  if (source instanceof Readable) return source
  if (typeof (source as ReadableStream<Uint8Array>).getReader === 'function') return Readable.fromWeb(source as import('node:stream/web').ReadableStream<Uint8Array>)
  return Readable.from(source as AsyncIterable<Uint8Array>)
}

export interface DiskStorage extends Storage {
  /** The folder objects are written to. */
  readonly dir: string
  /** Removes temporary files older than `olderThanMs` (left by a crash; younger ones may be another instance's upload under way). */
  sweepTemporaryFiles(olderThanMs?: number): Promise<number>
}

/**
 * Creates `dir` (and its parents) owner-only (0700) and closes an existing one to others. False
 * when it stays open to others (a folder of another owner may not be changed): the caller warns.
 */
export function ownerOnlyDir(dir: string): boolean {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  try {
    chmodSync(dir, 0o700)
  } catch {
    return (statSync(dir).mode & 0o077) === 0
  }
  return true
}

export async function createDiskStorage({ dataDir, folder = 'documents' }: DiskStorageOptions): Promise<DiskStorage> {
  const dir = join(dataDir, folder)
  // Families' documents (death certificates, IDs) are the server's alone: owner-only folder and files,
  // whatever the umask; a folder made by an older version is closed too.
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await chmod(dir, 0o700)

  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new StorageError('not-found', 'No such document file')
    return join(dir, key)
  }

  return {
    dir,

    async put(source, { maxBytes }) {
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
        // On disk before it gets its name: a crash after the rename never leaves a short file.
        const handle = await open(temp, 'r+')
        try {
          await handle.sync()
        } finally {
          await handle.close()
        }
        await rename(temp, join(dir, key))
        const stored: StoredObject = { key, size, sha256: hash.digest('hex'), mime }
        return stored
      } catch (error) {
        await rm(temp, { force: true })
        throw error
      }
    },

    async get(key) {
      const path = pathOf(key)
      // Opened before answering, so a missing file is a typed not-found rather than a stream error.
      const handle = await open(path, 'r').catch(() => {
        throw new StorageError('not-found', 'No such document file')
      })
      return handle.createReadStream()
    },

    async delete(key) {
      if (!KEY.test(key)) return
      await rm(join(dir, key), { force: true })
    },

    async probe() {
      // A temporary file's name: never a document key, and swept like one if a crash leaves it.
      const path = join(dir, `.health-${randomUUID()}${TEMP_SUFFIX}`)
      try {
        await writeFile(path, 'ok', { flag: 'wx', mode: 0o600 })
      } finally {
        await rm(path, { force: true })
      }
    },

    async sweepTemporaryFiles(olderThanMs = 60 * 60 * 1000) {
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
    },
  }
}
