/**
 * Documents in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, Wasabi…), for
 * several machines without a shared folder. Objects are `documents/<uuid>`; the health probe writes
 * and removes `health/<uuid>`, which no document key can name.
 *
 * put(): the upload is first received by the same code as the disk store's (./receive.ts): streamed
 * into a temporary file in this instance's own DATA_DIR/uploads while counted, hashed and stopped
 * past the limit, then typed by its content. Only an accepted file goes to the bucket, in one
 * PutObject with its length known: S3 makes an object appear whole or not at all, nothing is held
 * in memory, and no multipart upload or chunked signing is needed, which S3-compatible servers
 * implement unevenly. The temporary file is removed either way; sweepTemporaryFiles() clears the
 * ones a crash left.
 *
 * get(): GetObject's body streams straight to the download.
 */
import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { chmod, mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { setTimeout as wait } from 'node:timers/promises'
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException, type PutObjectCommandInput } from '@aws-sdk/client-s3'
import { StorageError, type Storage } from './storage'
import { DOCUMENT_KEY, receiveUpload, sweepTemporaryFiles } from './receive'

export interface S3Location {
  bucket: string
  /** An S3-compatible server's origin (http://127.0.0.1:9000); unset: AWS S3 itself. */
  endpoint?: string
  region: string
}

export interface S3StorageOptions extends S3Location {
  /** DATA_DIR: uploads are received in its `uploads` folder before they go to the bucket. */
  dataDir: string
  /** AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY; unset: the SDK's own chain (an instance role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string }
  /** The pause before a failed upload's next try, times the attempt (tests: 0). */
  retryDelayMs?: number
}

export interface S3Storage extends Storage {
  readonly bucket: string
  /** Every document object (the backup's list). */
  list(): AsyncIterable<{ key: string; size: number }>
  /** Puts a document back under its own key (a restore): `size` bytes from `source`. */
  restore(key: string, source: Readable, size: number): Promise<void>
}

const PREFIX = 'documents/'
/** Attempts at sending a received upload: the SDK cannot resend a stream, so a retry opens the file again. */
const PUT_ATTEMPTS = 3

/** Not worth another try: the store refused the request itself (bad credentials, no such bucket…). */
function final(error: unknown): boolean {
  const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined
  return status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429
}

export function s3Client(location: S3Location, credentials: S3StorageOptions['credentials'], maxAttempts?: number): S3Client {
  return new S3Client({
    region: location.region,
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    ...(credentials ? { credentials } : {}),
    ...(maxAttempts ? { maxAttempts } : {}),
    // Path-style (http://host/bucket/key) and checksums only where S3 demands them: what
    // S3-compatible servers accept (MinIO, R2 and others refuse or ignore the newer default checksums).
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
}

export async function createS3Storage(options: S3StorageOptions): Promise<S3Storage> {
  const { bucket, dataDir, credentials, retryDelayMs = 200 } = options
  const client = s3Client(options, credentials)
  // A stream body cannot be resent by the SDK: one attempt per send, and put() retries with the file opened again.
  const putClient = s3Client(options, credentials, 1)
  const spool = join(dataDir, 'uploads')
  await mkdir(spool, { recursive: true, mode: 0o700 })
  await chmod(spool, 0o700)

  const objectKey = (key: string) => {
    if (!DOCUMENT_KEY.test(key)) throw new StorageError('not-found', 'No such document file')
    return `${PREFIX}${key}`
  }

  /** One object from a file, retried on a broken connection or a server's passing failure. */
  async function putFile(input: Omit<PutObjectCommandInput, 'Body'>, file: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await putClient.send(new PutObjectCommand({ ...input, Body: createReadStream(file) }))
        return
      } catch (error) {
        if (attempt >= PUT_ATTEMPTS || final(error)) throw error
        await wait(retryDelayMs * attempt)
      }
    }
  }

  return {
    bucket,

    async put(source, { maxBytes }) {
      const { temp, ...stored } = await receiveUpload(source, spool, maxBytes)
      try {
        await putFile({ Bucket: bucket, Key: objectKey(stored.key), ContentLength: stored.size, ContentType: stored.mime, Metadata: { sha256: stored.sha256 } }, temp)
        return stored
      } finally {
        await rm(temp, { force: true })
      }
    },

    async get(key) {
      const Key = objectKey(key)
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key }))
        if (!Body) throw new StorageError('not-found', 'No such document file')
        return Body as Readable
      } catch (error) {
        if (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)) throw new StorageError('not-found', 'No such document file')
        throw error
      }
    },

    async delete(key) {
      if (!DOCUMENT_KEY.test(key)) return
      // S3's delete is already idempotent: a missing object answers 204.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: `${PREFIX}${key}` }))
    },

    async probe() {
      const Key = `health/${randomUUID()}`
      await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: 'ok', ContentType: 'text/plain' }))
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }))
    },

    sweepTemporaryFiles: (olderThanMs) => sweepTemporaryFiles(spool, olderThanMs),

    async *list() {
      let ContinuationToken: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: PREFIX, ContinuationToken }))
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(PREFIX.length) ?? ''
          if (DOCUMENT_KEY.test(key)) yield { key, size: object.Size ?? 0 }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
    },

    async restore(key, source, size) {
      await putClient.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: source, ContentLength: size }))
    },
  }
}
