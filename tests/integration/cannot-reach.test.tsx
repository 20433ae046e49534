import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import { http } from 'msw'
import { db, server } from '../../mocks/node'
import { paths } from '../../src/app/paths'
import { SLOW_LOAD_MS } from '../../machines/shared/slow-load'
import { DEMO_LOGINS, renderAt } from './render-app'
// Loaded before the clock is simulated: the router's lazy import() of each then resolves at once,
// while Testing Library's waits move the simulated clock much faster than real time.
import '../../src/app/portals/client-portal'
import '../../src/features/client/dashboard/client-dashboard-page'
import '../../src/features/client/bookings/booking-detail-page'
import '../../src/features/client/messages/client-messages-page'

vi.setConfig({ testTimeout: 40_000 })

/** Long enough, in simulated time, for the signed-in portal to open. */
const OPENS = { timeout: 60_000 }
const CANNOT_REACH = 'We cannot reach the funeral home right now. Check your connection, or call us.'

/**
 * A line that takes the request and never answers (no error either: the HTTP client has no
 * timeout) until `answer()`; then the mock answers as usual.
 */
function deadLine(path: string) {
  let open = false
  const waiting: Array<() => void> = []
  server.use(
    http.get(`*/api${path}`, async () => {
      if (!open) await new Promise<void>((resolve) => waiting.push(resolve))
      // Nothing returned: the mock's own handler answers.
      return undefined
    }),
  )
  return {
    answer() {
      open = true
      // Those asked before stay unanswered (a dead request): only a new one gets through.
    },
    release: () => waiting.splice(0).forEach((r) => r()),
  }
}

/**
 * The machines' timers on a clock the test moves (Testing Library's waits move it too, 50 ms a
 * turn, through the `jest` global it looks for), so no test sleeps for real.
 */
function simulatedClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
}

async function moveClock(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

async function tryAgain() {
  await act(async () => {
    screen.getByRole('button', { name: 'Try again' }).click()
  })
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('A family screen whose server does not answer', () => {
  it('the dashboard says so within SLOW_LOAD_MS with Try again, instead of a skeleton for ever; Try again loads the bookings', async () => {
    const line = deadLine('/bookings/my')
    simulatedClock()
    await renderAt(paths.client.home, { as: 'client' })
    expect(await screen.findByLabelText('Loading bookings', {}, OPENS)).toBeInTheDocument()
    expect(screen.queryByText(CANNOT_REACH)).not.toBeInTheDocument()
    await moveClock(SLOW_LOAD_MS)
    expect(await screen.findByText(CANNOT_REACH)).toBeInTheDocument()
    expect(screen.queryByLabelText('Loading bookings')).not.toBeInTheDocument()
    // No empty list that would read as "nothing booked".
    expect(screen.queryByRole('list', { name: 'Recent bookings' })).not.toBeInTheDocument()
    line.answer()
    await tryAgain()
    // Its list may need code still being compiled on a busy machine: the same patience as the first load.
    expect(await screen.findByRole('list', { name: 'Recent bookings' }, OPENS)).toBeInTheDocument()
    expect(screen.queryByText(CANNOT_REACH)).not.toBeInTheDocument()
    line.release()
  })

  it('a booking page stays (not sent back to a list that cannot load either), says so, and Try again shows the booking', async () => {
    const family = db.user.findFirst((q) => q.where({ email: DEMO_LOGINS.client.email }))!
    const booking = db.booking.findMany((q) => q.where({ client_id: family.id }))[0]!
    const line = deadLine('/bookings/:id')
    simulatedClock()
    const { location } = await renderAt(paths.client.booking(String(booking.id)), { as: 'client' })
    expect(await screen.findByLabelText('Loading booking', {}, OPENS)).toBeInTheDocument()
    await moveClock(SLOW_LOAD_MS)
    expect(await screen.findByText(CANNOT_REACH)).toBeInTheDocument()
    expect(location().pathname).toBe(paths.client.booking(String(booking.id)))
    line.answer()
    await tryAgain()
    expect(await screen.findByText(new RegExp(`^Booking #${booking.id} for `), {}, OPENS)).toBeInTheDocument()
    expect(screen.queryByText(CANNOT_REACH)).not.toBeInTheDocument()
    line.release()
  })

  it("Messages stops spinning 'Loading messages…' and offers Try again, which lists the conversations", async () => {
    const line = deadLine('/messages/threads')
    simulatedClock()
    await renderAt(paths.client.messages, { as: 'client' })
    expect(await screen.findByText('Loading messages…', {}, OPENS)).toBeInTheDocument()
    await moveClock(SLOW_LOAD_MS)
    expect(await screen.findByText(CANNOT_REACH)).toBeInTheDocument()
    expect(screen.queryByText('Loading messages…')).not.toBeInTheDocument()
    line.answer()
    await tryAgain()
    expect(await within(screen.getByRole('navigation', { name: 'Conversations' })).findAllByRole('link')).not.toHaveLength(0)
    line.release()
  })
})
