import { Suspense, lazy, type ReactNode } from 'react'
import { Navigate, Route, Routes } from 'react-router-dom'
import type { Role } from '../api/contracts/auth'
import { PortalShell } from './portal-shell'
import { MENUS, PORTAL_NAMES, ROLE_NAMES } from './menus'
import { homeOf, profileOf } from './paths'
import { PageLoading } from './page-loading'
import { useSession } from './session'
import { useUnreadMessages } from './messages/use-unread-messages'

// Every role's profile page, its own chunk.
const ProfilePage = lazy(() => import('../features/account/profile-page').then((m) => ({ default: m.ProfilePage })))

export interface PortalRoute {
  /** Relative to the portal's home ('' for its index). */
  path: string
  element: ReactNode
}

/** A role's portal: its shell, its screens, and "any other path" back to its home (SPEC.md section 2). */
export function RolePortal({ role, routes }: { role: Role; routes: PortalRoute[] }) {
  const { user, logout } = useSession()
  const unread = useUnreadMessages()
  const messages = MENUS[role].find((m) => m.to.endsWith('/messages'))
  return (
    <PortalShell
      menu={MENUS[role]}
      roleName={ROLE_NAMES[role]}
      portalName={PORTAL_NAMES[role]}
      userName={user?.name || user?.email || ''}
      homePath={homeOf(role)}
      profilePath={profileOf(role)}
      onLogout={logout}
      badges={messages ? { [messages.to]: unread } : undefined}
    >
      <Suspense fallback={<PageLoading />}>
        <Routes>
          {routes.map((r) => (r.path === '' ? <Route key="index" index element={r.element} /> : <Route key={r.path} path={r.path} element={r.element} />))}
          <Route path="profile" element={<ProfilePage />} />
          <Route path="*" element={<Navigate to={homeOf(role)} replace />} />
        </Routes>
      </Suspense>
    </PortalShell>
  )
}
