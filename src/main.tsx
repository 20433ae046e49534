import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RendererProvider } from '@fluentui/react-components'
import { App } from './app/app'
import { configureSessionLoader, hintFromStoredToken } from './app/session-slot'
import { startPortalAhead } from './app/router'
import { activateLocale, preferredLocale } from './lib/i18n'
import { keepTypedIntoHtml, takeTypedIntoHtml } from './lib/hydration'
import { registerOfflineShell } from './lib/offline-shell'
import { createHydratingRenderer, rendererTargetDocument } from './lib/style-hydration'

async function bootstrap() {
  // Mock mode: the MSW worker answers /api before the first render. Compiled out otherwise.
  if (__MOCK__) {
    const { startMockWorker } = await import('../mocks/browser')
    await startMockWorker()
  }

  // Development only: `?inspect` opens the Stately inspector for every machine.
  if (import.meta.env.DEV && new URLSearchParams(window.location.search).has('inspect')) {
    const { createBrowserInspector } = await import('@statelyai/inspect')
    configureSessionLoader({ inspect: createBrowserInspector().inspect })
  }

  const root = document.getElementById('root')
  if (!root) throw new Error('No #root element')
  // A signed-in visitor opening their portal: its code is asked for together, not wave after wave
  // (anywhere else this asks for nothing). Its stylesheets are the toasts' alone, which follow later.
  const hint = hintFromStoredToken()
  const portalCode = hint.signedIn ? startPortalAhead(window.location.pathname, hint.role) : Promise.resolve()
  // A pre-rendered page is taken over as it is when it is in the language this device wants (the
  // real server sends that one: shared/page-language.ts). Otherwise (a static host, a first visit
  // whose browser asks for Kiswahili) the app draws the page anew in the wanted language.
  const wanted = preferredLocale()
  const prerendered = root.dataset.prerendered === window.location.pathname && document.documentElement.lang === wanted
  await activateLocale(wanted)
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  )
  // The session (auth actor) starts when idle or when a screen needs it: see src/app/session-slot.tsx.
  if (prerendered) {
    // This page's HTML was rendered at build time (build/prerender-pages.ts): React takes
    // over the markup already on screen instead of drawing it again, and Griffel adopts the
    // styles that came with it (read here, before the render: src/lib/style-hydration.ts). As a
    // transition, hydration works in small slices too.
    const renderer = createHydratingRenderer(document)
    startTransition(() => {
      hydrateRoot(
        root,
        <RendererProvider renderer={renderer} targetDocument={rendererTargetDocument}>
          {app}
        </RendererProvider>,
      )
    })
    return
  }
  // A transition lets React render the first screen in small slices, so a slow phone's main
  // thread is never blocked for long (Total Blocking Time) while the page appears.
  // Drawn anew, a pre-rendered form gives back what was typed into it meanwhile (src/lib/hydration.ts).
  if (root.dataset.prerendered && root.querySelector('input[name]')) {
    keepTypedIntoHtml(root)
    // A page whose form does not take them back: forgotten once it is long drawn.
    setTimeout(() => takeTypedIntoHtml(), 30_000)
  }
  // A portal's first render waits (a few seconds at most) for the portal's code, already on its way:
  // the page shows the same "Loading…" meanwhile. Rendered sooner, each lazy part of the portal
  // drew that fallback, and React holds a part's reveal back until 300 ms after the last fallback
  // (Suspense's throttle): on a slowed phone, some 0.4 s idle before the family's bookings showed.
  await Promise.race([portalCode, new Promise((resolve) => setTimeout(resolve, PORTAL_CODE_WAIT_MS))])
  const reactRoot = createRoot(root)
  startTransition(() => {
    reactRoot.render(app)
  })
}

/** How long the first render of a portal waits for its code before drawing its fallback anyway (a line that hangs). */
const PORTAL_CODE_WAIT_MS = 8000

void bootstrap()
// Production build only: a reload offline shows the app (public/sw.js).
registerOfflineShell()
