import { useEffect, useMemo } from 'react'
import { useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import {
  Button,
  Card,
  Field,
  Input,
  Spinner,
  Subtitle2,
  Switch,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import * as authApi from '../../api/auth'
import type { SessionUser } from '../../../shared/contracts/auth'
import { useAuthActor, useAuthSelector, useSession } from '../../app/session'
import { useSubmission } from '../../app/use-notifying-machine'
import { TextField, submitHandler } from '../../components/form-fields'
import { LoadProblem } from '../../components/load-problem'
import { PageHeader } from '../../components/page-header'
import { usePasswordRules } from '../../app/password-rules'
import { passwordHintWords } from '../../components/password-words'
import { PROFILE_TEXT, changePasswordForm, profileForm } from './profile-schema'
import { useClientWords } from '../documents/client-words'

const useStyles = makeStyles({
  layout: { display: 'grid', gap: tokens.spacingVerticalL, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 340px), 1fr))', alignItems: 'start', maxWidth: '960px' },
  card: { gap: tokens.spacingVerticalM },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', justifyContent: 'flex-start' },
})

/** Every user's own profile (PUT /auth/profile, PUT /auth/change-password), reached from the name in the top bar. */
export function ProfilePage() {
  // Shown in every portal: its words come with it.
  useClientWords()
  const styles = useStyles()
  const { t } = useLingui()
  const { user } = useSession()
  // The session may come from a stored token alone (name and email, no phone or address) until the
  // server answers /auth/me: the form waits for it, so a save never blanks what it never received.
  const details = useAuthSelector((s) =>
    s.hasTag('slow') ? 'slow' : s.matches({ signedIn: 'verifying' }) ? 'loading' : s.matches({ signedIn: 'unverified' }) ? 'unavailable' : 'ready',
  )
  return (
    <>
      <PageHeader title={t(PROFILE_TEXT.title)} subtitle={t(PROFILE_TEXT.subtitle)} />
      <div className={styles.layout}>
        {details === 'ready' ? (
          user && <DetailsCard key={`${user.id}|${user.name}|${user.phone ?? ''}|${user.address ?? ''}`} user={user} />
        ) : (
          <DetailsUnavailableCard loading={details === 'loading'} slow={details === 'slow'} />
        )}
        {user?.role === 'client' && details === 'ready' && <SmsCard on={user.sms_notifications !== false} />}
        <PasswordCard />
      </div>
    </>
  )
}

function DetailsCard({ user }: { user: SessionUser }) {
  const styles = useStyles()
  const { t } = useLingui()
  const actor = useAuthActor()
  const { loading } = useSession()
  const schema = useMemo(() => profileForm((m) => t(m)), [t])
  const form = useForm({
    defaultValues: { name: user.name, phone: user.phone ?? '', address: user.address ?? '' },
    validators: { onChange: schema },
    onSubmit: ({ value }) => actor.send({ type: 'auth.updateProfile', changes: { name: value.name.trim(), phone: value.phone.trim(), address: value.address.trim() } }),
  })
  return (
    <Card className={styles.card}>
      <Subtitle2 as="h2">{t(PROFILE_TEXT.detailsHeading)}</Subtitle2>
      <form className={styles.form} onSubmit={submitHandler(form)} noValidate aria-label={t(PROFILE_TEXT.detailsHeading)}>
        <form.Field name="name">{(f) => <TextField field={f} label={t`Name`} autoComplete="name" required />}</form.Field>
        <Field label={t`Email`} hint={t(PROFILE_TEXT.emailHint)}>
          <Input value={user.email} readOnly type="email" />
        </Field>
        <form.Field name="phone">{(f) => <TextField field={f} label={t`Phone`} type="tel" autoComplete="tel" inputMode="tel" />}</form.Field>
        <form.Field name="address">{(f) => <TextField field={f} label={t`Address`} autoComplete="street-address" />}</form.Field>
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={loading}>
            {loading ? t(PROFILE_TEXT.saving) : t(PROFILE_TEXT.save)}
          </Button>
        </div>
      </form>
    </Card>
  )
}

/** The family chooses whether the home may text them (answers, status changes, document reviews). */
function SmsCard({ on }: { on: boolean }) {
  const styles = useStyles()
  const { t } = useLingui()
  const actor = useAuthActor()
  const { loading } = useSession()
  return (
    <Card className={styles.card}>
      <Subtitle2 as="h2">{t(PROFILE_TEXT.smsHeading)}</Subtitle2>
      <Text>{t(PROFILE_TEXT.smsHint)}</Text>
      <Switch
        label={t(PROFILE_TEXT.smsLabel)}
        checked={on}
        disabled={loading}
        onChange={(_, d) => actor.send({ type: 'auth.updateProfile', changes: { sms_notifications: d.checked } })}
      />
    </Card>
  )
}

function DetailsUnavailableCard({ loading, slow }: { loading: boolean; slow: boolean }) {
  const styles = useStyles()
  const { t } = useLingui()
  const actor = useAuthActor()
  return (
    <Card className={styles.card}>
      <Subtitle2 as="h2">{t(PROFILE_TEXT.detailsHeading)}</Subtitle2>
      {loading ? (
        <Spinner size="small" label={t(PROFILE_TEXT.loadingDetails)} />
      ) : (
        <LoadProblem error={slow ? null : t(PROFILE_TEXT.detailsUnavailable)} slow={slow} onRetry={() => actor.send({ type: 'auth.reloadProfile' })} />
      )}
    </Card>
  )
}

function PasswordCard() {
  const styles = useStyles()
  const { t } = useLingui()
  const submission = useSubmission(authApi.changePassword, { successMessage: t(PROFILE_TEXT.passwordChanged), failureMessage: t(PROFILE_TEXT.passwordFailed) })
  const rules = usePasswordRules()
  const schema = useMemo(() => changePasswordForm(rules, (m) => t(m)), [rules, t])
  const form = useForm({
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validators: { onChange: schema },
    onSubmit: ({ value }) => submission.submit({ currentPassword: value.currentPassword, newPassword: value.newPassword }),
  })
  // The fields are cleared only once the server agreed; a wrong current password keeps them.
  useEffect(() => {
    if (submission.succeeded) form.reset()
  }, [submission.succeeded, form])
  return (
    <Card className={styles.card}>
      <Subtitle2 as="h2">{t(PROFILE_TEXT.passwordHeading)}</Subtitle2>
      <form className={styles.form} onSubmit={submitHandler(form)} noValidate aria-label={t(PROFILE_TEXT.passwordHeading)}>
        <form.Field name="currentPassword">{(f) => <TextField field={f} label={t`Current password`} type="password" autoComplete="current-password" required />}</form.Field>
        <form.Field name="newPassword">{(f) => <TextField field={f} label={t`New password`} type="password" autoComplete="new-password" hint={t(passwordHintWords(rules))} required />}</form.Field>
        <form.Field name="confirmPassword">{(f) => <TextField field={f} label={t`Confirm new password`} type="password" autoComplete="new-password" required />}</form.Field>
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={submission.busy}>
            {submission.busy ? t(PROFILE_TEXT.changingPassword) : t(PROFILE_TEXT.changePassword)}
          </Button>
        </div>
      </form>
    </Card>
  )
}
