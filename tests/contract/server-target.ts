/**
 * The real server in-process for the contract suite: the Hono app over a PGlite of its own. One
 * PGlite per worker, migrated and seeded once, serves every file that worker runs (a new PGlite
 * costs about 2 CPU seconds to load even from a dumped template; putting the seed back costs a
 * tenth of that): each file gets a new app, secret, storage and Daraja simulator over it, and the
 * seed back when it starts; each test gets the seed back when the one before wrote anything. On
 * both databases that is from a copy the database keeps (server/seed.ts's keepSeedCopy: a few
 * statements the database runs itself instead of building the demo's inserts again); on PGlite the
 * rows are deleted rather than truncated (restoreSeedCopy says why): a reset went from about 160 ms
 * to 40, and the contract suite's PGlite run from 79 to 57 CPU seconds.
 * With CONTRACT_DATABASE_URL the same runs on a real PostgreSQL instead (one database, reset per test).
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStorage } from '../../server/storage/open'
import { parseConfig } from '../../server/config'
import { startDarajaSimulator } from '../../server/daraja/simulator'
import { createDarajaClient, type Daraja } from '../../server/daraja/client'
import { newCallbackSecret } from '../../server/daraja/callback'
import { simulatorDarajaConfig } from '../../server/daraja/config'
import { desc, eq, sql } from 'drizzle-orm'
import pino from 'pino'
import { createApp } from '../../server/app'
import { openDatabase } from '../../server/db/client'
import type { Database } from '../../server/db/client'
import { documents, mpesaRequests, services, smsOutbox } from '../../server/db/schema'
import { sendDueMail, type OutgoingMail } from '../../server/mail'
import { dropSeedCopy, insertDemo, keepSeedCopy, restoreSeedCopy, truncateAll } from '../../server/seed'
import { signToken } from '../../server/auth'
import { findUserByEmail, updateUser } from '../../server/repo/users'
import { emptyDatabaseDump } from '../server/pglite-template.mjs'

/** This worker's PGlite, seeded; never closed (it lives in memory and ends with the worker). */
let sharedPglite: Database | null = null
/** Hands the shared PGlite out one file at a time, in order (a reset never overlaps another). */
let handedOut: Promise<unknown> = Promise.resolve()

/** The shared PGlite, opened and seeded the first time, and given the seed back every later time (the file before may have written to it, through the app or straight into a table). */
function takeSharedPglite(): Promise<Database> {
  const next = handedOut.then(async () => {
    if (sharedPglite) {
      await restoreSeedCopy(sharedPglite.db, 'delete')
    } else {
      sharedPglite = await openDatabase({ loadDataDir: emptyDatabaseDump() })
      await insertDemo(sharedPglite.db)
      await keepSeedCopy(sharedPglite.db)
    }
    return sharedPglite
  })
  handedOut = next.catch(() => undefined)
  return next
}

/**
 * Opens and seeds this worker's PGlite ahead of the first file (tests/contract/server-setup.ts),
 * outside any hook's time limit: on a busy shared machine its 15 CPU seconds can take minutes.
 */
export async function warmSharedPglite(): Promise<void> {
  if (!sharedPglite) await takeSharedPglite()
}

