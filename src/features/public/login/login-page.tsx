import { lazy, Suspense, useCallback, useContext, useEffect, useState, type ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router-dom'
import { useForm } from '@tanstack/react-form'
import { Body1, Button, Spinner } from '@fluentui/react-components'
import { boolean, extend, object, regex, string, trim } from 'zod/mini'
import { Trans, useLingui } from '@lingui/react/macro'
import { LoginRequest } from '../../../../shared/contracts/auth-requests'
import { useAfterHydration } from '../../../lib/hydration'
import { translated } from '../../../lib/i18n'
import { afterLoginPath, paths } from '../../../app/paths'
import { SessionContext, loadSessionWhenNeeded, loadedSession } from '../../../app/session-slot'
import { signInWhenReady, useSessionView } from '../../../app/session-view'
import { AuthCard, FormAlert, useFormStyles } from '../../../components/auth-card'
import { TextField, submitHandler, useKeepTypedBeforeHydration } from '../../../components/form-fields'

// "Remember me" is rarely the first thing touched: its box is in the pre-rendered page, and its
// code (Fluent's Checkbox, 3 KB) arrives just after the page is taken over, not in the first load.
const CheckboxField = lazy(() => import('../../../components/checkbox-field'))
import { RouterLink } from '../../../components/router-link'
import { readRememberedEmail, rememberEmail } from '../../../lib/remembered-email'

// Demo accounts are mock-mode only; the import is compiled out of real builds.
const DemoAccounts = __MOCK__ ? lazy(() => import('./demo-accounts')) : null

const LoginForm = extend(LoginRequest, { remember: boolean() })

/** Signed in (just now, or already): on to the remembered page or the role's home. */
function WhenSignedIn({ from }: { from: unknown }) {
  const session = useSessionView()
  return session.status === 'signedIn' && session.role ? <Navigate to={afterLoginPath(session.role, from)} replace /> : null
}

/**
 * Until the page's build-time HTML is taken over, the form cannot be sent by the browser itself
 * (that would put the password in the address); while signing in it says so.
 */
function SignInButton({ handingOver, ready }: { handingOver: boolean; ready: boolean }) {
  const { loading } = useSessionView()
  const { t } = useLingui()
  const busy = handingOver || loading
  return (
    <Button type="submit" appearance="primary" size="large" disabled={busy || !ready}>
      {busy ? t`Signing in...` : t`Sign in`}
    </Button>
  )
}

/** Why the last try was refused; the session's words, shown on the form until the next try. */
function SignInError() {
  const { error, loading } = useSessionView()
  // Follows a change of language (the words are translated where shown).
  const { i18n } = useLingui()
  return <FormAlert key={i18n.locale} message={loading ? null : error && translated(error)} />
}

/**
 * The second step of a staff sign-in when the home asks for it: the 6-digit code sent by SMS to the
 * staff member's phone (a wrong code's message is shown on the form, as a wrong password's is).
 */
function CodeStep({ phoneEnding }: { phoneEnding: string }) {
  const styles = useFormStyles()
  const { t } = useLingui()
  const actor = useContext(SessionContext) ?? loadedSession()
  const { loading } = useSessionView()
  const form = useForm({
    defaultValues: { code: '' },
    validators: { onChange: object({ code: string().check(trim(), regex(/^\d{6}$/, t`Enter the 6-digit code from the SMS`)) }) },
    onSubmit: ({ value }) => actor?.send({ type: 'auth.verifyCode', code: value.code.trim() }),
  })
  return (
    <AuthCard title={t`Enter your sign-in code`} subtitle={t`We sent a 6-digit code by SMS to the phone ending ${phoneEnding}. It expires in 10 minutes.`}>
      <form className={styles.form} onSubmit={submitHandler(form)} noValidate aria-label={t`Sign-in code`}>
        <form.Field name="code">
          {(field) => <TextField field={field} label={t`Sign-in code`} inputMode="numeric" autoComplete="one-time-code" required />}
        </form.Field>
        <SignInError />
        <Button type="submit" appearance="primary" size="large" disabled={loading}>
          {loading ? t`Checking...` : t`Verify and sign in`}
        </Button>
        <Button appearance="subtle" onClick={() => actor?.send({ type: 'auth.cancelCode' })} disabled={loading}>
          {t`Back to sign in`}
        </Button>
      </form>
    </AuthCard>
  )
}

/** The code step in place of the form while a two-step sign-in waits for its code. */
function LoginOrCode({ children }: { children: ReactNode }) {
  const { codeTo } = useSessionView()
  return codeTo ? <CodeStep phoneEnding={codeTo} /> : <>{children}</>
}

/**
 * The sign-in screen. It does not import the session (XState, the API client, zod): it renders
 * at once, starts loading the session when the visitor first acts (at once for a stored token:
 * `loadSessionWhenNeeded`), and hands the credentials over when it is there.
 * Only the button and the redirect follow the session, so its arrival (and each of its steps)
 * re-renders them, not the form: no long task on a slow phone while someone types.
 */
export function LoginPage() {
  const styles = useFormStyles()
  const { t } = useLingui()
  const givenActor = useContext(SessionContext)
  const [handingOver, setHandingOver] = useState(false)
  useEffect(() => (givenActor ? undefined : loadSessionWhenNeeded()), [givenActor])
  const location = useLocation()
  const routeState = location.state as { from?: unknown; email?: unknown; reason?: unknown } | null
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
      void signInWhenReady(givenActor ?? loadedSession(), { email: value.email.trim(), password: value.password }).finally(() =>
        setHandingOver(false),
      )
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

  return (
    <LoginOrCode>
    <AuthCard title={t`Sign in`} subtitle={t`Welcome back. Sign in to follow your bookings, documents and payments.`}>
      <form ref={typedBeforeHydration} className={styles.form} onSubmit={submitHandler(form)} noValidate aria-label={t`Sign in`}>
        {/* Sent here by a guard: why, on the page itself until they sign in (not in the build-time HTML). */}
        <FormAlert message={afterHydration && routeState?.reason === 'login' ? t`Please login to access this page` : null} intent="warning" />
        <form.Field name="email">
          {(field) => <TextField field={field} label={t`Email`} type="email" autoComplete="email" required />}
        </form.Field>
        <form.Field name="password">
          {(field) => <TextField field={field} label={t`Password`} type="password" autoComplete="current-password" required />}
        </form.Field>
        <div className={styles.between}>
          <form.Field name="remember">
            {(field) => (
              <Suspense fallback={null}>
                <CheckboxField field={field} label={t`Remember me`} />
              </Suspense>
            )}
          </form.Field>
          <RouterLink to={paths.forgotPassword}>{t`Forgot password?`}</RouterLink>
        </div>
        <SignInError />
        <SignInButton handingOver={handingOver} ready={afterHydration} />
        <Body1 className={styles.footer}>
          <Trans>
            New here? <RouterLink to={paths.register}>Create an account</RouterLink>
          </Trans>
        </Body1>
      </form>
      <WhenSignedIn from={from} />
      {DemoAccounts && (
        <Suspense fallback={<Spinner size="tiny" label={t`Loading the demo accounts`} />}>
          <DemoAccounts onUse={fillDemoAccount} />
        </Suspense>
      )}
    </AuthCard>
    </LoginOrCode>
  )
}
