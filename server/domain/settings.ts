/**
 * The admin's settings on the server: read (every module that needs them asks here), saved after
 * the shared checks (shared/contracts/settings-rules.ts), and the session timeout every signed-in
 * call reads, kept for a moment.
 */
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Logger } from 'pino'
import type { Db } from '../db/client'
import { onChange } from '../db/changes'
import * as repo from '../repo/settings'
import { backupDatabase } from '../backup'
import type { Storage } from '../storage/storage'
import { sessionTimeoutSeconds as timeoutOf } from '../../shared/contracts/auth-rules'
import type { Settings, SettingsSection } from '../../shared/contracts/settings'
import { checkSettingsSave } from '../../shared/contracts/settings-rules'

/** The stored settings; a missing or broken section reads as its defaults. */
export const storedSettings = (db: Db): Promise<Settings> => repo.storedSettings(db)

/**
 * Every authenticated request needs the session timeout: it is read once per few seconds per
 * database, not on each request. A save on this instance forgets it at once; another instance's
 * save reaches this one within KEEP_MS.
 */
const KEEP_MS = 5_000
const timeouts = new WeakMap<Db, { seconds: number; at: number }>()

export async function sessionTimeoutSeconds(db: Db): Promise<number> {
  const hit = timeouts.get(db)
  if (hit && Date.now() - hit.at >= 0 && Date.now() - hit.at < KEEP_MS) return hit.seconds
  const seconds = timeoutOf((await storedSettings(db)).security)
  timeouts.set(db, { seconds, at: Date.now() })
  return seconds
}

// A save (or the seed emptying the tables): the next request reads them again.
onChange((change) => {
  if (change.kind === 'settings' || change.kind === 'closed') timeouts.delete(change.db)
})

/** An admin saves one section (already parsed by its schema): checked, stored, and the settings as they now are. */
export async function saveSettings(db: Db, admin: { phone: string | null }, section: SettingsSection, value: unknown): Promise<Settings> {
  checkSettingsSave(section, value, admin.phone)
  await repo.saveSection(db, section, value)
  return storedSettings(db)
}

/** A backup now, keeping the retention setting's days of them. */
export async function backUp(db: Db, log: Logger, where: { dataDir?: string; databaseUrl?: string; storage?: Storage }): Promise<void> {
  const retention = (await storedSettings(db)).retention
  // Tests without a DATA_DIR still get a real file, in the system's temporary folder.
  const result = await backupDatabase(db, { dataDir: where.dataDir ?? join(tmpdir(), 'funeral-home-data'), databaseUrl: where.databaseUrl, retentionDays: Number(retention.backupRetentionDays), storage: where.storage })
  log.info({ file: result.file, kind: result.kind, deleted: result.deleted }, 'backup')
}
