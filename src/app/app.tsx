import { RouterProvider, type createBrowserRouter } from 'react-router-dom'
import { FluentProvider } from '@fluentui/react-components'
import { ToastContainer } from 'react-toastify'
import 'react-toastify/dist/ReactToastify.css'
import './global.css'
import { appTheme } from './theme'
import { SessionProvider, type AuthActor } from './session'
import { TOAST_OPTIONS } from '../lib/constants'
import { MockControls } from './mock-controls'

/** Providers: theme, toasts (SPEC.md section 9 settings), session; then the router. */
export function App({ actor, router }: { actor: AuthActor; router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <FluentProvider theme={appTheme} style={{ minHeight: '100vh' }}>
      <SessionProvider actor={actor}>
        <RouterProvider router={router} />
        {__MOCK__ && <MockControls />}
      </SessionProvider>
      <ToastContainer {...TOAST_OPTIONS} />
    </FluentProvider>
  )
}
