import { http, HttpResponse } from 'msw'
import { db } from '../db'
import { ApiError, body, requireRoleOf, route } from '../http'
import {
  GeneralSettings,
  NotificationSettings,
  RetentionSettings,
  SecuritySettings,
  type Settings,
} from '../../shared/contracts/settings'
import { storedSettings } from '../settings-store'
import { normaliseKenyanPhone } from '../../shared/contracts/payments'
import { MSG_ADMIN_NEEDS_PHONE } from '../../shared/contracts/two-factor'
import { passwordProblem, passwordRulesOf } from '../../shared/rules'

const SECTIONS = { general: GeneralSettings, notifications: NotificationSettings, security: SecuritySettings, retention: RetentionSettings } as const

export { storedSettings }

/**
 * Refuses a new password the admin's rules do not allow: 422 with the rule's message under the
 * request's field, before anything is stored.
 */
export function checkNewPassword(password: string, field = 'password'): void {
  const problem = passwordProblem(password, passwordRulesOf(storedSettings().security))
  if (problem) throw new ApiError(422, problem, { [field]: problem })
}

async function store(next: Settings): Promise<void> {
  const json = JSON.stringify(next)
  if (db.setting.findFirst((q) => q.where({ id: 1 }))) await db.setting.update((q) => q.where({ id: 1 }), { data: (r) => void (r.json = json) })
  else await db.setting.create({ id: 1, json })
}

export const settingsHandlers = [
  http.get(
    '*/api/settings/public',
    route(async () => {
      // No `payments` field: the mock plays a development server, whose simulated payments are the demo, not a production warning.
      const { general: g, security } = storedSettings()
      return HttpResponse.json({
        contact: { facilityName: g.facilityName, contactEmail: g.contactEmail, contactPhone: g.contactPhone, address: g.address },
        password: passwordRulesOf(security),
      })
    }),
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
      const section = String(params.section)
      if (!(section in SECTIONS)) throw new ApiError(404, 'Unknown settings section')
      const key = section as keyof typeof SECTIONS
      const value = await body(request, SECTIONS[key])
      // Two-step sign-in sends the code by SMS: an admin without a mobile number would lock themselves out.
      if (key === 'security' && (value as { twoFactor: boolean }).twoFactor && !(me.phone && normaliseKenyanPhone(me.phone))) {
        throw new ApiError(422, MSG_ADMIN_NEEDS_PHONE, { twoFactor: MSG_ADMIN_NEEDS_PHONE })
      }
      const next = { ...storedSettings(), [key]: value }
      await store(next)
      return HttpResponse.json({ settings: next, message: 'Settings saved' })
    }),
  ),
  // The mock has no database to dump: it answers at once. The real server writes a dump into
  // DATA_DIR/backups and keeps as many days of them as the retention setting says.
  http.post(
    '*/api/settings/backup',
    route(async ({ request }) => {
      await requireRoleOf(request, 'admin')
      return HttpResponse.json({ message: 'Backup completed', finished_at: new Date().toISOString() })
    }),
  ),
]
