import { Button } from '@fluentui/react-components'
import { useLingui } from '@lingui/react'
import { activateLocale, rememberLocale, type Locale } from '../lib/i18n'

/**
 * "Kiswahili" in English, "English" in Kiswahili: each name in its own language (and marked so,
 * for screen readers), as a visitor who cannot read the current one looks for it. The change
 * applies in place: nothing typed, no step of a form, is lost.
 */
export function LanguageSwitch({ className, onChange }: { className?: string; onChange?: (locale: Locale) => void }) {
  const { i18n } = useLingui()
  const next: Locale = i18n.locale === 'sw' ? 'en' : 'sw'
  const change = () => {
    rememberLocale(next)
    void activateLocale(next).then(() => onChange?.(next))
  }
  return (
    <Button appearance="subtle" className={className} lang={next} onClick={change}>
      {next === 'sw' ? 'Kiswahili' : 'English'}
    </Button>
  )
}
