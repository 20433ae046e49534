/** Errors, validation and small helpers shared by the routes. */
import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from './types'
import { zValidator } from '@hono/zod-validator'
import { z } from 'zod/mini'
import { describeIssues, pathIdOf } from '../shared/validation'

/** Thrown anywhere below a route; the app's error handler answers `{ message, errors? }` with the status. */
export { ApiError } from '../shared/errors'
import { ApiError } from '../shared/errors'

export { MSG_AUTH_REQUIRED, MSG_FORBIDDEN, MSG_SESSION_EXPIRED } from '../shared/contracts/auth-rules'

/** The 422 both backends give (shared/validation.ts): the message names the field. */
export function validationError(issues: ReadonlyArray<z.core.$ZodIssue>): ApiError {
  const { message, errors } = describeIssues(issues)
  return new ApiError(422, message, errors)
}

/** PostgreSQL text cannot hold a NUL character: refused (422, naming the field) before anything is stored or sent. */
function refuseNul(value: unknown): void {
  const nul = findNul(value)
  if (nul !== null) throw new ApiError(422, `${nul || 'body'}: must not contain a NUL character`, { [nul || '_']: 'must not contain a NUL character' })
}

/** Parses with a zod/mini schema or throws the 422 (a NUL character anywhere in the value is one too). */
export function parse<S extends z.core.$ZodType>(schema: S, value: unknown): z.infer<S> {
  refuseNul(value)
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
    refuseNul(result.data)
    if (!result.success) throw validationError((result.error as unknown as z.core.$ZodError).issues)
  }) as never
}

/** A path id by shared/validation.ts's rule; anything else reads as not found. */
export function pathId(c: Context, notFound: string, name = 'id'): number {
  const id = pathIdOf(c.req.param(name) ?? '')
  if (id === null) throw new ApiError(404, notFound)
  return id
}

export { toIntId } from '../shared/validation'

/**
 * An error as it may be logged: a failed query's message carries the query's parameters (password
 * hashes, e-mails, names), and the driver's error keeps the query, its parameters and the row
 * (`detail`: "Key (email)=(…) already exists", `where`, `params`, …). What is logged is a new
 * error with the database's own message, its code and the stack, nothing else.
 */
export function loggableError(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(typeof error === 'string' ? error : 'A non-error value was thrown')
  const failedQuery = error.message.startsWith('Failed query')
  const source = failedQuery ? error.cause : error
  if (failedQuery && !(source instanceof Error)) return new Error('A database query failed')
  const inner = source as Error & { code?: unknown }
  const driverError = failedQuery || typeof inner.code === 'string' || 'detail' in inner || 'query' in inner || 'params' in inner
  if (!driverError) return error
  const clean = new Error(inner.message) as Error & { code?: string }
  clean.name = inner.name
  if (typeof inner.code === 'string') clean.code = inner.code
  // Only the frames: a message line may be the query with its parameters.
  clean.stack = [`${inner.name}: ${inner.message}`, ...(inner.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))].join('\n')
  return clean
}
export const describeError = (error: unknown): string => loggableError(error).message

/** The origin links are built from: PUBLIC_URL, never the request's Host header (a client writes that). */
export const publicOrigin = (deps: { publicUrl?: string }): string => deps.publicUrl ?? 'http://localhost:3000'

/**
 * The path ('' for the root) of the first string holding a NUL character, or null. Iterative: a
 * body nested thousands of levels deep cannot exhaust the stack.
 */
export function findNul(value: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }]
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path
      continue
    }
    if (typeof v !== 'object' || v === null) continue
    // Pushed in reverse, so the first field in the body is the first reported.
    const entries = Object.entries(v)
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!
      if (key.includes('\u0000')) return path
      stack.push({ value: child, path: path ? `${path}.${key}` : key })
    }
  }
  return null
}

/**
 * Whether a JSON text opens more than `max` arrays or objects inside each other, read as text in
 * one pass (brackets inside strings do not count), so a body of 40,000 `[` is refused before any
 * parser or validator walks it.
 */
export function jsonNestingExceeds(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (inString) {
      if (ch === 92 /* \\ */) i++
      else if (ch === 34 /* " */) inString = false
    } else if (ch === 34) inString = true
    else if (ch === 91 /* [ */ || ch === 123 /* { */) {
      if (++depth > max) return true
    } else if (ch === 93 /* ] */ || ch === 125 /* } */) depth--
  }
  return false
}
