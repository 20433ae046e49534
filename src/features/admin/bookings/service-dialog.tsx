import { useForm } from '@tanstack/react-form'
import { DialogBody, DialogContent, DialogTitle, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components'
import type { ServiceWithPricingKey } from '../../../api/contracts/services'
import { DialogFooter } from '../../../components/dialog-footer'
import { TextAreaField } from '../../../components/form-fields-more'
import { CheckboxField, TextField, submitHandler } from '../../../components/form-fields'
import { CATALOGUE_TEXT as T, ServiceForm } from './messages'

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
  onSave: (payload: { name: string; description: string; price: number; category?: string; per_day: boolean }) => void
}) {
  const styles = useStyles()
  const form = useForm({
    defaultValues: {
      name: service?.name ?? '',
      description: service?.description ?? '',
      price: service ? String(service.price) : '',
      category: service?.category ?? '',
      perDay: service?.per_day ?? false,
    } as ServiceForm,
    validators: { onChange: ServiceForm },
    onSubmit: ({ value }) =>
      onSave({
        name: value.name.trim(),
        description: value.description.trim(),
        price: Number(value.price),
        ...(value.category.trim() ? { category: value.category.trim() } : {}),
        per_day: value.perDay,
      }),
  })
  return (
    <form onSubmit={submitHandler(form)} noValidate aria-label={service ? T.editService : T.newService}>
      <DialogBody>
        <DialogTitle>{service ? T.editService : T.newService}</DialogTitle>
        <DialogContent className={styles.form}>
          <form.Field name="name">{(f) => <TextField field={f} label={T.name} required />}</form.Field>
          <form.Field name="price">{(f) => <TextField field={f} label={T.price} inputMode="numeric" required />}</form.Field>
          <form.Field name="category">{(f) => <TextField field={f} label={T.category} hint={T.categoryHint} />}</form.Field>
          <form.Field name="perDay">{(f) => <CheckboxField field={f} label={T.perDay} />}</form.Field>
          <form.Field name="description">{(f) => <TextAreaField field={f} label={T.description} rows={3} />}</form.Field>
          {error && (
            <MessageBar intent="error">
              <MessageBarBody>{error}</MessageBarBody>
            </MessageBar>
          )}
        </DialogContent>
        <DialogFooter busy={busy} onCancel={onCancel} cancel={T.cancel} confirm={T.save} />
      </DialogBody>
    </form>
  )
}
