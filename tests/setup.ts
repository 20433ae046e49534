/**
 * Global test setup, for every Vitest file:
 * - jest-dom's matchers; Testing Library waits up to 5 s and its role queries skip hidden elements;
 * - Web Animations switched off (see below), and a modal dialog that Fluent's focus manager marks
 *   aria-hidden is made visible to queries again;
 * - the MSW node server for the whole file (an unhandled request fails), and before each test a
 *   freshly seeded mock database, its uploaded files emptied, no injected faults, no revoked sessions;
 * - after each test: unmount, the MSW handlers a test added removed, localStorage cleared, spies
 *   restored, and the test fails if anything called console.error during it.
 */
import '@testing-library/jest-dom/vitest'
import * as React from 'react'
import { cleanup, configure, getConfig } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { server } from '../mocks/node'
import { resetDatabase } from '../mocks/db'
import { resetFaults, resetRevocation } from '../mocks/http'
import { activateLocale, currentLocale, ensureCatalogs } from '../src/lib/i18n'

// findBy*/waitFor give up after 5 s instead of 1: on a busy 2-core machine a screen can take longer
// than a second to settle. Role queries skip aria-hidden elements, as a user of assistive technology
// would (Testing Library's default, kept explicit): a toast or a page behind a dialog that must be
// found anyway is looked up with `hidden: true` where it is used.
configure({ asyncUtilTimeout: 5000, defaultHidden: false })
// A query that fails while findBy*/waitFor is still polling (every 50 ms) would print the whole
// document into an error nobody reads: that printing was a tenth of a screen test's time. The
// error that is reported (the query outside a wait, or the wait's timeout) still prints it.
const { getElementError } = getConfig()
configure({
  getElementError: (message, container) => {
    // Testing Library's own flag, set while a wait runs its callback (not in its published types).
    if ((getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics) {
      const error = new Error(message ?? '')
      error.name = 'TestingLibraryElementError'
      return error
    }
    return getElementError(message, container)
  },
})

// React's development build records where each element was created (an Error with its stack and
// a console task, for up to ten thousand elements per render) so that a warning can name the
// component that rendered the culprit: a fifth of a screen test's time, most of it the garbage
// those stacks leave. The count it checks is pinned at its limit, so no stack is taken; every
// warning still fires (and fails its test, below), named by its component stack instead.
if (process.env.REACT_OWNER_STACKS !== '1') {
  const internals = (React as unknown as Record<string, Record<string, unknown>>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE
  if (internals && 'recentlyCreatedOwnerStacks' in internals) {
    Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { get: () => 1e4, set: () => undefined, configurable: true })
  }
}

// Fluent UI's motion uses a no-op path in tests when Web Animations are absent; happy-dom's
// partial implementation rejects "animation was canceled" on unmount instead.
if (typeof Element !== 'undefined') {
  Object.defineProperty(Element.prototype, 'animate', { value: undefined, configurable: true, writable: true })
}

// Fluent's styles (Griffel) insert thousands of one-property rules, and happy-dom matches every
// rule against an element and its ancestors each time a query asks whether that element is hidden
// or computes its accessible name (dom-accessibility-api reads each child's display): a quarter of
// a screen test's time went there. What a query or jest-dom's toBeVisible reads of the styles is
// display, visibility, opacity and content-visibility, so only rules that set one of them reach the
// document; the others (colours, spacing, fonts) change nothing a test can see and are left out.
const MATTERS_TO_QUERIES = /(^|[{;\s])(display|visibility|opacity|content-visibility)\s*:/
if (typeof CSSStyleSheet !== 'undefined') {
  const insertRule = CSSStyleSheet.prototype.insertRule
  CSSStyleSheet.prototype.insertRule = function (rule: string, index?: number) {
    if (!MATTERS_TO_QUERIES.test(rule)) return index ?? this.cssRules.length
    return insertRule.call(this, rule, index)
  }
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

beforeAll(async () => {
  // Every screen's words in English (as the browser would load them, screen by screen).
  await ensureCatalogs('site', 'home', 'auth', 'pages', 'contribute', 'portal', 'client', 'morgue', 'admin')
  // The booking page's later cards, loaded ahead as a browser's cache would hold them: the page
  // asks for them after its first screen, and one whose code was still being compiled for the test
  // when a test typed would suspend inside that keystroke (React's act warns, and the test fails).
  await Promise.all([
    import('../src/features/documents/booking-papers'),
    import('../src/features/client/bookings/contributions-card'),
    import('../src/features/client/bookings/tribute-card'),
    import('../src/features/messages/conversation-panel'),
  ])
  await activateLocale('en')
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

afterEach(async () => {
  cleanup()
  if (currentLocale() !== 'en') await activateLocale('en')
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
