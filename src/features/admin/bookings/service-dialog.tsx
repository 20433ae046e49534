import { useMemo } from 'react'
import { useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { DialogBody, DialogContent, DialogTitle, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components'
import type { ServiceRequest, ServiceWithPricingKey } from '../../../../shared/contracts/services'
import { DialogFooter } from '../../../components/dialog-footer'
import { TextAreaField } from '../../../components/form-fields-more'
import { TextField, submitHandler } from '../../../components/form-fields'
import { CheckboxField } from '../../../components/checkbox-field'
import { CATALOGUE_TEXT as T, serviceForm, type ServiceForm } from './bookings-words'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
})

/** A new service, or one being edited (`service`), in the catalogue's dialog. */
export function ServiceDialogBody({
  service,
  busy,
  error,
  onCancel,
  onSave,
}: {
  service: ServiceWithPricingKey | null
  busy: boolean
  error: string | null
  onCancel: () => void
  onSave: (payload: ServiceRequest) => void
}) {
  const styles = useStyles()
  const { t, i18n } = useLingui()
  // The rules' messages in the language in use when the dialog opens.
  const schema = useMemo(() => serviceForm((d) => i18n._(d)), [i18n])
  const form = useForm({
    defaultValues: {
      name: service?.name ?? '',
      description: service?.description ?? '',
      price: service ? String(service.price) : '',
      category: service?.category ?? '',
      perDay: service?.per_day ?? false,
      nameSw: service?.name_sw ?? '',
      descriptionSw: service?.description_sw ?? '',
    } as ServiceForm,
    validators: { onChange: schema },
    onSubmit: ({ value }) =>
      onSave({
        name: value.name.trim(),
        description: value.description.trim(),
        price: Number(value.price),
        ...(value.category.trim() ? { category: value.category.trim() } : {}),
        per_day: value.perDay,
        // Sent even when empty: clearing a translation brings the English back for Kiswahili readers.
        name_sw: value.nameSw.trim(),
        description_sw: value.descriptionSw.trim(),
      }),
  })
  return (
    <form onSubmit={submitHandler(form)} noValidate aria-label={t(service ? T.editService : T.newService)}>
      <DialogBody>
        <DialogTitle>{t(service ? T.editService : T.newService)}</DialogTitle>
        <DialogContent className={styles.form}>
          <form.Field name="name">{(f) => <TextField field={f} label={t(T.name)} required />}</form.Field>
          <form.Field name="price">{(f) => <TextField field={f} label={t(T.price)} inputMode="numeric" required />}</form.Field>
          <form.Field name="category">{(f) => <TextField field={f} label={t(T.category)} hint={t(T.categoryHint)} />}</form.Field>
          <form.Field name="perDay">{(f) => <CheckboxField field={f} label={t(T.perDay)} />}</form.Field>
          <form.Field name="description">{(f) => <TextAreaField field={f} label={t(T.description)} rows={3} />}</form.Field>
          <form.Field name="nameSw">{(f) => <TextField field={f} label={t(T.nameSw)} hint={t(T.swHint)} />}</form.Field>
          <form.Field name="descriptionSw">{(f) => <TextAreaField field={f} label={t(T.descriptionSw)} rows={3} />}</form.Field>
          {error && (
            <MessageBar intent="error">
              <MessageBarBody>{error}</MessageBarBody>
            </MessageBar>
          )}
        </DialogContent>
        <DialogFooter busy={busy} onCancel={onCancel} cancel={t(T.cancel)} confirm={t(T.save)} />
      </DialogBody>
    </form>
  )
}