export async function startServerTarget(options: { wrapDaraja?: (daraja: Daraja, db: Database['db']) => Daraja; staticDir?: string } = {}) {
  const url = process.env.CONTRACT_DATABASE_URL
  let database: Database
  if (url) {
    database = await openDatabase({ databaseUrl: url })
    await truncateAll(database.db)
    await insertDemo(database.db)
    await keepSeedCopy(database.db)
    const closeDatabase = database.close
    database = { ...database, close: async () => (await dropSeedCopy(database.db), await closeDatabase()) }
  } else {
    const shared = await takeSharedPglite()
    // Closing a file's server leaves the shared PGlite open for the next file.
    database = { ...shared, close: async () => undefined }
  }
  const { db } = database
  const secret = randomBytes(32)
  // A DATA_DIR of its own: documents and backups write real files there.
  const dataDir = await mkdtemp(join(tmpdir(), 'contract-'))
  // On disk, or with STORAGE_URL (and AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY) in the bucket it names, as the server would.
  const { storage } = await openStorage(parseConfig({ STORAGE_URL: process.env.STORAGE_URL, AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY }), dataDir)
  // Daraja is the simulator over HTTP; its callbacks come into this in-process app as Daraja's would.
  let appFetch: (request: Request) => Response | Promise<Response> = () => new Response(null, { status: 503 })
  const simulator = await startDarajaSimulator({ fetch: (input, init) => Promise.resolve(appFetch(new Request(input, init))) })
  const callbackSecret = newCallbackSecret()
  const client = createDarajaClient(simulatorDarajaConfig(simulator.url, 'http://localhost:3000', callbackSecret))
  const daraja = options.wrapDaraja ? options.wrapDaraja(client, db) : client
  // Silent unless a test listens (serverLog in target.ts): then every line the server writes is kept.
  const logLines: string[] = []
  const log = pino({ level: 'silent' }, { write: (line: string) => void logLines.push(line) })
  const app = createApp({ db, secret, log, dev: true, trustProxy: 0, darajaQueryEveryMs: 0, storage, daraja, darajaCallbackSecret: callbackSecret, dataDir, databaseUrl: url, mailTransport: 'smtp' }, { staticDir: options.staticDir })
  appFetch = (request) => app.fetch(request)
  let dirty = false
  const mailbox: OutgoingMail[] = []
  return {
    dataDir,
    fetch: async (request: Request) => {
      dirty = true
      return app.fetch(request)
    },
    async reset() {
      // Callbacks still on their way belong to the previous test.
      await simulator.idle()
      if (!dirty) return
      await restoreSeedCopy(db, url ? 'truncate' : 'delete')
      mailbox.length = 0
      dirty = false
    },
    fixtures: {
      async addDocument(doc: { booking_id: number; uploaded_by: number; document_type: string; status: 'pending' | 'approved' | 'rejected'; name?: string; size?: number }) {
        dirty = true
        const [row] = await db
          .insert(documents)
          .values({ bookingId: doc.booking_id, uploadedBy: doc.uploaded_by, name: doc.name ?? 'x.pdf', documentType: doc.document_type, description: null, filePath: '/x', mimeType: 'application/pdf', size: doc.size ?? 10, status: doc.status })
          .returning({ id: documents.id })
        return row?.id ?? 0
      },
      async setDocumentStatus(id: number, status: 'pending' | 'approved' | 'rejected') {
        await db.update(documents).set({ status }).where(eq(documents.id, id))
      },
      async setPricingKey(id: number, key: string) {
        await db.update(services).set({ pricingKey: key }).where(eq(services.id, id))
      },
      async agePush(checkoutRequestId: string, ms: number) {
        dirty = true
        await db
          .update(mpesaRequests)
          .set({ createdAt: sql`${mpesaRequests.createdAt} - ${`${ms} milliseconds`}::interval` })
          .where(eq(mpesaRequests.checkoutRequestId, checkoutRequestId))
      },
      async agePassword(email: string, ms: number) {
        dirty = true
        const user = await findUserByEmail(db, email)
        // Through the repository: the account remembered for tokens is forgotten with the change.
        if (user) await updateUser(db, user.id, { passwordChangedAt: new Date(Date.now() - ms) })
      },
      async lastSms(kind: string) {
        const [row] = await db.select({ body: smsOutbox.body, to_phone: smsOutbox.toPhone }).from(smsOutbox).where(eq(smsOutbox.kind, kind)).orderBy(desc(smsOutbox.id)).limit(1)
        return row ?? null
      },
    },
    /** Runs the mail job once (as the server's would) into a mailbox kept here, and reads the newest reset link sent to `email`. */
    async lastResetToken(email: string) {
      await sendDueMail(db, log, { name: 'smtp', send: async (mail) => void mailbox.push(mail) }, { publicUrl: 'http://localhost:3000' })
      const mail = mailbox.findLast((m) => m.to.toLowerCase() === email.toLowerCase())
      const match = mail ? /token=([\w-]+)/.exec(mail.text) : null
      return match?.[1] ?? null
    },
    async signAt(email: string, issuedAt: number) {
      const user = await findUserByEmail(db, email)
      if (!user) throw new Error(`no user ${email}`)
      return signToken(secret, user, issuedAt * 1000)
    },
    async storedFiles() {
      if ('dir' in storage) return readdir(storage.dir)
      const keys: string[] = []
      for await (const { key } of storage.list()) keys.push(key)
      return [...keys.sort(), ...(await readdir(join(dataDir, 'uploads')))]
    },
    simulator,
    /** The database itself, for server tests that look at what was stored. */
    db,
    /** The secret in Daraja's callback path (tests post callbacks by hand, and look for it in the log). */
    callbackSecret,
    /** Keeps every log line (all levels) from now until the returned function is called, which gives them. */
    listenToLog() {
      logLines.length = 0
      log.level = 'trace'
      return () => {
        log.level = 'silent'
        return logLines.splice(0)
      }
    },
    async close() {
      await simulator.idle()
      await simulator.close()
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
