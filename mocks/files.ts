/**
 * The mock's file store: the bytes of uploaded documents, by document id. In memory always; in the
 * browser `mocks/browser.ts` also keeps them in IndexedDB (a 5 MB photo would overflow
 * localStorage's quota) and loads them back on start. Seeded documents have no stored bytes: they
 * are made on demand as real small files (a one-page PDF, a PNG) so preview and download work.
 */
import { sampleDocumentFile } from '../shared/demo/files'

export interface StoredFile {
  bytes: Uint8Array
  type: string
  name: string
}

export interface FilePersistence {
  set(id: number, file: StoredFile): Promise<void>
  del(id: number): Promise<void>
  clear(): Promise<void>
}

const files = new Map<number, StoredFile>()
let persistence: FilePersistence | null = null

export function setFilePersistence(p: FilePersistence | null): void {
  persistence = p
}

/** Put back what persistence had (browser start). */
export function loadFiles(entries: Iterable<[number, StoredFile]>): void {
  for (const [id, file] of entries) files.set(id, file)
}

export async function putFile(id: number, file: StoredFile): Promise<void> {
  files.set(id, file)
  await persistence?.set(id, file).catch((error: unknown) => console.warn('[mock] could not keep the file', error))
}

export async function deleteFile(id: number): Promise<void> {
  files.delete(id)
  await persistence?.del(id).catch(() => undefined)
}

export async function clearFiles(): Promise<void> {
  files.clear()
  await persistence?.clear().catch(() => undefined)
}

/** The stored bytes, or a made-up file for a seeded document. */
export function readFile(id: number, fallback: { name: string; type: string; title: string }): StoredFile {
  const stored = files.get(id)
  if (stored) return stored
  const sample = sampleDocumentFile(fallback.type, fallback.title)
  return { bytes: sample.bytes, type: sample.mime, name: fallback.name }
}

export function hasStoredFile(id: number): boolean {
  return files.has(id)
}
