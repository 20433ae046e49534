import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useForm } from '@tanstack/react-form'
import { Button, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components'
import { SendRegular } from '@fluentui/react-icons'
import { useLingui } from '@lingui/react/macro'
import { TextAreaField } from '../../../components/form-fields-more'
import { TextField, submitHandler } from '../../../components/form-fields'
import { CONTACT } from '../../../lib/contact'
import { translated } from '../../../lib/i18n'
import { useAfterHydration } from '../../../lib/hydration'
import { CONTACT_FORM_MESSAGES, contactMessageSchema, emptyContactMessage } from './contact-message'
import type { ContactRequest } from '../../../../shared/contracts/contact'
import type { ContactSubmissionState } from './contact-submission'

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  submitRow: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalS,
  },
})

// The API client and the submission machine come in their own chunk, after the page is taken over.
const ContactSubmission = lazy(() => import('./contact-submission'))

/** Name, email, an optional phone and message; Send Message sends it to the home, and says beside the button how the home will answer. */
export function ContactForm() {
  const styles = useStyles()
  // `t` is a new function when the language changes, and so is the schema with its messages.
  const { t } = useLingui()
  const schema = useMemo(() => contactMessageSchema(t), [t])
  const formRef = useRef<HTMLFormElement>(null)
  const afterHydration = useAfterHydration()
  const [submission, setSubmission] = useState<ContactSubmissionState | null>(null)
  const [sentWithPhone, setSentWithPhone] = useState(false)
  const onState = useCallback((state: ContactSubmissionState) => setSubmission(state), [])
  // Sent before the chunk arrived (a slow network): sent as soon as it does.
  const [queued, setQueued] = useState<ContactRequest | null>(null)
  useEffect(() => {
    if (submission && queued) {
      submission.submit(queued)
      setQueued(null)
    }
  }, [submission, queued])

  const form = useForm({
    defaultValues: emptyContactMessage,
    validators: { onChange: schema },
    onSubmit: ({ value }) => {
      const phone = value.phone.trim()
      const payload = { name: value.name.trim(), email: value.email.trim(), message: value.message.trim(), ...(phone ? { phone } : {}) }
      setSentWithPhone(phone !== '')
      if (submission) submission.submit(payload)
      else setQueued(payload)
    },
    onSubmitInvalid: () => {
      // After the messages render, take the visitor to the first field that needs them.
      setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0)
    },
  })

  // Sent: the form is emptied for another message; after a failure what they typed stays.
  const sent = submission?.sent ?? false
  useEffect(() => {
    if (sent) form.reset()
  }, [sent, form])
  const busy = queued !== null || (submission?.busy ?? false)

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={submitHandler(form)} aria-label={t`Contact us`}>
      <form.Field name="name">{(field) => <TextField field={field} label={t`Name`} required autoComplete="name" />}</form.Field>
      <form.Field name="email">
        {(field) => <TextField field={field} label={t`Email`} type="email" required autoComplete="email" inputMode="email" />}
      </form.Field>
      <form.Field name="phone">
        {(field) => <TextField field={field} label={t`Phone (so we can call you back)`} type="tel" autoComplete="tel" inputMode="tel" />}
      </form.Field>
      <form.Field name="message">{(field) => <TextAreaField field={field} label={t`Message`} required rows={5} />}</form.Field>

      <div className={styles.submitRow}>
        <Button type="submit" appearance="primary" icon={<SendRegular />} disabled={busy || !afterHydration}>
          {busy ? t(CONTACT_FORM_MESSAGES.sending) : t`Send Message`}
        </Button>
      </div>

      {/* One message per outcome, here beside the button, read out when it appears. */}
      <div role="status" aria-live="polite">
        {sent && !busy && (
          <MessageBar intent={submission?.urgent ? 'warning' : 'success'}>
            <MessageBarBody>
              {submission?.urgent ? (
                <>
                  {t(CONTACT_FORM_MESSAGES.sentUrgent)} <a href={CONTACT.phoneHref}>{CONTACT.phoneDisplay}</a>
                </>
              ) : (
                t(sentWithPhone ? CONTACT_FORM_MESSAGES.sentWithPhone : CONTACT_FORM_MESSAGES.sent)
              )}
            </MessageBarBody>
          </MessageBar>
        )}
        {submission?.failed && !busy && (
          <MessageBar intent="error">
            <MessageBarBody>
              {submission.serverMessage ? `${translated(submission.serverMessage)} ${t(CONTACT_FORM_MESSAGES.failure)}` : t(CONTACT_FORM_MESSAGES.failure)}{' '}
              <a href={CONTACT.phoneHref}>{CONTACT.phoneDisplay}</a>
            </MessageBarBody>
          </MessageBar>
        )}
      </div>
      {afterHydration && (
        <Suspense fallback={null}>
          <ContactSubmission onState={onState} />
        </Suspense>
      )}
    </form>
  )
}
