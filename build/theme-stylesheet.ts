import type { Plugin } from 'vite'
import { appTheme, themeCss } from '../src/app/theme.ts'

/**
 * `virtual:app-theme.css`: the Fluent theme (src/app/theme.ts) as CSS custom properties on
 * `:root`, computed here at build time, so the browser neither downloads Fluent's token tables nor
 * builds the theme before the first paint. Portals and dialogs inherit the variables.
 */
export function themeStylesheet(): Plugin {
  const id = 'virtual:app-theme.css'
  const resolved = '\0' + id
  return {
    name: 'app-theme-stylesheet',
    resolveId: (source) => (source === id ? resolved : null),
    load: (loaded) => (loaded === resolved ? themeCss(appTheme) : null),
  }
}
