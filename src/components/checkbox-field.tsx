import { Checkbox } from '@fluentui/react-components'
import type { AnyFieldApi } from '@tanstack/react-form'

/**
 * A form field's checkbox. Its own module: the sign-in page loads it after the page is taken over
 * (its pre-rendered box is on screen meanwhile), and the register page never loads it.
 */
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

export default CheckboxField
