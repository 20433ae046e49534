import { useEffect, useMemo } from 'react'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { useForm } from '@tanstack/react-form'
import { Body1, Button, makeStyles, tokens } from '@fluentui/react-components'
import * as authApi from '../../api/auth'
import { useAuthActor, useSession } from '../../app/session'
import { useSubmission } from '../../app/use-notifying-machine'
import { usePasswordRules } from '../../app/password-rules'
import { AuthCard, useFormStyles } from '../../components/auth-card'
import { TextField, submitHandler } from '../../components/form-fields'
import { passwordHintWords } from '../../components/password-words'
import { changePasswordForm } from './profile-schema'
import { useClientWords } from '../documents/client-words'
import { LanguageSwitch } from '../../app/language-switch'

const TEXT = {
  title: msg`Choose your own password`,
  subtitle: msg`The password you signed in with was given to you, or it has expired. Choose a new one before you continue.`,
  current: msg`Password you signed in with`,
  save: msg`Save and continue`,
  saving: msg`Saving...`,
  saved: msg`Your new password is saved`,
  failed: msg`Your new password could not be saved`,
  signOut: msg`Logout`,
}

const useStyles = makeStyles({
  page: { minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  top: { display: 'flex', justifyContent: 'flex-end', padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM} 0` },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', alignItems: 'center' },
  who: { color: tokens.colorNeutralForeground2 },
})

/** Changes the password, then signs in again with it: the change ends every token, this one too. */
async function changeAndSignIn(input: { email: string; currentPassword: string; newPassword: string }) {
  await authApi.changePassword({ currentPassword: input.currentPassword, newPassword: input.newPassword })
  return authApi.login({ email: input.email, password: input.newPassword })
}

/**
 * Shown instead of the portal, right after sign-in, while the server asks this user for a new
 * password (a first administrator's one-time password, or one past the expiry in Settings): the
 * server refuses every other call until then.
 */
export function MustChangePassword() {
  // Shown in every portal: its words come with it.
  useClientWords()
  const styles = useStyles()
  const formStyles = useFormStyles()
  const { t } = useLingui()
  const { user, logout } = useSession()
  const actor = useAuthActor()
  const rules = usePasswordRules()
  const submission = useSubmission(changeAndSignIn, { successMessage: t(TEXT.saved), failureMessage: t(TEXT.failed) })
  const schema = useMemo(() => changePasswordForm(rules, (m) => t(m)), [rules, t])
  const email = user?.email ?? ''
  const form = useForm({
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validators: { onChange: schema },
    onSubmit: ({ value }) => submission.submit({ email, currentPassword: value.currentPassword, newPassword: value.newPassword }),
  })
  const renewed = submission.succeeded ? submission.result : null
  useEffect(() => {
    if (renewed) actor.send({ type: 'auth.signedInAgain', response: renewed })
  }, [renewed, actor])

  return (
    <main id="main" className={styles.page}>
      <div className={styles.top}>
        <LanguageSwitch />
      </div>
      <AuthCard title={t(TEXT.title)} subtitle={t(TEXT.subtitle)}>
        <Body1 className={styles.who}>{email}</Body1>
        <form className={formStyles.form} onSubmit={submitHandler(form)} noValidate aria-label={t(TEXT.title)}>
          <form.Field name="currentPassword">{(f) => <TextField field={f} label={t(TEXT.current)} type="password" autoComplete="current-password" required />}</form.Field>
          <form.Field name="newPassword">{(f) => <TextField field={f} label={t`New password`} type="password" autoComplete="new-password" hint={t(passwordHintWords(rules))} required />}</form.Field>
          <form.Field name="confirmPassword">{(f) => <TextField field={f} label={t`Confirm new password`} type="password" autoComplete="new-password" required />}</form.Field>
          <div className={styles.actions}>
            <Button type="submit" appearance="primary" disabled={submission.busy}>
              {submission.busy ? t(TEXT.saving) : t(TEXT.save)}
            </Button>
            <Button appearance="subtle" onClick={logout}>
              {t(TEXT.signOut)}
            </Button>
          </div>
        </form>
      </AuthCard>
    </main>
  )
}
