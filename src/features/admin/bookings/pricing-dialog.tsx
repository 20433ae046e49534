import { useMemo } from 'react'
import { useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { DialogBody, DialogContent, DialogTitle, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components'
import { PRICING_KEYS, type PricingKey } from '../../../../shared/contracts/services'
import { DialogFooter } from '../../../components/dialog-footer'
import { TextField, submitHandler } from '../../../components/form-fields'
import { CATALOGUE_TEXT as T, PRICING_LABELS, pricingForm, type PricingForm } from './bookings-words'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
})

/** The price table (PUT /services/pricing), filled with the prices the catalogue shows. */
export function PricingDialogBody({
  current,
  busy,
  error,
  onCancel,
  onSave,
}: {
  current: PricingForm
  busy: boolean
  error: string | null
  onCancel: () => void
  onSave: (prices: Record<PricingKey, number>) => void
}) {
  const styles = useStyles()
  const { t, i18n } = useLingui()
  const schema = useMemo(() => pricingForm((d) => i18n._(d)), [i18n])
  const form = useForm({
    defaultValues: current,
    validators: { onChange: schema },
    onSubmit: ({ value }) =>
      onSave({
        basicFuneral: Number(value.basicFuneral),
        premiumFuneral: Number(value.premiumFuneral),
        cremation: Number(value.cremation),
        burial: Number(value.burial),
      }),
  })
  return (
    <form onSubmit={submitHandler(form)} noValidate aria-label={t(T.pricesTitle)}>
      <DialogBody>
        <DialogTitle>{t(T.pricesTitle)}</DialogTitle>
        <DialogContent className={styles.form}>
          {PRICING_KEYS.map((key) => (
            <form.Field key={key} name={key}>
              {(f) => <TextField field={f} label={t(T.priceOf(t(PRICING_LABELS[key])))} inputMode="numeric" required />}
            </form.Field>
          ))}
          {error && (
            <MessageBar intent="error">
              <MessageBarBody>{error}</MessageBarBody>
            </MessageBar>
          )}
        </DialogContent>
        <DialogFooter busy={busy} onCancel={onCancel} cancel={t(T.cancel)} confirm={t(T.savePrices)} />
      </DialogBody>
    </form>
  )
}
