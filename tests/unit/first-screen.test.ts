/** A portal's first screen asked for as soon as the portal's code runs (startFirstScreen). */
// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { startFirstScreen, type PortalRoute } from '../../src/app/role-portal'

describe("a portal's first screen", () => {
  it("starts loading the screen of the portal's address when the portal's code runs, and only that one", () => {
    const dashboard = vi.fn(() => Promise.resolve({}))
    const detail = vi.fn(() => Promise.resolve({}))
    const routes: PortalRoute[] = [
      { path: '', element: null, load: dashboard },
      { path: 'bookings/:id', element: null, load: detail },
    ]
    startFirstScreen('/dashboard/client', routes, '/dashboard/client/bookings/7')
    expect(detail).toHaveBeenCalledTimes(1)
    expect(dashboard).not.toHaveBeenCalled()
    startFirstScreen('/dashboard/client', routes, '/dashboard/client/')
    expect(dashboard).toHaveBeenCalledTimes(1)
    // Another portal's address, or a path the portal does not have: nothing.
    startFirstScreen('/dashboard/client', routes, '/dashboard/admin')
    startFirstScreen('/dashboard/client', routes, '/dashboard/client/unknown/path')
    expect(dashboard).toHaveBeenCalledTimes(1)
    expect(detail).toHaveBeenCalledTimes(1)
  })
})

describe('waiting for the first screen', () => {
  it('settles once the screen is in, and also when it could not come (the screen says so when it renders)', async () => {
    let arrive = () => {}
    const routes: PortalRoute[] = [
      { path: '', element: null, load: () => new Promise<void>((resolve) => (arrive = resolve)) },
      { path: 'payments', element: null, load: () => Promise.reject(new Error('offline')) },
    ]
    let settled = false
    const first = startFirstScreen('/dashboard/client', routes, '/dashboard/client').then(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    arrive()
    await first
    expect(settled).toBe(true)
    await expect(startFirstScreen('/dashboard/client', routes, '/dashboard/client/payments')).resolves.toBeUndefined()
    await expect(startFirstScreen('/dashboard/client', routes, '/dashboard/admin')).resolves.toBeUndefined()
  })
})
