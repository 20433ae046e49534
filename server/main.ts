/**
 * The server's one entry: reads the configuration once, opens the database (PGlite in DATA_DIR, or
 * PostgreSQL at DATABASE_URL), migrates, seeds a new database, and serves /api (and the built app
 * when `--static <dir>` is given, as `npm run serve` does).
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { randomBytes } from 'node:crypto'
import { serve } from '@hono/node-server'
import pino from 'pino'
import { readConfig } from './config'
import { openDatabase } from './db/client'
import { seedIfEmpty } from './db/seed'
import { createApp } from './app'
import { describeError } from './http'
import { createDiskStorage } from './storage/disk'
import { darajaSetupFromEnv, simulatorDarajaConfig } from './daraja/config'
import { createDarajaClient, type Daraja } from './daraja/client'
import { newCallbackSecret } from './daraja/callback'
import { startDarajaSimulator, type DarajaSimulator } from './daraja/simulator'
import { startReconciler } from './reconcile'
import { startPgliteMaintenance } from './db/maintenance'
import { smsSenderFromEnv, startSmsSender } from './sms'
import { startRetentionJob } from './retention'
import { backupDatabase } from './backup'
import { storedSettings } from './repo/settings'

/** JWT_SECRET, or a secret made once and kept (mode 0600) in DATA_DIR so tokens survive a restart. */
function tokenSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured)
  const file = join(dataDir, 'jwt-secret')
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 })
  chmodSync(file, 0o600)
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim())
}

