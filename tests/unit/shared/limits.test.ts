/** The sign-in delay's arithmetic and the limits' words (shared/contracts/limits.ts), tested once, directly. */
import { describe, expect, it } from 'vitest'
import { SIGN_IN_FIRST_DELAY_MS, SIGN_IN_FREE_FAILURES, SIGN_IN_MAX_DELAY_MS, retryAfterSeconds, signInDelayMs, signInKey } from '../../../shared/contracts/limits'

describe('the sign-in delay', () => {
  it('is free for the first failures, then doubles from the first delay up to the cap', () => {
    for (let failures = 0; failures < SIGN_IN_FREE_FAILURES; failures++) expect(signInDelayMs(failures)).toBe(0)
    expect(signInDelayMs(SIGN_IN_FREE_FAILURES)).toBe(SIGN_IN_FIRST_DELAY_MS)
    expect(signInDelayMs(SIGN_IN_FREE_FAILURES + 1)).toBe(2 * SIGN_IN_FIRST_DELAY_MS)
    expect(signInDelayMs(SIGN_IN_FREE_FAILURES + 2)).toBe(4 * SIGN_IN_FIRST_DELAY_MS)
    expect(signInDelayMs(SIGN_IN_FREE_FAILURES + 50)).toBe(SIGN_IN_MAX_DELAY_MS)
  })

  it('is counted per e-mail whatever its case and spaces', () => {
    expect(signInKey(' Family@Funeral.test ')).toBe('email:family@funeral.test')
  })

  it('says Retry-After in whole seconds, at least one', () => {
    expect(retryAfterSeconds(0)).toBe(1)
    expect(retryAfterSeconds(1_001)).toBe(2)
    expect(retryAfterSeconds(15_000)).toBe(15)
  })
})
