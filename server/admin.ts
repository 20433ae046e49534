/**
 * The administrator's commands, on the database the server uses (PGlite in DATA_DIR, or PostgreSQL
 * at DATABASE_URL, as configured for the server):
 *
 *   npm run admin:create -- --email you@example.com --name "Your Name"
 *     An administrator with a one-time password, printed here once and never logged: they choose
 *     their own at first sign-in. This is how a production database gets its first account.
 *   npm run demo:remove -- --yes
 *     Empties a database that holds the demo data (every table: the demo's accounts, bookings and
 *     payments), so it can go into production. Without --yes it only says what it would remove.
 *
 * With PGlite, run them while the server is stopped (one process at a time opens the folder): they
 * take the same lock on DATA_DIR as the server, and refuse while it runs.
 */
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { z } from 'zod/mini'
import { parseConfig } from './config'
import { openDatabase, type Db } from './db/client'
import { demoAccountsIn, insertFirstAdmin } from './seed'
import { findUserByEmail } from './repo/users'
import { describeError } from './http'
import { lockDataDir } from './data-dir-lock'

const USAGE = `Usage:
  npm run admin:create -- --email you@example.com --name "Your Name"
  npm run demo:remove -- --yes`

const Email = z.string().check(z.trim(), z.regex(z.regexes.email, 'not a valid e-mail address'), z.maxLength(254, 'longer than 254 characters'))
const Name = z.string().check(z.trim(), z.minLength(1, 'empty'), z.maxLength(100, 'longer than 100 characters'))

class UsageError extends Error {}

async function withDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const config = parseConfig()
  let database
  let lock: { release(): Promise<void> } | null = null
  if (config.DATABASE_URL) database = await openDatabase({ databaseUrl: config.DATABASE_URL })
  else {
    const dataDir = resolve(config.DATA_DIR)
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    // A running server holds the embedded database: refuse at once rather than write beside it.
    lock = await lockDataDir(dataDir, { waitForStaleMs: 0 })
    database = await openDatabase({ dataDir: join(dataDir, 'pglite') })
  }
  try {
    return await work(database.db)
  } finally {
    await database.close()
    await lock?.release()
  }
}

async function createAdmin(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { email: { type: 'string' }, name: { type: 'string' } }, strict: true })
  const email = z.safeParse(Email, values.email ?? '')
  const name = z.safeParse(Name, values.name ?? '')
  if (!values.email || !email.success) throw new UsageError(`--email: ${values.email ? email.error?.issues[0]?.message : 'required'}`)
  if (!values.name || !name.success) throw new UsageError(`--name: ${values.name ? name.error?.issues[0]?.message : 'required'}`)
  const publicUrl = parseConfig().PUBLIC_URL?.replace(/\/$/, '')
  const made = await withDatabase(async (db) => {
    if (await findUserByEmail(db, email.data)) throw new UsageError('An account with this email already exists')
    return insertFirstAdmin(db, email.data, name.data)
  })
  // The only copy of this password: printed to the terminal, never to a log.
  process.stdout.write(
    [
      '',
      `  Administrator created: ${made.email}`,
      `  One-time password:     ${made.password}`,
      '',
      `  Sign in${publicUrl ? ` at ${publicUrl}/login` : ''} with it: the app then asks for a password of your own.`,
      '  This password is not shown again.',
      '',
    ].join('\n'),
  )
}

async function removeDemo(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { yes: { type: 'boolean' } }, strict: true })
  await withDatabase(async (db) => {
    const demo = await demoAccountsIn(db)
    if (demo.length === 0) {
      console.log('This database holds no demo account: nothing to remove.')
      return
    }
    const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
    // Every table, those of later migrations too: nothing of the demo may stay behind.
    const tables = rowsOf<{ tablename: string }>(await db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)).map((r) => r.tablename)
    const [users] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM users`))
    if (!values.yes) {
      console.log(
        `This database holds the demo accounts (${demo.join(', ')}) among ${users?.n ?? 0} accounts.\n` +
          `npm run demo:remove -- --yes empties it: every record of its ${tables.length} tables (accounts, bookings, payments, documents' records, settings) is deleted.\n` +
          'Back it up first if anything in it is real.',
      )
      process.exitCode = 1
      return
    }
    await db.execute(sql.raw(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`))
    console.log(`Removed: the database is empty (${tables.length} tables). Create the first administrator with npm run admin:create -- --email you@example.com --name "Your Name".`)
  })
}

const [command, ...rest] = process.argv.slice(2)
const run = command === 'create' ? createAdmin : command === 'remove-demo' ? removeDemo : null
if (!run) {
  console.error(USAGE)
  process.exit(2)
}
run(rest).catch((error: unknown) => {
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) console.error(`${(error as Error).message}\n${USAGE}`)
  // A failed query's own message lists its parameters: print the cause only.
  else console.error(`The command failed: ${describeError(error)}`)
  process.exit(1)
})
