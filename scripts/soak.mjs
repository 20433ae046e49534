#!/usr/bin/env node
/**
 * `npm run soak`: a benchmark, never part of `npm test`. About 30 simulated families use the
 * deployment of scripts/deploy-stack.mjs (two production instances on PostgreSQL behind Caddy, over
 * HTTP/2 with Caddy's internal certificate, loopback only) for SOAK_SECONDS (default 120): each
 * registers and signs in from a loopback address of its own (127.0.0.x: the rate limits count per
 * address, as they would for families at home), then books, pays with the simulator (its own
 * success number, checking every 5 s as the app does), uploads a small PDF and reads its lists,
 * with a pause between steps. Then every acknowledged booking, payment and document is looked for
 * in the database: there exactly once (and the document's bytes in the shared documents folder).
 * Prints requests, answers by status and by instance, p50/p99 per kind and each instance's memory;
 * exits 1 on a 5xx, a lost or a doubled row, or an instance that answered nothing.
 *
 * SOAK_DATABASE_URL (else BEHIND_CADDY_DATABASE_URL, else CONTRACT_DATABASE_URL): emptied first.
 * SOAK_FAMILIES (30). Ports 4251-4252 (instances), 4260 (simulator), 4290 and 4293 (Caddy).
 */
import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { caddyMissing, deployDatabaseUrl, h2Client, multipart, rssMb, startDeployment } from './deploy-stack.mjs'

const seconds = Number(process.env.SOAK_SECONDS ?? 120)
const familyCount = Number(process.env.SOAK_FAMILIES ?? 30)
const databaseUrl = deployDatabaseUrl('SOAK_DATABASE_URL', 'BEHIND_CADDY_DATABASE_URL', 'CONTRACT_DATABASE_URL')
const missing = databaseUrl ? caddyMissing() : 'no PostgreSQL: set SOAK_DATABASE_URL (a database this run empties)'
if (missing) {
  console.error(`npm run soak: ${missing}`)
  process.exit(1)
}
const ports = { instances: [4251, 4252], simulator: 4260, https: 4293, http: 4290 }
/** The app checks a push every 5 s; a family pauses 1-4 s between steps. */
const POLL_MS = 5_000
const pause = () => new Promise((r) => setTimeout(r, 1_000 + Math.random() * 3_000))
/** Under the 10 prompts a family may send in an hour (5 to each of its two numbers): past it a family only reads. */
const MAX_BOOKINGS = 9
const nairobiDay = (n) => new Date(Date.now() + 3 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10)
/** A small PDF (a burial permit scan stands in). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n')

const latencies = new Map()
const statuses = new Map()
/** Answers per instance (the X-Upstream header the loopback Caddyfile adds). */
const upstreams = new Map()
const errors = []
const acknowledged = { bookings: [], pushes: [], completed: [], documents: [] }

/** One request, timed and counted under `kind`. */
async function timed(client, kind, method, path, options) {
  const t = performance.now()
  let r
  try {
    r = await client.request(method, path, options)
  } catch (error) {
    statuses.set('network error', (statuses.get('network error') ?? 0) + 1)
    errors.push(`${kind}: ${error}`)
    return { status: 0, json: () => ({}) }
  }
  const ms = performance.now() - t
  if (!latencies.has(kind)) latencies.set(kind, [])
  latencies.get(kind).push(ms)
  statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1)
  const upstream = String(r.headers['x-upstream'] ?? 'none')
  upstreams.set(upstream, (upstreams.get(upstream) ?? 0) + 1)
  if (r.status >= 400) errors.push(`${kind} ${r.status}: ${r.body.toString('utf8').slice(0, 160)}`)
  return r
}

