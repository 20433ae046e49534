import { useForm } from '@tanstack/react-form'
import { Body1, Button, MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import * as authApi from '../../../api/auth'
import { ForgotPasswordRequest } from '../../../../shared/contracts/auth'
import { paths } from '../../../app/paths'
import { translated } from '../../../lib/i18n'
import { useSubmission } from '../../../app/use-notifying-machine'
import { AuthCard, useFormStyles } from '../../../components/auth-card'
import { TextField, submitHandler } from '../../../components/form-fields'
import { RouterLink } from '../../../components/router-link'

export const FORGOT_MESSAGES = {
  failure: msg`We could not send the reset link. Please try again.`,
  // The server's answer (the same whether or not the account exists), said in the language in use.
  sent: msg({ id: 'If an account exists for that email, a reset link has been sent.', message: 'If an account exists for that email, a reset link has been sent.' }),
} as const

export function ForgotPasswordPage() {
  const styles = useFormStyles()
  const { t } = useLingui()
  const submission = useSubmission(authApi.forgotPassword, { failureMessage: t(FORGOT_MESSAGES.failure) })
  const form = useForm({
    defaultValues: { email: '' },
    validators: { onChange: ForgotPasswordRequest },
    onSubmit: ({ value }) => submission.submit({ email: value.email.trim() }),
  })
  const result = submission.result

  return (
    <AuthCard title={t`Forgot your password?`} subtitle={t`Enter the email you registered with and we will send you a link to choose a new password.`}>
      {submission.succeeded && result ? (
        <MessageBar intent="success" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>
              <Trans>Check your email</Trans>
            </MessageBarTitle>
            {translated(result.message)}
            {/* Only the mock backend hands the link back, so the flow can be tried without email. */}
            {result.resetUrl && (
              <>
                {' '}
                <RouterLink to={result.resetUrl}>
                  <Trans>Open the reset link (demo mode)</Trans>
                </RouterLink>
              </>
            )}
          </MessageBarBody>
        </MessageBar>
      ) : (
        <form className={styles.form} onSubmit={submitHandler(form)} noValidate aria-label={t`Forgot password`}>
          <form.Field name="email">{(f) => <TextField field={f} label={t`Email`} type="email" autoComplete="email" required />}</form.Field>
          <Button type="submit" appearance="primary" size="large" disabled={submission.busy}>
            {submission.busy ? t`Sending...` : t`Send reset link`}
          </Button>
        </form>
      )}
      <Body1 className={styles.footer}>
        <Trans>
          Remembered it? <RouterLink to={paths.login}>Back to sign in</RouterLink>
        </Trans>
      </Body1>
    </AuthCard>
  )
}
