import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useForm } from '@tanstack/react-form'
import { Body1, Button } from '@fluentui/react-components'
import { Trans, useLingui } from '@lingui/react/macro'
import { paths } from '../../../app/paths'
import { useAfterHydration } from '../../../lib/hydration'
import { whenVisitorActs } from '../../../lib/first-interaction'
import { AuthCard, FormAlert, useFormStyles } from '../../../components/auth-card'
import { TextField, submitHandler, useKeepTypedBeforeHydration } from '../../../components/form-fields'
import { RouterLink } from '../../../components/router-link'
import { passwordHintTemplate, passwordHintWords } from '../../../components/password-words'
import { freshPageData } from '../../../lib/page-data'
import { DEFAULT_PASSWORD_RULES } from '../../../../shared/contracts/password-rules'
import { PASSWORD_HINT_ATTR, PASSWORD_HINT_COMPLEX_ATTR } from '../../../../shared/page-data'
import { registerForm } from './register-schema'
import type { RegisterPayload, RegisterSubmissionState } from './register-submission'

// The API client and the submission machine come in their own chunk, asked for when the visitor
// first acts on the page when the server wrote the password rules into it (a form sent before it
// is here is sent when it arrives).
const RegisterSubmission = lazy(() => import('./register-submission'))

export function RegisterPage() {
  const styles = useFormStyles()
  const { t } = useLingui()
  const [submission, setSubmission] = useState<RegisterSubmissionState | null>(null)
  // Submitted before the submission chunk arrived (a very slow network): sent as soon as it does.
  const [queued, setQueued] = useState<RegisterPayload | null>(null)
  const submitRef = useRef<(payload: RegisterPayload) => void>(setQueued)
  submitRef.current = submission ? submission.submit : setQueued
  const onState = useCallback((state: RegisterSubmissionState) => setSubmission(state), [])
  useEffect(() => {
    if (submission && queued) {
      submission.submit(queued)
      setQueued(null)
    }
  }, [submission, queued])
  const busy = queued !== null || (submission?.busy ?? false)
  // Without the home's password rules in the page (a static host, the mock), the chunk reads them,
  // so it comes at once and the hint is right before anyone types.
  const [wanted, setWanted] = useState(() => freshPageData('password') === undefined)
  useEffect(() => (wanted ? undefined : whenVisitorActs(() => setWanted(true))), [wanted])
  const afterHydration = useAfterHydration()
  // The home's password rules: from the first render when the real server wrote them into the page
  // (it wrote the same hint into the HTML: shared/page-data.ts), so hydration matches and the hint
  // never changes; else the defaults until the submission chunk has read them. Checked before
  // sending once that chunk is here (until then, the server checks them).
  const [sentRules] = useState(() => freshPageData('password'))
  const rules = submission?.passwordRules ?? sentRules ?? DEFAULT_PASSWORD_RULES
  const passwordHint = {
    children: t(passwordHintWords(rules)),
    // Its words with `{min}` left in, in this page's language: what the server fills in.
    [PASSWORD_HINT_ATTR]: t(passwordHintTemplate(false)),
    [PASSWORD_HINT_COMPLEX_ATTR]: t(passwordHintTemplate(true)),
  }
  const passwordCheck = submission?.passwordProblem
  const schema = useMemo(() => registerForm(passwordCheck), [passwordCheck])

  const form = useForm({
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', address: '', password: '', confirmPassword: '' },
    validators: { onChange: schema },
    onSubmit: ({ value }) =>
      submitRef.current({
        name: `${value.firstName.trim()} ${value.lastName.trim()}`,
        email: value.email.trim(),
        password: value.password,
        phone: value.phone.trim(),
        address: value.address.trim(),
      }),
  })
  const typedBeforeHydration = useKeepTypedBeforeHydration(form)

  return (
    <AuthCard title={t`Create an account`} subtitle={t`Register to book services, upload documents and pay by M-Pesa.`}>
      <form ref={typedBeforeHydration} className={styles.form} onSubmit={submitHandler(form)} noValidate aria-label={t`Register`}>
        <div className={styles.row}>
          <form.Field name="firstName">{(f) => <TextField field={f} label={t`First name`} autoComplete="given-name" required />}</form.Field>
          <form.Field name="lastName">{(f) => <TextField field={f} label={t`Last name`} autoComplete="family-name" required />}</form.Field>
        </div>
        <form.Field name="email">{(f) => <TextField field={f} label={t`Email`} type="email" autoComplete="email" required />}</form.Field>
        <form.Field name="phone">
          {(f) => <TextField field={f} label={t`Phone`} type="tel" autoComplete="tel" inputMode="tel" placeholder="0712 345 678" required />}
        </form.Field>
        <form.Field name="address">{(f) => <TextField field={f} label={t`Address`} autoComplete="street-address" required />}</form.Field>
        <form.Field name="password">
          {(f) => <TextField field={f} label={t`Password`} type="password" autoComplete="new-password" hint={passwordHint} required />}
        </form.Field>
        <form.Field name="confirmPassword">
          {(f) => <TextField field={f} label={t`Confirm password`} type="password" autoComplete="new-password" required />}
        </form.Field>
        <FormAlert message={busy ? null : submission?.error} />
        {/* Until the page's build-time HTML is taken over, the form cannot be sent by the browser
            itself (that would put the password in the address). */}
        <Button type="submit" appearance="primary" size="large" disabled={busy || !afterHydration}>
          {busy ? t`Creating account...` : t`Register`}
        </Button>
        <Body1 className={styles.footer}>
          <Trans>
            Already registered? <RouterLink to={paths.login}>Sign in</RouterLink>
          </Trans>
        </Body1>
      </form>
      {/* The boundary is always there, so the page's HTML (rendered with the chunk) is taken over as it is. */}
      <Suspense fallback={null}>{(wanted || queued !== null) && <RegisterSubmission onState={onState} />}</Suspense>
    </AuthCard>
  )
}
