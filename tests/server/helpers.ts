/** Test doubles for the server's modules: a settable clock and a tiny HTTP receiver for Daraja's callbacks. */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { Hono } from 'hono'
import { CALLBACK_ACCEPTED } from '../../server/daraja/callback'

/** A clock the test moves by hand; give the same one to the client and the simulator. */
export function fakeClock(startIso = '2026-03-10T07:15:00.000Z') {
  let at = Date.parse(startIso)
  return {
    now: () => new Date(at),
    advance(ms: number) {
      at += ms
    },
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

async function shut(server: Server): Promise<void> {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
}

/** Stands in for our server's callback route: records every body and answers as the route will. */
export async function startCallbackReceiver(path = '/api/hooks/daraja/stk/0123abcd') {
  const bodies: Array<{ path: string; body: unknown }> = []
  const server = createServer((req, res) => {
    void readBody(req).then((text) => {
      bodies.push({ path: req.url ?? '', body: JSON.parse(text) as unknown })
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(CALLBACK_ACCEPTED))
    })
  })
  const port = await listen(server)
  return { url: `http://127.0.0.1:${port}${path}`, bodies, close: () => shut(server) }
}

/**
 * Daraja on a bad day: every request either never answered ('silent') or its connection dropped
 * once it has arrived ('reset': an answer lost on the way back). See tokenFromMemory.
 */
export async function startFaultyDaraja(fault: 'silent' | 'reset') {
  const server = createServer((req) => {
    void readBody(req).then(() => {
      if (fault === 'reset') req.socket.destroy()
    })
  })
  const port = await listen(server)
  return { url: `http://127.0.0.1:${port}`, close: () => shut(server) }
}

/** A fetch that answers the OAuth call itself, so only the push or query meets the fault (and a busy machine cannot time the token out). */
export const tokenFromMemory: typeof fetch = async (input, init) =>
  String(input).includes('/oauth/') ? Response.json({ access_token: 'token-from-memory', expires_in: '3599' }) : fetch(input, init)

/** A loopback port nothing listens on. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer()
  const port = await listen(server)
  await shut(server)
  return `http://127.0.0.1:${port}`
}

/** Serves a Hono app on a free loopback port, as the server will. */
export async function serveApp(app: Hono) {
  const server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started as Server))
  })
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => shut(server) }
}
