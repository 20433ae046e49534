import { ApiError } from './client'

/**
 * One Idempotency-Key per payment intent (who pays, how much, from which phone), kept while no
 * answer has come: a push whose answer was lost on a weak network and is tried again is recognised
 * by the server and answered as the first one, never sent to the phone twice. Once an answer comes
 * (even a refusal), the next push is a new intent.
 */
export async function withPushKey<T>(intent: string, send: (key: string) => Promise<T>): Promise<T> {
  const key = keys.get(intent) ?? newKey()
  keys.set(intent, key)
  try {
    const answer = await send(key)
    keys.delete(intent)
    return answer
  } catch (error) {
    // No answer (status 0): keep the key for the retry.
    if (error instanceof ApiError && error.status !== 0) keys.delete(intent)
    throw error
  }
}

const keys = new Map<string, string>()
const newKey = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`)
