import { useId } from 'react'
import { useForm } from '@tanstack/react-form'
import { Body1, Button, Checkbox, MessageBar, MessageBarActions, MessageBarBody, Skeleton, SkeletonItem, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { ErrorCircle16Filled } from '@fluentui/react-icons'
import { draftTotal, servicesSchema } from '../../../../machines/booking/booking-schemas'
import type { Service } from '../../../api/contracts/services'
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
  error: string | null
  retry: () => void
}

/** Step 1: the services from GET /services, one or more chosen, with the running total. */
export function SelectServicesStep({
  services,
  serviceIds,
  onChange,
  onContinue,
}: {
  services: ServicesState
  serviceIds: string[]
  onChange: (serviceIds: string[]) => void
  onContinue: (serviceIds: string[]) => void
}) {
  const styles = useStyles()
  const wizard = useWizardStyles()
  const errorId = useId()
  const form = useForm({
    defaultValues: { serviceIds },
    validators: { onChange: servicesSchema },
    listeners: { onChange: ({ formApi }) => onChange(formApi.state.values.serviceIds) },
    onSubmit: ({ value }) => onContinue(value.serviceIds),
  })

  return (
    <form className={wizard.form} onSubmit={submitHandler(form)} noValidate aria-label="Select Services">
      <Body1 as="p" className={wizard.intro}>
        Choose the services you would like. You can change this later, before you confirm.
      </Body1>
      {services.error && services.items.length === 0 ? (
        <MessageBar intent="error">
          <MessageBarBody>{services.error}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={services.retry}>Retry</Button>
          </MessageBarActions>
        </MessageBar>
      ) : services.loading && services.items.length === 0 ? (
        <Skeleton aria-label="Loading services" className={styles.skeleton}>
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
                  <legend className={styles.legend}>Services</legend>
                  {services.items.map((s) => {
                    const checked = selected.includes(s.id)
                    const descriptionId = `${errorId}-service-${s.id}`
                    return (
                      <div key={s.id} className={mergeClasses(styles.service, checked && styles.selected)}>
                        <Checkbox
                          checked={checked}
                          onChange={(_, data) => toggle(s.id, data.checked === true)}
                          label={<span className={styles.name}>{s.name}</span>}
                          aria-describedby={s.description ? descriptionId : undefined}
                        />
                        <Text className={styles.price}>{formatKsh(s.price)}</Text>
                        {s.description && (
                          <Text as="p" id={descriptionId} className={styles.description} size={200} style={{ margin: 0 }}>
                            {s.description}
                          </Text>
                        )}
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
                  <Text>{selected.length === 1 ? '1 service selected' : `${selected.length} services selected`}</Text>
                  <Text className={styles.totalAmount}>Total: {formatKsh(draftTotal(selected, services.items))}</Text>
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
