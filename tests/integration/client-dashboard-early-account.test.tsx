/**
 * The bookings the family portal's page asked for early (src/early-data.ts) are the account's that
 * was signed in then: another account signed in on the same phone before any list was drawn gets
 * its own. (A file of its own: each test loads the app afresh, and a second fresh load in one file
 * would leave the first's database behind the mock.)
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

describe("the family's dashboard, its bookings asked for early", () => {
  it("is not given to another account signed in on the same phone before any list was drawn", async () => {
    const { token } = await login(DEMO_LOGINS.client)
    localStorage.setItem(TOKEN_KEY, token)
    const theirs = (await myBookings()).map((b) => ({ ...b, deceased_first_name: 'Someone', deceased_last_name: 'Else' }))
    // The page asked early for the bookings of whoever was signed in then.
    localStorage.setItem(TOKEN_KEY, 'the-token-of-someone-else')
    slot.__afhEarly = [{ path: '/bookings/my', token: 'the-token-of-someone-else', answer: Promise.resolve(theirs) }]
    vi.resetModules()
    const { App } = await import('../../src/app/app')
    const { startSession } = await import('../../src/app/session')
    await import('../../src/features/client/dashboard/client-dashboard-page')
    // They signed out without drawing a list; the family signs in on the same phone.
    localStorage.setItem(TOKEN_KEY, token)
    const requests = countRequests(server)
    try {
      render(<App actor={startSession()} initialPath="/dashboard/client" />)
      const recent = await screen.findByRole('list', { name: 'Recent bookings' }, { timeout: 20_000 })
      expect(within(recent).queryByText(/Someone Else/)).not.toBeInTheDocument()
      expect(requests.requests).toContain('GET /api/bookings/my')
    } finally {
      requests.stop()
    }
  })
})
