import { lazy, Suspense, useEffect } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router-dom'
import { useForm } from '@tanstack/react-form'
import { Body1, Button, Spinner } from '@fluentui/react-components'
import { z } from 'zod'
import { LoginRequest } from '../../../api/contracts/auth'
import { afterLoginPath } from '../../../app/guards'
import { paths } from '../../../app/paths'
import { useSession } from '../../../app/session'
import { AuthCard, useFormStyles } from '../../../components/auth-card'
import { CheckboxField, TextField, submitHandler } from '../../../components/form-fields'
import { RouterLink } from '../../../components/router-link'
import { readRememberedEmail, rememberEmail } from '../../../lib/remembered-email'

// Demo accounts are mock-mode only; the import is compiled out of real builds.
const DemoAccounts = __MOCK__ ? lazy(() => import('./demo-accounts')) : null

const LoginForm = LoginRequest.extend({ remember: z.boolean() })

export function LoginPage() {
  const styles = useFormStyles()
  const session = useSession()
  const location = useLocation()
  const navigate = useNavigate()
  const routeState = location.state as { from?: unknown; email?: unknown } | null
  const from = routeState?.from
  const remembered = readRememberedEmail()
  // Just registered: their email is already filled in.
  const justRegistered = typeof routeState?.email === 'string' ? routeState.email : ''

  const form = useForm({
    defaultValues: { email: justRegistered || remembered, password: '', remember: remembered !== '' },
    validators: { onChange: LoginForm },
    onSubmit: ({ value }) => {
      rememberEmail(value.remember ? value.email.trim() : null)
      session.login({ email: value.email.trim(), password: value.password })
    },
  })

  // Signed in (just now, or already): go to the remembered page or the role's home.
  useEffect(() => {
    if (session.status === 'signedIn' && session.role) navigate(afterLoginPath(session.role, from), { replace: true })
  }, [session.status, session.role, from, navigate])

  if (session.status === 'signedIn' && session.role) return <Navigate to={afterLoginPath(session.role, from)} replace />

  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to follow your bookings, documents and payments.">
      <form className={styles.form} onSubmit={submitHandler(form)} noValidate aria-label="Sign in">
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
        <Button type="submit" appearance="primary" size="large" disabled={session.loading}>
          {session.loading ? 'Signing in...' : 'Sign in'}
        </Button>
        <Body1 className={styles.footer}>
          New here? <RouterLink to={paths.register}>Create an account</RouterLink>
        </Body1>
      </form>
      {DemoAccounts && (
        <Suspense fallback={<Spinner size="tiny" />}>
          <DemoAccounts
            onUse={(email, password) => {
              form.setFieldValue('email', email)
              form.setFieldValue('password', password)
            }}
          />
        </Suspense>
      )}
    </AuthCard>
  )
}
