import { Suspense, lazy, useEffect, type ComponentType, type ReactNode } from 'react'
import { Navigate, Route, Routes, matchPath, useLocation } from 'react-router-dom'
import type { Role } from '../../shared/contracts/auth'
import { PortalShell } from './portal-shell'
import { MENUS, PORTAL_NAMES, ROLE_NAMES } from './menus'
import { homeOf, profileOf } from './paths'
import { PageLoading } from './page-loading'
import { ScreenUnavailable } from './screen-unavailable'
import { useSession } from './session'
import { useUnreadMessages } from './use-unread-messages'
import { updateProfile } from '../api/auth'
import { CONTACT } from '../lib/contact'
import { loadOnce } from '../lib/load-once'
import { activateLocale, currentLocale, rememberLocale, storedLocale, type Locale } from '../lib/i18n'

/** Keep a language choice in the user's profile too, so it follows them to another device. */
function saveLanguage(locale: Locale) {
  void updateProfile({ language: locale }).catch(() => {
    // The device keeps the choice either way; the profile learns it at the next change.
  })
}

/**
 * On sign-in: the language kept in the profile wins (chosen on another device); a profile without
 * one learns the one chosen on this device.
 */
function useProfileLanguage(user: { id: string; language?: Locale | null } | null) {
  const id = user?.id
  const language = user?.language
  useEffect(() => {
    if (!id) return
    if (language && language !== currentLocale()) {
      rememberLocale(language)
      void activateLocale(language)
    } else if (!language) {
      const chosen = storedLocale()
      if (chosen) saveLanguage(chosen)
    }
    // When a user signs in, and when the server's copy of the user arrives (a restored session
    // starts from the token, which carries no language); a change made here is saved as it is made.
  }, [id, language])
}

// Every role's profile page, its own chunk.
const ProfilePage = lazy(() => import('../features/account/profile-page').then((m) => ({ default: m.ProfilePage })))
// Rarely needed (a one-time or expired password): its own chunk.
const MustChangePassword = lazy(() => import('../features/account/must-change-password').then((m) => ({ default: m.MustChangePassword })))

export interface PortalRoute {
  /** Relative to the portal's home ('' for its index). */
  path: string
  element: ReactNode
  /** Loads the screen's chunk (a `lazyScreen`'s `load`): asked for early on the portal's first address. */
  load?: () => Promise<unknown>
}

/** A portal's screen in a chunk of its own: the component, and how to start loading it ahead. */
export function lazyScreen<T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) {
  const loadScreen = loadOnce(load)
  return { Screen: lazy(() => loadScreen().then((m) => ({ default: m[name] as ComponentType }))), load: loadScreen }
}

/**
 * The screen at the address a portal opens on starts loading as soon as the portal's code runs,
 * beside the portal's first render instead of after it (on a slow line, a round trip and the
 * screen's download sooner). Later navigations load as before (and on intent, lib/prefetch.ts).
 * Settles once that screen's code is in (or could not come): the app's first render waits for it.
 */
export function startFirstScreen(home: string, routes: PortalRoute[], pathname = window.location.pathname): Promise<void> {
  if (pathname !== home && !pathname.startsWith(`${home}/`)) return Promise.resolve()
  const rest = pathname.slice(home.length).replace(/\/+$/, '') || '/'
  const load = routes.find((r) => matchPath({ path: `/${r.path}`, end: true }, rest))?.load
  // Settled either way: a failed fetch is the screen's own to report when it renders.
  return load ? load().then(
      () => {},
      () => {},
    ) : Promise.resolve()
}

/**
 * A role's portal: its shell, its screens, and "any other path" back to its home (SPEC.md section 2).
 * While the server asks the user for a new password, only the screen that takes it (the server
 * refuses the portal's calls until then). `banner`: shown above every screen of the portal.
 */
export function RolePortal({ role, routes, banner }: { role: Role; routes: PortalRoute[]; banner?: ReactNode }) {
  const mustChangePassword = useSession().user?.must_change_password === true
  if (mustChangePassword) {
    return (
      <Suspense fallback={<PageLoading />}>
        <MustChangePassword />
      </Suspense>
    )
  }
  return <Portal role={role} routes={routes} banner={banner} />
}

function Portal({ role, routes, banner }: { role: Role; routes: PortalRoute[]; banner?: ReactNode }) {
  const { user, logout } = useSession()
  const unread = useUnreadMessages()
  const location = useLocation()
  useProfileLanguage(user)
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
      onLanguage={saveLanguage}
      badges={messages ? { [messages.to]: unread } : undefined}
      call={role === 'client' ? { href: CONTACT.phoneHref, display: CONTACT.phoneDisplay } : undefined}
    >
      {banner}
      <ScreenUnavailable at={location.pathname}>
        <Suspense fallback={<PageLoading />}>
          <Routes>
            {routes.map((r) => (r.path === '' ? <Route key="index" index element={r.element} /> : <Route key={r.path} path={r.path} element={r.element} />))}
            <Route path="profile" element={<ProfilePage />} />
            <Route path="*" element={<Navigate to={homeOf(role)} replace />} />
          </Routes>
        </Suspense>
      </ScreenUnavailable>
    </PortalShell>
  )
}
