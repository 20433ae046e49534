import { jwtDecode } from 'jwt-decode'
import { TokenPayload, normaliseRole, type SessionUser } from '../../shared/contracts/auth'

/**
 * The session a stored token describes, or null when it cannot be decoded, lacks an identity or
 * has expired. Decoding does not verify the signature: the server does that on every call, and a
 * 401 then signs the user out.
 */
export function sessionFromToken(token: string | null | undefined, now: number): { user: SessionUser; expiresAt: number | null; issuedAt: number | null } | null {
  if (!token) return null
  let raw: unknown
  try {
    raw = jwtDecode(token)
  } catch {
    return null
  }
  const parsed = TokenPayload.safeParse(raw)
  if (!parsed.success) return null
  const p = parsed.data
  const id = p.id ?? p.sub
  if (id === undefined || !p.email) return null
  const expiresAt = typeof p.exp === 'number' ? p.exp * 1000 : null
  if (expiresAt !== null && expiresAt <= now) return null
  return {
    user: { id: String(id), name: p.name ?? '', email: p.email, role: normaliseRole(p.role) },
    expiresAt,
    issuedAt: typeof p.iat === 'number' ? p.iat * 1000 : null,
  }
}
