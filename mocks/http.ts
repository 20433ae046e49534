/** Shared helpers for the mock handlers: errors, auth, validation, latency. */
import { HttpResponse } from 'msw'
import type { DefaultBodyType, HttpResponseResolver, PathParams } from 'msw'
import type { z } from 'zod'
import { db } from './db'
import type { UserRecord } from './db'
import { verifyToken } from './jwt'
import { cryptoRandom } from './passwords'
import type { WireRole } from '../src/api/contracts/auth'

/** Thrown by helpers; turned into `{ message, errors? }` with the status by `route()`. */
export class ApiError extends Error {
  readonly status: number
  readonly errors?: Record<string, string>
  constructor(status: number, message: string, errors?: Record<string, string>) {
    super(message)
    this.status = status
    this.errors = errors
  }
}

export function errorResponse(status: number, message: string, errors?: Record<string, string>): HttpResponse<{ message: string; errors?: Record<string, string> }> {
  return HttpResponse.json(errors ? { message, errors } : { message }, { status })
}

// ---- latency ----
let latencyEnabled = false
/** Turn the artificial 200-600 ms delay on (browser) or off (tests, default). */
export function setLatency(enabled: boolean): void {
  latencyEnabled = enabled
}
export function isLatencyEnabled(): boolean {
  return latencyEnabled
}
export async function delay(): Promise<void> {
  if (!latencyEnabled) return
  const ms = 200 + Math.floor(cryptoRandom() * 400)
  await new Promise((resolve) => setTimeout(resolve, ms))
}

// ---- route wrapper ----
type Resolver<Params extends PathParams> = HttpResponseResolver<Params, DefaultBodyType, DefaultBodyType>

/**
 * Wraps a resolver: adds latency, turns ApiError (and thrown Responses) into JSON error answers and
 * any other exception into a 500 with a message, so a handler never leaks an unhandled exception.
 */
export function route<Params extends PathParams = PathParams>(resolver: Resolver<Params>): Resolver<Params> {
  return async (info) => {
    await delay()
    try {
      return await resolver(info)
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error.status, error.message, error.errors)
      if (error instanceof Response) return error
      console.error('[mock] handler error', error)
      return errorResponse(500, 'Something went wrong on the server. Please try again.')
    }
  }
}

// ---- auth ----
export const MSG_AUTH_REQUIRED = 'Authentication required'
export const MSG_SESSION_EXPIRED = 'Session expired, please log in again'
export const MSG_FORBIDDEN = 'You do not have permission to perform this action'

/** The signed-in user (from a valid bearer token whose user still exists), else throws 401. */
export async function requireUser(request: Request): Promise<UserRecord> {
  const header = request.headers.get('authorization') ?? ''
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim())
  if (!match?.[1]) throw new ApiError(401, MSG_AUTH_REQUIRED)
  const result = await verifyToken(match[1])
  if (!result.ok) throw new ApiError(401, result.reason === 'expired' ? MSG_SESSION_EXPIRED : MSG_AUTH_REQUIRED)
  const id = result.claims.id
  const user = db.user.findFirst((q) => q.where({ id }))
  if (!user) throw new ApiError(401, MSG_AUTH_REQUIRED)
  return user
}

/** Throws 403 unless the user has one of the roles. */
export function requireRole(user: UserRecord, ...roles: WireRole[]): void {
  if (!roles.includes(user.role)) throw new ApiError(403, MSG_FORBIDDEN)
}

/** requireUser + requireRole in one call. */
export async function requireRoleOf(request: Request, ...roles: WireRole[]): Promise<UserRecord> {
  const user = await requireUser(request)
  requireRole(user, ...roles)
  return user
}

// ---- bodies ----
/** Parses the JSON body; 400 when it is not JSON. An empty body reads as `{}`. */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text()
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new ApiError(400, 'Malformed JSON in request body')
  }
}

/** Validates with a zod schema; 422 `{ message: first issue's message, errors: { path: message } }`. */
export function validate<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body)
  if (result.success) return result.data as z.infer<S>
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_'
    if (!(key in errors)) errors[key] = issue.message
  }
  const first = result.error.issues[0]
  const message = first ? (first.path.length && first.code === 'invalid_type' ? `${first.path.map(String).join('.')}: ${first.message}` : first.message) : 'Invalid request'
  throw new ApiError(422, message, errors)
}

/** readJson + validate. */
export async function body<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  return validate(schema, await readJson(request))
}

/** A path id as a positive integer; anything else is treated as not found. */
export function parseId(value: string | readonly string[] | undefined, notFoundMessage = 'Not found'): number {
  const raw = typeof value === 'string' ? value : ''
  if (!/^\d+$/.test(raw)) throw new ApiError(404, notFoundMessage)
  return Number(raw)
}

/** An id from a JSON body (number or numeric string), or null. */
export function toIntId(value: string | number): number | null {
  const n = typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value) : NaN
  return Number.isInteger(n) && n > 0 ? n : null
}

// ---- dates (Africa/Nairobi is UTC+3 all year, no DST) ----
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000
/** 'YYYY-MM-DD' of the given instant in Nairobi. */
export function nairobiDate(at: Date = new Date()): string {
  return new Date(at.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 10)
}
/** True when 'YYYY-MM-DD' is a real calendar date. */
export function isRealDate(ymd: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.toISOString().slice(0, 10) === ymd
}
