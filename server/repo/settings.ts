/** The admin's settings as stored: one row per section. */
import { settings } from '../db/schema'
import type { Db } from '../db/types'
import { announce } from '../db/changes'
import { settingsOrDefaults } from '../../shared/contracts/settings'
import type { Settings, SettingsSection } from '../../shared/contracts/settings'

/** The stored settings; a missing or broken section reads as its defaults. */
export async function storedSettings(db: Db): Promise<Settings> {
  const rows = await db.select().from(settings)
  return settingsOrDefaults(Object.fromEntries(rows.map((r) => [r.section, r.value])))
}

/** Writes one section (those who keep settings are told). */
export async function saveSection(db: Db, section: SettingsSection, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ section, value })
    .onConflictDoUpdate({ target: settings.section, set: { value, updatedAt: new Date() } })
  forgetSettings(db)
}

/** Settings written by other means (tests, the seed): those who keep them read them again. */
export const forgetSettings = (db: Db): void => announce({ kind: 'settings', db })
