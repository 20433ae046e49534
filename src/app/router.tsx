import { lazy, Suspense } from 'react'
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom'
import { Spinner } from '@fluentui/react-components'
import { PublicLayout } from '../components/public-layout/public-layout'
import { LandingPage } from '../features/public/landing/landing-page'
import { LoginPage } from '../features/public/login/login-page'
import { RegisterPage } from '../features/public/register/register-page'
import { DashboardRedirect, RequireRole } from './guards'
import { paths } from './paths'

// Each portal is its own chunk: a family on a phone never downloads the admin portal.
const ClientPortal = lazy(() => import('./portals/client-portal'))
const MorguePortal = lazy(() => import('./portals/morgue-portal'))
const AdminPortal = lazy(() => import('./portals/admin-portal'))
const AboutPage = lazy(() => import('../features/public/about/about-page').then((m) => ({ default: m.AboutPage })))
const PlanningPage = lazy(() => import('../features/public/resources/planning-page').then((m) => ({ default: m.PlanningPage })))
const GriefSupportPage = lazy(() => import('../features/public/resources/grief-support-page').then((m) => ({ default: m.GriefSupportPage })))
const LegalPage = lazy(() => import('../features/public/resources/legal-page').then((m) => ({ default: m.LegalPage })))
const ForgotPasswordPage = lazy(() => import('../features/public/forgot-password/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })))
const ResetPasswordPage = lazy(() => import('../features/public/reset-password/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })))

function Loading() {
  return <Spinner style={{ marginTop: '20vh' }} label="Loading…" />
}

function Lazy({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={<Loading />}>{children}</Suspense>
}

export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: paths.home, element: <LandingPage /> },
          { path: paths.login, element: <LoginPage /> },
          { path: paths.register, element: <RegisterPage /> },
          { path: paths.forgotPassword, element: <Lazy><ForgotPasswordPage /></Lazy> },
          { path: paths.resetPassword, element: <Lazy><ResetPasswordPage /></Lazy> },
          { path: paths.about, element: <Lazy><AboutPage /></Lazy> },
          { path: paths.resources.planning, element: <Lazy><PlanningPage /></Lazy> },
          { path: paths.resources.griefSupport, element: <Lazy><GriefSupportPage /></Lazy> },
          { path: paths.resources.legal, element: <Lazy><LegalPage /></Lazy> },
        ],
      },
      { path: paths.dashboard, element: <DashboardRedirect /> },
      { path: `${paths.client.home}/*`, element: <RequireRole role="client"><Lazy><ClientPortal /></Lazy></RequireRole> },
      { path: `${paths.morgue.home}/*`, element: <RequireRole role="morgueAttendant"><Lazy><MorguePortal /></Lazy></RequireRole> },
      { path: `${paths.admin.home}/*`, element: <RequireRole role="admin"><Lazy><AdminPortal /></Lazy></RequireRole> },
      // SPEC.md section 2: any unknown path redirects to /.
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}
