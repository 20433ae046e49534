import { createHash } from 'node:crypto'
import { chmod, mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MAX_DOCUMENT_BYTES, MSG_FILE_REQUIRED, MSG_FILE_TOO_BIG, MSG_FILE_TYPE } from '../../shared/contracts/documents'
import { createDiskStorage, ownerOnlyDir, type DiskStorage } from '../../server/storage/disk'
import { createS3Storage } from '../../server/storage/s3'
import { contentDisposition, downloadHeaders, safeDownloadName, StorageError, uploadProblem, type Storage } from '../../server/storage/storage'
import { docFile, docxFile, exeFile, jpegFile, pdfFile, pdfOfSize, pngFile, xlsxFile, zipFile } from './files'
import { S3RVER_CREDENTIALS, startS3rver } from './s3-store'

let dataDir: string

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** An upload as the network delivers it: many small chunks. */
function chunked(bytes: Buffer, chunkSize = 64 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += chunkSize) yield bytes.subarray(i, i + chunkSize)
    })(),
  )
}

async function bytesOf(store: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of await store.get(key)) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

async function refusal(work: Promise<unknown>): Promise<StorageError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(StorageError)
  return error as StorageError
}

const modeOf = async (path: string) => (await stat(path)).mode & 0o777

let s3: Awaited<ReturnType<typeof startS3rver>>
beforeAll(async () => {
  s3 = await startS3rver()
})
afterAll(async () => {
  await s3.close()
})

interface Store {
  storage: Storage
  /** A second instance on the same documents (a shared folder, or the same bucket from another machine). */
  other(): Promise<Storage>
  /** Everything the store holds: documents by key, and anything else (a temporary file, a probe's object) by its name. */
  left(): Promise<string[]>
}