async function main(): Promise<void> {
  const started = performance.now()
  const config = readConfig()
  const log = pino({ level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'password', 'token', '*.password', '*.token'] })
  const dataDir = resolve(config.DATA_DIR)
  mkdirSync(dataDir, { recursive: true })
  const secret = tokenSecret(config.JWT_SECRET, dataDir)
  const database = await openDatabase(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL, log: (level, message) => log[level](message) } : { dataDir: join(dataDir, 'pglite') })
  const where = database.kind === 'postgres' ? `PostgreSQL (${new URL(config.DATABASE_URL ?? '').host})` : `embedded PostgreSQL (PGlite) in ${join(dataDir, 'pglite')}`
  const lines: string[] = []
  const seeded = await seedIfEmpty(database.db, config.SEED_DEMO)
  if (seeded === 'demo') {
    const { DEMO_ACCOUNTS } = await import('../mocks/demo-accounts')
    lines.push('New database: seeded with the demo data. Demo accounts:', ...DEMO_ACCOUNTS.map((a) => `  ${a.label.padEnd(18)} ${a.email.padEnd(26)} ${a.password}`))
  } else if (seeded) {
    // Printed once, never logged again: the only copy of this password.
    lines.push('New database, no demo data. One administrator (change this password after signing in):', `  ${seeded.email}  ${seeded.password}`)
  }

  const storage = await createDiskStorage({ dataDir })
  // Temporary files a crash left behind (older than an hour: younger ones may be another instance's upload).
  void storage.sweepTemporaryFiles().catch((error: unknown) => log.warn({ err: error }, 'could not sweep temporary upload files'))

  // M-Pesa: Safaricom's Daraja with DARAJA_* credentials, else the simulator on loopback (same HTTP calls).
  const darajaSetup = darajaSetupFromEnv(process.env)
  if (darajaSetup.mode === 'invalid') throw new Error(`M-Pesa configuration: ${darajaSetup.problems.join('; ')}`)
  let daraja: Daraja
  let darajaCallbackSecret: string
  let simulator: DarajaSimulator | null = null
  const darajaLog = (event: string, details: Record<string, unknown>) => log.info(details, event)
  const externalSimulator = process.env.DARAJA_SIMULATOR_URL
  if (darajaSetup.mode === 'daraja') {
    daraja = createDarajaClient(darajaSetup.config, { log: darajaLog })
    darajaCallbackSecret = darajaSetup.callbackSecret
  } else if (externalSimulator) {
    // A simulator shared by several instances or outliving a restart (tests, demos); the callback secret must then be shared too.
    darajaCallbackSecret = process.env.DARAJA_SIMULATOR_CALLBACK_SECRET ?? newCallbackSecret()
    daraja = createDarajaClient(simulatorDarajaConfig(externalSimulator, `http://127.0.0.1:${config.PORT}`, darajaCallbackSecret), { log: darajaLog })
  } else {
    // The customer "answers" a few seconds after the push, so a family who closed the dialog is still settled by the callback.
    simulator = await startDarajaSimulator({ answerAfterMs: Number(process.env.SIMULATOR_ANSWER_MS ?? 6000) })
    darajaCallbackSecret = newCallbackSecret()
    const selfOrigin = `http://127.0.0.1:${config.PORT}`
    daraja = createDarajaClient(simulatorDarajaConfig(simulator.url, selfOrigin, darajaCallbackSecret), { log: darajaLog })
  }
  lines.push(`${darajaSetup.description}${simulator ? ` at ${simulator.url} (test numbers: docs/daraja.md)` : externalSimulator && darajaSetup.mode === 'simulator' ? ` at ${externalSimulator}` : ''}`)
  const reconcileFirstMs = Number(process.env.RECONCILE_FIRST_MS ?? 60_000)
  // Open pushes are checked by jobs kept in the database: a push made before a restart is finished by this start.
  const reconciler = startReconciler(database.db, log, daraja, { firstCheckMs: reconcileFirstMs, pollMs: Number(process.env.RECONCILE_POLL_MS ?? 5_000) })

  // PGlite has no autovacuum: the server does its work (db/maintenance.ts).
  const maintenance = startPgliteMaintenance(database, log, config.MAINTENANCE_FIRST_MS)

  // SMS to families: Africa's Talking when AT_USERNAME and AT_API_KEY are set, else kept in the outbox for the admin.
  const smsSender = await smsSenderFromEnv(process.env)
  const smsJob = startSmsSender(database.db, log, smsSender, Number(process.env.SMS_POLL_MS ?? 15_000))
  lines.push(smsSender.name === 'outbox' ? "SMS: kept in the outbox (Messages sent), not sent: set AT_USERNAME and AT_API_KEY for Africa's Talking" : "SMS: sent through Africa's Talking")

  // The Settings' log retention and backup frequency, on their schedule (server/retention.ts).
  const retentionJob = startRetentionJob(database.db, log, async (now) =>
    backupDatabase(database.db, { dataDir, databaseUrl: config.DATABASE_URL, retentionDays: Number((await storedSettings(database.db)).retention.backupRetentionDays), now }),
  )

  const staticIndex = process.argv.indexOf('--static')
  const staticDir = staticIndex > 0 ? process.argv[staticIndex + 1] : undefined
  // The app's own headers (CSP and the rest) apply to the built pages too.
  const api = createApp({ db: database.db, secret, log, dev: config.NODE_ENV !== 'production', publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''), trustProxy: config.TRUST_PROXY, storage, daraja, darajaCallbackSecret, reconcileFirstMs, dataDir, databaseUrl: config.DATABASE_URL, smsProvider: smsSender.name }, { staticDir })

  const server = serve({ fetch: api.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    const url = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${info.port}`
    console.log([`\n  Funeral home server on ${url}  (database: ${where}; ready in ${Math.round(performance.now() - started)} ms)`, ...lines.map((l) => `  ${l}`), ''].join('\n'))
  })
  const stop = async () => {
    server.close()
    await reconciler.stop()
    await smsJob.stop()
    await retentionJob.stop()
    await maintenance.stop()
    await simulator?.close()
    await database.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop())
  process.on('SIGTERM', () => void stop())
}

main().catch((error: unknown) => {
  // A failed query's own message lists its parameters (password hashes, e-mails): print the cause only.
  console.error(`The server could not start: ${describeError(error)}`)
  process.exit(1)
})
