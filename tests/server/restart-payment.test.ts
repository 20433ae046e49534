/**
 * Work that survives a restart: a server killed (SIGKILL) right after a push, before anyone asked
 * about it; the next server on the same DATA_DIR finds the push's job in the database and finishes
 * it with STK queries. Daraja is a simulator outside both processes (as Safaricom would be).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startDarajaSimulator } from '../../server/daraja/simulator'
import { newCallbackSecret } from '../../server/daraja/callback'
import { SERVER_ENTRY, ensureServerBuild } from '../../server/build-server.mjs'
import { copyEmptyDatabaseInto } from './pglite-template.mjs'
import { freePort } from './free-port'

// The server as production runs it: the bundle (npm test builds it once before its stages).
await ensureServerBuild(() => undefined)

// The empty database a first start makes, copied (an initdb costs seconds; tests/server/server.test.ts covers it).
const dataDir = copyEmptyDatabaseInto(mkdtempSync(join(tmpdir(), 'restart-')))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** What each started server printed (warnings and errors: a failed STK query says why), shown when the test fails. */
const printed = new Map<ChildProcess, () => string>()

async function startServer(port: number, simulatorUrl: string, secret: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DARAJA_SIMULATOR_URL: simulatorUrl,
      DARAJA_SIMULATOR_CALLBACK_SECRET: secret,
      RECONCILE_FIRST_MS: '300',
      RECONCILE_POLL_MS: '200',
    },
  })
  let out = ''
  child.stdout?.on('data', (d) => (out += d))
  child.stderr?.on('data', (d) => (out += d))
  printed.set(child, () => out)
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start:\n${out}`)), 90_000)
    child.stdout?.on('data', () => {
      if (out.includes('Funeral home server on')) {
        clearTimeout(timer)
        resolve()
      }
    })
  })
  return child
}

describe('a push outlives its server', () => {
  it('the server is killed mid-payment; the next start settles the push once, from its job in the database', async () => {
    // No automatic answer and no callback: only the STK query (the 3rd, for the success number) settles it.
    const simulator = await startDarajaSimulator({ callbacks: { mode: 'drop' } })
    const secret = newCallbackSecret()
    const port = await freePort()
    const api = `http://127.0.0.1:${port}/api`
    let child = await startServer(port, simulator.url, secret)
    try {
      const login = (await (await fetch(`${api}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'family@funeral.test', password: 'Family#2026' }) })).json()) as { token: string }
      const auth = { Authorization: `Bearer ${login.token}`, 'Content-Type': 'application/json' }
      const pending = (await (await fetch(`${api}/payments/pending`, { headers: auth })).json()) as { bookings: Array<{ id: number; amount_due: number; payment_status: string }> }
      const booking = pending.bookings.find((b) => b.payment_status === 'pending')!
      const push = await fetch(`${api}/stk-push`, { method: 'POST', headers: auth, body: JSON.stringify({ phoneNumber: '0712345678', amount: booking.amount_due, bookingId: booking.id }) })
      expect(push.status).toBe(200)
      // Killed before its first check (300 ms): nothing in memory survives.
      child.kill('SIGKILL')
      await new Promise((r) => child.once('exit', r))
      expect(simulator.pushes()[0]?.queries).toBe(0)

      child = await startServer(port, simulator.url, secret)
      const paymentStatus = async () => {
        const b = (await (await fetch(`${api}/bookings/${booking.id}`, { headers: auth })).json()) as { booking?: { payment_status: string }; payment_status?: string }
        return b.booking?.payment_status ?? b.payment_status ?? ''
      }
      // Asked again until the restarted server's checks have settled it (its 3rd STK query).
      // (Up to two and a half minutes: on a busy machine a check that fails doubles the next one's wait.)
      try {
        await expect.poll(paymentStatus, { timeout: 150_000, interval: 200 }).toBe('paid')
      } catch (error) {
        throw new Error(`${String(error)}\nSTK queries the simulator answered: ${simulator.pushes()[0]?.queries}\nThe restarted server printed:\n${printed.get(child)?.() ?? ''}`)
      }
      const mine = (await (await fetch(`${api}/payments/my`, { headers: auth })).json()) as { payments: Array<{ booking_id: number; status: string }> }
      expect(mine.payments.filter((p) => p.booking_id === booking.id && p.status === 'completed')).toHaveLength(1)
      expect(simulator.pushes()[0]?.queries).toBe(3)
    } finally {
      child.kill('SIGTERM')
      await simulator.close()
    }
  }, 330_000)
})
