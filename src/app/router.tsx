import { lazy, Suspense, type ReactNode } from 'react'
import { Navigate, Outlet, useRoutes, type RouteObject } from 'react-router-dom'
import { PublicLayout } from './public-layout'
import type { Role } from '../../shared/contracts/roles'
import { paths } from './paths'
import { registerRoute } from '../lib/prefetch'
import { PageLoading } from './page-loading'
import { withCatalogs } from '../lib/i18n'
import { loadSession } from './session-slot'

/**
 * The first load carries only the public layout; every screen is a lazy chunk (a pre-rendered
 * page's HTML preloads its own, see build/prerender-pages.ts): the home page, the sign-in screens
 * (prefetched on intent), the guards and the session (XState, API client, zod; the
 * toasts follow in a chunk of their own), and each portal, so a family on a phone never downloads the admin portal.
 */
function lazyRoute<T extends Record<string, unknown>>(path: string | null, load: () => Promise<T>, name: keyof T) {
  if (path) registerRoute(path, load)
  return lazy(() => load().then((m) => ({ default: m[name] as React.ComponentType })))
}

// The home page is a chunk of its own too: its HTML is pre-rendered and index.html preloads it, while
// /login and /register (their own HTML, build/prerender-pages.ts) do not download it.
const LandingPage = lazyRoute(paths.home, withCatalogs(() => import('../features/public/landing/landing-page'), 'home'), 'LandingPage')
const loadLogin = withCatalogs(() => import('../features/public/login/login-page'), 'auth')
const loadRegister = withCatalogs(() => import('../features/public/register/register-page'), 'auth')
const LoginPage = lazyRoute(paths.login, loadLogin, 'LoginPage')
const RegisterPage = lazyRoute(paths.register, loadRegister, 'RegisterPage')
const ForgotPasswordPage = lazyRoute(paths.forgotPassword, withCatalogs(() => import('../features/public/forgot-password/forgot-password-page'), 'auth'), 'ForgotPasswordPage')
const ResetPasswordPage = lazyRoute(paths.resetPassword, withCatalogs(() => import('../features/public/reset-password/reset-password-page'), 'auth', 'portal'), 'ResetPasswordPage')
const AboutPage = lazyRoute(paths.about, withCatalogs(() => import('../features/public/about/about-page'), 'pages'), 'AboutPage')
const PlanningPage = lazyRoute(paths.resources.planning, withCatalogs(() => import('../features/public/resources/planning-page'), 'pages'), 'PlanningPage')
const GriefSupportPage = lazyRoute(paths.resources.griefSupport, withCatalogs(() => import('../features/public/resources/grief-support-page'), 'pages'), 'GriefSupportPage')
// A relative's first load from a shared link: the public frame and this one screen, no portal code.
const ContributePage = lazy(withCatalogs(() => import('../features/public/contribute/contribute-route'), 'contribute'))
// The tribute page is the real server's HTML (server/tribute-html.ts); a build without it (the mock) draws it here.
const TributePublicPage = lazy(withCatalogs(() => import('../features/public/tribute/tribute-page'), 'contribute'))
const LegalPage = lazyRoute(paths.resources.legal, withCatalogs(() => import('../features/public/resources/legal-page'), 'pages'), 'LegalPage')

// The guards read the session, so they live in the session's part of the app.
const loadGuards = withCatalogs(() => import('./guards'), 'portal')
const RequireRole = lazy(() => loadGuards().then((m) => ({ default: m.RequireRole })))
const DashboardRedirect = lazyRoute(paths.dashboard, loadGuards, 'DashboardRedirect')

// Each portal is its own chunk, drawn only once the guard has let its role in.
const loadClientPortal = withCatalogs(() => import('./portals/client-portal'), 'portal', 'client')
const loadMorguePortal = withCatalogs(() => import('./portals/morgue-portal'), 'portal', 'morgue')
const loadAdminPortal = withCatalogs(() => import('./portals/admin-portal'), 'portal', 'admin')
const ClientPortal = lazyRoute(paths.client.home, loadClientPortal, 'default')
const MorguePortal = lazyRoute(paths.morgue.home, loadMorguePortal, 'default')
const AdminPortal = lazyRoute(paths.admin.home, loadAdminPortal, 'default')
/** A portal's module: its component, and the first screen it starts loading as its code runs, when it does. */
interface PortalModule {
  default: React.ComponentType
  firstScreen?: Promise<void>
}
const PORTAL_LOADS: [home: string, role: Role, load: () => Promise<PortalModule>][] = [
  [paths.client.home, 'client', loadClientPortal],
  [paths.morgue.home, 'morgueAttendant', loadMorguePortal],
  [paths.admin.home, 'admin', loadAdminPortal],
]

