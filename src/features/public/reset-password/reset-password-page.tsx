import { useEffect, useMemo } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { useForm } from '@tanstack/react-form'
import { Body1, Button, MessageBar, MessageBarBody } from '@fluentui/react-components'
import { z } from 'zod/mini'
import * as authApi from '../../../api/auth'
import { paths } from '../../../app/paths'
import { useSubmission } from '../../../app/use-notifying-machine'
import { AuthCard, useFormStyles } from '../../../components/auth-card'
import { TextField, submitHandler } from '../../../components/form-fields'
import { RouterLink } from '../../../components/router-link'
import { usePasswordRules } from '../../../app/password-rules'
import { meetsPasswordRules } from '../../../api/contracts/auth'
import { passwordHint, type PasswordRules } from '../../../api/contracts/password-rules'

const resetForm = (rules: PasswordRules) =>
  z
    .object({
      password: z.string().check(z.minLength(1, 'Password is required'), meetsPasswordRules(rules)),
      confirmPassword: z.string().check(z.minLength(1, 'Please confirm your password')),
    })
    .check(z.refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] }))

export const RESET_MESSAGES = {
  success: 'Your password has been reset. Please sign in.',
  failure: 'We could not reset your password. Please request a new link.',
} as const

export function ResetPasswordPage() {
  const styles = useFormStyles()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const submission = useSubmission(authApi.resetPassword, { successMessage: RESET_MESSAGES.success, failureMessage: RESET_MESSAGES.failure })
  const rules = usePasswordRules()
  const schema = useMemo(() => resetForm(rules), [rules])
  const form = useForm({
    defaultValues: { password: '', confirmPassword: '' },
    validators: { onChange: schema },
    onSubmit: ({ value }) => submission.submit({ token, password: value.password }),
  })

  useEffect(() => {
    if (submission.succeeded) navigate(paths.login, { replace: true })
  }, [submission.succeeded, navigate])

  return (
    <AuthCard title="Choose a new password">
      {!token ? (
        <MessageBar intent="warning">
          <MessageBarBody>
            This page needs the link from your reset email. <RouterLink to={paths.forgotPassword}>Request a new link</RouterLink>.
          </MessageBarBody>
        </MessageBar>
      ) : (
        <form className={styles.form} onSubmit={submitHandler(form)} noValidate aria-label="Reset password">
          <form.Field name="password">
            {(f) => <TextField field={f} label="New password" type="password" autoComplete="new-password" hint={passwordHint(rules)} required />}
          </form.Field>
          <form.Field name="confirmPassword">
            {(f) => <TextField field={f} label="Confirm new password" type="password" autoComplete="new-password" required />}
          </form.Field>
          <Button type="submit" appearance="primary" size="large" disabled={submission.busy}>
            {submission.busy ? 'Saving...' : 'Set new password'}
          </Button>
          {submission.failed && (
            <Body1>
              Link expired? <RouterLink to={paths.forgotPassword}>Request a new link</RouterLink>
            </Body1>
          )}
        </form>
      )}
    </AuthCard>
  )
}
