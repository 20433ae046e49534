import { useMemo } from 'react'
import { useForm } from '@tanstack/react-form'
import { Body1 } from '@fluentui/react-components'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { deceasedSchema, type DeceasedValues } from '../../../../machines/booking/booking-schemas'
import { KenyanDateTimeField, RadioGroupField } from '../../../components/form-fields-more'
import { TextField, submitHandler } from '../../../components/form-fields'
import { WizardNav, useWizardStyles } from './wizard-parts'

export const GENDER_CHOICES = [
  { value: '', label: msg`Not specified` },
  { value: 'male', label: msg`Male` },
  { value: 'female', label: msg`Female` },
  { value: 'other', label: msg`Other` },
] as const

/** Step 2: who has died. The date of death may be today, never later (Nairobi's calendar day). */
export function DeceasedDetailsStep({
  values,
  today,
  onChange,
  onContinue,
  onBack,
}: {
  values: DeceasedValues
  today: string
  onChange: (values: DeceasedValues) => void
  onContinue: (values: DeceasedValues) => void
  onBack: () => void
}) {
  const styles = useWizardStyles()
  const { t } = useLingui()
  const schema = useMemo(() => deceasedSchema(today), [today])
  const form = useForm({
    defaultValues: values,
    validators: { onChange: schema },
    listeners: { onChange: ({ formApi }) => onChange(formApi.state.values) },
    onSubmit: ({ value }) => onContinue(value),
  })

  return (
    <form className={styles.form} onSubmit={submitHandler(form)} noValidate aria-label={t`About your loved one`}>
      <Body1 as="p" className={styles.intro}>
        <Trans>Tell us about your loved one. Fields marked with * are needed to make the booking.</Trans>
      </Body1>
      <div className={styles.row}>
        <form.Field name="firstName">{(f) => <TextField field={f} label={t`First name`} required autoComplete="off" />}</form.Field>
        <form.Field name="lastName">{(f) => <TextField field={f} label={t`Last name`} required autoComplete="off" />}</form.Field>
      </div>
      <div className={styles.row}>
        <form.Field name="dateOfDeath">{(f) => <KenyanDateTimeField kind="date" field={f} label={t`Date of death`} hint="DD/MM/YYYY" required />}</form.Field>
        <form.Field name="placeOfDeath">
          {(f) => <TextField field={f} label={t`Place of death`} required placeholder={t`e.g. Kenyatta National Hospital, Nairobi`} />}
        </form.Field>
      </div>
      <form.Field name="gender">{(f) => <RadioGroupField field={f} label={t`Gender`} hint={t`Optional`} options={GENDER_CHOICES.map((g) => ({ value: g.value, label: t(g.label) }))} />}</form.Field>
      <form.Field name="religion">{(f) => <TextField field={f} label={t`Religion`} hint={t`Optional`} />}</form.Field>
      <WizardNav onBack={onBack} />
    </form>
  )
}
