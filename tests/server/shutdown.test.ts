/**
 * A stop (SIGTERM, as systemd or a deployment sends it) in the middle of families' work: the server
 * takes no new request, finishes those it took, closes the database and exits 0; after a restart on
 * the same DATA_DIR every booking and payment it acknowledged is there.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { addDays, nairobiDay } from '../../shared/dates'
import { BookingResponse, DeceasedResponse } from '../../shared/contracts/bookings'
import { StkPushResponse } from '../../shared/contracts/payments'
import { copyEmptyDatabaseInto } from './pglite-template.mjs'
import { SERVER_ENTRY, ensureServerBuild } from '../../server/build-server.mjs'
import { freePort } from './free-port'

// The server as production runs it: the bundle (npm test builds it once before its stages).
await ensureServerBuild(() => undefined)

// A new DATA_DIR with the empty database the server's first start would make (copied: an initdb costs seconds).
const dataDir = copyEmptyDatabaseInto(mkdtempSync(join(tmpdir(), 'afh-shutdown-')))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

interface Started {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

function start(port: number): Promise<Started> {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '', NODE_ENV: 'development' },
  })
  let out = ''
  child.stdout?.on('data', (d) => (out += d))
  child.stderr?.on('data', (d) => (out += d))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start:\n${out}`)), 180_000)
    const check = () => {
      if (out.includes('Funeral home server on')) {
        clearTimeout(timer)
        resolve({ child, output: () => out, exited })
      }
    }
    child.stdout?.on('data', check)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`exited ${code} before starting:\n${out}`))
    })
  })
}

const json = { 'Content-Type': 'application/json' }

describe('a server stopped in the middle of a burst', () => {
  it('finishes what it acknowledged, exits cleanly, and a restart finds every acknowledged booking and payment', async () => {
    const port = await freePort()
    const api = `http://127.0.0.1:${port}/api`
    const first = await start(port)

    // The embedded database is this process's: it holds the lock a second start would be refused by
    // (the refusal itself: data-dir-lock.test.ts).
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(true)

    const login = (await (await fetch(`${api}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'family@funeral.test', password: 'Family#2026' }) })).json()) as { token: string }
    const auth = { ...json, Authorization: `Bearer ${login.token}` }
    const { services } = (await (await fetch(`${api}/services`)).json()) as { services: Array<{ id: number; per_day: boolean; price: number }> }
    const service = services.find((s) => !s.per_day)!
    const when = `${addDays(nairobiDay(), 3)}T10:00:00`

    const acknowledged = { deceased: [] as string[], bookings: [] as string[], pushes: [] as string[] }
    let stopSent = false
    const refused: string[] = []
    /** One family's work: the deceased, the booking, then the M-Pesa push for it. Stops at the first unanswered call. */
    async function family(i: number): Promise<void> {
      try {
        const d = await fetch(`${api}/deceased`, { method: 'POST', headers: auth, body: JSON.stringify({ first_name: `Burst${i}`, last_name: 'Family', date_of_death: addDays(nairobiDay(), -1), place_of_death: 'Nairobi', gender: 'female', religion: null }) })
        if (d.status !== 201) return void refused.push(`deceased ${d.status} ${await d.text()}`)
        const deceasedId = DeceasedResponse.parse(await d.json()).id
        acknowledged.deceased.push(deceasedId)
        const b = await fetch(`${api}/bookings`, { method: 'POST', headers: auth, body: JSON.stringify({ deceased_id: deceasedId, services: [{ service_id: service.id, quantity: 1, scheduled_date: when }] }) })
        if (b.status !== 201) return void refused.push(`booking ${b.status} ${await b.text()}`)
        const booking = BookingResponse.parse(await b.json())
        acknowledged.bookings.push(booking.id)
        onBooking()
        const p = await fetch(`${api}/stk-push`, { method: 'POST', headers: auth, body: JSON.stringify({ phoneNumber: '0712345678', amount: booking.total_amount, bookingId: booking.id }) })
        if (p.status === 200) acknowledged.pushes.push(StkPushResponse.parse(await p.json()).data.CheckoutRequestID ?? 'missing')
      } catch {
        // Refused or cut after the stop: not acknowledged, so nothing is owed.
      }
    }
    function onBooking() {
      // Mid-burst: a few families have their booking, the others are between calls.
      if (acknowledged.bookings.length === 3 && !stopSent) {
        stopSent = true
        first.child.kill('SIGTERM')
      }
    }
    await Promise.all(Array.from({ length: 12 }, (_, i) => family(i)))
    expect(refused).toEqual([])
    expect(stopSent).toBe(true)
    expect(await first.exited).toBe(0)
    expect(first.output()).toContain('"msg":"stopped"')
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false)
    expect(refused).toEqual([])
    expect(acknowledged.bookings.length).toBeGreaterThanOrEqual(3)

    // The next start on the same DATA_DIR (the lock was released) finds every acknowledged write.
    const next = await start(port)
    try {
      const relogin = (await (await fetch(`${api}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'family@funeral.test', password: 'Family#2026' }) })).json()) as { token: string }
      const again = { ...json, Authorization: `Bearer ${relogin.token}` }
      for (const id of acknowledged.bookings) expect((await fetch(`${api}/bookings/${id}`, { headers: again })).status, `booking ${id}`).toBe(200)
      for (const id of acknowledged.deceased) expect((await fetch(`${api}/deceased/${id}`, { headers: again })).status, `deceased ${id}`).toBe(200)
      // Each acknowledged push is known to the restarted server (its job settles it with Daraja).
      for (const checkout of acknowledged.pushes) expect((await fetch(`${api}/payments/mpesa/verify/${checkout}`, { headers: again })).status, `push ${checkout}`).toBe(200)
    } finally {
      next.child.kill('SIGTERM')
      await next.exited
    }
  }, 600_000)
})
