import { useMemo } from 'react'
import { useForm } from '@tanstack/react-form'
import { Body1 } from '@fluentui/react-components'
import { scheduleSchema, type ScheduleValues } from '../../../../machines/booking/booking-schemas'
import { TextAreaField } from '../../../components/form-fields-more'
import { TextField, submitHandler } from '../../../components/form-fields'
import { WizardNav, useWizardStyles } from './wizard-parts'

/** Step 3: when the service is to be held (today or later) and anything the family asks for. */
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
  const schema = useMemo(() => scheduleSchema(today), [today])
  const form = useForm({
    defaultValues: values,
    validators: { onChange: schema },
    listeners: { onChange: ({ formApi }) => onChange(formApi.state.values) },
    onSubmit: ({ value }) => onContinue(value),
  })

  return (
    <form className={styles.form} onSubmit={submitHandler(form)} noValidate aria-label="Schedule Service">
      <Body1 as="p" className={styles.intro}>
        Choose the day and time of the service. Our team will call you to confirm the details.
      </Body1>
      <div className={styles.row}>
        <form.Field name="date">{(f) => <TextField field={f} label="Service date" type="date" min={today} required />}</form.Field>
        <form.Field name="time">{(f) => <TextField field={f} label="Service time" type="time" required />}</form.Field>
      </div>
      <form.Field name="specialRequests">
        {(f) => <TextAreaField field={f} label="Special requests" hint="Optional: anything we should know or prepare" rows={4} />}
      </form.Field>
      <WizardNav onBack={onBack} />
    </form>
  )
}
