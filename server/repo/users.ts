/** Users: accounts, their token version, and the admin's list. */
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { ApiError } from '../../shared/errors'
import { isEmbedded, preparedOn } from '../db/prepared'
import { activities, bookings, signInDelays, users } from '../db/schema'
import type { UserRow } from '../types'
import type { WireRole } from '../../shared/contracts/roles'

const userById = (db: Db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('user_by_id')

/** Read on every signed-in call (the token's account): a prepared statement. */
export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await (preparedOn(db, 'user_by_id', userById) ?? userById(db)).execute({ id })
  return row
}

/**
 * The accounts behind tokens, kept for a moment instead of read on every signed-in call:
 * - on PGlite, where this process is the only writer (PGlite owns its folder) and every write to
 *   users goes through this file, which forgets the account first;
 * - on PostgreSQL while this instance hears the database's notices of changed accounts
 *   (db/account-notices.ts: a trigger announces every change, from any instance, on commit).
 * So a logout, password change or role change still ends a token at once (on another instance, as
 * soon as its notice arrives: milliseconds). Without notices every call reads the account.
 * The lifetime only bounds what a missed notice could leave behind.
 */
const ACCOUNT_TTL_MS = 2_000
// One entry per open database in this process (one in production).
const accounts = new Map<Db, Map<number, { user: UserRow; at: number }>>()
/** PostgreSQL databases whose account notices this process hears right now. */
const hearing = new WeakSet<Db>()

/** Whether `db`'s account notices are heard (db/client.ts): kept accounts are trusted only then. */
export function hearAccountNotices(db: Db, on: boolean): void {
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

/** A database closed: what was kept for it goes (a process that opens many, as the tests do, keeps none of them). */
export function forgetDatabase(db: Db): void {
  accounts.delete(db)
}

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

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
  return row
}

export interface NewUser {
  name: string
  email: string
  role: WireRole
  phone: string | null
  address: string | null
  passwordHash: string
}

/** The words routes/auth.ts answers a taken e-mail with (the only unique key of users). */
const MSG_EMAIL_TAKEN = 'An account with this email already exists'

/** PostgreSQL's unique_violation (23505), as the driver reports it or drizzle wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error
  for (let depth = 0; depth < 4 && typeof e === 'object' && e !== null; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}

/**
 * Inserts the account. Two registrations of one e-mail at the same moment both pass the route's
 * look-up; the unique index lets one in and the other is answered 409 like any taken e-mail.
 */
export async function createUser(db: Db, input: NewUser): Promise<UserRow> {
  let row: UserRow | undefined
  try {
    ;[row] = await db
      .insert(users)
      // The application's clock, not the database's: the password's age is compared with it at sign-in.
      .values({ passwordChangedAt: new Date(), ...input, email: input.email.trim().toLowerCase() })
      .returning()
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, MSG_EMAIL_TAKEN)
    throw error
  }
  if (!row) throw new Error('insert returned nothing')
  return row
}

export async function updateUser(db: Db, id: number, change: Partial<Omit<UserRow, 'id' | 'createdAt'>>, bumpTokenVersion = false): Promise<UserRow | undefined> {
  forgetAccount(id)
  const [row] = await db
    .update(users)
    .set({ ...change, ...(bumpTokenVersion ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}) })
    .where(eq(users.id, id))
    .returning()
    .catch((error: unknown) => {
      // Another account took the e-mail between the route's look-up and this update.
      if (isUniqueViolation(error)) throw new ApiError(409, MSG_EMAIL_TAKEN)
      throw error
    })
  // Again once written: a signed-in call between the two reads may have kept the old row.
  forgetAccount(id)
  return row
}

/** Deletes the account; bookings assigned to it (an attendant) become unassigned. */
export async function deleteUser(db: Db, id: number): Promise<void> {
  forgetAccount(id)
  await db.transaction(async (tx) => {
    await tx.update(bookings).set({ attendantId: null }).where(eq(bookings.attendantId, id))
    await tx.delete(users).where(eq(users.id, id))
  })
  forgetAccount(id)
}

/** `text` as a LIKE pattern matching itself anywhere: %, _ and the escape character are literal. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

export async function listUsers(db: Db, page: number, limit: number, role: WireRole | null, search = ''): Promise<{ rows: UserRow[]; total: number }> {
  // The search runs before paging (a user is found whatever page they would be on), as a parameter.
  const needle = search.trim()
  const pattern = containsPattern(needle)
  const matches = needle ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(sql`coalesce(${users.phone}, '')`, pattern)) : undefined
  const where = and(role ? eq(users.role, role) : undefined, matches)
  const [totalRow] = await db.select({ n: count() }).from(users).where(where)
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.id))
    .limit(limit)
    .offset((page - 1) * limit)
  return { rows, total: totalRow?.n ?? 0 }
}

export function toWireUser(u: UserRow) {
  return { id: u.id, name: u.name, email: u.email, role: u.role, phone: u.phone, address: u.address, created_at: u.createdAt.toISOString(), sms_notifications: u.smsNotifications, language: u.language ?? null, ...(u.mustChangePassword ? { must_change_password: true } : {}) }
}

export async function logActivity(db: Db, type: 'booking' | 'payment' | 'document' | 'user', message: string, userId: number | null): Promise<void> {
  await db.insert(activities).values({ type, message, userId })
}

// ---- failed sign-ins ----
/** Forgets an account's failed sign-ins (a password reset): its next try waits for nothing. */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(signInDelays).where(eq(signInDelays.key, key))
}
