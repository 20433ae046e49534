/**
 * The Settings' session timeout ends an idle session on both backends: a token lives that long from
 * its issue, and an active session is renewed (POST /auth/renew) with a fresh one before it ends.
 */
import { describe, expect, it } from 'vitest'
import { decodeJwt } from 'jose'
import { call, demo, loginAs, tokenIssuedAt, useBackend } from './target'
import { DEFAULT_SETTINGS } from '../../shared/contracts/settings'

useBackend()

const EXPIRED = 'Session expired, please log in again'
const minutesAgo = (m: number) => Math.floor(Date.now() / 1000) - m * 60
const family = () => demo('client').email

async function setTimeoutMinutes(minutes: string) {
  const admin = await loginAs('admin')
  const res = await call('PUT', '/settings/security', { token: admin, body: { ...DEFAULT_SETTINGS.security, sessionTimeoutMinutes: minutes } })
  expect(res.status).toBe(200)
}

describe('session timeout', () => {
  it('a token idle for longer than the timeout (30 minutes by default) is refused; within it, it works', async () => {
    expect((await call('GET', '/auth/me', { token: await tokenIssuedAt(family(), minutesAgo(29)) })).status).toBe(200)
    const idle = await call('GET', '/auth/me', { token: await tokenIssuedAt(family(), minutesAgo(31)) })
    expect(idle.status).toBe(401)
    expect(idle.json.message).toBe(EXPIRED)
  })

  it('sign-in issues a token that lives as long as the setting says', async () => {
    await setTimeoutMinutes('90')
    const payload = decodeJwt(await loginAs('client'))
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(90 * 60)
    // A longer timeout keeps a token issued 60 minutes ago working.
    expect((await call('GET', '/auth/me', { token: await tokenIssuedAt(family(), minutesAgo(60)) })).status).toBe(200)
  })

  it('a shorter timeout also ends sessions begun before the change', async () => {
    const token = await tokenIssuedAt(family(), minutesAgo(10))
    expect((await call('GET', '/auth/me', { token })).status).toBe(200)
    await setTimeoutMinutes('5')
    const res = await call('GET', '/auth/me', { token })
    expect(res.status).toBe(401)
    expect(res.json.message).toBe(EXPIRED)
  })

  it('an active session is renewed: a fresh token, issued now, that outlives the old one', async () => {
    const old = await tokenIssuedAt(family(), minutesAgo(25))
    const res = await call<{ token: string }>('POST', '/auth/renew', { token: old })
    expect(res.status).toBe(200)
    const payload = decodeJwt(res.json.token)
    expect(Math.abs((payload.iat ?? 0) - Date.now() / 1000)).toBeLessThan(5)
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(30 * 60)
    expect(payload.email).toBe(family())
    expect((await call('GET', '/auth/me', { token: res.json.token })).status).toBe(200)
  })

  it('an idle session cannot be renewed once it has ended', async () => {
    const res = await call('POST', '/auth/renew', { token: await tokenIssuedAt(family(), minutesAgo(31)) })
    expect(res.status).toBe(401)
    expect(res.json.message).toBe(EXPIRED)
    expect((await call('POST', '/auth/renew')).status).toBe(401)
  })
})
