/**
 * The server as a client meets it on a socket: a refused body (413, 400) never breaks the
 * connection under the next request, and the Node server has its request and header time limits.
 */
import { Agent, request, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServerTarget } from '../contract/server-target'
import { serverOptions } from '../../server/app'

type Target = Awaited<ReturnType<typeof startServerTarget>>
let target: Target
let server: Server
let port = 0

beforeAll(async () => {
  target = await startServerTarget()
  server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: (req) => target.fetch(req), port: 0, hostname: '127.0.0.1', serverOptions }, () => resolve(started as Server))
  })
  port = (server.address() as AddressInfo).port
}, 60_000)
afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await target.close()
})

function send(agent: Agent, path: string, body: string | Buffer, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), ...headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}

const login = JSON.stringify({ email: 'family@funeral.test', password: 'Family#2026' })

describe('a refused body and the connection it came on', () => {
  it('after a 413 for a 3 MB JSON body, the next request from the same keep-alive client is answered', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const big = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(3 * 1024 * 1024) })
      const refused = await send(agent, '/api/auth/login', big)
      expect(refused.status).toBe(413)
      expect(JSON.parse(refused.text)).toEqual({ message: 'Request body is too large' })
      for (let i = 0; i < 3; i++) expect((await send(agent, '/api/auth/login', login)).status).toBe(200)
    } finally {
      agent.destroy()
    }
  })

  it('after a 400 for malformed or too deeply nested JSON, the same socket goes on', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      expect((await send(agent, '/api/auth/login', '{"email":')).status).toBe(400)
      const deep = await send(agent, '/api/auth/login', '['.repeat(40_000))
      expect(deep.status).toBe(400)
      expect(JSON.parse(deep.text)).toMatchObject({ message: expect.stringMatching(/nested too deeply/) })
      expect((await send(agent, '/api/auth/login', login)).status).toBe(200)
    } finally {
      agent.destroy()
    }
  })

  it('a client trickling its request cannot hold the server: request and header time limits are set', () => {
    expect(server.requestTimeout).toBe(serverOptions.requestTimeout)
    expect(server.headersTimeout).toBe(serverOptions.headersTimeout)
    expect(serverOptions.requestTimeout).toBeGreaterThan(0)
    expect(serverOptions.requestTimeout).toBeLessThanOrEqual(60_000)
    expect(serverOptions.headersTimeout).toBeLessThanOrEqual(serverOptions.requestTimeout)
  })
})
