/** The demo-tools faults: fail next call, offline, slow, revoke sessions; all off by default. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getFaults, getRevocation, resetFaults, resetRevocation, setFaults } from '../../mocks/http'
import { signToken } from '../../mocks/jwt'
import { API, call, demo, loginAs, useMockBackend } from './helpers'

useMockBackend()

// Faults live in module memory: never leak one into the next test.
afterEach(() => {
  resetFaults()
  resetRevocation()
  vi.useRealTimers()
})

describe('fault config endpoints', () => {
  it('is all off by default', async () => {
    const res = await call('GET', '/__mock/faults')
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ failNext: null, offline: false, slow: false })
  })

  it('PUT merges a partial config and normalises the prefix', async () => {
    let res = await call('PUT', '/__mock/faults', { body: { offline: true } })
    expect(res.json).toEqual({ failNext: null, offline: true, slow: false })
    res = await call('PUT', '/__mock/faults', { body: { failNext: { pathPrefix: '/api/bookings/', status: 503 } } })
    expect(res.json).toEqual({ failNext: { pathPrefix: '/bookings', status: 503 }, offline: true, slow: false })
    expect((await call('GET', '/__mock/faults')).json).toEqual(res.json)
  })

  it('PUT refuses a bad config with 422', async () => {
    const res = await call('PUT', '/__mock/faults', { body: { failNext: { pathPrefix: '/bookings', status: 200 } } })
    expect(res.status).toBe(422)
    expect(getFaults().failNext).toBeNull()
  })
})

describe('failNext', () => {
  it('answers the status once for a matching path, then clears itself', async () => {
    const token = await loginAs('client')
    await call('PUT', '/__mock/faults', { body: { failNext: { pathPrefix: '/bookings', status: 500 } } })

    // Not matching: /services passes through, and the fault is still pending.
    expect((await call('GET', '/services')).status).toBe(200)
    expect(getFaults().failNext).not.toBeNull()

    const failed = await call('GET', '/bookings/my', { token })
    expect(failed.status).toBe(500)
    expect(failed.json).toEqual({ message: 'Simulated server error (mock fault panel)' })
    expect(getFaults().failNext).toBeNull()

    expect((await call('GET', '/bookings/my', { token })).status).toBe(200)
  })

  it('matches whole path segments and works before authentication (login)', async () => {
    await call('PUT', '/__mock/faults', { body: { failNext: { pathPrefix: '/auth/login', status: 503 } } })
    const { email, password } = demo('client')
    const failed = await call('POST', '/auth/login', { body: { email, password } })
    expect(failed.status).toBe(503)
    expect((await call('POST', '/auth/login', { body: { email, password } })).status).toBe(200)

    setFaults({ failNext: { pathPrefix: '/payments/pending', status: 404 } })
    const admin = await loginAs('admin')
    expect((await call('GET', '/payments/summary?timeframe=month', { token: admin })).status).not.toBe(404)
    expect((await call('GET', '/payments/pending', { token: admin })).status).toBe(404)
  })

  it('never touches the mock own endpoints', async () => {
    setFaults({ failNext: { pathPrefix: '/__mock', status: 500 }, offline: true })
    expect((await call('GET', '/__mock/status')).status).toBe(200)
    expect((await call('GET', '/__mock/faults')).status).toBe(200)
  })
})

describe('offline', () => {
  it('makes every /api call fail as a network error until back online', async () => {
    await call('PUT', '/__mock/faults', { body: { offline: true } })
    await expect(fetch(`${API}/services`)).rejects.toThrow(TypeError)
    await expect(call('POST', '/auth/login', { body: demo('client') })).rejects.toThrow()

    await call('PUT', '/__mock/faults', { body: { offline: false } })
    expect((await call('GET', '/services')).status).toBe(200)
  })
})

describe('slow', () => {
  it('adds 3 s before the real answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    setFaults({ slow: true })
    let settled = false
    const pending = fetch(`${API}/services`).then((res) => {
      settled = true
      return res
    })
    await vi.advanceTimersByTimeAsync(2900)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(200)
    expect((await pending).status).toBe(200)
  })
})

describe('revoke-sessions', () => {
  it('makes an earlier token answer 401 while a fresh login works', async () => {
    const client = demo('client')
    const mine = await loginAs('client')
    const me = await call<{ user: { id: number } }>('GET', '/auth/me', { token: mine })
    expect(me.status).toBe(200)
    // Another token of the same user, issued a minute ago.
    const older = await signToken({ id: me.json.user.id, name: client.name, email: client.email, role: 'client' }, { issuedAt: Math.floor(Date.now() / 1000) - 60 })
    expect((await call('GET', '/bookings/my', { token: older })).status).toBe(200)

    const revoked = await call('POST', '/__mock/revoke-sessions', { token: mine })
    expect(revoked.status).toBe(200)
    // Tokens of the current second are revoked too, so log in again "a little later".
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1500 })

    for (const token of [mine, older]) {
      const res = await call('GET', '/bookings/my', { token })
      expect(res.status).toBe(401)
      expect(res.json).toEqual({ message: 'Session expired, please log in again' })
    }

    const fresh = await loginAs('client')
    expect((await call('GET', '/bookings/my', { token: fresh })).status).toBe(200)
  })
})

describe('reset', () => {
  it('POST /__mock/reset clears every fault and the session revocation', async () => {
    setFaults({ failNext: { pathPrefix: '/bookings', status: 500 }, offline: true, slow: true })
    await call('POST', '/__mock/revoke-sessions')
    expect(getRevocation().tokensValidAfter).toBeGreaterThan(0)

    expect((await call('POST', '/__mock/reset')).status).toBe(200)
    expect(getFaults()).toEqual({ failNext: null, offline: false, slow: false })
    expect(getRevocation()).toEqual({ tokensValidAfter: 0 })
    expect((await call('GET', '/services')).status).toBe(200)
  })
})
