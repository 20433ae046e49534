/**
 * Render the whole app (real router, guards, portals, machines, API client) at a path, against the
 * MSW node server started in tests/setup.ts. Optionally signed in as a demo account first, through
 * the real login call, exactly as the browser would be after a sign-in.
 */
import { render, screen, waitFor } from '@testing-library/react'
import type { Location } from 'react-router-dom'
import { App } from '../../src/app/app'
import { startSession } from '../../src/app/session'
import type { AuthActor } from '../../src/app/session-slot'
import { login } from '../../src/api/auth'
import { TOKEN_KEY } from '../../src/api/client'
import type { Role } from '../../shared/contracts/auth'
import type { SetupServer } from 'msw/node'

export const DEMO_LOGINS: Record<Role, { email: string; password: string }> = {
  admin: { email: 'admin@funeral.test', password: 'Admin#2026' },
  morgueAttendant: { email: 'attendant@funeral.test', password: 'Attendant#2026' },
  client: { email: 'family@funeral.test', password: 'Family#2026' },
}

export interface RenderAppOptions {
  /** Sign in as this demo role first, or with these credentials. */
  as?: Role | { email: string; password: string }
}

export async function renderAt(path: string, options: RenderAppOptions = {}) {
  if (options.as) {
    const credentials = typeof options.as === 'string' ? DEMO_LOGINS[options.as] : options.as
    const { token } = await login(credentials)
    localStorage.setItem(TOKEN_KEY, token)
  }
  const actor: AuthActor = startSession()
  let current: Location | null = null
  const utils = render(<App actor={actor} initialPath={path} onLocation={(l) => (current = l)} />)
  return {
    ...utils,
    actor,
    /** Where the router is now. */
    location: (): Location => {
      if (!current) throw new Error('The router has not rendered yet')
      return current
    },
  }
}

/**
 * Wait for a toast (react-toastify renders role="alert") holding this text. Hidden ones count: while
 * a modal dialog is open, Fluent hides the page behind it (the toasts too) from assistive tech, and
 * those screens also say the outcome inside the dialog, which the tests check separately.
 */
export async function findToast(text: string) {
  return waitFor(() => {
    const found = screen.getAllByRole('alert', { hidden: true }).find((el) => el.textContent?.includes(text))
    if (!found) throw new Error(`No toast "${text}"`)
    return found
  })
}

/** Everything the toasts say now ('' when none), to prove that something was not said twice. */
export function toastsText(): string {
  return Array.from(document.querySelectorAll('.Toastify__toast'), (el) => el.textContent ?? '').join('\n')
}

/** Count requests to the mock /api while a block runs (to prove that nothing was sent). */
export function countRequests(server: SetupServer) {
  const seen: string[] = []
  server.events.on('request:start', ({ request }) => {
    seen.push(`${request.method} ${new URL(request.url).pathname}`)
  })
  return {
    get requests() {
      return seen
    },
    stop: () => server.events.removeAllListeners('request:start'),
  }
}
