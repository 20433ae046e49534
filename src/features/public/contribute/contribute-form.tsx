import { useEffect, useState } from 'react'
import { createActor, fromPromise, type ActorRefFrom } from 'xstate'
import { useSelector } from '@xstate/react'
import { useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Button, Checkbox, Field, Input, MessageBar, MessageBarBody, MessageBarTitle, ProgressBar, Spinner, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components'
import { mpesaPaymentMachine } from '../../../../machines/payment/mpesa-payment.machine'
import { contributionPush, contributionVerify } from '../../../api/contributions'
import { CONTRIBUTION_MESSAGE_MAX, ContributionPushRequest, MSG_AMOUNT_WHOLE, type ContributionPage } from '../../../../shared/contracts/contributions'
import { formatKsh } from '../../../lib/format'
import { currentLocale, translated } from '../../../lib/i18n'
import { displayPhone, mpesaReason } from '../../../../shared/mpesa-words'
import { CONTRIBUTE_TEXT as T } from './contribute-words'
import { useContributeStyles } from './contribute-styles'

const useFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
})

function useStyles() {
  return mergeStyles(useContributeStyles(), useFormStyles())
}
const mergeStyles = <A extends object, B extends object>(a: A, b: B) => ({ ...a, ...b })
const said = (words: string | MessageDescriptor | undefined) => (words === undefined ? undefined : translated(words))

/**
 * The server's refusal of an amount above what is still due carries the amount in its words
 * (shared/contracts/contributions.ts): said as the page's own check says it, in the language in use.
 */
function refusalWords<W>(message: W): W | MessageDescriptor {
  const above = typeof message === 'string' ? /^Amount cannot be more than the KSH ([\d,]+) still due$/.exec(message) : null
  return above ? T.amountTooHigh(Number(above[1]!.replace(/,/g, ''))) : message
}

type PaymentActor = ActorRefFrom<typeof mpesaPaymentMachine>
interface Draft {
  name: string
  phone: string
  amount: string
  message: string
  anonymous: boolean
}

/** The form, then the same M-Pesa flow as the family's own payments (the payment machine). */
export function ContributeForm({ page, token, onChange, onPaying }: { page: ContributionPage; token: string; onChange: () => void; onPaying: (paying: boolean) => void }) {
  const styles = useStyles()
  const { t } = useLingui()
  const [draft, setDraft] = useState<Draft>({ name: '', phone: '', amount: '', message: '', anonymous: false })
  // Kept in English (or as a descriptor) and said at render, so a change of language says them anew.
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string | MessageDescriptor>>>({})
  const [payment, setPayment] = useState<PaymentActor | null>(null)
  useEffect(() => () => payment?.stop(), [payment])

  const set = (key: keyof Draft) => (value: string | boolean) => {
    setDraft((d) => ({ ...d, [key]: value }))
    setErrors((e) => ({ ...e, [key]: undefined }))
  }
  const amount = /^\d+$/.test(draft.amount.trim()) ? Number(draft.amount.trim()) : null

  const submit = () => {
    const body = { name: draft.name, phoneNumber: draft.phone.trim(), amount: amount ?? Number.NaN, message: draft.message || undefined, anonymous: draft.anonymous, language: currentLocale() }
    const checked = ContributionPushRequest.safeParse(body)
    const found: Partial<Record<keyof Draft, string | MessageDescriptor>> = {}
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const key = ({ name: 'name', phoneNumber: 'phone', amount: 'amount', message: 'message' } as const)[String(issue.path[0]) as 'name']
        if (key && !found[key]) found[key] = issue.message
      }
    }
    // Nothing typed (or not a number): the home's own words, not the schema library's "Invalid input".
    if (amount === null) found.amount = MSG_AMOUNT_WHOLE
    else if (amount > page.amount_due) found.amount = T.amountTooHigh(page.amount_due)
    setErrors(found)
    if (Object.keys(found).length > 0 || !checked.success) return
    const data = checked.data
    const actor = createActor(
      mpesaPaymentMachine.provide({
        actors: {
          stkPush: fromPromise(({ input }) => contributionPush(token, { ...data, phoneNumber: input.phoneNumber, amount: input.amount })),
          verifyPayment: fromPromise(({ input }) => contributionVerify(token, input)),
        },
      }),
      { input: { bookingId: token, amount: data.amount, phone: data.phoneNumber } },
    )
    actor.subscribe({ complete: onChange })
    actor.start()
    actor.send({ type: 'payment.submit', phone: data.phoneNumber })
    setPayment(actor)
    onPaying(true)
  }

  if (payment) return <Progress more={page.status === 'open'} actor={payment} name={draft.name.trim().split(/\s+/)[0] ?? ''} onDone={() => { setPayment(null); onPaying(false); onChange() }} />

  return (
    <section className={styles.panel}>
      <h2 className={styles.heading}>{t(T.formTitle)}</h2>
      <form
        className={styles.form}
        noValidate
        aria-label={t(T.formTitle)}
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        <Field label={t(T.name)} hint={t(T.nameHint)} required validationMessage={said(errors.name)}>
          <Input value={draft.name} onChange={(_, d) => set('name')(d.value)} autoComplete="name" maxLength={100} />
        </Field>
        <Field label={t(T.phone)} hint={t(T.phoneHint)} required validationMessage={said(errors.phone)}>
          <Input value={draft.phone} onChange={(_, d) => set('phone')(d.value)} type="tel" inputMode="tel" autoComplete="tel" placeholder="0712 345 678" />
        </Field>
        <Field label={t(T.amount)} hint={t(T.amountHint(page.amount_due))} required validationMessage={said(errors.amount)}>
          <Input value={draft.amount} onChange={(_, d) => set('amount')(d.value.replace(/[^\d]/g, ''))} inputMode="numeric" contentBefore="KSH" />
        </Field>
        <Field label={t(T.message)} validationMessage={said(errors.message)}>
          <Textarea value={draft.message} onChange={(_, d) => set('message')(d.value)} maxLength={CONTRIBUTION_MESSAGE_MAX} resize="vertical" />
        </Field>
        <Checkbox checked={draft.anonymous} onChange={(_, d) => set('anonymous')(d.checked === true)} label={t(T.anonymous)} />
        <div className={styles.actions}>
          <Button type="submit" appearance="primary">
            {t(T.submit(amount !== null && amount > 0 && amount <= page.amount_due ? amount : null))}
          </Button>
        </div>
      </form>
    </section>
  )
}

