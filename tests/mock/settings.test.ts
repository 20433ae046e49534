import { describe, expect, it } from 'vitest'
import { call, loginAs, useMockBackend } from './helpers'
import { DEFAULT_SETTINGS } from '../../src/api/contracts/settings'

useMockBackend()

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

    // The public site's contact details are those settings, without signing in.
    const contact = await call('GET', '/settings/public')
    expect(contact.json).toEqual({ contact: { facilityName: general.facilityName, contactEmail: 'care@amani.example', contactPhone: '0722 000 111', address: general.address } })
  })

  it('refuses a section out of bounds with the rule, and an unknown section', async () => {
    const admin = await loginAs('admin')
    const bad = await call('PUT', '/settings/security', { token: admin, body: { ...DEFAULT_SETTINGS.security, minPasswordLength: '4' } })
    expect(bad.status).toBe(422)
    expect(JSON.stringify(bad.json)).toContain('Minimum password length must be between 6 and 32 characters')
    expect((await call('PUT', '/settings/colours', { token: admin, body: {} })).status).toBe(404)
  })

  it('the backup answers when it finished (the mock has nothing to dump)', async () => {
    const res = await call<{ message: string; finished_at: string }>('POST', '/settings/backup', { token: await loginAs('admin') })
    expect(res.status).toBe(200)
    expect(res.json.message).toBe('Backup completed')
    expect(Number.isNaN(Date.parse(res.json.finished_at))).toBe(false)
  })
})
