/** The Idempotency-Key rule both backends follow (shared/contracts/idempotency.ts). */
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../shared/errors'
import { IDEMPOTENCY_KEY_MAX, MSG_KEY_IN_USE, MSG_KEY_REUSED, MSG_KEY_TOO_LONG, idempotencyKeyOf, keepsAnswer, replayOf } from '../../../shared/contracts/idempotency'

function refusal(run: () => unknown) {
  try {
    run()
    return null
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { status: error.status, message: error.message }
  }
}

describe('Idempotency-Key', () => {
  it('a request without a key is not kept; a key is trimmed and at most IDEMPOTENCY_KEY_MAX characters', () => {
    expect(idempotencyKeyOf(null)).toBeNull()
    expect(idempotencyKeyOf('   ')).toBeNull()
    expect(idempotencyKeyOf(' k1 ')).toBe('k1')
    expect(idempotencyKeyOf('k'.repeat(IDEMPOTENCY_KEY_MAX))).toHaveLength(IDEMPOTENCY_KEY_MAX)
    expect(refusal(() => idempotencyKeyOf('k'.repeat(IDEMPOTENCY_KEY_MAX + 1)))).toEqual({ status: 422, message: MSG_KEY_TOO_LONG })
  })

  it('a repeat on the same route replays the first answer; on another route 422; while the first is running 409', () => {
    expect(replayOf({ route: 'POST /api/stk-push', status: 200 }, 'POST /api/stk-push')).toBe('replay')
    expect(refusal(() => replayOf({ route: 'POST /api/bookings', status: 201 }, 'POST /api/stk-push'))).toEqual({ status: 422, message: MSG_KEY_REUSED })
    expect(refusal(() => replayOf(undefined, 'POST /api/stk-push'))).toEqual({ status: 422, message: MSG_KEY_REUSED })
    expect(refusal(() => replayOf({ route: 'POST /api/stk-push', status: null }, 'POST /api/stk-push'))).toEqual({ status: 409, message: MSG_KEY_IN_USE })
  })

  it('only a successful answer is kept (a refused request may be corrected and sent again)', () => {
    expect(keepsAnswer(200)).toBe(true)
    expect(keepsAnswer(201)).toBe(true)
    expect(keepsAnswer(409)).toBe(false)
    expect(keepsAnswer(422)).toBe(false)
  })
})
