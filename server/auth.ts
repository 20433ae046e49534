/**
 * Tokens (jose, HS256), passwords (argon2id) and the middleware that puts the signed-in user on the
 * context. A token lives as long as the Settings' session timeout: an idle session ends then, and
 * an active one is renewed (POST /auth/renew) before it does.
 */
import { SignJWT, errors, jwtVerify } from 'jose'
import type { JWTPayload } from 'jose'
import { hash, verify } from '@node-rs/argon2'
import { createMiddleware } from 'hono/factory'
import type { Context } from 'hono'
import type { WireRole } from '../shared/contracts/roles'
import { MSG_MUST_CHANGE_PASSWORD } from '../shared/contracts/auth'
import { TOKEN_TTL_SECONDS, blockedUntilPasswordChange, sessionEnded } from '../shared/contracts/auth-rules'
import { ApiError, MSG_AUTH_REQUIRED, MSG_FORBIDDEN, MSG_SESSION_EXPIRED } from './http'
import type { AppEnv, UserRow } from './types'
import { accountOf } from './domain/auth-accounts'
import { sessionTimeoutSeconds } from './domain/settings'

/** Clocks of two instances may differ a little; a token "from the future" beyond this is forged. */
const CLOCK_SKEW_SECONDS = 60

// Argon2id (the @node-rs/argon2 default algorithm) with its OWASP-recommended defaults.
export const hashPassword = (password: string) => hash(password)
export async function verifyPassword(password: string, passwordHash: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

export async function signToken(
  secret: Uint8Array,
  user: Pick<UserRow, 'id' | 'name' | 'email' | 'role' | 'tokenVersion'>,
  now = Date.now(),
  lifetimeSeconds = TOKEN_TTL_SECONDS,
): Promise<string> {
  const iat = Math.floor(now / 1000)
  return new SignJWT({ id: user.id, name: user.name, email: user.email, role: user.role, ver: user.tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuedAt(iat)
    .setExpirationTime(iat + lifetimeSeconds)
    .sign(secret)
}

function bearer(c: Context): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec((c.req.header('authorization') ?? '').trim())
  return match?.[1] ?? null
}

/**
 * Tokens whose signature this process has already checked, per secret. Checking an HS256 signature
 * (WebCrypto: a key import and a round trip to the thread pool) cost more than the rest of a small
 * request. Only the signature is remembered, which cannot change for a given token and secret: the
 * expiry is checked again on every use and the account's token version is compared each time
 * (`accountOf`), so a logout or password change on any instance ends the token at once.
 */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, JWTPayload>>()
const MAX_VERIFIED_TOKENS = 10_000

async function verifiedPayload(token: string, secret: Uint8Array): Promise<JWTPayload> {
  let known = verifiedTokens.get(secret)
  if (!known) verifiedTokens.set(secret, (known = new Map()))
  const hit = known.get(token)
  if (hit) {
    // jose's own rule: expired once `exp` <= now, in whole seconds.
    if (typeof hit.exp === 'number' && hit.exp <= Math.floor(Date.now() / 1000)) {
      known.delete(token)
      throw new errors.JWTExpired('"exp" claim timestamp check failed', hit, 'exp', 'check_failed')
    }
    return hit
  }
  const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] })
  // Our tokens carry no "not before"; one that does is checked in full every time.
  if (payload.nbf === undefined) {
    // The oldest goes first; a forgotten token is simply verified again.
    if (known.size >= MAX_VERIFIED_TOKENS) known.delete(known.keys().next().value ?? '')
    known.set(token, payload)
  }
  return payload
}

/** The user of a valid token whose version still matches the account, or a 401. */
export async function authenticate(c: Context<AppEnv>): Promise<UserRow> {
  const token = bearer(c)
  if (!token) throw new ApiError(401, MSG_AUTH_REQUIRED)
  let payload
  try {
    payload = await verifiedPayload(token, c.var.deps.secret)
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new ApiError(401, MSG_SESSION_EXPIRED)
    throw new ApiError(401, MSG_AUTH_REQUIRED)
  }
  const id = Number(payload.sub)
  if (!Number.isInteger(id) || typeof payload.iat !== 'number' || typeof payload.exp !== 'number' || typeof payload.ver !== 'number') {
    throw new ApiError(401, MSG_AUTH_REQUIRED)
  }
  if (payload.iat > Date.now() / 1000 + CLOCK_SKEW_SECONDS) throw new ApiError(401, MSG_AUTH_REQUIRED)
  // Idle longer than the session timeout (as it is now: a shorter one also ends tokens issued before the change).
  if (sessionEnded(payload.iat, await sessionTimeoutSeconds(c.var.deps.db), Math.floor(Date.now() / 1000))) throw new ApiError(401, MSG_SESSION_EXPIRED)
  const user = await accountOf(c.var.deps.db, id)
  if (!user) throw new ApiError(401, MSG_AUTH_REQUIRED)
  // Logout, a password change or reset and a role change bump the version: older tokens end here.
  if (user.tokenVersion !== payload.ver) throw new ApiError(401, MSG_SESSION_EXPIRED)
  return user
}

/** Signed in (any role, or one of `roles`): 401 without a valid token, 403 with the wrong role. */
export function requireAuth(...roles: WireRole[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = await authenticate(c)
    // Until a password someone else chose (or an expired one) is replaced, only the calls that replace it answer.
    if (blockedUntilPasswordChange(user.mustChangePassword, c.req.path)) throw new ApiError(403, MSG_MUST_CHANGE_PASSWORD)
    if (roles.length && !roles.includes(user.role)) throw new ApiError(403, MSG_FORBIDDEN)
    c.set('user', user)
    await next()
  })
}
