import { useMemo } from 'react'
import { useForm } from '@tanstack/react-form'
import { Body1 } from '@fluentui/react-components'
import { Trans, useLingui } from '@lingui/react/macro'
import { scheduleSchema, type ScheduleValues } from '../../../../machines/booking/booking-schemas'
import { KenyanDateTimeField, TextAreaField } from '../../../components/form-fields-more'
import { TextField, submitHandler } from '../../../components/form-fields'
import { SERVICE_HOURS } from '../../../../shared/contracts/bookings'
import { WizardNav, useWizardStyles } from './wizard-parts'

/** Step 3: when the service is to be held (today or later, within opening hours), where, and anything the family asks for. */
export function ScheduleStep({
  values,
  today,
  onChange,
  onContinue,
  onBack,
}: {
  values: ScheduleValues
  today: string
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
