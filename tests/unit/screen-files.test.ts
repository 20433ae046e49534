/**
 * A portal's first screen asked for early from the shell's list of files (preloadScreenFiles);
 * where there is no list, the portal asks as its code runs (tests/unit/first-screen.test.ts).
 */
// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { preloadScreenFiles } from '../../src/lib/screen-files'

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

  it('fetches a stylesheet the screen\'s code waits for, without putting it in the page', () => {
    shellWith({ '/dashboard/client': ['/assets/session.js', '/assets/session.css'] })
    preloadScreenFiles('/dashboard/client')
    expect(preloads()).toEqual(['/assets/session.js'])
    const css = document.head.querySelector('link[href="/assets/session.css"]')
    expect([css?.getAttribute('rel'), css?.getAttribute('as'), css?.getAttribute('crossorigin')]).toEqual(['preload', 'style', ''])
    expect(document.head.querySelector('link[rel="stylesheet"]')).toBeNull()
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
