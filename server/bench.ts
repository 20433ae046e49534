/**
 * `npm run bench:api` (a benchmark, not a test): the server on PGlite, and on PostgreSQL when
 * BENCH_DATABASE_URL (or CONTRACT_DATABASE_URL) is set, with the demo seed plus 10,000 bookings.
 * For each: the time from start to the first answer on an existing database, then autocannon
 * (10 connections, 10 s) on GET /services, GET /bookings/my, GET /bookings (admin: one page of
 * 25 as the screen asks, the same with a search, and the whole list) and POST /deceased: req/s,
 * p50, p99, and the server's peak RSS. BENCH_PORT (default 3991) and the next port are used.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import autocannon from 'autocannon'
import { openDatabase } from './db/client'
import { seedIfEmpty, truncateAll } from './db/seed'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const EXTRA_BOOKINGS = 10_000
const SECRET = 'bench-secret-bench-secret-bench-secret-0123'
/** Two ports in a row (PGlite, PostgreSQL); BENCH_PORT moves them off ports another run uses. */
const PORT = Number(process.env.BENCH_PORT ?? 3991)

async function prepare(database: { databaseUrl?: string; dataDir?: string }): Promise<void> {
  const { db, close } = await openDatabase(database)
  if (database.databaseUrl) await truncateAll(db)
  await seedIfEmpty(db, true)
  // 10,000 more bookings of one family (john.mwangi, id 8), each with a deceased record and a line.
  await db.execute(sql`INSERT INTO deceased (client_id, first_name, last_name, date_of_death, place_of_death)
    SELECT 8, 'Bench', 'Case ' || g, current_date - 1, 'Nairobi' FROM generate_series(1, ${EXTRA_BOOKINGS}) g`)
  await db.execute(sql`INSERT INTO bookings (client_id, deceased_id, status, payment_status, total_amount, created_at)
    SELECT 8, d.id, 'pending', 'pending', 5000, now() - (d.id % 365) * interval '1 day' FROM deceased d WHERE d.first_name = 'Bench'`)
  await db.execute(sql`INSERT INTO booking_lines (booking_id, service_id, service_name, quantity, price_at_booking, scheduled_date)
    SELECT b.id, 1, 'Basic Funeral', 1, 5000, to_char(current_date + 5, 'YYYY-MM-DD') || 'T10:00:00'
    FROM bookings b JOIN deceased d ON d.id = b.deceased_id WHERE d.first_name = 'Bench'`)
  await close()
}

async function start(env: Record<string, string>, port: number): Promise<{ child: ChildProcess; readyMs: number }> {
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn', JWT_SECRET: SECRET, NODE_ENV: 'production' }, stdio: 'ignore' })
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

const peakRss = (pid: number) => Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024)

async function drive(port: number, path: string, options: { token: string; method?: 'GET' | 'POST'; body?: unknown }) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api${path}`,
    connections: 10,
    duration: SECONDS,
    method: options.method ?? 'GET',
    headers: { Authorization: `Bearer ${options.token}`, 'Content-Type': 'application/json' },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  const errors = result.non2xx + result.errors
  return { path: `${options.method ?? 'GET'} ${path}`, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors }
}

async function bench(name: string, env: Record<string, string>, database: { databaseUrl?: string; dataDir?: string }, port: number) {
  await prepare(database)
  const { child, readyMs } = await start(env, port)
  try {
    const family = await token(port, 'john.mwangi@example.co.ke', 'Password#2026')
    const admin = await token(port, 'admin@funeral.test', 'Admin#2026')
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    const rows = [
      await drive(port, '/services', { token: family }),
      await drive(port, '/bookings/my', { token: await token(port, 'family@funeral.test', 'Family#2026') }),
      await drive(port, '/bookings?page=1&limit=25', { token: admin }),
      await drive(port, '/bookings?page=1&limit=25&search=case%2012', { token: admin }),
      await drive(port, '/deceased', { token: family, method: 'POST', body: { first_name: 'Load', last_name: 'Test', date_of_death: day, place_of_death: 'Nairobi' } }),
      // Last: its slow answers (the whole list) would still be running when the next call starts.
      await drive(port, '/bookings', { token: admin }),
    ]
    console.log(`\n${name}: ready in ${readyMs} ms on an existing database; peak RSS ${peakRss(child.pid ?? 0)} MB`)
    console.log('| call | req/s | p50 ms | p99 ms | non-2xx/errors |\n|---|---|---|---|---|')
    for (const r of rows) console.log(`| ${r.path} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`)
  } finally {
    child.kill('SIGTERM')
  }
}

const dir = mkdtempSync(join(tmpdir(), 'afh-bench-'))
try {
  await bench('PGlite', { DATA_DIR: dir }, { dataDir: join(dir, 'pglite') }, PORT)
  const url = process.env.BENCH_DATABASE_URL ?? process.env.CONTRACT_DATABASE_URL
  if (url) await bench('PostgreSQL', { DATA_DIR: dir, DATABASE_URL: url }, { databaseUrl: url }, PORT + 1)
  else console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://…)')
} finally {
  rmSync(dir, { recursive: true, force: true })
}