async function family(i, origin, ca, deadline) {
  const client = h2Client(origin, ca, `127.0.0.${10 + i}`)
  const me = { name: `Family ${i}`, email: `family${i}.${randomUUID().slice(0, 8)}@soak.test`, password: `Soak#${randomUUID()}`, phone: `07110${String(i).padStart(2, '0')}111`, address: 'Nairobi' }
  // Each family pays from two numbers of its own, in turns (the simulator's success: any number but
  // the listed ones): a number takes at most 5 prompts an hour, a family 10.
  const mpesa = (n) => `0711${String(i).padStart(2, '0')}567${n % 2}`
  try {
    if ((await timed(client, 'register', 'POST', '/auth/register', { json: me })).status !== 201) return
    await pause()
    const login = await timed(client, 'sign in', 'POST', '/auth/login', { json: { email: me.email, password: me.password } })
    const token = login.json().token
    if (!token) return
    const services = (await timed(client, 'services', 'GET', '/services', { token })).json().services ?? []
    let booked = 0
    while (Date.now() < deadline) {
      await pause()
      if (booked < MAX_BOOKINGS) {
        booked++
        const deceased = await timed(client, 'deceased', 'POST', '/deceased', { token, json: { first_name: 'Mzee', last_name: `Soak${i}x${booked}`, date_of_death: nairobiDay(-1), place_of_death: 'Nairobi', gender: 'male', religion: null } })
        const deceasedId = deceased.json().deceased?.id ?? deceased.json().id
        if (!deceasedId) continue
        const lines = services.slice(0, 2).map((s) => ({ service_id: s.id, quantity: 1, scheduled_date: `${nairobiDay(7 + (booked % 20))}T10:00:00` }))
        const booking = await timed(client, 'booking', 'POST', '/bookings', { token, headers: { 'idempotency-key': randomUUID() }, json: { deceased_id: deceasedId, services: lines } })
        const b = booking.json().booking
        if (booking.status !== 201 || !b) continue
        acknowledged.bookings.push(b.id)
        if (Date.now() >= deadline) break
        await pause()
        const push = await timed(client, 'stk push', 'POST', '/stk-push', { token, headers: { 'idempotency-key': randomUUID() }, json: { phoneNumber: mpesa(booked), amount: b.total_amount, bookingId: b.id } })
        const checkout = push.json().data?.CheckoutRequestID
        if (push.status === 200 && checkout) {
          acknowledged.pushes.push({ checkout, booking: b.id })
          for (let k = 0; k < 10; k++) {
            await new Promise((r) => setTimeout(r, POLL_MS))
            const v = (await timed(client, 'verify', 'GET', `/payments/mpesa/verify/${checkout}`, { token })).json().data
            if (v?.ResultCode !== undefined) {
              if (String(v.ResultCode) === '0') acknowledged.completed.push({ checkout, booking: b.id })
              break
            }
          }
        }
        await pause()
        const form = await multipart({ document_type: 'burial_permit', booking_id: String(b.id) }, { bytes: PDF, name: `permit-${b.id}.pdf`, type: 'application/pdf' })
        const up = await timed(client, 'upload', 'POST', '/documents', { token, ...form })
        const doc = up.json().document
        if (up.status === 201 && doc) acknowledged.documents.push(doc.id)
        await pause()
      }
      await timed(client, 'my bookings', 'GET', '/bookings/my', { token })
      await timed(client, 'my payments', 'GET', '/payments/my', { token })
      await timed(client, 'my documents', 'GET', '/documents/my', { token })
    }
  } finally {
    await client.close()
  }
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0
}

