/** Errors, validation and small helpers shared by the routes. */
import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from './types'
import { zValidator } from '@hono/zod-validator'
import { z } from 'zod/mini'
import { describeIssues } from '../shared/validation'

/** Thrown anywhere below a route; the app's error handler answers `{ message, errors? }` with the status. */
export { ApiError } from '../shared/errors'
import { ApiError } from '../shared/errors'

export const MSG_AUTH_REQUIRED = 'Authentication required'
export const MSG_SESSION_EXPIRED = 'Session expired, please log in again'
export const MSG_FORBIDDEN = 'You do not have permission to perform this action'

/** The 422 both backends give (shared/validation.ts): the message names the field. */
export function validationError(issues: ReadonlyArray<z.core.$ZodIssue>): ApiError {
  const { message, errors } = describeIssues(issues)
  return new ApiError(422, message, errors)
}

/** Parses with a zod/mini schema or throws the 422. */
export function parse<S extends z.core.$ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = z.safeParse(schema, value)
  if (result.success) return result.data
  throw validationError(result.error.issues)
}

/** @hono/zod-validator with the mock's 422 `{ message, errors }` shape. */
export function valid<S extends z.core.$ZodType, T extends 'json' | 'query'>(
  target: T,
  schema: S,
): MiddlewareHandler<AppEnv, string, { in: { [K in T]: z.input<S> }; out: { [K in T]: z.output<S> } }> {
  return zValidator(target, schema as never, (result) => {
    // PostgreSQL text cannot hold a NUL character: refuse it here rather than fail in the database.
    const nul = findNul(result.data)
    if (nul !== null) throw new ApiError(422, `${nul || 'body'}: must not contain a NUL character`, { [nul || '_']: 'must not contain a NUL character' })
    if (!result.success) throw validationError((result.error as unknown as z.core.$ZodError).issues)
  }) as never
}

/** A path id as a positive integer; anything else reads as not found. */
export function pathId(c: Context, notFound: string, name = 'id'): number {
  const raw = c.req.param(name) ?? ''
  if (!/^\d{1,9}$/.test(raw)) throw new ApiError(404, notFound)
  return Number(raw)
}

/** An id from a JSON body (number or numeric string), or null. */
export function toIntId(value: string | number): number | null {
  const n = typeof value === 'number' ? value : /^\d{1,9}$/.test(value.trim()) ? Number(value) : NaN
  return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : null
}

/**
 * An error as it may be logged: a failed query's message carries the query's parameters (password
 * hashes, e-mails, names), so only the database's own reason (the cause) is kept.
 */
export function loggableError(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(String(error))
  if (error.message.startsWith('Failed query')) return error.cause instanceof Error ? error.cause : new Error('A database query failed')
  return error
}
export const describeError = (error: unknown): string => loggableError(error).message

/** The origin links are built from: PUBLIC_URL, never the request's Host header (a client writes that). */
export const publicOrigin = (deps: { publicUrl?: string }): string => deps.publicUrl ?? 'http://localhost:3000'

/** The path ('' for the root) of the first string holding a NUL character, or null. */
function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null
  if (typeof value !== 'object' || value === null) return null
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return path
    const found = findNul(child, path ? `${path}.${key}` : key)
    if (found !== null) return found
  }
  return null
}
