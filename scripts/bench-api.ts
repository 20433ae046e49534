/**
 * `npm run bench:api` (a benchmark, not a test): the server on PGlite, and on PostgreSQL when
 * BENCH_DATABASE_URL (or CONTRACT_DATABASE_URL) is set, with the demo seed plus 10,000 bookings.
 * For each: the time from start (of the bundled server, as `npm run serve` runs it) to the first answer on an existing database, then autocannon
 * (10 connections, 10 s) on GET /services, GET /bookings/my, GET /bookings (admin: one page of
 * 25 as the screen asks, the same with a search) and POST /deceased: req/s, p50, p99, and the
 * server's peak RSS; then the admin's whole list (no page) three times, one after the other. BENCH_PORT (default 3991) and the next port are used.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import autocannon from 'autocannon'
import { openDatabase } from '../server/db/client'
import { seedIfEmpty, truncateAll } from '../server/seed'
import { SERVER_ENTRY, ensureServerBuild } from '../server/build-server.mjs'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const EXTRA_BOOKINGS = 10_000
const SECRET = 'bench-secret-bench-secret-bench-secret-0123'
/** Two ports in a row (PGlite, PostgreSQL); BENCH_PORT moves them off ports another run uses. */
const PORT = Number(process.env.BENCH_PORT ?? 3991)

async function prepare(database: { databaseUrl?: string; dataDir?: string }): Promise<void> {
  const { db, close } = await openDatabase(database)
  if (database.databaseUrl) await truncateAll(db)
  await seedIfEmpty(db, 'demo')
  // 10,000 more bookings of one family (john.mwangi, id 8), each with a deceased record and a line.
  await db.execute(sql`INSERT INTO deceased (client_id, first_name, last_name, date_of_death, place_of_death)
    SELECT 8, 'Bench', 'Case ' || g, current_date - 1, 'Nairobi' FROM generate_series(1, ${EXTRA_BOOKINGS}) g`)
  await db.execute(sql`INSERT INTO bookings (client_id, deceased_id, status, payment_status, total_amount, created_at)
    SELECT 8, d.id, 'pending', 'pending', 5000, now() - (d.id % 365) * interval '1 day' FROM deceased d WHERE d.first_name = 'Bench'`)
  await db.execute(sql`INSERT INTO booking_lines (booking_id, service_id, service_name, quantity, price_at_booking, scheduled_date)
    SELECT b.id, 1, 'Basic Funeral', 1, 5000, to_char(current_date + 5, 'YYYY-MM-DD') || 'T10:00:00'
    FROM bookings b JOIN deceased d ON d.id = b.deceased_id WHERE d.first_name = 'Bench'`)
  // PostgreSQL's autovacuum analyses the 10,000 new rows only after a while: until then its plans
  // guess (the search's generic plan then took seconds). PGlite has no autovacuum: the server
  // vacuums and analyses it itself (server/maintenance.ts), here two seconds after start instead of a minute.
  if (database.databaseUrl) await db.execute(sql`ANALYZE`)
  await close()
}

