/**
 * Global test setup: jest-dom matchers, the MSW node server over a freshly seeded database for
 * every test, Testing Library cleanup, and an unexpected console.error fails the test.
 */
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { server } from '../mocks/node'
import { resetDatabase } from '../mocks/db'
import { resetFaults, resetRevocation } from '../mocks/http'

// CI runs on 2 cores with several test files at once: give findBy*/waitFor room to breathe.
// Role queries include aria-hidden elements: in happy-dom, Fluent's focus trap (tabster) sometimes
// marks an open dialog, or the page behind it, aria-hidden a moment after it opens, which a real
// browser does not do. The Chromium journeys run axe on the real pages and dialogs instead.
configure({ asyncUtilTimeout: 5000, defaultHidden: false })

// Fluent UI's motion uses a no-op path in tests when Web Animations are absent; happy-dom's
// partial implementation rejects "animation was canceled" on unmount instead.
if (typeof Element !== 'undefined') {
  Object.defineProperty(Element.prototype, 'animate', { value: undefined, configurable: true, writable: true })
}

// In happy-dom, tabster (Fluent's focus manager) sometimes marks the open modal dialog itself
// aria-hidden, which leaves it without an accessible name; Chromium never does (the journeys check
// the real dialogs with axe). Undo it for modal dialogs only, so `findByRole('dialog', { name })`
// finds the dialog a user sees.
function unhideOpenDialogs(records: MutationRecord[]) {
  for (const { target } of records) {
    if (target instanceof Element && target.getAttribute('aria-modal') === 'true' && target.getAttribute('aria-hidden') === 'true') {
      target.removeAttribute('aria-hidden')
    }
  }
}

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' })
  if (typeof document !== 'undefined' && typeof MutationObserver !== 'undefined') {
    new MutationObserver(unhideOpenDialogs).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-hidden'] })
  }
})

let consoleErrors: unknown[][] = []
beforeEach(async () => {
  await resetDatabase()
  resetFaults()
  resetRevocation()
  consoleErrors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args)
  })
})

afterEach(() => {
  cleanup()
  server.resetHandlers()
  try {
    localStorage.clear()
  } catch {
    /* node environment */
  }
  vi.restoreAllMocks()
  if (consoleErrors.length > 0) {
    const first = consoleErrors[0]?.map((a) => (a instanceof Error ? a.stack : String(a))).join(' ')
    consoleErrors = []
    throw new Error(`Unexpected console.error: ${first}`)
  }
})

afterAll(() => {
  server.close()
})
