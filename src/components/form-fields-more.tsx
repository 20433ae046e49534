/**
 * The longer fields (multi-line text, a radio group), apart from form-fields.tsx so the sign-in and
 * register screens, which need only text boxes and a checkbox, do not download them.
 */
import { useEffect, useState } from 'react'
import { Field, Input, Radio, RadioGroup, Textarea, makeStyles, type FieldProps } from '@fluentui/react-components'
import { kenyanDate, parseKenyanDate, parseKenyanTime } from '../lib/kenyan-dates'
import { fieldError, type BaseProps } from './form-fields'

/**
 * A day or a time typed the Kenyan way (DD/MM/YYYY, 24 h HH:MM) in a plain text box with the
 * number keypad, instead of the browser's date and time boxes, which follow the phone's locale.
 * `onChange` gets the ISO value once the text is a real day or time (until then the text itself,
 * which the caller's rules refuse with their own message); leaving the box tidies the text.
 */
export function KenyanDateTimeInput({
  kind,
  label,
  hint,
  required,
  error,
  name,
  value,
  onChange,
  onBlur,
}: {
  kind: 'date' | 'time'
  label: string
  hint?: FieldProps['hint']
  required?: boolean
  error?: string
  name?: string
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
}) {
  const parse = kind === 'date' ? parseKenyanDate : parseKenyanTime
  const show = kind === 'date' ? kenyanDate : (v: string) => v
  const [text, setText] = useState(() => show(value))
  // A value set from outside (a restored draft, Start over) is shown; what is being typed is kept.
  useEffect(() => {
    setText((typed) => (parse(typed) === value || typed === value ? typed : show(value)))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- parse and show follow `kind`
  }, [value])
  return (
    <Field label={label} required={required} hint={hint} validationMessage={error} validationState={error ? 'error' : 'none'}>
      <Input
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={kind === 'date' ? 'DD/MM/YYYY' : 'HH:MM'}
        required={required}
        value={text}
        onBlur={() => {
          const parsed = parse(text)
          if (parsed) setText(show(parsed))
          onBlur?.()
        }}
        onChange={(_, data) => {
          setText(data.value)
          onChange(parse(data.value) ?? data.value.trim())
        }}
      />
    </Field>
  )
}

/** A Kenyan day or time bound to a form's field (its rules give the message). */
export function KenyanDateTimeField({ field, label, required, hint, kind }: BaseProps & { kind: 'date' | 'time' }) {
  return (
    <KenyanDateTimeInput
      kind={kind}
      label={label}
      hint={hint}
      required={required}
      error={fieldError(field)}
      name={field.name}
      value={(field.state.value as string | undefined) ?? ''}
      onChange={(v) => field.handleChange(v)}
      onBlur={field.handleBlur}
    />
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