async function start(env: Record<string, string>, port: number): Promise<{ child: ChildProcess; readyMs: number }> {
  const started = performance.now()
  // As `npm run serve` starts it: the bundle (dist-server/), plain Node.
  // Development: the benchmark signs in with the demo accounts, which production refuses to hold.
  const child = spawn(process.execPath, [SERVER_ENTRY], { env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn', MAINTENANCE_FIRST_MS: '2000', JWT_SECRET: SECRET, NODE_ENV: 'development' }, stdio: 'ignore' })
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/services`)
      if (res.ok) return { child, readyMs: Math.round(performance.now() - started) }
    } catch {
      /* not up yet */
    }
    if (performance.now() - started > 60_000) throw new Error('the server did not start')
    await new Promise((r) => setTimeout(r, 25))
  }
}

async function token(port: number, email: string, password: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) })
  return ((await res.json()) as { token: string }).token
}

/** CPU time (user + system, ms) a process has used so far: /proc/<pid>/stat fields 14 and 15, in clock ticks (100 per second). */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return 0 // a backend that ended meanwhile
  }
}

/** PostgreSQL's backends serving this database (the server's two pools), to count their CPU too. */
async function backends(url: string | undefined): Promise<number[]> {
  if (!url) return []
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')
    return rows.map((r) => r.pid)
  } finally {
    await client.end()
  }
}

const peakRss = (pid: number) => Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024)

async function drive(port: number, path: string, options: { token: string; method?: 'GET' | 'POST'; body?: unknown }, server: { pid: number; databaseUrl?: string }) {
  const request = {
    url: `http://127.0.0.1:${port}/api${path}`,
    connections: 10,
    method: options.method ?? 'GET',
    headers: { Authorization: `Bearer ${options.token}`, 'Content-Type': 'application/json' },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  } as const
  // Three seconds first: the pools open their connections and the code (PGlite's WASM too) is compiled before anything is counted.
  await autocannon({ ...request, duration: 3 })
  const pgBefore = new Map((await backends(server.databaseUrl)).map((pid) => [pid, cpuMs(pid)]))
  const cpuBefore = cpuMs(server.pid)
  const result = await autocannon({ ...request, duration: SECONDS })
  const errors = result.non2xx + result.errors
  // CPU per answer: the best measure on a shared machine, where req/s depends on what else runs.
  const answers = Math.max(1, result.requests.total)
  const cpu = (cpuMs(server.pid) - cpuBefore) / answers
  // A backend that ended meanwhile (a pool closes idle connections: the other pool's, on a call
  // that does not use it) took its count with it and is left out; one opened meanwhile counts whole.
  const pgAfter = new Set([...pgBefore.keys(), ...(await backends(server.databaseUrl))])
  let pgUsed = 0
  for (const pid of pgAfter) {
    const now = cpuMs(pid)
    if (now > 0) pgUsed += now - (pgBefore.get(pid) ?? 0)
  }
  const pgCpu = pgUsed / answers
  return { path: `${options.method ?? 'GET'} ${path}`, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors, cpu: cpu.toFixed(2), pgCpu: server.databaseUrl ? pgCpu.toFixed(2) : '—' }
}

async function wholeList(port: number, token: string) {
  const ms: number[] = []
  let count = 0
  let bytes = 0
  for (let i = 0; i < 3; i++) {
    const started = performance.now()
    const res = await fetch(`http://127.0.0.1:${port}/api/bookings`, { headers: { Authorization: `Bearer ${token}` } })
    const text = await res.text()
    ms.push(Math.round(performance.now() - started))
    bytes = text.length
    count = (JSON.parse(text) as { bookings: unknown[] }).bookings.length
  }
  return { ms, count, mb: (bytes / 1e6).toFixed(1) }
}

async function bench(name: string, env: Record<string, string>, database: { databaseUrl?: string; dataDir?: string }, port: number) {
  await prepare(database)
  const { child, readyMs } = await start(env, port)
  try {
    const family = await token(port, 'john.mwangi@example.co.ke', 'Password#2026')
    const admin = await token(port, 'admin@funeral.test', 'Admin#2026')
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    const server = { pid: child.pid ?? 0, databaseUrl: database.databaseUrl }
    const calls: Array<[string, Parameters<typeof drive>[2]]> = [
      ['/services', { token: family }],
      ['/bookings/my', { token: await token(port, 'family@funeral.test', 'Family#2026') }],
      ['/bookings?page=1&limit=25', { token: admin }],
      ['/bookings?page=1&limit=25&search=case%2012', { token: admin }],
      ['/deceased', { token: family, method: 'POST', body: { first_name: 'Load', last_name: 'Test', date_of_death: day, place_of_death: 'Nairobi' } }],
    ]
    // BENCH_ONLY=/services,/bookings/my runs only the calls whose path starts with one of these.
    const only = process.env.BENCH_ONLY?.split(',').filter(Boolean)
    const rows = []
    for (const [path, options] of calls) if (!only || only.some((o) => path === o || path.startsWith(`${o}?`))) rows.push(await drive(port, path, options, server))
    // The admin's whole list (no page: 10,000+ bookings, megabytes of JSON) is not a call to load
    // with ten connections: an instance builds one at a time. Three in a row, one after the other.
    const whole = only && !only.includes('/bookings') ? null : await wholeList(port, admin)
    console.log(`\n${name}: ready in ${readyMs} ms on an existing database; peak RSS ${peakRss(child.pid ?? 0)} MB`)
    console.log('| call | req/s | p50 ms | p99 ms | non-2xx/errors | server CPU ms/call | PostgreSQL CPU ms/call |\n|---|---|---|---|---|---|---|')
    for (const r of rows) console.log(`| ${r.path} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.cpu} | ${r.pgCpu} |`)
    if (whole) console.log(`GET /bookings (the whole list, ${whole.count} bookings, ${whole.mb} MB of JSON), one at a time: ${whole.ms.join(', ')} ms`)
  } finally {
    child.kill('SIGTERM')
  }
}

await ensureServerBuild()
const dir = mkdtempSync(join(tmpdir(), 'afh-bench-'))
try {
  await bench('PGlite', { DATA_DIR: dir }, { dataDir: join(dir, 'pglite') }, PORT)
  const url = process.env.BENCH_DATABASE_URL ?? process.env.CONTRACT_DATABASE_URL
  if (url) await bench('PostgreSQL', { DATA_DIR: dir, DATABASE_URL: url }, { databaseUrl: url }, PORT + 1)
  else console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://…)')
} finally {
  rmSync(dir, { recursive: true, force: true })
}
