import { describe, expect, it } from 'vitest'
import { call, loginAs, serverLog, serverOnly, storedFiles, useBackend } from './target'
import { HealthResponse } from '../../shared/contracts/health'

useBackend()

describe('GET /health: what a load balancer probes', () => {
  it('answers 200 ok without a token, every check passing, with the backlog counts and nothing about a person', async () => {
    const res = await call('GET', '/health')
    expect(res.status).toBe(200)
    expect(HealthResponse.parse(res.json)).toEqual({
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok', storage: 'ok' },
      failed: [],
      mpesa: { overdue: 0 },
      sms: { queued: 0, failed: 0 },
      mail: { queued: 0, failed: 0 },
    })
    // Only these keys: no e-mail, phone, name or token can be in it.
    expect(Object.keys(res.json).sort()).toEqual(['checks', 'failed', 'mail', 'mpesa', 'sms', 'status'])
  })

  it('is never cached', async () => {
    const res = await call('GET', '/health')
    expect(res.headers.get('Cache-Control')).toBe('no-store')
  })

  it('answers the same with a signed-in token and is never rate limited (a probe every 2 s, all day)', async () => {
    const token = await loginAs('admin')
    expect((await call('GET', '/health', { token })).status).toBe(200)
    for (let i = 0; i < 40; i++) expect((await call('GET', '/health')).status).toBe(200)
  })

  serverOnly.it('logs its request line at debug level only, and leaves no file in the storage', async () => {
    const before = await storedFiles()
    const stop = serverLog()
    await call('GET', '/health')
    await call('GET', '/services')
    const lines = stop().map((line) => JSON.parse(line) as { level: number; msg: string; path?: string })
    const health = lines.filter((l) => l.path === '/api/health')
    expect(health).toHaveLength(1)
    expect(health[0]).toMatchObject({ level: 20, msg: 'request' })
    // Other calls keep their info line.
    expect(lines.find((l) => l.path === '/api/services')).toMatchObject({ level: 30 })
    expect(await storedFiles()).toEqual(before)
  })
})
