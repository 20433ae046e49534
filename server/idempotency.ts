/**
 * Idempotency-Key on create requests: the first answer (status and body) is stored per user and
 * key, and a repeat returns it unchanged. Kept in the database, so it holds across instances.
 */
import { and, eq, isNull } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import { idempotencyKeys } from './db/schema'
import { ApiError } from './http'
import type { AppEnv } from './types'

export const MSG_KEY_IN_USE = 'A request with this Idempotency-Key is still being processed'
export const MSG_KEY_REUSED = 'This Idempotency-Key was used for another request'

export const idempotent = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header('idempotency-key')?.trim()
  if (!key) return next()
  if (key.length > 200) throw new ApiError(422, 'Idempotency-Key must be at most 200 characters')
  const { db } = c.var.deps
  const userId = c.var.user.id
  const route = `${c.req.method} ${c.req.path}`
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
