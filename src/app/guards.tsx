import { useEffect, type ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router-dom'
import type { Role } from '../../shared/contracts/auth'
import { useAuthSelector } from './session'
import { homeOf, paths } from './paths'
export { afterLoginPath } from './paths'
import { showNotification } from './toast-bridge'

export const GUARD_MESSAGES = {
  login: 'Please login to access this page',
  permission: 'You do not have permission to access this page',
} as const

/** Redirect, telling the user why in a toast (once, even under StrictMode's double effects: toastId dedupes). */
function RedirectWithMessage({ to, message, state }: { to: string; message?: string; state?: unknown }) {
  useEffect(() => {
    if (message) showNotification({ type: 'notify', level: 'warning', message })
  }, [message])
  return <Navigate to={to} replace state={state} />
}

/**
 * Why the sign-in page is shown, said on that page rather than in a toast: on a slow line the page
 * arrives after a toast has gone, and a reload (or Vite's, in development) would lose a toast, while
 * the address's state survives both (src/features/public/login/login-page.tsx).
 */
function signInFirst(from: string) {
  return { from, reason: 'login' as const }
}

/**
 * The route guard of SPEC.md section 6: signed out → /login (location remembered, message);
 * wrong role → that role's own home with the permission message. A logout goes home quietly.
 */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const location = useLocation()
  const status = useAuthSelector((s) => (s.matches('signedIn') ? 'signedIn' : 'signedOut'))
  const userRole = useAuthSelector((s) => s.context.user?.role ?? null)
  const endedBy = useAuthSelector((s) => s.context.endedBy)

  if (status !== 'signedIn') {
    if (endedBy === 'logout') return <Navigate to={paths.home} replace />
    return <Navigate to={paths.login} replace state={signInFirst(location.pathname + location.search)} />
  }
  if (userRole !== role) {
    return <RedirectWithMessage to={homeOf(userRole)} message={GUARD_MESSAGES.permission} />
  }
  return <>{children}</>
}

/**
 * /dashboard: SPEC.md sends everyone to /dashboard/client, which would greet staff with a
 * permission error on every visit; we send a signed-in user to their own home (README: deviations).
 */
export function DashboardRedirect() {
  const location = useLocation()
  const role = useAuthSelector((s) => (s.matches('signedIn') ? (s.context.user?.role ?? null) : null))
  if (!role) return <Navigate to={paths.login} replace state={signInFirst(location.pathname)} />
  return <Navigate to={homeOf(role)} replace />
}

