import { useRef, useState } from 'react'
import { useForm } from '@tanstack/react-form'
import { Button, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components'
import { MailRegular } from '@fluentui/react-icons'
import { TextAreaField } from '../../../components/form-fields-more'
import { TextField, submitHandler } from '../../../components/form-fields'
import { CONTACT } from '../../../lib/contact-details'
import { contactMailtoUrl, contactMessageSchema, emptyContactMessage } from './contact-message'
import { openMailApp } from './open-mail-app'

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
  note: {
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    color: tokens.colorNeutralForeground2,
  },
})

/** Name, email and message; Send Message opens the visitor's mail app with it filled in. */
export function ContactForm() {
  const styles = useStyles()
  const formRef = useRef<HTMLFormElement>(null)
  const [mailOpened, setMailOpened] = useState(false)

  const form = useForm({
    defaultValues: emptyContactMessage,
    validators: { onChange: contactMessageSchema },
    onSubmit: ({ value }) => {
      openMailApp(contactMailtoUrl(value))
      // What they typed stays in the form, in case the mail app did not open.
      setMailOpened(true)
    },
    onSubmitInvalid: () => {
      // After the messages render, take the visitor to the first field that needs them.
      setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0)
    },
  })

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={submitHandler(form)} aria-label="Contact us">
      <form.Field name="name">{(field) => <TextField field={field} label="Name" required autoComplete="name" />}</form.Field>
      <form.Field name="email">
        {(field) => <TextField field={field} label="Email" type="email" required autoComplete="email" inputMode="email" />}
      </form.Field>
      <form.Field name="message">{(field) => <TextAreaField field={field} label="Message" required rows={5} />}</form.Field>

      <div className={styles.submitRow}>
        <Button type="submit" appearance="primary" icon={<MailRegular />}>
          Send Message
        </Button>
        <p className={styles.note}>
          Send Message opens your email app with this message filled in; nothing is sent until you send it there.
        </p>
      </div>

      {mailOpened && (
        <MessageBar intent="info">
          <MessageBarBody>
            Your email app should open with your message. If it did not, email us at {CONTACT.email}.
          </MessageBarBody>
        </MessageBar>
      )}
    </form>
  )
}
