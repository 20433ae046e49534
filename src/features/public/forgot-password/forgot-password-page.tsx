import { useForm } from '@tanstack/react-form'
import { Body1, Button, MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components'
import * as authApi from '../../../api/auth'
import { ForgotPasswordRequest } from '../../../api/contracts/auth'
import { paths } from '../../../app/paths'
import { useSubmission } from '../../../app/use-notifying-machine'
import { AuthCard, useFormStyles } from '../../../components/auth-card'
import { TextField, submitHandler } from '../../../components/form-fields'
import { RouterLink } from '../../../components/router-link'

export const FORGOT_MESSAGES = { failure: 'We could not send the reset link. Please try again.' } as const

export function ForgotPasswordPage() {
  const styles = useFormStyles()
  const submission = useSubmission(authApi.forgotPassword, { failureMessage: FORGOT_MESSAGES.failure })
  const form = useForm({
    defaultValues: { email: '' },
    validators: { onChange: ForgotPasswordRequest },
    onSubmit: ({ value }) => submission.submit({ email: value.email.trim() }),
  })
  const result = submission.result

  return (
    <AuthCard title="Forgot your password?" subtitle="Enter the email you registered with and we will send you a link to choose a new password.">
      {submission.succeeded && result ? (
        <MessageBar intent="success" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Check your email</MessageBarTitle>
            {result.message}
            {/* Only the mock backend hands the link back, so the flow can be tried without email. */}
            {result.resetUrl && (
              <>
                {' '}
                <RouterLink to={result.resetUrl}>Open the reset link (demo mode)</RouterLink>
              </>
            )}
          </MessageBarBody>
        </MessageBar>
      ) : (
        <form className={styles.form} onSubmit={submitHandler(form)} noValidate aria-label="Forgot password">
          <form.Field name="email">{(f) => <TextField field={f} label="Email" type="email" autoComplete="email" required />}</form.Field>
          <Button type="submit" appearance="primary" size="large" disabled={submission.busy}>
            {submission.busy ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
      <Body1 className={styles.footer}>
        Remembered it? <RouterLink to={paths.login}>Back to sign in</RouterLink>
      </Body1>
    </AuthCard>
  )
}
