/**
 * The family's dashboard on its own page (build/prerender-pages.ts): the page's first script asked
 * for the bookings before the app's code arrived (src/early-data.ts). The dashboard draws them in its
 * first render, never a "Loading bookings" placeholder first, and asks the server no second time.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import { server } from '../../mocks/node'
import { login } from '../../src/api/auth'
import { myBookings } from '../../src/api/bookings'
import { TOKEN_KEY } from '../../src/api/client'
import { DEMO_LOGINS, countRequests } from './render-app'

vi.setConfig({ testTimeout: 40_000 })

const slot = window as unknown as { __afhEarly?: unknown }
afterEach(() => {
  delete slot.__afhEarly
})

/** Whether an element labelled `label` was ever put in the page while `run` ran. */
function watchFor(label: string) {
  let seen = false
  const observer = new MutationObserver(() => {
    if (document.querySelector(`[aria-label="${label}"]`)) seen = true
  })
  observer.observe(document.body, { childList: true, subtree: true })
  return {
    get seen() {
      return seen
    },
    stop: () => observer.disconnect(),
  }
}

describe("the family's dashboard, its bookings asked for early", () => {
  it('draws them in its first render and does not ask for them again', async () => {
    const { token } = await login(DEMO_LOGINS.client)
    localStorage.setItem(TOKEN_KEY, token)
    const answer = await myBookings()
    // As src/early-data.ts leaves it: the answer to the page's own request, with the token it was asked with.
    slot.__afhEarly = [{ path: '/bookings/my', token, answer: Promise.resolve(answer) }]
    // The app's code arrives (and runs) after that answer: fresh modules read it as they load.
    vi.resetModules()
    const { App } = await import('../../src/app/app')
    const { startSession } = await import('../../src/app/session')
    await import('../../src/features/client/dashboard/client-dashboard-page')
    const requests = countRequests(server)
    const placeholder = watchFor('Loading bookings')
    try {
      render(<App actor={startSession()} initialPath="/dashboard/client" />)
      // The whole app renders (on a busy machine, seconds): the wait is long, the check is what was drawn first.
      const recent = await screen.findByRole('list', { name: 'Recent bookings' }, { timeout: 20_000 })
      expect(within(recent).getAllByRole('listitem').length).toBeGreaterThan(0)
      expect(placeholder.seen).toBe(false)
      expect(requests.requests).not.toContain('GET /api/bookings/my')
    } finally {
      placeholder.stop()
      requests.stop()
    }
  })
})
