import { useId, useState } from 'react'
import { useForm } from '@tanstack/react-form'
import { Body1, Button, Checkbox, Field, Input, MessageBar, MessageBarActions, MessageBarBody, Skeleton, SkeletonItem, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { ErrorCircle16Filled } from '@fluentui/react-icons'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { translated } from '../../../lib/i18n'
import type { Words } from '../../../../machines/shared/notify'
import { MAX_SERVICE_DAYS } from '../../../../shared/contracts/bookings'
import { BOOKING_MESSAGES, daysOf, draftTotal, servicesSchema, type ServicesValues } from '../../../../machines/booking/booking-schemas'
import { serviceWords, type Service } from '../../../../shared/contracts/services'
import { fieldError, submitHandler } from '../../../components/form-fields'
import { formatKsh } from '../../../lib/format'
import { WizardNav, useWizardStyles } from './wizard-parts'

const useStyles = makeStyles({
  fieldset: { border: 'none', margin: 0, padding: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalS, fontWeight: tokens.fontWeightSemibold },
  service: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    alignItems: 'start',
    columnGap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM} ${tokens.spacingVerticalM}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  selected: { border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  name: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
  price: { paddingTop: tokens.spacingVerticalS, fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  description: { gridColumn: '1 / -1', color: tokens.colorNeutralForeground2, paddingLeft: '36px' },
  days: { gridColumn: '1 / -1', paddingLeft: '36px', paddingTop: tokens.spacingVerticalS, display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  daysInput: { width: '96px' },
  total: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingVerticalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  totalAmount: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  error: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, color: tokens.colorPaletteRedForeground1 },
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
})

export interface ServicesState {
  items: Service[]
  loading: boolean
  error: Words | null
  retry: () => void
}

/**
 * Step 1: the services from GET /services, one or more chosen, with the running total; a service
 * priced per day (storage) asks for its number of days, and the total follows.
 */
export function SelectServicesStep({
  services,
  values,
  onChange,
  onContinue,
}: {
  services: ServicesState
  values: ServicesValues
  onChange: (values: ServicesValues) => void
  onContinue: (values: ServicesValues) => void
}) {
  const styles = useStyles()
  const { t, i18n } = useLingui()
  const wizard = useWizardStyles()
  const errorId = useId()
  // The days live beside the form: TanStack's paths cannot name a record keyed by service id.
  const [days, setDays] = useState<Record<string, number>>(values.days ?? {})
  const [daysShown, setDaysShown] = useState(false)
  const form = useForm({
    defaultValues: { serviceIds: values.serviceIds },
    validators: { onChange: servicesSchema },
    listeners: { onChange: ({ formApi }) => onChange({ serviceIds: formApi.state.values.serviceIds, days }) },
    onSubmit: ({ value }) => {
      const wrong = value.serviceIds.some((id) => !servicesSchema.safeParse({ serviceIds: value.serviceIds, days: { [id]: daysOf({ days }, id) } }).success)
      if (wrong) setDaysShown(true)
      else onContinue({ serviceIds: value.serviceIds, days })
    },
  })
  const changeDays = (id: string, n: number) => {
    const next = { ...days, [id]: n }
    setDays(next)
    onChange({ serviceIds: form.state.values.serviceIds, days: next })
  }

  return (
    <form className={wizard.form} onSubmit={submitHandler(form)} noValidate aria-label={t`Select Services`}>
      <Body1 as="p" className={wizard.intro}>
        <Trans>Choose the services you would like. You can change this later, before you confirm.</Trans>
      </Body1>
      {services.error && services.items.length === 0 ? (
        <MessageBar intent="error">
          <MessageBarBody>{translated(services.error)}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={services.retry}>
              <Trans>Retry</Trans>
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : services.loading && services.items.length === 0 ? (
        <Skeleton aria-label={t`Loading services`} className={styles.skeleton}>
          {[0, 1, 2, 3].map((i) => (
            <SkeletonItem key={i} size={64} />
          ))}
        </Skeleton>
      ) : (
        <form.Field name="serviceIds">
          {(field) => {
            const selected = field.state.value
            const error = fieldError(field)
            const toggle = (id: string, on: boolean) => {
              field.handleChange(on ? [...selected.filter((s) => s !== id), id] : selected.filter((s) => s !== id))
              field.handleBlur()
            }
            return (
              <>
                <fieldset className={styles.fieldset} aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
                  <legend className={styles.legend}>
                    <Trans>Services</Trans>
                  </legend>
                  {services.items.map((s) => {
                    const checked = selected.includes(s.id)
                    const words = serviceWords(s, i18n.locale)
                    const descriptionId = `${errorId}-service-${s.id}`
                    return (
                      <div key={s.id} className={mergeClasses(styles.service, checked && styles.selected)}>
                        <Checkbox
                          checked={checked}
                          onChange={(_, data) => toggle(s.id, data.checked === true)}
                          label={<span className={styles.name}>{words.name}</span>}
                          aria-describedby={words.description ? descriptionId : undefined}
                        />
                        <Text className={styles.price}>{formatKsh(s.price)}</Text>
                        {words.description && (
                          <Text as="p" id={descriptionId} className={styles.description} size={200} style={{ margin: 0 }}>
                            {words.description}
                          </Text>
                        )}
                        {checked && s.per_day && <DaysField service={s} days={daysOf({ days }, s.id)} showError={daysShown} onChange={(n) => changeDays(s.id, n)} />}
                      </div>
                    )
                  })}
                </fieldset>
                {error && (
                  <Text id={errorId} role="alert" className={styles.error}>
                    <ErrorCircle16Filled aria-hidden="true" /> {error}
                  </Text>
                )}
                <div className={styles.total} aria-live="polite">
                  <Text>{plural(selected.length, { one: '# service selected', other: '# services selected' })}</Text>
                  <Text className={styles.totalAmount}>{t`Total: ${formatKsh(draftTotal(selected, services.items, days))}`}</Text>
                </div>
              </>
            )
          }}
        </form.Field>
      )}
      <WizardNav />
    </form>
  )
}

/** How many days of a service priced per day, with what they come to. */
function DaysField({ service, days, showError, onChange }: { service: Service; days: number; showError: boolean; onChange: (days: number) => void }) {
  const styles = useStyles()
  const { t } = useLingui()
  const valid = Number.isInteger(days) && days >= 1 && days <= MAX_SERVICE_DAYS
  const error = !valid && showError ? translated(BOOKING_MESSAGES.days) : undefined
  const maxDays = MAX_SERVICE_DAYS
  return (
    <div className={styles.days}>
      <Field label={t`Number of days`} validationMessage={error} validationState={error ? 'error' : 'none'} hint={t`1 to ${maxDays} days`}>
        <Input
          className={styles.daysInput}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_SERVICE_DAYS}
          value={days === 0 ? '' : String(days)}
          onChange={(_, data) => onChange(data.value === '' ? 0 : Number(data.value))}
        />
      </Field>
      {valid && (
        <Text>
          {plural(days, { one: '# day', other: '# days' })} × {formatKsh(service.price)} = {formatKsh(days * service.price)}
        </Text>
      )}
    </div>
  )
}
