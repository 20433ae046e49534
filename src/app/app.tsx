import { lazy, Suspense, useEffect, type ComponentType } from 'react'
import { BrowserRouter, MemoryRouter, useLocation, type Location } from 'react-router-dom'
import { FluentProvider } from '@fluentui/react-components'
import { LanguageProvider } from './language-provider'
import './global.css'
// The theme's CSS custom properties, written at build time from ./theme.ts (build/theme-stylesheet.ts).
import 'virtual:app-theme.css'
import type { AuthActor } from './session-slot'
import { SessionContext, useLoadedSession } from './session-slot'
import { loadOnce } from '../lib/load-once'
import { AppRoutes } from './router'

// The toasts are a chunk of their own, asked for once the session runs (react-toastify and its CSS
// are in no first load, a portal's first screen included).
const loadToasts = loadOnce(() => import('./toasts'))
// A chunk that could not come (no network, an old one gone after an update) leaves the page as it
// is: the messages wait in the bridge (./toast-bridge.ts), and the screens say their own in place.
const Toasts = lazy<ComponentType>(() =>
  loadToasts().then(
    (m) => ({ default: m.Toasts }),
    () => ({ default: () => null }),
  ),
)
const MockControls = __MOCK__ ? lazy(() => import('../dev/mock-controls').then((m) => ({ default: m.MockControls }))) : null

export interface AppProps {
  /** A session actor made outside (tests). Without one the app starts its own when a screen needs it. */
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

/**
 * The toasts, once the session runs. The session itself starts when a screen needs it (sign-in,
 * register, a guard, a portal), never on its own: a family on `/` over a slow line downloads only
 * what the first screen shows (the session, its API client and zod, the sign-in screens: about
 * 100 KB that most visitors to the home page never use). A link's screen is fetched on intent
 * (pointer over, touch, focus: src/lib/prefetch.ts), a moment before the tap.
 */
function SessionExtras() {
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
      <SessionExtras />
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
