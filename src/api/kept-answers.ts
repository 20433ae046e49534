/**
 * The last answers the family saw, kept on this device, for when there is no network: a family who
 * opens the portal with no signal (or reloads it) sees their bookings as they last were, marked
 * "as of" the time the server gave them (the portal's offline line, from `reachability`), instead of
 * "Failed to load bookings". Only reads are kept, and only the family's own bookings (the dashboard
 * and a few booking pages); nothing is ever sent from here, so nothing that moves money can be
 * queued or replayed. The answers are the signed-in person's: kept under their id, never given to
 * another account on the same phone, and forgotten when they sign out (`forgetKeptAnswers`).
 */
import { jwtDecode } from 'jwt-decode'
import type { z } from 'zod/mini'
import { ApiError, currentToken } from './client'
import { reachability } from './reachability'
import { normaliseRole } from '../../shared/contracts/roles'

const PREFIX = 'afh-kept:'
/** The dashboard's list and a few booking pages: enough for a visit, small in storage. */
const MOST = 6

interface Kept {
  at: number
  body: unknown
}

/** Whose answers these are: a family's id from the token; null for staff (an office computer keeps no family's papers) or no token. */
function ownerOfToken(): string | null {
  const token = currentToken()
  if (!token) return null
  try {
    const { sub, role } = jwtDecode<{ sub?: unknown; role?: unknown }>(token)
    return sub === undefined || sub === null || normaliseRole(role) !== 'client' ? null : String(sub)
  } catch {
    return null
  }
}

function read(owner: string): Record<string, Kept> {
  try {
    const stored = JSON.parse(localStorage.getItem(PREFIX + owner) ?? '{}') as unknown
    return stored && typeof stored === 'object' ? (stored as Record<string, Kept>) : {}
  } catch {
    return {}
  }
}

function keep(owner: string, path: string, body: unknown, at: number) {
  const kept = { ...read(owner), [path]: { at, body } }
  const newestFirst = Object.entries(kept).sort(([, a], [, b]) => b.at - a.at)
  try {
    localStorage.setItem(PREFIX + owner, JSON.stringify(Object.fromEntries(newestFirst.slice(0, MOST))))
  } catch {
    // Storage full or refused (private mode): the screen works as before, online only.
  }
}

/**
 * Asks `ask` (a read of `path`); its answer is kept for this person. With no answer at all (no
 * network, the server unreachable), the answer kept last time is given instead, checked again with
 * `schema`, and the portal says from when. Any other failure (a refusal, a 404) is the caller's.
 */
export async function keptOr<S extends z.ZodMiniType>(path: string, schema: S, ask: () => Promise<z.infer<S>>): Promise<z.infer<S>> {
  const owner = ownerOfToken()
  try {
    const answer = await ask()
    if (owner) keep(owner, path, answer, Date.now())
    return answer
  } catch (error) {
    const kept = owner && error instanceof ApiError && error.status === 0 ? read(owner)[path] : undefined
    const parsed = kept ? schema.safeParse(kept.body) : undefined
    if (!kept || !parsed?.success) throw error
    reachability.answeredEarlier(kept.at)
    return parsed.data
  }
}

/** Signing out (or a session that ended) forgets every kept answer on this device. */
export function forgetKeptAnswers() {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key)
  } catch {
    /* nothing stored */
  }
}
