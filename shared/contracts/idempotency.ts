/**
 * Idempotency-Key on create requests (bookings, pushes, a relative's push): the first successful
 * answer is kept per owner (the signed-in user, or nobody for a public link) and key, and a repeat
 * gets it back unchanged, so a retried POST never creates twice. A refused request keeps nothing
 * and may be corrected and sent again with the same key.
 */
import { ApiError } from '../errors'

export const IDEMPOTENCY_KEY_MAX = 200
export const MSG_KEY_TOO_LONG = `Idempotency-Key must be at most ${IDEMPOTENCY_KEY_MAX} characters`
export const MSG_KEY_IN_USE = 'A request with this Idempotency-Key is still being processed'
export const MSG_KEY_REUSED = 'This Idempotency-Key was used for another request'

/** The request's key (the header, trimmed), or null when it has none; a key too long is refused (422). */
export function idempotencyKeyOf(header: string | null | undefined): string | null {
  const key = header?.trim()
  if (!key) return null
  if (key.length > IDEMPOTENCY_KEY_MAX) throw new ApiError(422, MSG_KEY_TOO_LONG)
  return key
}

/**
 * What a repeated key gets, given the first request kept under it (`status` null while that one is
 * still being answered): its answer again ('replay'), or a refusal: 422 when the key was used for
 * another route, 409 while the first is still running.
 */
export function replayOf(first: { route: string; status: number | null } | undefined, route: string): 'replay' {
  if (!first || first.route !== route) throw new ApiError(422, MSG_KEY_REUSED)
  if (first.status === null) throw new ApiError(409, MSG_KEY_IN_USE)
  return 'replay'
}

/** Only a successful answer is kept for replay. */
export const keepsAnswer = (status: number): boolean => status < 400
