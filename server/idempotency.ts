/**
 * Idempotency-Key on create requests: the first answer (status and body) is stored per user and
 * key, and a repeat returns it unchanged. Kept in the database, so it holds across instances.
 */
import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import { and, eq, isNull } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import { idempotencyKeys } from './db/schema'
import { ApiError } from './http'
import type { AppEnv } from './types'

export const MSG_KEY_IN_USE = 'A request with this Idempotency-Key is still being processed'
export const MSG_KEY_REUSED = 'This Idempotency-Key was used for another request'

/** Whose key it is and for what: the signed-in user and the route, by default. */
type KeyOwner = (c: Context<AppEnv>) => { userId: number; route: string }

export const idempotent = idempotentAs((c) => ({ userId: c.var.user.id, route: `${c.req.method} ${c.req.path}` }))

/**
 * For a route without an account (a relative's push through a contribution link): the key belongs
 * to nobody (user 0) and the route names the link by a digest of its token, so the token itself is
 * not stored a second time. Keys are random per intent, so two relatives never share one.
 */
export const idempotentAnonymous = (param: string) =>
  idempotentAs((c) => {
    const digest = createHash('sha256').update(c.req.param(param) ?? '').digest('hex').slice(0, 24)
    return { userId: 0, route: `${c.req.method} ${c.req.routePath.replace(`:${param}`, digest)}` }
  })

function idempotentAs(owner: KeyOwner) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = c.req.header('idempotency-key')?.trim()
    if (!key) return next()
    if (key.length > 200) throw new ApiError(422, 'Idempotency-Key must be at most 200 characters')
    const { db } = c.var.deps
    const { userId, route } = owner(c)
    const claimed = await db.insert(idempotencyKeys).values({ userId, key, route }).onConflictDoNothing().returning({ id: idempotencyKeys.id })
    if (claimed.length === 0) {
      const [first] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      if (!first || first.route !== route) throw new ApiError(422, MSG_KEY_REUSED)
      if (first.status === null) throw new ApiError(409, MSG_KEY_IN_USE)
      return c.json(first.body as object, first.status as 200)
    }
    const rowId = claimed[0]?.id ?? 0
    try {
      await next()
    } catch (error) {
      // A refused request (bad input, say) may be corrected and sent again with the same key.
      await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, rowId), isNull(idempotencyKeys.status)))
      throw error
    }
    if (c.res.status >= 400) {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, rowId))
      return
    }
    const body = (await c.res.clone().json()) as unknown
    await db.update(idempotencyKeys).set({ status: c.res.status, body }).where(eq(idempotencyKeys.id, rowId))
  })
}
