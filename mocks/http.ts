/** Shared helpers for the mock handlers: errors, auth, validation, latency. */
import { HttpResponse } from 'msw'
import type { DefaultBodyType, HttpResponseResolver, PathParams } from 'msw'
import { z } from 'zod/mini'
// English messages for the mock's own parses only (see `validate`); the one locale file, not all of them.
import en from 'zod/v4/locales/en.js'
import { db } from './db'
import type { UserRecord } from './db'
import { verifyToken } from './jwt'
import { sessionTimeoutSeconds } from './settings-store'
import { cryptoRandom } from './passwords'
import { describeIssues, pathIdOf } from '../shared/validation'
import { MSG_MUST_CHANGE_PASSWORD, type WireRole } from '../shared/contracts/auth'
import { MSG_AUTH_REQUIRED, MSG_FORBIDDEN, MSG_SESSION_EXPIRED, blockedUntilPasswordChange, sessionEnded } from '../shared/contracts/auth-rules'

/** Thrown by helpers; turned into `{ message, errors? }` with the status by `route()` (the server's class too). */
export { ApiError } from '../shared/errors'
import { ApiError } from '../shared/errors'
import { MSG_MALFORMED_JSON, MSG_SERVER_ERROR } from '../shared/contracts/common'
import type { Faults } from '../shared/contracts/mock-controls'

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

// ---- faults (dev "Demo tools" panel; all off by default, so tests are unaffected) ----
/** Forced failures for the next /api calls, as the Demo tools set them (shared/contracts/mock-controls.ts). Mirrored to localStorage['afh-mock-faults'] in the browser. */
export type FaultConfig = Faults

export const SLOW_NETWORK_MS = 3000
export const MSG_SIMULATED_FAILURE = 'Simulated server error (mock fault panel)'

const NO_FAULTS: FaultConfig = { failNext: null, offline: false, slow: false }
let faults: FaultConfig = { ...NO_FAULTS }
let onFaultsChange: ((config: FaultConfig) => void) | null = null

/** Called after every change of the fault config (the browser host mirrors it to localStorage). */
export function setFaultsListener(listener: ((config: FaultConfig) => void) | null): void {
  onFaultsChange = listener
}
export function getFaults(): FaultConfig {
  return { ...faults, failNext: faults.failNext ? { ...faults.failNext } : null }
}
/** Merges a partial config (missing keys keep their value). */
export function setFaults(config: Partial<FaultConfig>): FaultConfig {
  faults = {
    failNext: config.failNext === undefined ? faults.failNext : config.failNext ? { pathPrefix: normalizePrefix(config.failNext.pathPrefix), status: config.failNext.status } : null,
    offline: config.offline ?? faults.offline,
    slow: config.slow ?? faults.slow,
  }
  onFaultsChange?.(getFaults())
  return getFaults()
}
/** Back to no faults at all. */
export function resetFaults(): void {
  setFaults(NO_FAULTS)
}

/** '/api/bookings/' and 'bookings' both read as '/bookings'. */
function normalizePrefix(prefix: string): string {
  let p = prefix.trim()
  if (!p.startsWith('/')) p = `/${p}`
  if (p === '/api' || p.startsWith('/api/')) p = p.slice(4) || '/'
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1)
  return p
}

/** The path after '/api' ('/bookings/my'), or null when the path does not start with /api (e.g. /src/api/x.ts). */
export function apiPath(url: string): string | null {
  const path = new URL(url).pathname
  if (path === '/api') return '/'
  return path.startsWith('/api/') ? path.slice(4) : null
}

/** True when `path` is `prefix` or below it ('/bookings' matches '/bookings/my', not '/bookingsX'). */
export function matchesPrefix(path: string, prefix: string): boolean {
  return prefix === '/' || path === prefix || path.startsWith(`${prefix}/`)
}

/** Takes the pending failNext when it matches the path (so it fires once), else null. */
export function takeFailNext(path: string): { pathPrefix: string; status: number } | null {
  const pending = faults.failNext
  if (!pending || !matchesPrefix(path, pending.pathPrefix)) return null
  setFaults({ failNext: null })
  return pending
}

// ---- session revocation ("Expire my session") ----
/** Tokens issued before `tokensValidAfter` (epoch seconds) answer 401; 0 = none revoked. */
export interface SessionRevocation {
  tokensValidAfter: number
}
let revocation: SessionRevocation = { tokensValidAfter: 0 }
let onRevocationChange: ((state: SessionRevocation) => void) | null = null

