import { useEffect, useMemo } from 'react'
import { useForm, useStore } from '@tanstack/react-form'
import { useMachine } from '@xstate/react'
import { Body1, Button, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components'
import { Trans, useLingui } from '@lingui/react/macro'
import { scheduleSchema, type ScheduleValues } from '../../../../machines/booking/booking-schemas'
import { KenyanDateTimeField, TextAreaField } from '../../../components/form-fields-more'
import { TextField, submitHandler } from '../../../components/form-fields'
import { SERVICE_HOURS } from '../../../../shared/contracts/bookings'
import { WizardNav, useWizardStyles } from './wizard-parts'
import { FREE_TIMES_FAILED, liveFreeTimes } from './live-machines'

const useFreeStyles = makeStyles({
  times: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
})

/** Step 3: when the service is to be held (today or later, within opening hours), where, and anything the family asks for. */
export function ScheduleStep({
  values,
  today,
  serviceIds,
  onChange,
  onContinue,
  onBack,
}: {
  values: ScheduleValues
  today: string
  /** The services chosen: the free times offered are theirs. */
  serviceIds: readonly string[]
  onChange: (values: ScheduleValues) => void
  onContinue: (values: ScheduleValues) => void
  onBack: () => void
}) {
  const styles = useWizardStyles()
  const { t } = useLingui()
  const schema = useMemo(() => scheduleSchema(today), [today])
  const form = useForm({
    defaultValues: { ...values, venue: values.venue ?? '' },
    validators: { onChange: schema },
    listeners: { onChange: ({ formApi }) => onChange(formApi.state.values) },
    onSubmit: ({ value }) => onContinue(value),
  })

  // The day chosen: its free times are asked for as soon as it is a real day, today or later.
  const date = useStore(form.store, (state) => state.values.date)
  const time = useStore(form.store, (state) => state.values.time)
  const [free, sendFree] = useMachine(liveFreeTimes, { input: { failureMessage: FREE_TIMES_FAILED, fetchOnStart: false } })
  const serviceKey = serviceIds.join(',')
  useEffect(() => {
    if (/^\d{4}-\d{2}-\d{2}$/.test(date) && date >= today && serviceKey) sendFree({ type: 'collection.fetch', query: { serviceIds: serviceKey.split(','), date } })
  }, [date, today, serviceKey, sendFree])
  const day = free.context.items.find((d) => d.id === date)
  const freeStyles = useFreeStyles()

  const opens = SERVICE_HOURS.from
  const closes = SERVICE_HOURS.to

  return (
    <form className={styles.form} onSubmit={submitHandler(form)} noValidate aria-label={t`Schedule Service`}>
      <Body1 as="p" className={styles.intro}>
        <Trans>Choose the day and time of the service. Our team will call you to confirm the details.</Trans>
      </Body1>
      <div className={styles.row}>
        <form.Field name="date">{(f) => <KenyanDateTimeField kind="date" field={f} label={t`Service date`} hint="DD/MM/YYYY" required />}</form.Field>
        <form.Field name="time">
          {(f) => <KenyanDateTimeField kind="time" field={f} label={t`Service time`} hint={t`Between ${opens} and ${closes}, our opening hours`} required />}
        </form.Field>
      </div>
      {free.matches('loading') ? <Spinner size="tiny" label={t`Looking for free times…`} /> : null}
      {free.matches('failed') ? (
        <MessageBar intent="warning">
          <MessageBarBody>{free.context.error}</MessageBarBody>
        </MessageBar>
      ) : null}
      {!free.matches('loading') && day?.full ? (
        <MessageBar intent="warning">
          <MessageBarBody>
            <Trans>This day is full for the services you chose. Please choose another day.</Trans>
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {!free.matches('loading') && day && !day.full ? (
        <div role="group" aria-label={t`Free times on this day`} className={freeStyles.times}>
          {day.times.map((slot) => (
            <Button key={slot} type="button" size="small" appearance={slot === time ? 'primary' : 'secondary'} aria-pressed={slot === time} onClick={() => form.setFieldValue('time', slot)}>
              {slot}
            </Button>
          ))}
        </div>
      ) : null}
      <form.Field name="venue">
        {(f) => <TextField field={f} label={t`Venue or burial place`} autoComplete="off" hint={t`Optional: the church, home or cemetery, if you know it`} />}
      </form.Field>
      <form.Field name="specialRequests">
        {(f) => <TextAreaField field={f} label={t`Special requests`} hint={t`Optional: anything we should know or prepare`} rows={4} />}
      </form.Field>
      <WizardNav onBack={onBack} />
    </form>
  )
}
