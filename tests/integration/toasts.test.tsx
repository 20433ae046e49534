import { MemoryRouter, useNavigate } from 'react-router-dom'
import { StrictMode } from 'react'
import { act, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { App } from '../../src/app/app'
import { startSession } from '../../src/app/session'
import { Toasts } from '../../src/app/toasts'
import { showNotification } from '../../src/app/toast-bridge'
import { GUARD_MESSAGES } from '../../src/app/guards'
import { TOAST_NAVIGATION_GRACE_MS } from '../../src/lib/constants'
import { findToast } from './render-app'

afterEach(() => {
  vi.useRealTimers()
})

describe('No message is lost while the toasts are still loading', () => {
  it('shows a message sent before the toast container existed, once it mounts (StrictMode mounts it twice)', async () => {
    // The guard speaks before the toasts' chunk has come: no container is there to receive it.
    showNotification({ type: 'notify', level: 'warning', message: GUARD_MESSAGES.login })
    expect(screen.queryAllByRole('alert', { hidden: true })).toEqual([])
    render(
      <StrictMode>
        <MemoryRouter>
          <Toasts />
        </MemoryRouter>
      </StrictMode>,
    )
    const toast = await findToast(GUARD_MESSAGES.login)
    expect(toast).toBeVisible()
  })

  it('shows the same message twice sent while waiting only once', async () => {
    showNotification({ type: 'notify', level: 'error', message: 'Failed to fetch users' })
    showNotification({ type: 'notify', level: 'error', message: 'Failed to fetch users' })
    // Sent after the two: once it is on screen, whatever the two gave is on screen too (shown in order).
    showNotification({ type: 'notify', level: 'info', message: 'Signed out' })
    render(
      <MemoryRouter>
        <Toasts />
      </MemoryRouter>,
    )
    await findToast('Failed to fetch users')
    await findToast('Signed out')
    expect(screen.getAllByRole('alert', { hidden: true }).filter((el) => el.textContent?.includes('Failed to fetch users'))).toHaveLength(1)
  })

  it('tells an anonymous visitor of an admin page, on the sign-in page, to sign in, in the development build (StrictMode) too', async () => {
    let path = ''
    render(
      <StrictMode>
        <App actor={startSession()} initialPath="/dashboard/admin/users" onLocation={(l) => (path = l.pathname)} />
      </StrictMode>,
    )
    await findToast(GUARD_MESSAGES.login)
    await waitFor(() => expect(path).toBe('/login'))
  })
})

function GoTo({ to }: { to: string }) {
  const navigate = useNavigate()
  return (
    <button type="button" onClick={() => navigate(to)}>
      Go
    </button>
  )
}

describe('A toast from the previous page does not linger over the next', () => {
  it('clears a toast shown well before the page changed, and keeps one shown with the move', async () => {
    // Only the clock that stamps each toast is moved; react-toastify's own timers run as they do.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-03-02T09:00:00+03:00') })
    render(
      <MemoryRouter>
        <Toasts />
        <GoTo to="/next" />
      </MemoryRouter>,
    )
    showNotification({ type: 'notify', level: 'success', message: 'Profile updated successfully' })
    await findToast('Profile updated successfully')
    vi.setSystemTime(Date.now() + TOAST_NAVIGATION_GRACE_MS + 200)
    showNotification({ type: 'notify', level: 'success', message: 'Booking created' })
    await findToast('Booking created')
    act(() => screen.getByRole('button', { name: 'Go' }).click())
    // Dismissed: react-toastify marks it leaving (its exit animation), or has already removed it.
    const leaving = (text: string) => {
      const el = screen.queryByText(text)?.closest('.Toastify__toast')
      return !el || el.className.includes('exit')
    }
    // Within 1 s, well before its own 4 s close: the change of page did it.
    await waitFor(() => expect(leaving('Profile updated successfully')).toBe(true), { timeout: 1000 })
    expect(leaving('Booking created')).toBe(false)
  })
})