/** The push and the checks, as the family's pay dialog shows them. */
function Progress({ actor, name, onDone, more }: { actor: PaymentActor; name: string; onDone: () => void; more: boolean }) {
  const styles = useStyles()
  const { t } = useLingui()
  const state = useSelector(actor, (s) => s.value)
  const context = useSelector(actor, (s) => s.context)
  const amount = formatKsh(context.amount)
  return (
    <section className={styles.panel} aria-label={t(T.formTitle)}>
      {(state === 'pushing' || state === 'entering') && <Spinner size="small" label={t(T.sending)} />}
      {(state === 'waiting' || state === 'verifying') && (
        <>
          <h2 className={styles.heading} role="status">
            {t(T.checkPhone)}
          </h2>
          <Text block>{t(T.enterPin(displayPhone(context.phone), amount))}</Text>
          <Field label={t(T.checking(context.attempt, context.maxAttempts))} hint={t(T.checkingHint)}>
            <ProgressBar thickness="large" value={context.attempt / context.maxAttempts} max={1} />
          </Field>
        </>
      )}
      {state === 'paid' && (
        <MessageBar intent="success" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{t(T.thanksTitle(name))}</MessageBarTitle>
            {t(T.thanks(amount))}
          </MessageBarBody>
        </MessageBar>
      )}
      {state === 'failed' && context.failure && (
        <MessageBar intent="error" layout="multiline" politeness="assertive">
          <MessageBarBody>
            <MessageBarTitle>{t(context.failure.stage === 'mpesa' ? T.notCompleted : T.notSent)}</MessageBarTitle>
            {/* A reason the page knows, in the language in use; else the words M-Pesa or the server sent. */}
            <div>{context.failure.stage === 'mpesa' && mpesaReason(context.failure.resultCode) ? translated(mpesaReason(context.failure.resultCode)!) : translated(refusalWords(context.failure.message))}</div>
            {context.failure.stage === 'mpesa' && <div>{t(T.noMoneyTaken)}</div>}
          </MessageBarBody>
        </MessageBar>
      )}
      {state === 'timedOut' && (
        <MessageBar intent="warning" layout="multiline" politeness="assertive">
          <MessageBarBody>
            <MessageBarTitle>{t(T.timedOut)}</MessageBarTitle>
            {t(T.timedOutHint)}
          </MessageBarBody>
        </MessageBar>
      )}
      {state === 'verifyError' && (
        <MessageBar intent="error" layout="multiline" politeness="assertive">
          <MessageBarBody>
            <MessageBarTitle>{t(T.verifyError)}</MessageBarTitle>
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        {state === 'paid' && more && (
          <Button appearance="primary" onClick={onDone}>
            {t(T.another)}
          </Button>
        )}
        {state === 'failed' && (
          <Button appearance="primary" onClick={onDone}>
            {t(T.tryAgain)}
          </Button>
        )}
        {(state === 'timedOut' || state === 'verifyError') && (
          <>
            <Button appearance="primary" onClick={() => actor.send({ type: 'payment.check' })}>
              {t(T.checkAgain)}
            </Button>
            <Button onClick={onDone}>{t(T.payAgain)}</Button>
          </>
        )}
      </div>
    </section>
  )
}
