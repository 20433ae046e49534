/**
 * happy-dom lays nothing out, so its IntersectionObserver never reports anything: a screen part
 * that loads when the visitor scrolls near it (the home page's contact form) waits here until a
 * test says the visitor has scrolled. `fakeScrolling()` installs it for the file's tests.
 */
import { act } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'

const observed: Array<() => void> = []

class ScrollObserver {
  constructor(private readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void) {}
  observe() {
    observed.push(() => this.callback([{ isIntersecting: true }]))
  }
  disconnect() {}
}

export function fakeScrolling() {
  beforeEach(() => vi.stubGlobal('IntersectionObserver', ScrollObserver))
  afterEach(() => {
    observed.length = 0
    vi.unstubAllGlobals()
  })
}

/** The visitor scrolls: everything observed comes into view. */
export function scrollEverywhere() {
  act(() => observed.forEach((inView) => inView()))
}