export function setRevocationListener(listener: ((state: SessionRevocation) => void) | null): void {
  onRevocationChange = listener
}
export function getRevocation(): SessionRevocation {
  return { ...revocation }
}
export function setRevocation(state: SessionRevocation): void {
  revocation = { tokensValidAfter: state.tokensValidAfter }
  onRevocationChange?.(getRevocation())
}
/**
 * Every token issued so far stops working (401 'Session expired, please log in again'). `iat` has
 * one-second resolution (and equal claims give byte-identical tokens), so this second counts as
 * revoked too: a login from the next second on works.
 */
export function revokeSessions(): void {
  setRevocation({ tokensValidAfter: Math.floor(Date.now() / 1000) + 1 })
}
export function resetRevocation(): void {
  setRevocation({ tokensValidAfter: 0 })
}

// ---- route wrapper ----
type Resolver<Params extends PathParams> = HttpResponseResolver<Params, DefaultBodyType, DefaultBodyType>

/**
 * Wraps a resolver: adds latency (unless `{ latency: false }`, for the mock's own dev endpoints), turns ApiError (and thrown Responses) into JSON error answers and
 * any other exception into a 500 with a message, so a handler never leaks an unhandled exception.
 */
export function route<Params extends PathParams = PathParams>(resolver: Resolver<Params>, options: { latency?: boolean } = {}): Resolver<Params> {
  const latency = options.latency ?? true
  return async (info) => {
    if (latency) await delay()
    try {
      return await resolver(info)
    } catch (error) {
      if (error instanceof ApiError) {
        const answer = errorResponse(error.status, error.message, error.errors)
        for (const [name, value] of Object.entries(error.headers ?? {})) answer.headers.set(name, value)
        return answer
      }
      if (error instanceof Response) return error
      console.error('[mock] handler error', error)
      return errorResponse(500, MSG_SERVER_ERROR)
    }
  }
}

// ---- auth ----

/** The bearer token of a request, or null. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization') ?? ''
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim())
  return match?.[1] ?? null
}

/** The signed-in user (from a valid, unrevoked bearer token whose user still exists), else throws 401. */
export async function requireUser(request: Request): Promise<UserRecord> {
  const token = bearerToken(request)
  if (!token) throw new ApiError(401, MSG_AUTH_REQUIRED)
  const result = await verifyToken(token)
  if (!result.ok) throw new ApiError(401, result.reason === 'expired' ? MSG_SESSION_EXPIRED : MSG_AUTH_REQUIRED)
  if (result.claims.iat < revocation.tokensValidAfter) {
    throw new ApiError(401, MSG_SESSION_EXPIRED)
  }
  // Idle longer than the session timeout as it is now (a renewed token carries a new issue time).
  if (sessionEnded(result.claims.iat, sessionTimeoutSeconds(), Math.floor(Date.now() / 1000))) throw new ApiError(401, MSG_SESSION_EXPIRED)
  const id = result.claims.id
  const user = db.user.findFirst((q) => q.where({ id }))
  if (!user) throw new ApiError(401, MSG_AUTH_REQUIRED)
  // Until a password someone else chose (or an expired one) is replaced, only the calls that replace it answer.
  if (blockedUntilPasswordChange(Boolean(user.must_change_password), new URL(request.url).pathname)) throw new ApiError(403, MSG_MUST_CHANGE_PASSWORD)
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
    throw new ApiError(400, MSG_MALFORMED_JSON)
  }
}

/**
 * zod's English messages ("Invalid input: expected string, received undefined"), given to each of
 * the mock's parses rather than set globally: `z.config` would also change the app's own schemas in
 * mock mode. A schema's own message still wins over these.
 */
const englishErrors: z.core.$ZodErrorMap = en().localeError

/** A request schema: any zod schema (zod/mini, or the full zod while the contracts move over). */
type RequestSchema = z.core.$ZodType

/** Validates with a zod schema; 422 `{ message: first issue's message, errors: { path: message } }`. */
export function validate<S extends RequestSchema>(schema: S, body: unknown): z.infer<S> {
  const result = z.safeParse(schema, body, { error: englishErrors })
  if (result.success) return result.data
  // The same 422 as the server's: the message names the field (shared/validation.ts).
  const { message, errors } = describeIssues(result.error.issues)
  throw new ApiError(422, message, errors)
}

/** readJson + validate. */
export async function body<S extends RequestSchema>(request: Request, schema: S): Promise<z.infer<S>> {
  return validate(schema, await readJson(request))
}

/** A path id by shared/validation.ts's rule; anything else is treated as not found. */
export function parseId(value: string | readonly string[] | undefined, notFoundMessage = 'Not found'): number {
  const id = pathIdOf(typeof value === 'string' ? value : '')
  if (id === null) throw new ApiError(404, notFoundMessage)
  return id
}

export { toIntId } from '../shared/validation'

// ---- dates: one definition for both backends ----
export { isRealDate } from '../shared/rules'
