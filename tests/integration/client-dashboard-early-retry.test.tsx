/**
 * The bookings the family portal's page asked for early (src/early-data.ts) are read while the list
 * renders. React may throw a render away and do it again (something beside the list was not ready):
 * the list drawn in the end must still start with them. (A file of its own: it loads the list's
 * code afresh.)
 */
import { Suspense, use } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { server } from '../../mocks/node'
import { login } from '../../src/api/auth'
import { myBookings } from '../../src/api/bookings'
import { TOKEN_KEY } from '../../src/api/client'
import { DEMO_LOGINS, countRequests } from './render-app'

vi.setConfig({ testTimeout: 40_000 })

describe("the family's bookings asked for early", () => {
  it('are still there for the list when React renders it a second time', async () => {
    const { token } = await login(DEMO_LOGINS.client)
    localStorage.setItem(TOKEN_KEY, token)
    const answer = await myBookings()
    const slot = window as unknown as { __afhEarly?: unknown }
    slot.__afhEarly = [{ path: '/bookings/my', token, answer: Promise.resolve(answer) }]
    vi.resetModules()
    const { useMyBookings } = await import('../../src/features/client/my-bookings')
    // Let the early answer be read as the code loads.
    await Promise.resolve()
    await new Promise((resolve) => setTimeout(resolve, 0))
    const drawn: string[] = []
    function List() {
      const { loaded, bookings } = useMyBookings({ saidInPlace: true })
      drawn.push(loaded ? `${bookings.length} bookings` : 'loading')
      return <p>{loaded ? `${bookings.length} bookings` : 'Loading bookings'}</p>
    }
    // Beside the list, something not ready yet: React throws the first render away, then does it again.
    let ready: () => void = () => {}
    const later = new Promise<void>((resolve) => (ready = resolve))
    function NotYet() {
      use(later)
      return null
    }
    const requests = countRequests(server)
    try {
      await act(async () => {
        render(
          <Suspense fallback={<p>Waiting</p>}>
            <List />
            <NotYet />
          </Suspense>,
        )
      })
      await screen.findByText('Waiting')
      await act(async () => ready())
      expect(await screen.findByText(`${answer.length} bookings`), drawn.join(', ')).toBeInTheDocument()
      expect(drawn).not.toContain('loading')
      expect(requests.requests).not.toContain('GET /api/bookings/my')
    } finally {
      requests.stop()
      delete slot.__afhEarly
    }
  })
})
