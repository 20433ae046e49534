import { useLayoutEffect, useRef } from 'react'
import type { AnyFieldApi, AnyFormApi } from '@tanstack/react-form'
import { takeTypedIntoHtml, useAfterHydration } from '../lib/hydration'
import { translated } from '../lib/i18n'
import { Field, Input, type FieldProps, type InputProps } from '@fluentui/react-components'

/** The first error of a field, as text (TanStack Form keeps zod issues or strings). */
export function fieldError(field: AnyFieldApi): string | undefined {
  const shown = field.state.meta.isBlurred || field.form.state.submissionAttempts > 0
  if (!shown) return undefined
  for (const e of field.state.meta.errors as unknown[]) {
    if (typeof e === 'string' && e) return translated(e)
    if (e && typeof e === 'object' && 'message' in e && typeof (e as { message: unknown }).message === 'string') {
      return translated((e as { message: string }).message)
    }
  }
  return undefined
}

export interface BaseProps {
  field: AnyFieldApi
  label: string
  required?: boolean
  /** Words, or the hint slot's props (attributes beside its words). */
  hint?: FieldProps['hint']
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

/** Stop the browser's own submit and hand it to TanStack Form. */
export function submitHandler(form: { handleSubmit: () => unknown }) {
  return (e: React.FormEvent) => {
    e.preventDefault()
    e.stopPropagation()
    void form.handleSubmit()
  }
}

/**
 * A form whose HTML was written at build time (sign-in, register) can be typed into, or filled in
 * by the browser, before React takes it over. React leaves those characters in the inputs, but the
 * form's state does not have them and the next render would wipe them. When the form mounts, each
 * named input's content is handed to the form, so nothing typed is lost. Elsewhere the inputs
 * already show the state, and this changes nothing.
 *
 * `prefill`: values only this device knows (a remembered email), which the build-time HTML cannot
 * hold. At take-over they go into the fields still empty that nobody is in, never over typing.
 */
export function useKeepTypedBeforeHydration(form: AnyFormApi, prefill?: () => Record<string, string | boolean>) {
  const ref = useRef<HTMLFormElement>(null)
  const tookOverHtml = useRef(!useAfterHydration())
  const prefillRef = useRef(prefill)
  useLayoutEffect(() => {
    const inputs = [...(ref.current?.querySelectorAll<HTMLInputElement>('input[name]') ?? [])]
    for (const input of inputs) {
      const typed = input.type === 'checkbox' ? input.checked : input.value
      if (typed !== form.getFieldValue(input.name)) form.setFieldValue(input.name, typed)
    }
    // Typed into the pre-rendered page before the app drew it anew in another language.
    const kept = takeTypedIntoHtml()
    for (const input of inputs) {
      const typed = kept?.get(input.name)
      if (typed !== undefined && typed !== '' && typed !== false) form.setFieldValue(input.name, typed)
    }
    if (!tookOverHtml.current || !prefillRef.current) return
    for (const [name, value] of Object.entries(prefillRef.current())) {
      const input = inputs.find((i) => i.name === name)
      const untouched = input && input !== document.activeElement && (input.type === 'checkbox' ? !input.checked : input.value === '')
      if (untouched && value) form.setFieldValue(name, value, { dontUpdateMeta: true })
    }
  }, [form])
  return ref
}
