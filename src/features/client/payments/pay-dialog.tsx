import { useEffect, useRef } from 'react'
import { useSelector } from '@xstate/react'
import { useForm } from '@tanstack/react-form'
import { z } from 'zod/mini'
import type { ActorRefFrom } from 'xstate'
import {
  Body1,
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Link,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  ProgressBar,
  Spinner,
  Subtitle2,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { Phone24Regular } from '@fluentui/react-icons'
import { MPESA_MESSAGES, mpesaPaymentMachine } from '../../../../machines/payment/mpesa-payment.machine'
import { MAX_MPESA_PUSH, amountForPush, amountToPay, normaliseKenyanPhone, type PendingPayment } from '../../../api/contracts/payments'
import { formatKsh } from '../../../lib/format'
import { TextField, submitHandler } from '../../../components/form-fields'
import { CONTACT } from '../../../lib/contact-details'
import { amountDueText, deceasedName, displayPhone, mpesaReason } from './payment-text'

type PaymentActor = ActorRefFrom<typeof mpesaPaymentMachine>

const PhoneForm = z.object({
  phone: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Enter the M-Pesa phone number'),
      z.refine((v) => normaliseKenyanPhone(v) !== null, MPESA_MESSAGES.invalidPhone),
    ),
})

const PHONE_HINT = 'Format: 07XXXXXXXX, 01XXXXXXXX or 2547XXXXXXXX'

const useStyles = makeStyles({
  surface: { maxWidth: '480px' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  summary: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    alignItems: 'baseline',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    overflowWrap: 'anywhere',
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, minWidth: 0 },
  amount: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightBase500 },
  ofTotal: { display: 'block', color: tokens.colorNeutralForeground2 },
  phoneBlock: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-start' },
  phoneIcon: { color: tokens.colorBrandForeground1, flexShrink: 0, marginTop: tokens.spacingVerticalXXS },
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  stepHeading: { margin: 0 },
  nowrap: { whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground2 },
  actions: { flexWrap: 'wrap' },
})

/**
 * "Pay with M-Pesa" for one booking. It renders the payment actor's state and sends its events;
 * the actor owns the push, the polling and every message.
 */
