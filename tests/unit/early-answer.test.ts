/** What the portal and its first screen need, asked for early (src/early-data.ts): each answer is taken once, by the same call with the same token. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { earlyOr } from '../../src/api/early'

const slot = window as unknown as Record<string, unknown>
const early = (...answers: { path: string; token: string; answer: Promise<unknown> }[]) => (slot.__afhEarly = answers)

describe('an early answer', () => {
  afterEach(() => delete slot.__afhEarly)

  it('is taken once by a call for its path with its token; the next call asks', async () => {
    early({ path: '/bookings/my', token: 't1', answer: Promise.resolve({ bookings: [1] }) })
    const ask = vi.fn(async () => ({ bookings: [2] }))
    expect(await earlyOr('/bookings/my', 't1', ask)).toEqual({ bookings: [1] })
    expect(await earlyOr('/bookings/my', 't1', ask)).toEqual({ bookings: [2] })
    expect(ask).toHaveBeenCalledTimes(1)
  })

  it('is left for another path or token, and a failed one is asked again', async () => {
    early({ path: '/bookings/my', token: 't1', answer: Promise.reject(new Error('Request failed (401)')) })
    const ask = vi.fn(async () => 'asked')
    expect(await earlyOr('/bookings/5', 't1', ask)).toBe('asked')
    expect(await earlyOr('/bookings/my', 't2', ask)).toBe('asked')
    expect(await earlyOr('/bookings/my', 't1', ask)).toBe('asked')
    expect(ask).toHaveBeenCalledTimes(3)
  })

  it('holds the session\'s check and the screen\'s data side by side, each for its own call', async () => {
    early({ path: '/auth/me', token: 't1', answer: Promise.resolve({ user: 'Wanjiru' }) }, { path: '/bookings/my', token: 't1', answer: Promise.resolve({ bookings: [1] }) })
    const ask = vi.fn(async () => 'asked')
    expect(await earlyOr('/bookings/my', 't1', ask)).toEqual({ bookings: [1] })
    expect(await earlyOr('/auth/me', 't1', ask)).toEqual({ user: 'Wanjiru' })
    expect(await earlyOr('/auth/me', 't1', ask)).toBe('asked')
    expect(ask).toHaveBeenCalledTimes(1)
  })
})
