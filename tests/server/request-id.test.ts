/**
 * Every answer carries X-Request-Id, and every log line written while answering carries the same id
 * (reqId), so one family's complaint finds its lines. A proxy's own plain id is kept; anything else
 * in that header is replaced.
 */
import { randomBytes } from 'node:crypto'
import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { openDatabase, type Database } from '../../server/db/client'
import type { Hono } from 'hono'
import type { AppEnv } from '../../server/types'
import { emptyDatabaseDump } from './pglite-template.mjs'

const url = process.env.CONTRACT_DATABASE_URL || undefined
let database: Database
let app: Hono<AppEnv>
const logLines: Array<Record<string, unknown>> = []
const log = pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) })

beforeAll(async () => {
  database = await openDatabase(url ? { databaseUrl: url } : { loadDataDir: emptyDatabaseDump() })
  app = createApp({ db: database.db, secret: randomBytes(32), log, dev: false, trustProxy: 0 })
}, 60_000)
afterAll(async () => {
  await database.close()
})
beforeEach(() => {
  logLines.length = 0
})

describe('request ids', () => {
  it('answers with a new id and logs the request line with it', async () => {
    const res = await app.fetch(new Request('http://localhost/api/services'))
    expect(res.status).toBe(200)
    const id = res.headers.get('X-Request-Id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    const line = logLines.find((l) => l.msg === 'request' && l.path === '/api/services')
    expect(line?.reqId).toBe(id)
  })

  it('gives two requests two ids', async () => {
    const a = (await app.fetch(new Request('http://localhost/api/services'))).headers.get('X-Request-Id')
    const b = (await app.fetch(new Request('http://localhost/api/services'))).headers.get('X-Request-Id')
    expect(a).not.toBe(b)
  })

  it("keeps a proxy's plain id, and replaces one with characters a log line should not hold", async () => {
    const kept = await app.fetch(new Request('http://localhost/api/services', { headers: { 'X-Request-Id': 'caddy-7f3a9' } }))
    expect(kept.headers.get('X-Request-Id')).toBe('caddy-7f3a9')
    expect(logLines.find((l) => l.msg === 'request')?.reqId).toBe('caddy-7f3a9')
    const replaced = await app.fetch(new Request('http://localhost/api/services', { headers: { 'X-Request-Id': 'x"} {"level":60, "msg":"forged"' } }))
    expect(replaced.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('carries the id on an error answer too', async () => {
    const res = await app.fetch(new Request('http://localhost/api/bookings'))
    expect(res.status).toBe(401)
    expect(res.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/)
  })
})
