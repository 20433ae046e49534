import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/client'
import { withPushKey } from '../../src/api/push-key'

/** Sends once with the intent's key and reports the key it was given. */
async function attempt(intent: string, outcome: 'answer' | 'lost' | 'refused'): Promise<string> {
  let used = ''
  await withPushKey(intent, async (key) => {
    used = key
    if (outcome === 'lost') throw new ApiError(0, undefined, 'Network error')
    if (outcome === 'refused') throw new ApiError(409, 'A payment for this booking is already in progress.')
    return 'ok'
  }).catch(() => undefined)
  return used
}

describe('one Idempotency-Key per push intent', () => {
  it('a push whose answer was lost is sent again with the same key, so the server answers it as the first', async () => {
    const first = await attempt('7|5000|254712345678', 'lost')
    expect(await attempt('7|5000|254712345678', 'lost')).toBe(first)
    expect(await attempt('7|5000|254712345678', 'answer')).toBe(first)
    // Answered: paying again is a new intent, with a new key.
    expect(await attempt('7|5000|254712345678', 'answer')).not.toBe(first)
  })

  it('a refusal is an answer: the next try is a new push; another amount or phone is another intent', async () => {
    const refused = await attempt('8|5000|254712345678', 'refused')
    expect(await attempt('8|5000|254712345678', 'lost')).not.toBe(refused)
    const lost = await attempt('9|5000|254712345678', 'lost')
    expect(await attempt('9|4000|254712345678', 'lost')).not.toBe(lost)
    expect(await attempt('9|5000|254712340001', 'lost')).not.toBe(lost)
  })
})
