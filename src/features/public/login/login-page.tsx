import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router-dom'
import { useForm } from '@tanstack/react-form'
import { Body1, Button, Spinner } from '@fluentui/react-components'
import { boolean, extend } from 'zod/mini'
import { LoginRequest } from '../../../api/contracts/auth-requests'
import { useAfterHydration } from '../../../app/hydration'
import { afterLoginPath, paths } from '../../../app/paths'
import { loadSession, useLoadedSession } from '../../../app/session-slot'
import { signInWhenReady, useSessionView } from '../../../app/session-view'
import { AuthCard, useFormStyles } from '../../../components/auth-card'
import { CheckboxField, TextField, submitHandler, useKeepTypedBeforeHydration } from '../../../components/form-fields'
import { RouterLink } from '../../../components/router-link'
import { readRememberedEmail, rememberEmail } from '../../../lib/remembered-email'

// Demo accounts are mock-mode only; the import is compiled out of real builds.
const DemoAccounts = __MOCK__ ? lazy(() => import('./demo-accounts')) : null

const LoginForm = extend(LoginRequest, { remember: boolean() })

/**
 * The sign-in screen. It does not import the session (XState, the API client, zod): it renders
 * at once, starts loading the session on mount, and hands the credentials over when it is there.
 */
export function LoginPage() {
  const styles = useFormStyles()
  const actor = useLoadedSession()
  const session = useSessionView()
  const [handingOver, setHandingOver] = useState(false)
  useEffect(() => {
    if (!actor) void loadSession()
  }, [actor])
  const busy = handingOver || session.loading
  const location = useLocation()
  const navigate = useNavigate()
  const routeState = location.state as { from?: unknown; email?: unknown } | null
  const from = routeState?.from
  // This device's remembered email, or the email of an account just registered, is filled in.
  // When the page is its build-time HTML being taken over, the first render must match that HTML
  // (empty), so they are filled in at take-over instead, in fields nobody has started on.
  const prefill = () => {
    const remembered = readRememberedEmail()
    const justRegistered = typeof routeState?.email === 'string' ? routeState.email : ''
    return { email: justRegistered || remembered, remember: remembered !== '' }
  }
  const afterHydration = useAfterHydration()
  const [defaultValues] = useState(() => ({ password: '', ...(afterHydration ? prefill() : { email: '', remember: false }) }))

  const form = useForm({
    defaultValues,
    validators: { onChange: LoginForm },
    onSubmit: ({ value }) => {
      rememberEmail(value.remember ? value.email.trim() : null)
      setHandingOver(true)
      void signInWhenReady(actor, { email: value.email.trim(), password: value.password }).finally(() => setHandingOver(false))
    },
  })
  const typedBeforeHydration = useKeepTypedBeforeHydration(form, prefill)
  // Stable, so the demo list (its own chunk) is not re-rendered while the page is being taken over.
  const fillDemoAccount = useCallback(
    (email: string, password: string) => {
      form.setFieldValue('email', email)
      form.setFieldValue('password', password)
    },
    [form],
  )

  // Signed in (just now, or already): go to the remembered page or the role's home.
  useEffect(() => {
    if (session.status === 'signedIn' && session.role) navigate(afterLoginPath(session.role, from), { replace: true })
  }, [session.status, session.role, from, navigate])

  if (session.status === 'signedIn' && session.role) return <Navigate to={afterLoginPath(session.role, from)} replace />

  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to follow your bookings, documents and payments.">
      <form ref={typedBeforeHydration} className={styles.form} onSubmit={submitHandler(form)} noValidate aria-label="Sign in">
        <form.Field name="email">
          {(field) => <TextField field={field} label="Email" type="email" autoComplete="email" required />}
        </form.Field>
        <form.Field name="password">
          {(field) => <TextField field={field} label="Password" type="password" autoComplete="current-password" required />}
        </form.Field>
        <div className={styles.between}>
          <form.Field name="remember">{(field) => <CheckboxField field={field} label="Remember me" />}</form.Field>
          <RouterLink to={paths.forgotPassword}>Forgot password?</RouterLink>
        </div>
        {/* Until the page's build-time HTML is taken over, the form cannot be sent by the browser
            itself (that would put the password in the address). */}
        <Button type="submit" appearance="primary" size="large" disabled={busy || !afterHydration}>
          {busy ? 'Signing in...' : 'Sign in'}
        </Button>
        <Body1 className={styles.footer}>
          New here? <RouterLink to={paths.register}>Create an account</RouterLink>
        </Body1>
      </form>
      {DemoAccounts && (
        <Suspense fallback={<Spinner size="tiny" label="Loading the demo accounts" />}>
          <DemoAccounts onUse={fillDemoAccount} />
        </Suspense>
      )}
    </AuthCard>
  )
}
