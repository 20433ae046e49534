/** Real HS256 JWTs for the mock backend (jose). */
import { SignJWT, jwtVerify, errors } from 'jose'
import type { WireRole } from '../shared/contracts/auth'
import { TOKEN_TTL_SECONDS } from '../shared/contracts/auth-rules'

/** Mock-only secret. Never used by a real server. */
export const MOCK_JWT_SECRET = 'afh-mock-backend-secret-do-not-use-in-production-2026'
const secretKey = new TextEncoder().encode(MOCK_JWT_SECRET)


export interface TokenClaims {
  sub: string
  id: number
  name: string
  email: string
  role: WireRole
  iat: number
  exp: number
}

export interface TokenSubject {
  id: number
  name: string
  email: string
  role: WireRole
}

export interface SignOptions {
  /** Issued-at, epoch seconds (default now). */
  issuedAt?: number
  /** Lifetime in seconds (default 8 h); negative values give an already-expired token. */
  expiresInSeconds?: number
}

export async function signToken(user: TokenSubject, options: SignOptions = {}): Promise<string> {
  const iat = options.issuedAt ?? Math.floor(Date.now() / 1000)
  const exp = iat + (options.expiresInSeconds ?? TOKEN_TTL_SECONDS)
  return new SignJWT({ id: user.id, name: user.name, email: user.email, role: user.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(secretKey)
}

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' }

export async function verifyToken(token: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, secretKey, { algorithms: ['HS256'] })
    const id = typeof payload.id === 'number' ? payload.id : Number(payload.sub)
    if (!Number.isInteger(id) || typeof payload.exp !== 'number' || typeof payload.iat !== 'number') {
      return { ok: false, reason: 'invalid' }
    }
    return {
      ok: true,
      claims: {
        sub: String(payload.sub ?? id),
        id,
        name: String(payload.name ?? ''),
        email: String(payload.email ?? ''),
        role: payload.role as WireRole,
        iat: payload.iat,
        exp: payload.exp,
      },
    }
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' }
    return { ok: false, reason: 'invalid' }
  }
}
