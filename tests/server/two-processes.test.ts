/**
 * Two server processes on loopback sharing one PostgreSQL and one storage folder (only when
 * CONTRACT_DATABASE_URL is set): a push made through the first whose callback Daraja delivers to
 * the second (and again to the first) is recorded once; a document uploaded through one downloads,
 * byte for byte, through the other; a sign-out through one ends the token on the other.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/client'
import { truncateAll } from '../../server/seed'
import { startDarajaSimulator } from '../../server/daraja/simulator'
import { newCallbackSecret } from '../../server/daraja/callback'
import { samplePdf } from '../../shared/demo/files'
import { SERVER_ENTRY, ensureServerBuild } from '../../server/build-server.mjs'
import { freePort } from './free-port'

// The server as production runs it: the bundle (npm test builds it once before its stages).
await ensureServerBuild(() => undefined)

const url = process.env.CONTRACT_DATABASE_URL
const maybe = url ? describe : describe.skip

/** What each process has printed so far (its log at `info`: the account notices say when they are heard). */
const printed = new Map<ChildProcess, () => string>()

function start(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [SERVER_ENTRY], { env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' } })
  let out = ''
  printed.set(child, () => out)
  child.stdout?.on('data', (d) => (out += d))
  child.stderr?.on('data', (d) => (out += d))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start:\n${out}`)), 45_000)
    child.stdout?.on('data', () => {
      if (out.includes('Funeral home server on')) {
        clearTimeout(timer)
        resolve(child)
      }
    })
  })
}

maybe('two server processes, one PostgreSQL, one storage folder', () => {
  it('a push through the first, its callbacks delivered to the second and the first: recorded once; an upload through one downloads through the other', async () => {
    const reset = await openDatabase({ databaseUrl: url })
    await truncateAll(reset.db)
    await reset.close()
    const dataDir = mkdtempSync(join(tmpdir(), 'two-'))
    const portA = await freePort()
    const portB = await freePort()
    let deliveries = 0
    // Daraja calls back the URL of the push (instance A); the first copy goes to B, as a load balancer might send it.
    const simulator = await startDarajaSimulator({
      callbacks: { mode: 'duplicate', copies: 2 },
      fetch: (input, init) => fetch(deliveries++ % 2 === 0 ? String(input instanceof Request ? input.url : input).replace(`:${portA}/`, `:${portB}/`) : input, init),
    })
    const secret = newCallbackSecret()
    const env = { DATABASE_URL: url ?? '', DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), DARAJA_SIMULATOR_URL: simulator.url, DARAJA_SIMULATOR_CALLBACK_SECRET: secret, RECONCILE_FIRST_MS: '600000' }
    const [a, b] = await Promise.all([start(portA, env), start(portB, env)])
    try {
      const A = `http://127.0.0.1:${portA}/api`
      const B = `http://127.0.0.1:${portB}/api`
      const { token } = (await (await fetch(`${A}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'family@funeral.test', password: 'Family#2026' }) })).json()) as { token: string }
      const auth = { Authorization: `Bearer ${token}` }
      const json = { ...auth, 'Content-Type': 'application/json' }
      const pending = (await (await fetch(`${A}/payments/pending`, { headers: auth })).json()) as { bookings: Array<{ id: number; amount_due: number; payment_status: string }> }
      const booking = pending.bookings.find((x) => x.payment_status === 'pending')!
      const push = (await (await fetch(`${A}/stk-push`, { method: 'POST', headers: json, body: JSON.stringify({ phoneNumber: '0712345678', amount: booking.amount_due, bookingId: booking.id }) })).json()) as { data: { CheckoutRequestID: string } }
      // The second instance refuses a second push for the same booking meanwhile.
      expect((await fetch(`${B}/stk-push`, { method: 'POST', headers: json, body: JSON.stringify({ phoneNumber: '0712345678', amount: booking.amount_due, bookingId: booking.id }) })).status).toBe(409)
      simulator.finish(push.data.CheckoutRequestID)
      await simulator.idle()
      const delivered = simulator.deliveries().filter((d) => d.checkoutRequestId === push.data.CheckoutRequestID)
      expect(delivered.map((d) => d.status)).toEqual([200, 200])
      for (const base of [A, B]) {
        const mine = (await (await fetch(`${base}/payments/my`, { headers: auth })).json()) as { payments: Array<{ booking_id: number; status: string; transaction_id: string | null }> }
        const done = mine.payments.filter((p) => p.booking_id === booking.id && p.status === 'completed')
        expect(done).toHaveLength(1)
        expect(done[0]?.transaction_id).toMatch(/^[A-Z0-9]{10}$/)
      }

      const bytes = samplePdf('Burial permit')
      const form = new FormData()
      form.append('file', new File([bytes.slice().buffer as ArrayBuffer], 'permit.pdf', { type: 'application/pdf' }))
      form.append('document_type', 'burial_permit')
      const up = await fetch(`${A}/documents`, { method: 'POST', headers: auth, body: form })
      expect(up.status).toBe(201)
      const { document } = (await up.json()) as { document: { id: number } }
      const down = await fetch(`${B}/documents/${document.id}/download`, { headers: auth })
      expect(down.status).toBe(200)
      expect(Buffer.from(await down.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true)
      expect((await fetch(`${B}/documents/${document.id}`, { method: 'DELETE', headers: auth })).status).toBe(200)
      expect((await fetch(`${A}/documents/${document.id}/download`, { headers: auth })).status).toBe(404)

      // Each process keeps the accounts behind tokens for a moment; a sign-out through one ends the
      // token on the other too, as soon as the database's notice reaches it (milliseconds).
      // B keeps accounts only once it hears the notices (its log says so).
      await expect.poll(() => printed.get(b)?.().includes('account notices: heard'), { timeout: 10_000 }).toBe(true)
      for (let i = 0; i < 3; i++) expect((await fetch(`${B}/auth/me`, { headers: auth })).status).toBe(200)
      expect((await fetch(`${A}/auth/logout`, { method: 'POST', headers: auth })).status).toBe(200)
      // Well within the 2 s an account is kept: only the notice can end it this soon.
      await expect.poll(async () => (await fetch(`${B}/auth/me`, { headers: auth })).status, { timeout: 1_000, interval: 20 }).toBe(401)
    } finally {
      a.kill('SIGTERM')
      b.kill('SIGTERM')
      await simulator.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})
