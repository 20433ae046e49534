import { useEffect, useMemo } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { useForm } from '@tanstack/react-form'
import { Body1, Button, MessageBar, MessageBarBody } from '@fluentui/react-components'
import { z } from 'zod/mini'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import * as authApi from '../../../api/auth'
import { paths } from '../../../app/paths'
import { useSubmission } from '../../../app/use-notifying-machine'
import { AuthCard, useFormStyles } from '../../../components/auth-card'
import { TextField, submitHandler } from '../../../components/form-fields'
import { RouterLink } from '../../../components/router-link'
import { usePasswordRules } from '../../../app/password-rules'
import { meetsPasswordRules } from '../../../../shared/contracts/auth'
import type { PasswordRules } from '../../../../shared/contracts/password-rules'
import { passwordHintWords } from '../../../components/password-words'

/** The form's own messages in the language in use (the password rules' words come from the contract). */
const resetForm = (rules: PasswordRules, t: (message: MessageDescriptor) => string) =>
  z
    .object({
      password: z.string().check(z.minLength(1, t(msg`Password is required`)), meetsPasswordRules(rules)),
      confirmPassword: z.string().check(z.minLength(1, t(msg`Please confirm your password`))),
    })
    .check(z.refine((v) => v.password === v.confirmPassword, { message: t(msg`Passwords do not match`), path: ['confirmPassword'] }))

export const RESET_MESSAGES = {
  success: msg`Your password has been reset. Please sign in.`,
  failure: msg`We could not reset your password. Please request a new link.`,
} as const

export function ResetPasswordPage() {
  const styles = useFormStyles()
  const { t } = useLingui()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  // The machine keeps its words from the start: those of the language in use then.
  const submission = useSubmission(authApi.resetPassword, { successMessage: t(RESET_MESSAGES.success), failureMessage: t(RESET_MESSAGES.failure) })
  const rules = usePasswordRules()
  const schema = useMemo(() => resetForm(rules, t), [rules, t])
  const form = useForm({
    defaultValues: { password: '', confirmPassword: '' },
    validators: { onChange: schema },
    onSubmit: ({ value }) => submission.submit({ token, password: value.password }),
  })

  useEffect(() => {
    if (submission.succeeded) navigate(paths.login, { replace: true })
  }, [submission.succeeded, navigate])

  return (
    <AuthCard title={t`Choose a new password`}>
      {!token ? (
        <MessageBar intent="warning">
          <MessageBarBody>
            <Trans>
              This page needs the link from your reset email. <RouterLink to={paths.forgotPassword}>Request a new link</RouterLink>.
            </Trans>
          </MessageBarBody>
        </MessageBar>
      ) : (
        <form className={styles.form} onSubmit={submitHandler(form)} noValidate aria-label={t`Reset password`}>
          <form.Field name="password">
            {(f) => <TextField field={f} label={t`New password`} type="password" autoComplete="new-password" hint={t(passwordHintWords(rules))} required />}
          </form.Field>
          <form.Field name="confirmPassword">
            {(f) => <TextField field={f} label={t`Confirm new password`} type="password" autoComplete="new-password" required />}
          </form.Field>
          <Button type="submit" appearance="primary" size="large" disabled={submission.busy}>
            {submission.busy ? t`Saving...` : t`Set new password`}
          </Button>
          {submission.failed && (
            <Body1>
              <Trans>
                Link expired? <RouterLink to={paths.forgotPassword}>Request a new link</RouterLink>
              </Trans>
            </Body1>
          )}
        </form>
      )}
    </AuthCard>
  )
}
