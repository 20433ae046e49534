import { createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-theme'

/** A calm slate-blue brand ramp: dignified, high contrast for text, readable on a phone in daylight. */
const brand: BrandVariants = {
  10: '#020305',
  20: '#121820',
  30: '#1b2734',
  40: '#223242',
  50: '#293d51',
  60: '#304960',
  70: '#385570',
  80: '#406180',
  90: '#4d6d8b',
  100: '#5b7a96',
  110: '#6a87a1',
  120: '#7a94ad',
  130: '#8ba2b8',
  140: '#9cb0c4',
  150: '#aebfd0',
  160: '#c1cedc',
}

/**
 * The app's Fluent theme. It is static, so the browser never builds it: at build time
 * `themeStylesheet` (build/theme-stylesheet.ts) writes it as CSS custom properties on `:root`
 * (`virtual:app-theme.css`, imported by src/app/app.tsx), which every Fluent component, portals
 * included, reads. That keeps Fluent's palette and theme builder (≈3 KB gzip of JS, run on every
 * start) out of the first load.
 */
export const appTheme: Theme = {
  ...createLightTheme(brand),
  fontFamilyBase: "'Segoe UI', 'Segoe UI Web (West European)', -apple-system, BlinkMacSystemFont, Roboto, 'Helvetica Neue', sans-serif",
}

/** The theme as one CSS rule of custom properties (what FluentProvider would insert at run time). */
export function themeCss(theme: Theme, selector = ':root'): string {
  const declarations = Object.entries(theme).map(([name, value]) => `--${name}: ${String(value)};`)
  return `${selector} {\n  ${declarations.join('\n  ')}\n}\n`
}
