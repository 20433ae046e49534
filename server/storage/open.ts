/**
 * The document store the configuration names: an S3-compatible bucket when STORAGE_URL is set
 * (credentials from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, or the SDK's own chain), else the
 * disk under DATA_DIR, as before.
 */
import type { Config } from '../config'
import { createDiskStorage, type DiskStorage } from './disk'
import type { S3Storage } from './s3'

export async function openStorage(config: Pick<Config, 'STORAGE_URL' | 'AWS_ACCESS_KEY_ID' | 'AWS_SECRET_ACCESS_KEY'>, dataDir: string): Promise<{ storage: DiskStorage | S3Storage; description: string | null }> {
  const location = config.STORAGE_URL
  if (!location) return { storage: await createDiskStorage({ dataDir }), description: null }
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = config
  // The AWS SDK is loaded only by a server that uses a bucket: a start on disk does not pay for it.
  const { createS3Storage } = await import('./s3')
  const storage = await createS3Storage({ ...location, dataDir, credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined })
  // Where, never with what credentials.
  return { storage, description: `Documents: in the S3 bucket ${location.bucket}${location.endpoint ? ` at ${location.endpoint}` : ` (AWS, ${location.region})`}` }
}
