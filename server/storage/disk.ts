/**
 * Documents on disk, in a subfolder of DATA_DIR. Several server instances may share the folder
 * (one machine, or a network file system): names are random UUIDs and a file appears by rename,
 * whole, so no instance ever reads half a file.
 *
 * put(): the bytes are received and judged by ./receive.ts into a temporary file next to the final
 * one (counted, hashed, stopped past maxBytes, typed by content), then the file is flushed to disk
 * and renamed to its key. Any failure removes the temporary file. A crash leaves at most a `.tmp`
 * file, which sweepTemporaryFiles() clears.
 */
import { randomUUID } from 'node:crypto'
import { chmodSync, mkdirSync, statSync } from 'node:fs'
import { chmod, mkdir, open, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { StorageError, type Storage, type StoredObject } from './storage'
import { DOCUMENT_KEY, TEMP_SUFFIX, receiveUpload, sweepTemporaryFiles } from './receive'

export interface DiskStorageOptions {
  /** DATA_DIR. */
  dataDir: string
  /** The subfolder for these objects (default "documents"). */
  folder?: string
}

export interface DiskStorage extends Storage {
  /** The folder objects are written to. */
  readonly dir: string
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
    if (!DOCUMENT_KEY.test(key)) throw new StorageError('not-found', 'No such document file')
    return join(dir, key)
  }

  return {
    dir,

    async put(source, { maxBytes }) {
      const { temp, ...stored } = await receiveUpload(source, dir, maxBytes)
      try {
        // On disk before it gets its name: a crash after the rename never leaves a short file.
        const handle = await open(temp, 'r+')
        try {
          await handle.sync()
        } finally {
          await handle.close()
        }
        await rename(temp, join(dir, stored.key))
        return stored satisfies StoredObject
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
      if (!DOCUMENT_KEY.test(key)) return
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

    sweepTemporaryFiles: (olderThanMs) => sweepTemporaryFiles(dir, olderThanMs),
  }
}
