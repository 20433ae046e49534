import { useEffect, useMemo, useRef } from 'react'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
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
import { MAX_MPESA_PUSH, amountForPush, amountToPay, normaliseKenyanPhone, type PendingPayment } from '../../../../shared/contracts/payments'
import { formatKsh } from '../../../lib/format'
import { translated } from '../../../lib/i18n'
import { TextField, submitHandler } from '../../../components/form-fields'
import { CONTACT } from '../../../lib/contact'
import { amountDueText, deceasedName, displayPhone, mpesaReason } from './payment-words'

type PaymentActor = ActorRefFrom<typeof mpesaPaymentMachine>

const PHONE_REQUIRED = msg`Enter the M-Pesa phone number`

/** The phone's rules, with the words in the language in use. */
const phoneForm = (required: string) =>
  z.object({
    phone: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, required),
        z.refine((v) => normaliseKenyanPhone(v) !== null, MPESA_MESSAGES.invalidPhone),
      ),
  })

const PHONE_HINT = msg`Format: 07XXXXXXXX, 01XXXXXXXX or 2547XXXXXXXX`

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
  const { t } = useLingui()
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
  const most = formatKsh(MAX_MPESA_PUSH)
  const phone = displayPhone(context.phone)
  const attempt = context.attempt
  const attempts = context.maxAttempts

  const summary = (
    <dl className={styles.summary}>
      <dt className={styles.term}>
        <Trans>For</Trans>
      </dt>
      <dd className={styles.value}>
        <Body1>{deceasedName(booking)}</Body1>
      </dd>
      <dt className={styles.term}>
        <Trans>Amount</Trans>
      </dt>
      <dd className={styles.value}>
        <Text className={styles.amount}>{amount}</Text>
        {instalment ? (
          <Caption1 className={styles.ofTotal}> {t`now, of ${due} due (M-Pesa moves at most ${most} at a time)`}</Caption1>
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
            <DialogTitle>
              <Trans>Pay with M-Pesa</Trans>
            </DialogTitle>
            <DialogContent className={styles.content}>
              {summary}
              {(state === 'waiting' || state === 'verifying') && (
                <>
                  <div className={styles.phoneBlock} role="status">
                    <Phone24Regular className={styles.phoneIcon} aria-hidden />
                    <div className={styles.stack}>
                      <Subtitle2 as="h3" className={styles.stepHeading}>
                        <Trans>Check your phone</Trans>
                      </Subtitle2>
                      <Body1>
                        <Trans>
                          We sent an M-Pesa request to <span className={styles.nowrap}>{phone}</span>. Enter your{' '}
                          <span className={styles.nowrap}>M-PESA PIN</span> on the phone to pay <span className={styles.nowrap}>{amount}</span>.
                        </Trans>
                      </Body1>
                    </div>
                  </div>
                  <Field
                    label={attempt > 0 ? t`Checking for your payment: attempt ${attempt} of ${attempts}` : t`Waiting for you to enter your PIN…`}
                    hint={t`We check every 5 seconds.`}
                  >
                    <ProgressBar thickness="large" value={context.attempt / context.maxAttempts} max={1} />
                  </Field>
                  <Caption1 className={styles.muted}>
                    <Trans>
                      Closing this window stops the checking. If you already entered your PIN, look at your payment history before paying
                      again.
                    </Trans>
                  </Caption1>
                </>
              )}
              {state === 'failed' && context.failure && (
                <MessageBar intent="error" layout="multiline" politeness="assertive">
                  <MessageBarBody>
                    {context.failure.stage === 'mpesa' ? (
                      <>
                        <MessageBarTitle>
                          <Trans>Payment not completed</Trans>
                        </MessageBarTitle>
                        {mpesaReason(context.failure.resultCode) && <div>{translated(mpesaReason(context.failure.resultCode)!)}</div>}
                        <div>{t`M-Pesa said: ${translated(context.failure.message)}`}</div>
                        <div>
                          <Trans>No money was taken. You can try again.</Trans>
                        </div>
                      </>
                    ) : (
                      <>
                        <MessageBarTitle>
                          <Trans>The payment request was not sent</Trans>
                        </MessageBarTitle>
                        <div>{translated(context.failure.message)}</div>
                      </>
                    )}
                  </MessageBarBody>
                </MessageBar>
              )}
              {state === 'timedOut' && (
                <MessageBar intent="warning" layout="multiline" politeness="assertive">
                  <MessageBarBody>
                    <MessageBarTitle>
                      <Trans>We could not confirm your payment yet</Trans>
                    </MessageBarTitle>
                    <div>{translated(MPESA_MESSAGES.timeout)}.</div>
                    <div>
                      <Trans>If you entered your PIN, the payment may still arrive: check again before paying again.</Trans>
                    </div>
                  </MessageBarBody>
                </MessageBar>
              )}
              {state === 'verifyError' && (
                <MessageBar intent="error" layout="multiline" politeness="assertive">
                  <MessageBarBody>
                    <MessageBarTitle>
                      <Trans>We could not check your payment</Trans>
                    </MessageBarTitle>
                    <div>{translated(MPESA_MESSAGES.verifyFailed)}.</div>
                    <div>
                      <Trans>
                        Support: <Link href={CONTACT.phoneHref}>{CONTACT.phoneDisplay}</Link>
                      </Trans>
                    </div>
                  </MessageBarBody>
                </MessageBar>
              )}
            </DialogContent>
            <DialogActions fluid className={styles.actions}>
              {state === 'waiting' || state === 'verifying' ? (
                <Button ref={primary} appearance="secondary" onClick={close}>
                  <Trans>Close</Trans>
                </Button>
              ) : (
                <>
                  <Button appearance="secondary" onClick={close}>
                    <Trans>Close</Trans>
                  </Button>
                  {(state === 'timedOut' || state === 'verifyError') && (
                    <Button appearance="secondary" onClick={() => actor.send({ type: 'payment.retry' })}>
                      <Trans>Pay again</Trans>
                    </Button>
                  )}
                  {state === 'failed' && (
                    <Button ref={primary} appearance="primary" onClick={() => actor.send({ type: 'payment.retry' })}>
                      <Trans>Try again</Trans>
                    </Button>
                  )}
                  {(state === 'timedOut' || state === 'verifyError') && (
                    <Button ref={primary} appearance="primary" onClick={() => actor.send({ type: 'payment.check' })}>
                      <Trans>Check again</Trans>
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
  const { t } = useLingui()
  const schema = useMemo(() => phoneForm(t(PHONE_REQUIRED)), [t])
  const form = useForm({
    defaultValues: { phone: initialPhone },
    validators: { onChange: schema },
    onSubmit: ({ value }) => actor.send({ type: 'payment.submit', phone: value.phone.trim() }),
  })
  return (
    <form onSubmit={submitHandler(form)} noValidate aria-label={t`Pay with M-Pesa`}>
      <DialogBody>
        <DialogTitle>
          <Trans>Pay with M-Pesa</Trans>
        </DialogTitle>
        <DialogContent className={styles.content}>
          {summary}
          <form.Field name="phone">
            {(f) => (
              <TextField
                field={f}
                label={t`M-Pesa phone number`}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="0712 345 678"
                hint={t(PHONE_HINT)}
                required
              />
            )}
          </form.Field>
          <Caption1 className={styles.muted}>
            <Trans>You will get a prompt on this phone to enter your M-PESA PIN.</Trans>
          </Caption1>
        </DialogContent>
        <DialogActions fluid className={styles.actions}>
          <Button appearance="secondary" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" appearance="primary" disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {busy ? t`Sending request…` : t`Pay ${amount}`}
          </Button>
        </DialogActions>
      </DialogBody>
    </form>
  )
}