let stack = null
let failed = false
try {
  console.log(`Soak: ${familyCount} families for ${seconds} s, two instances on PostgreSQL behind Caddy (starting…)`)
  stack = await startDeployment({ databaseUrl, ports, simulatorAnswerMs: 3_000 })
  const rss = new Map(stack.instances.map((i) => [i.port, { start: rssMb(i.child.pid), max: 0 }]))
  const sampler = setInterval(() => {
    for (const i of stack.instances) rss.get(i.port).max = Math.max(rss.get(i.port).max, rssMb(i.child.pid))
  }, 1_000)
  const started = Date.now()
  const deadline = started + seconds * 1000
  // The families arrive over the first ten seconds, not all in the same millisecond.
  await Promise.all(Array.from({ length: familyCount }, (_, i) => new Promise((r) => setTimeout(r, (i * 10_000) / familyCount)).then(() => family(i, stack.origin, stack.ca, deadline))))
  clearInterval(sampler)
  const wall = (Date.now() - started) / 1000

  // Every acknowledged write, exactly once.
  const db = stack.database.db
  const rows = async (query) => (await db.execute(query)).rows
  const ids = (xs) => sql.raw(xs.length ? xs.map(Number).join(',') : 'NULL')
  const bookingRows = await rows(sql`SELECT id FROM bookings WHERE id IN (${ids(acknowledged.bookings)})`)
  const pushRows = await rows(sql`SELECT checkout_request_id AS c, count(*)::int AS n FROM mpesa_requests GROUP BY 1`)
  const paymentRows = await rows(sql`SELECT booking_id AS b, status, count(*)::int AS n FROM payments GROUP BY 1, 2`)
  const docRows = await rows(sql`SELECT id, storage_key AS key, size FROM documents WHERE id IN (${ids(acknowledged.documents)})`)
  const pushCount = new Map(pushRows.map((r) => [r.c, r.n]))
  const completedPerBooking = new Map(paymentRows.filter((r) => r.status === 'completed').map((r) => [r.b, r.n]))
  const lost = {
    bookings: acknowledged.bookings.length - bookingRows.length,
    pushes: acknowledged.pushes.filter((p) => pushCount.get(p.checkout) !== 1).length,
    payments: acknowledged.completed.filter((p) => completedPerBooking.get(p.booking) !== 1).length,
    documents: acknowledged.documents.length - docRows.filter((d) => d.key && existsSync(join(stack.dataDir, 'documents', d.key)) && readFileSync(join(stack.dataDir, 'documents', d.key)).equals(PDF)).length,
  }
  const doubled = [...completedPerBooking.values()].filter((n) => n > 1).length

  const total = [...statuses.values()].reduce((a, b) => a + b, 0)
  const fivexx = [...statuses].filter(([s]) => typeof s === 'number' && s >= 500).reduce((a, [, n]) => a + n, 0)
  console.log(`\n${familyCount} families, ${wall.toFixed(0)} s: ${total} requests (${(total / wall).toFixed(1)}/s)`)
  console.log(`answers by status: ${[...statuses].sort().map(([s, n]) => `${s}: ${n}`).join(', ')}; by instance: ${[...upstreams].sort().map(([u, n]) => `${u}: ${n}`).join(', ')}`)
  console.log(`acknowledged: ${acknowledged.bookings.length} bookings, ${acknowledged.pushes.length} pushes (${acknowledged.completed.length} paid), ${acknowledged.documents.length} documents`)
  console.log(`in the database: lost ${Object.entries(lost).map(([k, n]) => `${k} ${n}`).join(', ')}; payments doubled ${doubled}`)
  console.log('\nkind            count    p50 ms    p99 ms')
  for (const [kind, xs] of latencies) console.log(`${kind.padEnd(14)} ${String(xs.length).padStart(6)} ${pct(xs, 50).toFixed(0).padStart(9)} ${pct(xs, 99).toFixed(0).padStart(9)}`)
  const all = [...latencies.values()].flat()
  console.log(`${'all'.padEnd(14)} ${String(all.length).padStart(6)} ${pct(all, 50).toFixed(0).padStart(9)} ${pct(all, 99).toFixed(0).padStart(9)}`)
  console.log(`\nmemory (RSS of serve.mjs and its server): ${stack.instances.map((i) => `${i.port}: ${rss.get(i.port).start.toFixed(0)} MB at start, ${rss.get(i.port).max.toFixed(0)} MB at most`).join('; ')}`)
  const distinct = [...new Set(errors)].slice(0, 10)
  if (distinct.length) console.log(`\nerrors (first distinct):\n  ${distinct.join('\n  ')}`)
  const idle = stack.instances.filter((i) => !upstreams.get(`127.0.0.1:${i.port}`))
  failed = idle.length > 0 || fivexx > 0 || statuses.has('network error') || Object.values(lost).some((n) => n > 0) || doubled > 0 || acknowledged.completed.length === 0
  console.log(failed ? '\nFAILED: a 5xx, a network error, a lost or doubled row, nothing paid, or an instance that answered nothing' : '\nok: no 5xx, nothing lost, nothing doubled')
} catch (error) {
  console.error(error)
  failed = true
} finally {
  await stack?.stop().catch((e) => console.error(e))
}
process.exit(failed ? 1 : 0)