/** Each store with what it leaves behind: on disk its folder; on S3 the bucket's objects and the instance's received uploads. */
const stores: Array<[string, () => Promise<Store>]> = [
  [
    'on disk',
    async () => {
      const storage = await createDiskStorage({ dataDir })
      return { storage, other: () => createDiskStorage({ dataDir }), left: () => readdir(storage.dir) }
    },
  ],
  [
    'on an S3-compatible server',
    async () => {
      const location = await s3.bucket()
      const storage = await createS3Storage({ ...location, dataDir, credentials: S3RVER_CREDENTIALS })
      // Another machine's DATA_DIR (inside this test's, so removed with it).
      const otherDir = join(dataDir, 'other-instance')
      return {
        storage,
        other: () => createS3Storage({ ...location, dataDir: otherDir, credentials: S3RVER_CREDENTIALS }),
        left: async () => [...(await s3.keys(location)).map((k) => k.replace(/^documents\//, '')), ...(await readdir(join(dataDir, 'uploads'))), ...(await readdir(join(otherDir, 'uploads')).catch(() => []))],
      }
    },
  ],
]

describe.each(stores)('storage %s', (_, make) => {
  let storage: Storage
  let filesLeft: () => Promise<string[]>
  let other: () => Promise<Storage>
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'afh-storage-'))
    ;({ storage, left: filesLeft, other } = await make())
  })
  const put = (bytes: Buffer) => storage.put(chunked(bytes), { maxBytes: MAX_DOCUMENT_BYTES })

  it.each([
    ['PDF', pdfFile, 'application/pdf'],
    ['JPEG', jpegFile, 'image/jpeg'],
    ['PNG', pngFile, 'image/png'],
    ['DOC', docFile, 'application/msword'],
    ['DOCX', docxFile, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ] as const)('keeps a %s byte for byte, typed from its content, with its SHA-256', async (_, make, mime) => {
    const bytes = make()
    const stored = await put(bytes)
    expect(stored).toEqual({ key: expect.stringMatching(/^[0-9a-f-]{36}$/), size: bytes.length, sha256: sha256(bytes), mime })
    expect((await bytesOf(storage, stored.key)).equals(bytes)).toBe(true)
    expect(await filesLeft()).toEqual([stored.key])
  })

  it('takes a file of exactly 5 MB', async () => {
    const bytes = pdfOfSize(MAX_DOCUMENT_BYTES)
    const stored = await put(bytes)
    expect(stored.size).toBe(MAX_DOCUMENT_BYTES)
    expect(stored.sha256).toBe(sha256(bytes))
    expect((await bytesOf(storage, stored.key)).equals(bytes)).toBe(true)
  })

  it('refuses 5 MB + 1 byte as too large and leaves no file behind', async () => {
    const error = await refusal(put(pdfOfSize(MAX_DOCUMENT_BYTES + 1)))
    expect(error.kind).toBe('too-large')
    expect(uploadProblem(error)).toEqual({ status: 413, message: MSG_FILE_TOO_BIG })
    expect(await filesLeft()).toEqual([])
  })

  it('stops reading a huge upload soon after the limit instead of swallowing it', async () => {
    let produced = 0
    const endless = Readable.from(
      (function* () {
        for (;;) {
          produced += 64 * 1024
          yield Buffer.alloc(64 * 1024)
        }
      })(),
    )
    expect((await refusal(storage.put(endless, { maxBytes: MAX_DOCUMENT_BYTES }))).kind).toBe('too-large')
    expect(produced).toBeLessThan(MAX_DOCUMENT_BYTES + 1024 * 1024)
    expect(await filesLeft()).toEqual([])
  })

  it('refuses an empty file', async () => {
    const error = await refusal(put(Buffer.alloc(0)))
    expect(error.kind).toBe('empty')
    expect(uploadProblem(error)).toEqual({ status: 422, message: MSG_FILE_REQUIRED })
    expect(await filesLeft()).toEqual([])
  })

  it.each([
    ['a program renamed to .pdf', exeFile],
    ['plain text', () => Buffer.from('Death certificate of John Doe\n')],
    ['a spreadsheet (zip without word/)', xlsxFile],
    ['a zip of anything', () => zipFile([['word.txt', 'not a document']])],
    ['HTML', () => Buffer.from('<!doctype html><script>alert(1)</script>')],
  ])('refuses %s, whatever its name, and leaves no file', async (_, make) => {
    const error = await refusal(put(make()))
    expect(error.kind).toBe('unsupported-type')
    expect(uploadProblem(error)).toEqual({ status: 415, message: MSG_FILE_TYPE })
    expect(await filesLeft()).toEqual([])
  })

  it('removes the temporary file when the upload breaks off', async () => {
    const broken = new Readable({
      read() {
        this.push(pdfFile())
        this.destroy(new Error('connection reset'))
      },
    })
    await expect(storage.put(broken, { maxBytes: MAX_DOCUMENT_BYTES })).rejects.toThrow('connection reset')
    expect(await filesLeft()).toEqual([])
  })

  it('takes a web ReadableStream (a fetch Request body) as well', async () => {
    const bytes = pngFile()
    const stored = await storage.put(new Response(new Uint8Array(bytes)).body!, { maxBytes: MAX_DOCUMENT_BYTES })
    expect(stored).toMatchObject({ size: bytes.length, mime: 'image/png' })
  })

  it('gives every upload its own generated name', async () => {
    const [a, b] = await Promise.all([put(pdfFile()), put(pdfFile())])
    expect(a?.key).not.toBe(b?.key)
    expect((await filesLeft()).sort()).toEqual([a?.key, b?.key].sort())
  })

  it('two instances on the same documents: stored through one, read and deleted through the other', async () => {
    const second = await other()
    const bytes = docxFile()
    const stored = await put(bytes)
    const chunks: Buffer[] = []
    for await (const chunk of await second.get(stored.key)) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true)
    await second.delete(stored.key)
    expect((await refusal(storage.get(stored.key))).kind).toBe('not-found')
  })

  it('deletes a file, and a second delete is not an error', async () => {
    const stored = await put(pdfFile())
    await storage.delete(stored.key)
    await storage.delete(stored.key)
    // The health check's probe leaves nothing behind either.
    await storage.probe()
    expect(await filesLeft()).toEqual([])
    expect((await refusal(storage.get(stored.key))).kind).toBe('not-found')
  })

  it('never reads outside its documents, whatever key it is given', async () => {
    await writeFile(join(dataDir, 'secret.txt'), 'do not serve')
    for (const key of ['../secret.txt', '..', '', '/etc/passwd', 'a/b']) {
      expect((await refusal(storage.get(key))).kind).toBe('not-found')
      await storage.delete(key)
    }
    expect(await readdir(dataDir)).toContain('secret.txt')
  })


  it('a download carries the stored type, its length, nosniff and no shared cache', async () => {
    const stored = await put(pdfFile())
    expect(downloadHeaders(stored, 'permit.exe')).toEqual({
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdfFile().length),
      'Content-Disposition': `attachment; filename="permit.exe.pdf"; filename*=UTF-8''permit.exe.pdf`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    })
  })

  it('the stored type and the bytes come back together', async () => {
    const stored = await put(docxFile())
    expect(await text(await storage.get(stored.key))).toContain('word/document.xml')
  })
})

