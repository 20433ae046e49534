/** Users: accounts, their token version, and the admin's list. */
import { and, asc, count, eq, gt, ilike, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../db/types'
import { ApiError } from '../../shared/errors'
import { preparedOn } from '../db/prepared'
import { announce } from '../db/changes'
import { activities, bookings, passwordResets, users } from '../db/schema'
import type { UserRow } from '../types'
import type { WireRole } from '../../shared/contracts/roles'
// A taken e-mail (the only unique key of users) is answered as the domain's own look-up answers it.
import { MSG_EMAIL_TAKEN } from '../../shared/contracts/auth-rules'

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

/** Tells those who keep accounts (the token check) that one changed: before the write and again once written. */
const forgetAccount = (id: number) => announce({ kind: 'account', id })

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

// ---- password resets ----
/**
 * Uses a reset link (by its token's hash) to set the password: single use, so this and every other
 * outstanding link of the account stop working, in one transaction with the new password. The
 * account's e-mail, or null when the link is unknown, used or expired.
 */
export async function resetPasswordWith(db: Db, tokenHash: string, passwordHash: string, now = new Date()): Promise<string | null> {
  const [reset] = await db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
  if (!reset) return null
  const updated = await db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id })
    if (!used.some((r) => r.id === reset.id)) return undefined
    return updateUser(tx as never, reset.userId, { passwordHash, mustChangePassword: false, passwordChangedAt: now }, true)
  })
  return updated?.email ?? null
}
