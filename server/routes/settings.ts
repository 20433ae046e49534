/** The admin's settings (one row per section), the public contact details and password rules, as the mock answers. */
import { Hono } from 'hono'
import { z } from 'zod/mini'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GeneralSettings, NotificationSettings, RetentionSettings, SecuritySettings } from '../../shared/contracts/settings'
import { ApiError, parse, valid } from '../http'
import { requireAuth } from '../auth'
import { settings } from '../db/schema'
import type { Db } from '../db/client'
import type { AppEnv } from '../types'
import { backupDatabase } from '../backup'
import { passwordProblem, passwordRulesOf } from '../../shared/rules'
import { forgetSettings, storedSettings } from '../repo/settings'
import { smsPhone } from '../sms'
import { MSG_ADMIN_NEEDS_PHONE } from '../../shared/contracts/two-factor'

const SECTIONS = { general: GeneralSettings, notifications: NotificationSettings, security: SecuritySettings, retention: RetentionSettings } as const

export { storedSettings }

/**
 * Refuses a new password the admin's rules do not allow: 422 with the rule's message under the
 * request's field, before anything is stored (as the mock does).
 */
export async function checkNewPassword(db: Db, password: string, field = 'password'): Promise<void> {
  const problem = passwordProblem(password, passwordRulesOf((await storedSettings(db)).security))
  if (problem) throw new ApiError(422, problem, { [field]: problem })
}

export const settingsRoutes = new Hono<AppEnv>()
  .get('/public', async (c) => {
    const { general: g, security } = await storedSettings(c.var.deps.db)
    return c.json({
      contact: { facilityName: g.facilityName, contactEmail: g.contactEmail, contactPhone: g.contactPhone, address: g.address },
      password: passwordRulesOf(security),
      // Only when production runs the Daraja simulator on purpose (absent: real payments, or a development server): the admin portal shows a banner.
      ...(c.var.deps.paymentsSimulated ? { payments: { simulated: true } } : {}),
    })
  })

  .get('/', requireAuth('admin'), async (c) => c.json({ settings: await storedSettings(c.var.deps.db) }))

  .post('/backup', requireAuth('admin'), async (c) => {
    const { db, dataDir, databaseUrl, log } = c.var.deps
    const retention = (await storedSettings(db)).retention
    // Tests without a DATA_DIR still get a real file, in the system's temporary folder.
    const result = await backupDatabase(db, { dataDir: dataDir ?? join(tmpdir(), 'funeral-home-data'), databaseUrl, retentionDays: Number(retention.backupRetentionDays) })
    log.info({ file: result.file, kind: result.kind, deleted: result.deleted }, 'backup')
    return c.json({ message: 'Backup completed', finished_at: new Date().toISOString() })
  })

  .put(
    '/:section',
    requireAuth('admin'),
    // An unknown section is a 404 whatever its body, as on the mock (before the body is read).
    async (c, next) => {
      if (!Object.hasOwn(SECTIONS, c.req.param('section') ?? '')) throw new ApiError(404, 'Unknown settings section')
      await next()
    },
    valid('json', z.unknown()),
    async (c) => {
      const key = c.req.param('section') as keyof typeof SECTIONS
      const value = parse(SECTIONS[key], c.req.valid('json'))
      const { db } = c.var.deps
      // Two-step sign-in sends the code by SMS: an admin without a mobile number would lock themselves out.
      if (key === 'security' && (value as { twoFactor: boolean }).twoFactor && !smsPhone(c.var.user.phone)) {
        throw new ApiError(422, MSG_ADMIN_NEEDS_PHONE, { twoFactor: MSG_ADMIN_NEEDS_PHONE })
      }
      await db
        .insert(settings)
        .values({ section: key, value })
        .onConflictDoUpdate({ target: settings.section, set: { value, updatedAt: new Date() } })
      forgetSettings(db)
      return c.json({ settings: await storedSettings(db), message: 'Settings saved' })
    },
  )