/**
 * A visitor whose stored token says they are signed in, opening an address in their own portal:
 * the session, the guards and the portal are asked for together as the app starts. Left to the
 * render, each waited for the one before it to arrive and run (the guard needs the session, the
 * portal the guard's yes): on a slow line a round trip and a download each before the screen's own
 * code was even asked for. The screen's own files come with them where the page lists them (the
 * family's shell); elsewhere the portal asks for its first screen as its code runs (startFirstScreen).
 * Only code is fetched ahead: the session still verifies the token, and the guard still decides.
 * Settles once all of it is in (or could not come).
 */
export function startPortalAhead(pathname: string, role: Role | null): Promise<void> {
  const portal = portalOf(pathname, role)
  if (!portal) return Promise.resolve()
  // Settled either way: a part that could not come fails where it renders, as it always did.
  const settled = (loading: Promise<unknown>) => loading.then(
    () => {},
    () => {},
  )
  // The family's shell also lists each screen's files: src/early-data.ts asked for them already.
  // A portal that starts its first screen as its code runs says when that screen is in.
  const portalAndScreen = portal[2]().then((m) => m.firstScreen)
  return Promise.all([settled(loadSession()), settled(loadGuards()), settled(portalAndScreen)]).then(() => {})
}

/** The home of the portal `pathname` lies in, when it is the portal of `role`; else null (another role's portal, a public page). */
export function ownPortalAt(pathname: string, role: Role | null): string | null {
  return portalOf(pathname, role)?.[0] ?? null
}

const portalOf = (pathname: string, role: Role | null) => PORTAL_LOADS.find(([home, owner]) => owner === role && (pathname === home || pathname.startsWith(`${home}/`)))

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>
}

function Portal({ role, children }: { role: Role; children: ReactNode }) {
  return (
    <Lazy>
      <RequireRole role={role}>
        <Lazy>{children}</Lazy>
      </RequireRole>
    </Lazy>
  )
}

export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: paths.home, element: <Lazy><LandingPage /></Lazy> },
          { path: paths.login, element: <Lazy><LoginPage /></Lazy> },
          { path: paths.register, element: <Lazy><RegisterPage /></Lazy> },
          { path: paths.forgotPassword, element: <Lazy><ForgotPasswordPage /></Lazy> },
          { path: paths.resetPassword, element: <Lazy><ResetPasswordPage /></Lazy> },
          { path: paths.about, element: <Lazy><AboutPage /></Lazy> },
          { path: paths.resources.planning, element: <Lazy><PlanningPage /></Lazy> },
          { path: paths.resources.griefSupport, element: <Lazy><GriefSupportPage /></Lazy> },
          { path: paths.resources.legal, element: <Lazy><LegalPage /></Lazy> },
          // The legal page's chunk serves it too (LegalPage reads the path): the first load stays as small.
          { path: paths.resources.whatToDoNow, element: <Lazy><LegalPage /></Lazy> },
          { path: '/contribute/:token', element: <Lazy><ContributePage /></Lazy> },
          { path: '/t/:slug', element: <Lazy><TributePublicPage /></Lazy> },
        ],
      },
      { path: paths.dashboard, element: <Lazy><DashboardRedirect /></Lazy> },
      { path: `${paths.client.home}/*`, element: <Portal role="client"><ClientPortal /></Portal> },
      { path: `${paths.morgue.home}/*`, element: <Portal role="morgueAttendant"><MorguePortal /></Portal> },
      { path: `${paths.admin.home}/*`, element: <Portal role="admin"><AdminPortal /></Portal> },
      // SPEC.md section 2: any unknown path redirects to /.
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
]

/** The route tree: the session (read by the guards) picks which portal a visitor may see. */
export function AppRoutes() {
  return useRoutes(routes)
}