export function PayDialog({ actor, booking }: { actor: PaymentActor; booking: PendingPayment }) {
  const styles = useStyles()
  const state = useSelector(actor, (s) => s.value)
  const context = useSelector(actor, (s) => s.context)
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const close = () => actor.send({ type: 'payment.close' })
  const primary = useRef<HTMLButtonElement>(null)

  // A new step of the flow: put the keyboard on its main action (the old one may be gone).
  useEffect(() => {
    if (state !== 'entering') primary.current?.focus()
  }, [state])

  const { due, ofTotal } = amountDueText(booking)
  // Above M-Pesa's limit per transaction the family pays in instalments: this push asks for the most it may.
  const instalment = amountForPush(booking) < amountToPay(booking)
  const amount = instalment ? formatKsh(amountForPush(booking)) : due

  const summary = (
    <dl className={styles.summary}>
      <dt className={styles.term}>For</dt>
      <dd className={styles.value}>
        <Body1>{deceasedName(booking)}</Body1>
      </dd>
      <dt className={styles.term}>Amount</dt>
      <dd className={styles.value}>
        <Text className={styles.amount}>{amount}</Text>
        {instalment ? (
          <Caption1 className={styles.ofTotal}> now, of {due} due (M-Pesa moves at most {formatKsh(MAX_MPESA_PUSH)} at a time)</Caption1>
        ) : (
          ofTotal && <Caption1 className={styles.ofTotal}> {ofTotal}</Caption1>
        )}
      </dd>
    </dl>
  )

  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => (data.open ? undefined : close())}>
      <DialogSurface className={styles.surface}>
        {state === 'entering' || state === 'pushing' ? (
          <PhoneStep actor={actor} busy={busy} amount={amount} summary={summary} initialPhone={context.phone} onCancel={close} />
        ) : (
          <DialogBody>
            <DialogTitle>Pay with M-Pesa</DialogTitle>
            <DialogContent className={styles.content}>
              {summary}
              {(state === 'waiting' || state === 'verifying') && (
                <>
                  <div className={styles.phoneBlock} role="status">
                    <Phone24Regular className={styles.phoneIcon} aria-hidden />
                    <div className={styles.stack}>
                      <Subtitle2 as="h3" className={styles.stepHeading}>
                        Check your phone
                      </Subtitle2>
                      <Body1>
                        We sent an M-Pesa request to <span className={styles.nowrap}>{displayPhone(context.phone)}</span>. Enter your{' '}
                        <span className={styles.nowrap}>M-PESA PIN</span> on the phone to pay <span className={styles.nowrap}>{amount}</span>.
                      </Body1>
                    </div>
                  </div>
                  <Field
                    label={context.attempt > 0 ? `Checking for your payment: attempt ${context.attempt} of ${context.maxAttempts}` : 'Waiting for you to enter your PIN…'}
                    hint="We check every 5 seconds."
                  >
                    <ProgressBar thickness="large" value={context.attempt / context.maxAttempts} max={1} />
                  </Field>
                  <Caption1 className={styles.muted}>
                    Closing this window stops the checking. If you already entered your PIN, look at your payment history before paying
                    again.
                  </Caption1>
                </>
              )}
              {state === 'failed' && context.failure && (
                <MessageBar intent="error" layout="multiline" politeness="assertive">
                  <MessageBarBody>
                    {context.failure.stage === 'mpesa' ? (
                      <>
                        <MessageBarTitle>Payment not completed</MessageBarTitle>
                        {mpesaReason(context.failure.resultCode) && <div>{mpesaReason(context.failure.resultCode)}</div>}
                        <div>M-Pesa said: {context.failure.message}</div>
                        <div>No money was taken. You can try again.</div>
                      </>
                    ) : (
                      <>
                        <MessageBarTitle>The payment request was not sent</MessageBarTitle>
                        <div>{context.failure.message}</div>
                      </>
                    )}
                  </MessageBarBody>
                </MessageBar>
              )}
              {state === 'timedOut' && (
                <MessageBar intent="warning" layout="multiline" politeness="assertive">
                  <MessageBarBody>
                    <MessageBarTitle>We could not confirm your payment yet</MessageBarTitle>
                    <div>{MPESA_MESSAGES.timeout}.</div>
                    <div>If you entered your PIN, the payment may still arrive: check again before paying again.</div>
                  </MessageBarBody>
                </MessageBar>
              )}
              {state === 'verifyError' && (
                <MessageBar intent="error" layout="multiline" politeness="assertive">
                  <MessageBarBody>
                    <MessageBarTitle>We could not check your payment</MessageBarTitle>
                    <div>{MPESA_MESSAGES.verifyFailed}.</div>
                    <div>
                      Support: <Link href={CONTACT.phoneHref}>{CONTACT.phoneDisplay}</Link>
                    </div>
                  </MessageBarBody>
                </MessageBar>
              )}
            </DialogContent>
            <DialogActions fluid className={styles.actions}>
              {state === 'waiting' || state === 'verifying' ? (
                <Button ref={primary} appearance="secondary" onClick={close}>
                  Close
                </Button>
              ) : (
                <>
                  <Button appearance="secondary" onClick={close}>
                    Close
                  </Button>
                  {(state === 'timedOut' || state === 'verifyError') && (
                    <Button appearance="secondary" onClick={() => actor.send({ type: 'payment.retry' })}>
                      Pay again
                    </Button>
                  )}
                  {state === 'failed' && (
                    <Button ref={primary} appearance="primary" onClick={() => actor.send({ type: 'payment.retry' })}>
                      Try again
                    </Button>
                  )}
                  {(state === 'timedOut' || state === 'verifyError') && (
                    <Button ref={primary} appearance="primary" onClick={() => actor.send({ type: 'payment.check' })}>
                      Check again
                    </Button>
                  )}
                </>
              )}
            </DialogActions>
          </DialogBody>
        )}
      </DialogSurface>
    </Dialog>
  )
}

function PhoneStep({
  actor,
  busy,
  amount,
  summary,
  initialPhone,
  onCancel,
}: {
  actor: PaymentActor
  busy: boolean
  amount: string
  summary: React.ReactNode
  initialPhone: string
  onCancel: () => void
}) {
  const styles = useStyles()
  const form = useForm({
    defaultValues: { phone: initialPhone },
    validators: { onChange: PhoneForm },
    onSubmit: ({ value }) => actor.send({ type: 'payment.submit', phone: value.phone.trim() }),
  })
  return (
    <form onSubmit={submitHandler(form)} noValidate aria-label="Pay with M-Pesa">
      <DialogBody>
        <DialogTitle>Pay with M-Pesa</DialogTitle>
        <DialogContent className={styles.content}>
          {summary}
          <form.Field name="phone">
            {(f) => (
              <TextField
                field={f}
                label="M-Pesa phone number"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="0712 345 678"
                hint={PHONE_HINT}
                required
              />
            )}
          </form.Field>
          <Caption1 className={styles.muted}>You will get a prompt on this phone to enter your M-PESA PIN.</Caption1>
        </DialogContent>
        <DialogActions fluid className={styles.actions}>
          <Button appearance="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" appearance="primary" disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {busy ? 'Sending request…' : `Pay ${amount}`}
          </Button>
        </DialogActions>
      </DialogBody>
    </form>
  )
}
