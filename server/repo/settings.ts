/** The admin's settings as stored (one row per section), and the session timeout every request reads. */
import { settings } from '../db/schema'
import type { Db } from '../db/client'
import { settingsOrDefaults } from '../../shared/contracts/settings'
import type { Settings } from '../../shared/contracts/settings'

/** The stored settings; a missing or broken section reads as its defaults. */
export async function storedSettings(db: Db): Promise<Settings> {
  const rows = await db.select().from(settings)
  return settingsOrDefaults(Object.fromEntries(rows.map((r) => [r.section, r.value])))
}

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
  const seconds = Number((await storedSettings(db)).security.sessionTimeoutMinutes) * 60
  timeouts.set(db, { seconds, at: Date.now() })
  return seconds
}

/** A save of the settings: the next request reads them again. */
export function forgetSettings(db: Db): void {
  timeouts.delete(db)
}
