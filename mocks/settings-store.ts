/** The one stored copy of the admin's settings (defaults until an admin saves), read by the handlers and the token check. */
import { db } from './db'
import { settingsOrDefaults, type Settings } from '../shared/contracts/settings'
import { sessionTimeoutSeconds as timeoutOf } from '../shared/contracts/auth-rules'

export function storedSettings(): Settings {
  const row = db.setting.findFirst((q) => q.where({ id: 1 }))
  let raw: unknown = null
  try {
    raw = row ? JSON.parse(row.json) : null
  } catch {
    raw = null
  }
  return settingsOrDefaults(raw)
}

/** The session timeout in seconds: a token older than this (not renewed) has ended. */
export const sessionTimeoutSeconds = () => timeoutOf(storedSettings().security)
