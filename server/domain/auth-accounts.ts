/**
 * The accounts behind tokens, kept for a moment instead of read on every signed-in call:
 * - on PGlite, where this process is the only writer (PGlite owns its folder) and every write to
 *   users goes through repo/users.ts, which announces it (db/changes.ts) so it is forgotten first;
 * - on PostgreSQL while this instance hears the database's notices of changed accounts
 *   (./auth-notices.ts: a trigger announces every change, from any instance, on commit).
 * So a logout, password change or role change still ends a token at once (on another instance, as
 * soon as its notice arrives: milliseconds). Without notices every call reads the account.
 * The lifetime only bounds what a missed notice could leave behind.
 */
import type { Db } from '../db/client'
import { onChange, watchPostgres } from '../db/changes'
import { isEmbedded } from '../db/prepared'
import { findUserById } from '../repo/users'
import type { UserRow } from '../types'
import { ACCOUNT_CHANNEL, listenForAccountChanges } from './auth-notices'

const ACCOUNT_TTL_MS = 2_000
// One entry per open database in this process (one in production).
const accounts = new Map<Db, Map<number, { user: UserRow; at: number }>>()
/** PostgreSQL databases whose account notices this process hears right now. */
const hearing = new WeakSet<Db>()
/** Counts the writes to users, so that a read they overtook is not kept. */
let writes = 0

/** Forgets an account, or every one (any database: a transaction's writes reach the same one). */
export function forgetAccount(id: number | null = null): void {
  writes += 1
  for (const known of accounts.values()) {
    if (id === null) known.clear()
    else known.delete(id)
  }
}

/** Whether `db`'s account notices are heard: kept accounts are trusted only then. */
function hearAccountNotices(db: Db, on: boolean): void {
  if (on) hearing.add(db)
  else hearing.delete(db)
  forgetAccount()
}

/** Whether accounts of `db` may be kept now: PGlite, or PostgreSQL while its notices are heard. */
const mayKeep = (db: Db) => isEmbedded(db) || hearing.has(db)

export async function accountOf(db: Db, id: number): Promise<UserRow | undefined> {
  if (!mayKeep(db)) return findUserById(db, id)
  let known = accounts.get(db)
  if (!known) accounts.set(db, (known = new Map()))
  const hit = known.get(id)
  if (hit && Date.now() - hit.at < ACCOUNT_TTL_MS) return hit.user
  const before = writes
  const user = await findUserById(db, id)
  // A write (or a notice) while this read was under way: what it read may be the old row, so it is not kept.
  if (user && writes === before && mayKeep(db)) known.set(id, { user, at: Date.now() })
  return user
}

// Written accounts are forgotten; a closed database's go (a process that opens many, as the tests do, keeps none of them).
onChange((change) => {
  if (change.kind === 'account') forgetAccount(change.id)
  else if (change.kind === 'closed') accounts.delete(change.db)
})

// Every PostgreSQL database opened: its notices of changed accounts are heard, so the token check
// need not read the account on every call.
watchPostgres(({ db, Client, connectionString, query, log, retryMs }) =>
  listenForAccountChanges(Client, connectionString, {
    changed: (id) => forgetAccount(id),
    hearing: (on) => hearAccountNotices(db, on),
    send: async (payload) => void (await query('SELECT pg_notify($1, $2)', [ACCOUNT_CHANNEL, payload])),
    announced: async () => ((await query("SELECT 1 FROM pg_trigger WHERE tgname = 'users_account_changed' AND tgenabled <> 'D'")).rowCount ?? 0) > 0,
    log,
    retryMs,
  }),
)
