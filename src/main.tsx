import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { createAppRouter } from './app/router'
import { startSession } from './app/session'

async function bootstrap() {
  // Mock mode: the MSW worker answers /api before the first render. Compiled out otherwise.
  if (__MOCK__) {
    const { startMockWorker } = await import('../mocks/browser')
    await startMockWorker()
  }

  // Development only: `?inspect` opens the Stately inspector for every machine.
  let inspect: NonNullable<Parameters<typeof startSession>[0]>['inspect']
  if (import.meta.env.DEV && new URLSearchParams(window.location.search).has('inspect')) {
    const { createBrowserInspector } = await import('@statelyai/inspect')
    inspect = createBrowserInspector().inspect
  }

  const actor = startSession({ inspect })
  const router = createAppRouter()
  const root = document.getElementById('root')
  if (!root) throw new Error('No #root element')
  createRoot(root).render(
    <StrictMode>
      <App actor={actor} router={router} />
    </StrictMode>,
  )
}

void bootstrap()
