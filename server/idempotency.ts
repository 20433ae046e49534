/**
 * Idempotency-Key on create requests (the rule is shared/contracts/idempotency.ts): the first
 * answer (status and body) is stored per user and key, and a repeat returns it unchanged. Kept in
 * the database (server/repo/idempotency.ts), so it holds across instances.
 */
import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { idempotencyKeyOf, keepsAnswer, replayOf } from '../shared/contracts/idempotency'
import { claimKey, keepAnswer, keptAnswer, releaseKey } from './repo/idempotency'
import type { AppEnv } from './types'

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
    const key = idempotencyKeyOf(c.req.header('idempotency-key'))
    if (key === null) return next()
    const { db } = c.var.deps
    const { userId, route } = owner(c)
    const rowId = await claimKey(db, userId, key, route)
    if (rowId === null) {
      const first = await keptAnswer(db, userId, key)
      replayOf(first, route)
      return c.json(first?.body as object, first?.status as 200)
    }
    try {
      await next()
    } catch (error) {
      // A refused request (bad input, say) may be corrected and sent again with the same key.
      await releaseKey(db, rowId, true)
      throw error
    }
    if (!keepsAnswer(c.res.status)) {
      await releaseKey(db, rowId)
      return
    }
    await keepAnswer(db, rowId, c.res.status, (await c.res.clone().json()) as unknown)
  })
}