describe('disk storage', () => {
  let storage: DiskStorage
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'afh-storage-'))
    storage = await createDiskStorage({ dataDir })
  })
  const filesLeft = () => readdir(storage.dir)

  it('keeps documents owner-only: the folder 0700 (even one an older version made 0755), every file 0600', async () => {
    const other = await mkdtemp(join(tmpdir(), 'afh-modes-'))
    try {
      await mkdir(join(other, 'documents'), { mode: 0o755 })
      await chmod(join(other, 'documents'), 0o755)
      const disk = await createDiskStorage({ dataDir: other })
      expect(await modeOf(disk.dir)).toBe(0o700)
      const stored = await disk.put(chunked(pdfFile()), { maxBytes: MAX_DOCUMENT_BYTES })
      expect(await modeOf(join(disk.dir, stored.key))).toBe(0o600)
    } finally {
      await rm(other, { recursive: true, force: true })
    }
  })

  it('makes DATA_DIR owner-only, new or already there', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'afh-datadir-'))
    try {
      expect(ownerOnlyDir(join(parent, 'new', 'data'))).toBe(true)
      expect(await modeOf(join(parent, 'new', 'data'))).toBe(0o700)
      await mkdir(join(parent, 'old'), { mode: 0o755 })
      await chmod(join(parent, 'old'), 0o755)
      expect(ownerOnlyDir(join(parent, 'old'))).toBe(true)
      expect(await modeOf(join(parent, 'old'))).toBe(0o700)
    } finally {
      await rm(parent, { recursive: true, force: true })
    }
  })

  it('sweeps temporary files left by a crash, but not a recent one another instance may be writing', async () => {
    const old = join(storage.dir, '.4b0e5c1a-0000-4000-8000-000000000000.tmp')
    const recent = join(storage.dir, '.4b0e5c1a-0000-4000-8000-000000000001.tmp')
    await writeFile(old, 'half a file')
    await writeFile(recent, 'being written')
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000)
    await utimes(old, twoHoursAgo, twoHoursAgo)
    // "Now" as this process sees it: under faketime the file system still stamps the real time.
    await utimes(recent, new Date(), new Date())
    expect(await storage.sweepTemporaryFiles()).toBe(1)
    expect(await filesLeft()).toEqual(['.4b0e5c1a-0000-4000-8000-000000000001.tmp'])
  })
})

