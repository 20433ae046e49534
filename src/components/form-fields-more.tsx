/**
 * The longer fields (multi-line text, a radio group), apart from form-fields.tsx so the sign-in and
 * register screens, which need only text boxes and a checkbox, do not download them.
 */
import { Field, Radio, RadioGroup, Textarea, makeStyles } from '@fluentui/react-components'
import { fieldError, type BaseProps } from './form-fields'

export function TextAreaField({ field, label, required, hint, rows = 4 }: BaseProps & { rows?: number }) {
  const error = fieldError(field)
  return (
    <Field label={label} required={required} hint={hint} validationMessage={error} validationState={error ? 'error' : 'none'}>
      <Textarea
        name={field.name}
        rows={rows}
        resize="vertical"
        value={(field.state.value as string | undefined) ?? ''}
        onBlur={field.handleBlur}
        onChange={(_, data) => field.handleChange(data.value)}
      />
    </Field>
  )
}

const useRadioStyles = makeStyles({
  // A row of choices wraps on a narrow phone instead of running off the side.
  wrap: { flexWrap: 'wrap' },
})

/** A labelled radio group bound to a field (a small fixed choice, e.g. gender); '' can be one of the values. */
export function RadioGroupField({
  field,
  label,
  required,
  hint,
  options,
  layout = 'horizontal',
}: BaseProps & { options: readonly { value: string; label: string }[]; layout?: 'horizontal' | 'vertical' }) {
  const error = fieldError(field)
  const styles = useRadioStyles()
  return (
    <Field label={label} required={required} hint={hint} validationMessage={error} validationState={error ? 'error' : 'none'}>
      <RadioGroup
        className={layout === 'horizontal' ? styles.wrap : undefined}
        name={field.name}
        layout={layout}
        value={(field.state.value as string | undefined) ?? ''}
        onBlur={field.handleBlur}
        onChange={(_, data) => field.handleChange(data.value)}
      >
        {options.map((o) => (
          <Radio key={o.value || 'none'} value={o.value} label={o.label} />
        ))}
      </RadioGroup>
    </Field>
  )
}
