/** The admin's settings (one row per section), the public contact details and password rules, as the mock answers. */
import { Hono } from 'hono'
import { z } from 'zod/mini'
import { parse, valid } from '../http'
import { requireAuth } from '../auth'
import type { AppEnv } from '../types'
import { backUp, saveSettings, storedSettings } from '../domain/settings'
import { MSG_BACKUP_DONE, MSG_SETTINGS_SAVED, SETTINGS_SECTIONS, publicSettings, settingsSection } from '../../shared/contracts/settings-rules'

// Kept for the routes and tests that still read the settings through this module; they live in domain/settings.ts.
export { storedSettings }

export const settingsRoutes = new Hono<AppEnv>()
  .get('/public', async (c) => c.json(publicSettings(await storedSettings(c.var.deps.db), c.var.deps.paymentsSimulated)))

  .get('/', requireAuth('admin'), async (c) => c.json({ settings: await storedSettings(c.var.deps.db) }))

  .post('/backup', requireAuth('admin'), async (c) => {
    const { db, dataDir, databaseUrl, log, storage } = c.var.deps
    await backUp(db, log, { dataDir, databaseUrl, storage })
    return c.json({ message: MSG_BACKUP_DONE, finished_at: new Date().toISOString() })
  })

  .put(
    '/:section',
    requireAuth('admin'),
    // An unknown section is a 404 whatever its body, as on the mock (before the body is read).
    async (c, next) => {
      settingsSection(c.req.param('section'))
      await next()
    },
    valid('json', z.unknown()),
    async (c) => {
      const key = settingsSection(c.req.param('section'))
      const value = parse(SETTINGS_SECTIONS[key], c.req.valid('json'))
      return c.json({ settings: await saveSettings(c.var.deps.db, c.var.user, key, value), message: MSG_SETTINGS_SAVED })
    },
  )
