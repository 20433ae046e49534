/** Password hashing for the mock: WebCrypto SHA-256 over salt + password (Node 20 and browsers). */

function toHex(bytes: Uint8Array): string {
  let out = ''
  for (const b of bytes) out += b.toString(16).padStart(2, '0')
  return out
}

export function randomHex(byteCount: number): string {
  const bytes = new Uint8Array(byteCount)
  globalThis.crypto.getRandomValues(bytes)
  return toHex(bytes)
}

export async function hashPassword(password: string, salt: string): Promise<string> {
  const data = new TextEncoder().encode(`${salt}:${password}`)
  const digest = await globalThis.crypto.subtle.digest('SHA-256', data)
  return toHex(new Uint8Array(digest))
}

export async function verifyPassword(password: string, salt: string, hash: string): Promise<boolean> {
  const candidate = await hashPassword(password, salt)
  // constant-ish time comparison
  if (candidate.length !== hash.length) return false
  let diff = 0
  for (let i = 0; i < candidate.length; i++) diff |= candidate.charCodeAt(i) ^ hash.charCodeAt(i)
  return diff === 0
}

/** A fresh salt + hash for a new password. */
export async function createPasswordHash(password: string, salt = randomHex(16)): Promise<{ password_hash: string; password_salt: string }> {
  return { password_hash: await hashPassword(password, salt), password_salt: salt }
}

/** A runtime (non-seed) random float in [0, 1) from WebCrypto. */
export function cryptoRandom(): number {
  const a = new Uint32Array(1)
  globalThis.crypto.getRandomValues(a)
  return (a[0] ?? 0) / 2 ** 32
}
