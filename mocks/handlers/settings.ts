import { http, HttpResponse } from 'msw'
import { db } from '../db'
import { body, requireRoleOf, route } from '../http'
import type { Settings } from '../../shared/contracts/settings'
import { MSG_BACKUP_DONE, MSG_SETTINGS_SAVED, SETTINGS_SECTIONS, checkSettingsSave, publicSettings, settingsSection } from '../../shared/contracts/settings-rules'
import { storedSettings } from '../settings-store'

export { storedSettings }

async function store(next: Settings): Promise<void> {
  const json = JSON.stringify(next)
  if (db.setting.findFirst((q) => q.where({ id: 1 }))) await db.setting.update((q) => q.where({ id: 1 }), { data: (r) => void (r.json = json) })
  else await db.setting.create({ id: 1, json })
}

export const settingsHandlers = [
  http.get(
    '*/api/settings/public',
    // No `payments` field: the mock plays a development server, whose simulated payments are the demo, not a production warning.
    route(async () => HttpResponse.json(publicSettings(storedSettings()))),
  ),
  http.get(
    '*/api/settings',
    route(async ({ request }) => {
      await requireRoleOf(request, 'admin')
      return HttpResponse.json({ settings: storedSettings() })
    }),
  ),
  http.put(
    '*/api/settings/:section',
    route(async ({ request, params }) => {
      const me = await requireRoleOf(request, 'admin')
      const key = settingsSection(String(params.section))
      const value = await body(request, SETTINGS_SECTIONS[key])
      checkSettingsSave(key, value, me.phone)
      const next = { ...storedSettings(), [key]: value }
      await store(next)
      return HttpResponse.json({ settings: next, message: MSG_SETTINGS_SAVED })
    }),
  ),
  // The mock has no database to dump: it answers at once. The real server writes a dump into
  // DATA_DIR/backups and keeps as many days of them as the retention setting says.
  http.post(
    '*/api/settings/backup',
    route(async ({ request }) => {
      await requireRoleOf(request, 'admin')
      return HttpResponse.json({ message: MSG_BACKUP_DONE, finished_at: new Date().toISOString() })
    }),
  ),
]
