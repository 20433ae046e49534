import { useEffect, useState, type ReactNode } from 'react'
import { LinguiContext } from '@lingui/react'
import { i18n } from '../lib/i18n'

const contextFor = () => ({ i18n, _: i18n.t.bind(i18n) })

/**
 * Lingui's context for the app, renewed only when the language changes. Lingui's own provider
 * renews it on every catalogue loaded, and a screen's words load while React is still taking over
 * the pre-rendered page: a context change then makes React throw that part's HTML away and draw it
 * again, losing what a visitor typed before the script arrived. Here, loading a screen's words
 * (already there before the screen renders) changes nothing on screen.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [value, setValue] = useState(contextFor)
  useEffect(() => {
    let shown = i18n.locale
    const follow = () => {
      if (i18n.locale === shown) return
      shown = i18n.locale
      setValue(contextFor())
    }
    follow()
    return i18n.on('change', follow)
  }, [])
  return <LinguiContext.Provider value={value}>{children}</LinguiContext.Provider>
}
