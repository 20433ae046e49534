/**
 * An S3-compatible server for the storage tests: s3rver on loopback (a free port), its objects in a
 * temporary folder. s3rver checks signatures with its own fixed credentials (S3RVER/S3RVER), and is
 * more lenient than S3 or MinIO about the rest: the store's requests keep the shapes real S3 takes.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import { CreateBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3'
import { s3Client, type S3Location } from '../../server/storage/s3'

export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export async function startS3rver() {
  const directory = await mkdtemp(join(tmpdir(), 'afh-s3rver-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  let buckets = 0
  return {
    endpoint,
    /** A new, empty bucket (created through the S3 API, as an operator would). */
    async bucket(): Promise<S3Location> {
      const location = { bucket: `afh-test-${++buckets}`, endpoint, region: 'us-east-1' }
      await s3Client(location, S3RVER_CREDENTIALS).send(new CreateBucketCommand({ Bucket: location.bucket }))
      return location
    },
    /** Every object's key in a bucket. */
    async keys(location: S3Location): Promise<string[]> {
      const page = await s3Client(location, S3RVER_CREDENTIALS).send(new ListObjectsV2Command({ Bucket: location.bucket }))
      return (page.Contents ?? []).map((o) => o.Key ?? '')
    },
    async close() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
