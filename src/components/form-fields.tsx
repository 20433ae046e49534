import type { AnyFieldApi } from '@tanstack/react-form'
import { Checkbox, Field, Input, Radio, RadioGroup, Textarea, makeStyles, type InputProps } from '@fluentui/react-components'

/** The first error of a field, as text (TanStack Form keeps zod issues or strings). */
export function fieldError(field: AnyFieldApi): string | undefined {
  const shown = field.state.meta.isBlurred || field.form.state.submissionAttempts > 0
  if (!shown) return undefined
  for (const e of field.state.meta.errors as unknown[]) {
    if (typeof e === 'string' && e) return e
    if (e && typeof e === 'object' && 'message' in e && typeof (e as { message: unknown }).message === 'string') {
      return (e as { message: string }).message
    }
  }
  return undefined
}

interface BaseProps {
  field: AnyFieldApi
  label: string
  required?: boolean
  hint?: string
}

/** A labelled Fluent input bound to a TanStack Form field, with its validation message. */
export function TextField({
  field,
  label,
  required,
  hint,
  type = 'text',
  autoComplete,
  inputMode,
  placeholder,
  min,
  max,
}: BaseProps & {
  type?: InputProps['type']
  autoComplete?: string
  inputMode?: InputProps['inputMode']
  placeholder?: string
  min?: string
  max?: string
}) {
  const error = fieldError(field)
  return (
    <Field label={label} required={required} hint={hint} validationMessage={error} validationState={error ? 'error' : 'none'}>
      <Input
        name={field.name}
        type={type}
        value={(field.state.value as string | undefined) ?? ''}
        onBlur={field.handleBlur}
        onChange={(_, data) => field.handleChange(data.value)}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        min={min}
        max={max}
      />
    </Field>
  )
}

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

export function CheckboxField({ field, label }: { field: AnyFieldApi; label: string }) {
  return (
    <Checkbox
      name={field.name}
      label={label}
      checked={Boolean(field.state.value)}
      onChange={(_, data) => field.handleChange(data.checked === true)}
    />
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

/** Stop the browser's own submit and hand it to TanStack Form. */
export function submitHandler(form: { handleSubmit: () => unknown }) {
  return (e: React.FormEvent) => {
    e.preventDefault()
    e.stopPropagation()
    void form.handleSubmit()
  }
}
