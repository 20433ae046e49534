/**
 * The server's one entry: reads the configuration once, opens the database (PGlite in DATA_DIR, or
 * PostgreSQL at DATABASE_URL), migrates, seeds a new database, and serves /api (and the built app
 * when `--static <dir>` is given, as `npm run serve` does).
 *
 * Production (NODE_ENV=production) never seeds demo data and refuses to start on a database that
 * holds the demo accounts; it needs PUBLIC_URL, and Daraja's credentials or DARAJA_SIMULATOR=1.
 * A server holding the demo accounts listens on loopback only.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { randomBytes } from 'node:crypto'
import { serve } from '@hono/node-server'
import pino from 'pino'
import { darajaConfigured, isProduction, listenHost, readConfig } from './config'
import { openDatabase } from './db/client'
import { demoAccountsIn, seedIfEmpty } from './seed'
import { createApp, serverOptions } from './app'
import { describeError, loggableError } from './http'
import { ownerOnlyDir } from './storage/disk'
import { openStorage } from './storage/open'
import { darajaSetupFromEnv, simulatorDarajaConfig } from './daraja/config'
import { createDarajaClient, type Daraja } from './daraja/client'
import { newCallbackSecret } from './daraja/callback'
import { startDarajaSimulator, type DarajaSimulator } from './daraja/simulator'
import { startReconciler } from './reconcile'
import { startPgliteMaintenance } from './maintenance'
import { smsSenderFromConfig, startSmsSender } from './sms'
import { mailTransportFor, smtpServerName, startMailSender } from './mail'
import { startRetentionJob } from './retention'
import { startReminderJob } from './reminders'
import { backupDatabase } from './backup'
import { storedSettings } from './repo/settings'
import { lockDataDir, type DataDirLock } from './data-dir-lock'

/** How long a stopping server lets the requests it already took finish before it closes their connections. */
const DRAIN_MS = 10_000

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
  // The database, documents, backups and the token secret live here: owner-only.
  if (!ownerOnlyDir(dataDir)) log.warn('DATA_DIR is open to other users and could not be made owner-only: chmod 700 it')
  const secret = tokenSecret(config.JWT_SECRET, dataDir)
  // The embedded database belongs to one process: a second start on this DATA_DIR refuses (PostgreSQL serves many).
  let dataDirLock: DataDirLock | null = null
  if (!config.DATABASE_URL) {
    dataDirLock = await lockDataDir(dataDir, { onLost: (error) => log.error({ err: loggableError(error) }, 'the lock on DATA_DIR was lost: is another server running on it?') })
  }
  const database = await openDatabase(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL, log: (level, message) => log[level](message) } : { dataDir: join(dataDir, 'pglite') })
  const where = database.kind === 'postgres' ? `PostgreSQL (${new URL(config.DATABASE_URL ?? '').host})` : `embedded PostgreSQL (PGlite) in ${join(dataDir, 'pglite')}`
  const production = isProduction(config)
  const lines: string[] = []
  const warnings: string[] = []
  const seeded = await seedIfEmpty(database.db, production ? 'none' : config.SEED_DEMO ? 'demo' : 'first-admin')
  if (seeded === 'demo') {
    const { DEMO_ACCOUNTS } = await import('../shared/demo-accounts')
    lines.push('New database: seeded with the demo data. Demo accounts:', ...DEMO_ACCOUNTS.map((a) => `  ${a.label.padEnd(18)} ${a.email.padEnd(26)} ${a.password}`))
  } else if (seeded === 'none') {
    lines.push('New database, no account yet. Create the first administrator: npm run admin:create -- --email you@example.com --name "Your Name"')
  } else if (seeded) {
    // Printed once, never logged again: the only copy of this password.
    lines.push('New database, no demo data. One administrator (a one-time password: choose your own at first sign-in):', `  ${seeded.email}  ${seeded.password}`)
  }
  // The demo accounts' passwords are published: never in production, and on loopback only elsewhere.
  let hostname: string
  try {
    hostname = listenHost(config, await demoAccountsIn(database.db))
  } catch (error) {
    await database.close()
    throw error
  }

  // On disk under DATA_DIR, or in the S3-compatible bucket STORAGE_URL names.
  const { storage, description: storageDescription } = await openStorage(config, dataDir)
  if (storageDescription) lines.push(storageDescription)
  // Temporary files a crash left behind (older than an hour: younger ones may be another instance's upload).
  void storage.sweepTemporaryFiles().catch((error: unknown) => log.warn({ err: loggableError(error) }, 'could not sweep temporary upload files'))
  // A bucket that cannot be written is said at once (the health check keeps saying it), without stopping the start.
  if (config.STORAGE_URL) void storage.probe().catch((error: unknown) => log.warn({ err: loggableError(error) }, 'the document bucket cannot be written: check STORAGE_URL and its credentials'))

  // M-Pesa: Safaricom's Daraja with DARAJA_* credentials, else the simulator on loopback (same HTTP calls).
  const darajaSetup = darajaSetupFromEnv(config)
  if (darajaSetup.mode === 'invalid') throw new Error(`M-Pesa configuration: ${darajaSetup.problems.join('; ')}`)
  let daraja: Daraja
  let darajaCallbackSecret: string
  let simulator: DarajaSimulator | null = null
  const darajaLog = (event: string, details: Record<string, unknown>) => log.info(details, event)
  const externalSimulator = config.DARAJA_SIMULATOR_URL
  if (darajaSetup.mode === 'daraja') {
    daraja = createDarajaClient(darajaSetup.config, { log: darajaLog })
    darajaCallbackSecret = darajaSetup.callbackSecret
  } else if (externalSimulator) {
    // A simulator shared by several instances or outliving a restart (tests, demos); the callback secret must then be shared too.
    darajaCallbackSecret = config.DARAJA_SIMULATOR_CALLBACK_SECRET ?? newCallbackSecret()
    daraja = createDarajaClient(simulatorDarajaConfig(externalSimulator, `http://127.0.0.1:${config.PORT}`, darajaCallbackSecret), { log: darajaLog })
  } else {
    // The customer "answers" a few seconds after the push, so a family who closed the dialog is still settled by the callback.
    simulator = await startDarajaSimulator({ answerAfterMs: config.SIMULATOR_ANSWER_MS })
    darajaCallbackSecret = newCallbackSecret()
    const selfOrigin = `http://127.0.0.1:${config.PORT}`
    daraja = createDarajaClient(simulatorDarajaConfig(simulator.url, selfOrigin, darajaCallbackSecret), { log: darajaLog })
  }
  lines.push(`${darajaSetup.description}${simulator ? ` at ${simulator.url} (test numbers: docs/daraja.md)` : externalSimulator && darajaSetup.mode === 'simulator' ? ` at ${externalSimulator}` : ''}`)
  // Production asked for the simulator on purpose (config.ts refuses it otherwise): said on every start, and shown to the admin.
  const paymentsSimulated = production && !darajaConfigured(config)
  if (paymentsSimulated) warnings.push('WARNING: payments are simulated (DARAJA_SIMULATOR=1): no money moves, yet bookings are marked paid. Set the DARAJA_* variables to take real M-Pesa payments.')
  const reconcileFirstMs = config.RECONCILE_FIRST_MS
  // Open pushes are checked by jobs kept in the database: a push made before a restart is finished by this start.
  const reconciler = startReconciler(database.db, log, daraja, { firstCheckMs: reconcileFirstMs, pollMs: config.RECONCILE_POLL_MS })

  // PGlite has no autovacuum: the server does its work (server/maintenance.ts).
  const maintenance = startPgliteMaintenance(database, log, config.MAINTENANCE_FIRST_MS)

  // SMS to families: Africa's Talking when AT_USERNAME and AT_API_KEY are set, else kept in the outbox for the admin.
  const smsSender = await smsSenderFromConfig(config, log)
  const smsJob = startSmsSender(database.db, log, smsSender, config.SMS_POLL_MS)
  // The day before a service, its family and attendant are reminded by SMS (server/reminders.ts).
  const reminderJob = startReminderJob(database.db, log)
  lines.push(
    smsSender.name !== 'outbox'
      ? "SMS: sent through Africa's Talking"
      : production
        ? "SMS: kept in the outbox (Messages sent), not sent: set AT_USERNAME and AT_API_KEY for Africa's Talking"
        : "SMS: kept in the outbox and written to this log (development), not sent: set AT_USERNAME and AT_API_KEY for Africa's Talking",
  )

  // E-mail (password reset): SMTP_URL, else the log in development; in production without it the mails wait, unsent.
  const mailTransport = mailTransportFor(config, log)
  const mailJob = mailTransport ? startMailSender(database.db, log, mailTransport, { publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''), from: config.MAIL_FROM }) : null
  if (config.SMTP_URL) lines.push(`E-mail: sent through ${smtpServerName(config.SMTP_URL)}`)
  else if (mailTransport) lines.push('E-mail: written to this log (development), not sent: set SMTP_URL to send')
  else {
    lines.push('E-mail: NOT sent: SMTP_URL is not set, so password-reset mails wait in the outbox (Messages sent) until it is')
    log.warn('SMTP_URL is not set: e-mails are kept in the outbox, not sent')
  }
  // The Settings' log retention and backup frequency, on their schedule (server/retention.ts).
  const retentionJob = startRetentionJob(database.db, log, async (now) =>
    backupDatabase(database.db, { dataDir, databaseUrl: config.DATABASE_URL, storage, retentionDays: Number((await storedSettings(database.db)).retention.backupRetentionDays), now }),
  )

  const staticIndex = process.argv.indexOf('--static')
  const staticDir = staticIndex > 0 ? process.argv[staticIndex + 1] : undefined
  // The app's own headers (CSP and the rest) apply to the built pages too.
  const api = createApp({ db: database.db, secret, log, dev: !production, paymentsSimulated, publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''), trustProxy: config.TRUST_PROXY, storage, daraja, darajaCallbackSecret, reconcileFirstMs, dataDir, databaseUrl: config.DATABASE_URL, smsProvider: smsSender.name, mailTransport: mailTransport?.name ?? 'none' }, { staticDir })

  const server = serve({ fetch: api.fetch, port: config.PORT, hostname, serverOptions }, (info) => {
    const url = `http://${hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname.includes(':') ? `[${hostname}]` : hostname}:${info.port}`
    console.log([`\n  Funeral home server on ${url}  (database: ${where}; ready in ${Math.round(performance.now() - started)} ms)`, ...lines.map((l) => `  ${l}`), ...warnings.map((w) => `\n  ${w}`), ''].join('\n'))
    for (const warning of warnings) log.warn(warning)
  })
  let stopping = false
  /**
   * SIGTERM (systemd, a deployment) or Ctrl-C: take no new request, let those already taken finish
   * (at most DRAIN_MS), then stop the jobs and close the database, so every answer a family got is
   * a write the database kept.
   */
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    log.info({ signal }, 'stopping: finishing the requests in flight')
    const drained = new Promise<void>((resolve) => server.close(() => resolve()))
    // Kept-alive connections with no request in flight would hold close() open.
    if ('closeIdleConnections' in server) server.closeIdleConnections()
    const late = setTimeout(() => {
      log.warn(`requests still open after ${DRAIN_MS / 1000} s: closing their connections`)
      if ('closeAllConnections' in server) server.closeAllConnections()
    }, DRAIN_MS)
    await drained
    clearTimeout(late)
    // Each part is stopped even when one before it fails, and what failed is said.
    let failed = false
    for (const [part, close] of [
      ['the M-Pesa reconciler', () => reconciler.stop()],
      ['the day-before reminders', () => reminderJob.stop()],
      ['the SMS sender', () => smsJob.stop()],
      ['the mail sender', () => mailJob?.stop()],
      ['the retention job', () => retentionJob.stop()],
      ['the database maintenance', () => maintenance.stop()],
      ['the payment simulator', () => simulator?.close()],
      ['the database', () => database.close()],
      ['the lock on DATA_DIR', () => dataDirLock?.release()],
    ] as const) {
      try {
        await close()
      } catch (error) {
        failed = true
        log.error({ err: loggableError(error) }, `stopping ${part} failed`)
      }
    }
    log.info('stopped')
    process.exit(failed ? 1 : 0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

main().catch((error: unknown) => {
  // A failed query's own message lists its parameters (password hashes, e-mails): print the cause only.
  console.error(`The server could not start: ${describeError(error)}`)
  process.exit(1)
})
