/** A chunk's loader asked once (lib/load-once.ts): a lazy screen rendered again gets the same, already settled, promise. */
import { describe, expect, it, vi } from 'vitest'
import { loadOnce } from '../../src/lib/load-once'

describe('loadOnce', () => {
  it('asks once and hands every later call the same promise', async () => {
    const load = vi.fn(() => Promise.resolve({ Screen: 'the screen' }))
    const screen = loadOnce(load)
    const first = screen()
    expect(screen()).toBe(first)
    await expect(first).resolves.toEqual({ Screen: 'the screen' })
    expect(screen()).toBe(first)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('forgets a load that failed (offline), so the next call asks again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module')).mockResolvedValueOnce({ Screen: 'the screen' })
    const screen = loadOnce(load)
    await expect(screen()).rejects.toThrow('Failed to fetch')
    await expect(screen()).resolves.toEqual({ Screen: 'the screen' })
    expect(load).toHaveBeenCalledTimes(2)
  })
})
