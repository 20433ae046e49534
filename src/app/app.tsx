import { lazy, Suspense, useEffect } from 'react'
import { BrowserRouter, MemoryRouter, useLocation, type Location } from 'react-router-dom'
import { FluentProvider } from '@fluentui/react-components'
import { LanguageProvider } from './language-provider'
import './global.css'
// The theme's CSS custom properties, written at build time from ./theme.ts (build/theme-stylesheet.ts).
import 'virtual:app-theme.css'
import type { AuthActor } from './session-slot'
import { SessionContext, useIdleSessionStart, useLoadedSession } from './session-slot'
import { AppRoutes, prefetchNextSteps } from './router'
import { whenIdle } from '../lib/idle'

// Toasts come with the session chunk (react-toastify and its CSS are not in the first load).
const Toasts = lazy(() => import('./session').then((m) => ({ default: m.Toasts })))
const MockControls = __MOCK__ ? lazy(() => import('../dev/mock-controls').then((m) => ({ default: m.MockControls }))) : null

export interface AppProps {
  /** A session actor made outside (tests). Without one the app starts its own when idle or needed. */
  actor?: AuthActor
  /** Tests: render in memory at this path instead of the browser's location. */
  initialPath?: string
  /** Tests: told every location the router moves to. */
  onLocation?: (location: Location) => void
}

function LocationReporter({ onLocation }: { onLocation: (location: Location) => void }) {
  const location = useLocation()
  useEffect(() => {
    onLocation(location)
  }, [location, onLocation])
  return null
}

/** The session's extras: start it when idle, then mount the toasts; fetch the sign-in screens too (not on a contribution link). */
function SessionExtras({ startOnIdle }: { startOnIdle: boolean }) {
  // A relative on a contribution link needs no session (the page and its payment form answer on the
  // page itself, without toasts) and rarely signs in next: on a slow phone, the session's and the
  // sign-in screens' chunks would share the line with the page's data and then its form. Leaving the
  // link for another page starts them as usual.
  const onLink = useLocation().pathname.startsWith('/contribute/')
  useIdleSessionStart(startOnIdle && !onLink)
  const prefetch = startOnIdle && !onLink
  useEffect(() => {
    if (!prefetch) return
    return whenIdle(prefetchNextSteps, { timeout: 4000 })
  }, [prefetch])
  const session = useLoadedSession()
  if (!session) return null
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  )
}

/**
 * The theme's values are CSS custom properties on :root (virtual:app-theme.css); the provider only
 * needs a theme object to know one is set.
 */
const THEME_FROM_CSS = {}

/** Providers: theme, session, router; toasts (SPEC.md section 9 settings) once the session runs. */
export function App({ actor, initialPath, onLocation }: AppProps) {
  const content = (
    <>
      <AppRoutes />
      {onLocation && <LocationReporter onLocation={onLocation} />}
      {/* Inside the router: the toasts clear what the previous page said when the page changes. */}
      <SessionExtras startOnIdle={!actor} />
    </>
  )
  return (
    <LanguageProvider>
      <FluentProvider theme={THEME_FROM_CSS} style={{ minHeight: '100vh' }}>
        <SessionContext.Provider value={actor ?? null}>
          {initialPath !== undefined ? <MemoryRouter initialEntries={[initialPath]}>{content}</MemoryRouter> : <BrowserRouter>{content}</BrowserRouter>}
          {MockControls && (
            <Suspense fallback={null}>
              <MockControls />
            </Suspense>
          )}
        </SessionContext.Provider>
      </FluentProvider>
    </LanguageProvider>
  )
}
