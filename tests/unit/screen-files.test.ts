/**
 * A portal's first screen asked for early: from the shell's list of files (preloadScreenFiles) and,
 * where there is no list, as soon as the portal's code runs (startFirstScreen).
 */
// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { preloadScreenFiles } from '../../src/lib/screen-files'
import { startFirstScreen, type PortalRoute } from '../../src/app/role-portal'

const preloads = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'))

afterEach(() => {
  document.head.innerHTML = ''
  document.body.innerHTML = ''
})

describe("the shell's list of screen files", () => {
  function shellWith(files: Record<string, string[]>) {
    const list = document.createElement('script')
    list.type = 'application/json'
    list.id = 'screen-files'
    list.textContent = JSON.stringify(files)
    document.body.appendChild(list)
  }

  it("preloads the files of the screen at the address, a booking's id matching its pattern, and none twice", () => {
    shellWith({ '/dashboard/client': ['/assets/dash.js', '/assets/shared.js'], '/dashboard/client/bookings/:id': ['/assets/detail.js', '/assets/shared.js'] })
    const present = document.createElement('link')
    present.rel = 'modulepreload'
    present.href = '/assets/shared.js'
    document.head.appendChild(present)
    preloadScreenFiles('/dashboard/client/bookings/12/')
    expect(preloads()).toEqual(['/assets/shared.js', '/assets/detail.js'])
    preloadScreenFiles('/dashboard/client')
    expect(preloads()).toEqual(['/assets/shared.js', '/assets/detail.js', '/assets/dash.js'])
    expect(document.head.querySelector('link[href="/assets/dash.js"]')?.getAttribute('crossorigin')).toBe('')
  })

  it('does nothing for an address it does not list, without a list, or with a broken one', () => {
    shellWith({ '/dashboard/client': ['/assets/dash.js'] })
    preloadScreenFiles('/dashboard/client/payments')
    preloadScreenFiles('/dashboard/client/bookings/12/custody')
    expect(preloads()).toEqual([])
    document.body.innerHTML = '<script type="application/json" id="screen-files">{not json</script>'
    expect(() => preloadScreenFiles('/dashboard/client')).not.toThrow()
    document.body.innerHTML = ''
    preloadScreenFiles('/dashboard/client')
    expect(preloads()).toEqual([])
  })
})

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