describe('download names', () => {
  it('keeps an ordinary name', () => {
    expect(safeDownloadName('Death certificate.pdf', 'application/pdf')).toBe('Death certificate.pdf')
    expect(safeDownloadName('photo.JPEG', 'image/jpeg')).toBe('photo.JPEG')
  })

  it('drops folders, quotes, control characters and leading dots', () => {
    expect(safeDownloadName('../../etc/"pass\r\nwd".pdf', 'application/pdf')).toBe('passwd.pdf')
    expect(safeDownloadName('C:\\Users\\mary\\permit.png', 'image/png')).toBe('permit.png')
    expect(safeDownloadName('.htaccess', 'application/pdf')).toBe('htaccess.pdf')
  })

  it('gives the extension of what the bytes are', () => {
    expect(safeDownloadName('letter.exe', 'application/pdf')).toBe('letter.exe.pdf')
    expect(safeDownloadName('', 'image/png')).toBe('document.png')
    expect(safeDownloadName('scan', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('scan.docx')
  })

  it('shortens a long name and keeps its extension', () => {
    const name = safeDownloadName(`${'a'.repeat(300)}.pdf`, 'application/pdf')
    expect(name).toHaveLength(120)
    expect(name.endsWith('.pdf')).toBe(true)
  })

  it('writes an attachment header with an ASCII name and the full UTF-8 name', () => {
    expect(contentDisposition('Cheti cha kifo – Wanjirū.pdf', 'application/pdf')).toBe(
      `attachment; filename="Cheti cha kifo _ Wanjiru.pdf"; filename*=UTF-8''Cheti%20cha%20kifo%20%E2%80%93%20Wanjir%C5%AB.pdf`,
    )
    expect(contentDisposition('permit (1).png', 'image/png')).toBe(`attachment; filename="permit (1).png"; filename*=UTF-8''permit%20%281%29.png`)
  })
})

describe('S3 storage', () => {
  it('fails its health probe when the bucket is not there', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'afh-storage-'))
    const location = await s3.bucket()
    const missing = await createS3Storage({ ...location, bucket: 'no-such-bucket', dataDir, credentials: S3RVER_CREDENTIALS })
    await expect(missing.probe()).rejects.toThrow()
    expect(await s3.keys(location)).toEqual([])
  })

  it('sends an upload again when the store fails for a moment (the file is read anew), and not when it refuses', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'afh-storage-'))
    const location = await s3.bucket()
    // In front of s3rver: the next uploads of a document answer `status` (after reading the body, as a server does).
    const failing: number[] = []
    const proxy: Server = createServer((req, res) => {
      const status = req.method === 'PUT' && req.url?.includes('/documents/') ? failing.shift() : undefined
      if (status) {
        req.resume()
        req.on('end', () => res.writeHead(status, { 'Content-Type': 'application/xml' }).end(`<Error><Code>${status === 503 ? 'SlowDown' : 'AccessDenied'}</Code><Message>no</Message></Error>`))
        return
      }
      const upstream = new URL(location.endpoint!)
      req.pipe(request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => answer.pipe(res.writeHead(answer.statusCode ?? 502, answer.headers))))
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    try {
      const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
      const storage = await createS3Storage({ ...location, endpoint, dataDir, credentials: S3RVER_CREDENTIALS, retryDelayMs: 0 })
      failing.push(503, 503)
      const bytes = pdfFile()
      const stored = await storage.put(chunked(bytes), { maxBytes: MAX_DOCUMENT_BYTES })
      expect(failing).toEqual([])
      expect((await bytesOf(storage, stored.key)).equals(bytes)).toBe(true)
      // A refusal is final: one try, the error as the store gave it, nothing kept.
      failing.push(403, 503)
      await expect(storage.put(chunked(bytes), { maxBytes: MAX_DOCUMENT_BYTES })).rejects.toMatchObject({ name: 'AccessDenied' })
      expect(failing).toEqual([503])
      // Three failures in a row give up.
      failing.splice(0, 1, 503, 503, 503)
      await expect(storage.put(chunked(bytes), { maxBytes: MAX_DOCUMENT_BYTES })).rejects.toMatchObject({ name: 'SlowDown' })
      expect(await s3.keys(location)).toEqual([`documents/${stored.key}`])
      expect(await readdir(join(dataDir, 'uploads'))).toEqual([])
    } finally {
      await new Promise((resolve) => proxy.close(resolve))
    }
  })
})
