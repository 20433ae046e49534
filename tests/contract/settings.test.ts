/** The admin's settings, the public contact details and the backup: the same on both backends (the backup's file is the server's own). */
import { describe, expect, it } from 'vitest'
import { mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { call, loginAs, serverDataDir, serverOnly, useBackend } from './target'
import { DEFAULT_SETTINGS } from '../../shared/contracts/settings'

useBackend()


/** A backup dumps and compresses the whole database: on a 2-core machine busy with the other stages it takes longer than a request. */
const BACKUP_TIMEOUT_MS = 60_000
describe('settings on the server', () => {
  it('one copy for every admin: defaults first, a saved section seen by the next read; admins only', async () => {
    const admin = await loginAs('admin')
    const first = await call<{ settings: typeof DEFAULT_SETTINGS }>('GET', '/settings', { token: admin })
    expect(first.json.settings).toEqual(DEFAULT_SETTINGS)
    expect((await call('GET', '/settings', { token: await loginAs('client') })).status).toBe(403)
    expect((await call('PUT', '/settings/general', { token: await loginAs('morgue_attendant'), body: DEFAULT_SETTINGS.general })).status).toBe(403)

    const general = { ...DEFAULT_SETTINGS.general, contactPhone: '0722 000 111', contactEmail: 'care@amani.example' }
    const saved = await call('PUT', '/settings/general', { token: admin, body: general })
    expect(saved.status).toBe(200)
    const again = await call<{ settings: typeof DEFAULT_SETTINGS }>('GET', '/settings', { token: await loginAs('admin') })
    expect(again.json.settings.general).toEqual(general)

    // The public site's contact details are those settings, without signing in (with the password rules: password-rules.test.ts).
    const contact = await call('GET', '/settings/public')
    expect(contact.json).toEqual({
      contact: { facilityName: general.facilityName, contactEmail: 'care@amani.example', contactPhone: '0722 000 111', address: general.address },
      password: { minLength: 6, requireComplexity: false },
    })
  })

  it('refuses a section out of bounds with the rule, and an unknown section', async () => {
    const admin = await loginAs('admin')
    const bad = await call('PUT', '/settings/security', { token: admin, body: { ...DEFAULT_SETTINGS.security, minPasswordLength: '4' } })
    expect(bad.status).toBe(422)
    expect(JSON.stringify(bad.json)).toContain('Minimum password length must be between 6 and 32 characters')
    expect((await call('PUT', '/settings/colours', { token: admin, body: {} })).status).toBe(404)
    expect((await call('PUT', '/settings/colours', { token: admin, rawBody: '{' })).status).toBe(404)
  })

  it('the backup answers when it finished (the mock has nothing to dump)', async () => {
    const res = await call<{ message: string; finished_at: string }>('POST', '/settings/backup', { token: await loginAs('admin') })
    expect(res.status).toBe(200)
    expect(res.json.message).toBe('Backup completed')
    expect(Number.isNaN(Date.parse(res.json.finished_at))).toBe(false)
  }, BACKUP_TIMEOUT_MS)

  serverOnly.it('the backup is a real dump in DATA_DIR/backups; backups older than the retention days are deleted', async () => {
    const admin = await loginAs('admin')
    const dir = join(serverDataDir(), 'backups')
    mkdirSync(dir, { recursive: true })
    const days = Number(DEFAULT_SETTINGS.retention.backupRetentionDays)
    const past = (d: number) => new Date(Date.now() - d * 86_400_000)
    // A backup's age is the time in its name (a copied or restored file's mtime says nothing).
    const named = (d: number) => `backup-${past(d).toISOString().replace(/[:.]/g, '-')}.tar.gz`
    const old = named(days + 1)
    const recent = named(days - 1)
    const notOurs = 'notes.txt'
    for (const name of [old, recent, notOurs]) writeFileSync(join(dir, name), 'x')
    utimesSync(join(dir, old), past(days + 1), past(days + 1))
    utimesSync(join(dir, recent), past(days - 1), past(days - 1))
    utimesSync(join(dir, notOurs), past(days + 1), past(days + 1))

    const before = new Set(readdirSync(dir))
    const res = await call('POST', '/settings/backup', { token: admin })
    expect(res.status).toBe(200)
    const files = readdirSync(dir)
    expect(files).not.toContain(old)
    expect(files).toContain(recent)
    expect(files).toContain(notOurs)
    const made = files.filter((f) => !before.has(f) && /^backup-.*\.(tar\.gz|dump|json)$/.test(f))
    expect(made).toHaveLength(1)
    const bytes = readFileSync(join(dir, made[0] ?? ''))
    if (made[0]?.endsWith('.tar.gz')) {
      // PGlite's data dir dump, gzipped: opens again with new PGlite({ loadDataDir }).
      expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b])
      expect(bytes.length).toBeGreaterThan(10_000)
    } else if (made[0]?.endsWith('.dump')) {
      // PostgreSQL with pg_dump on the PATH: its custom format, for pg_restore.
      expect(bytes.subarray(0, 5).toString()).toBe('PGDMP')
    } else {
      // PostgreSQL without pg_dump: a JSON export of every table.
      expect(JSON.parse(bytes.toString())).toBeTypeOf('object')
    }
    expect((await call('POST', '/settings/backup', { token: await loginAs('client') })).status).toBe(403)
  }, BACKUP_TIMEOUT_MS)
})
