import { createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-theme'

/**
 * An evergreen brand ramp ("amani" is peace): quiet and warm rather than corporate, and dark enough
 * at 80 (buttons, links, focus) for 6.9:1 on white and 6.3:1 on the warm page background. Ratios
 * for every pair we use are in docs/design.md.
 */
const brand: BrandVariants = {
  10: '#050806',
  20: '#101a14',
  30: '#16271e',
  40: '#1b3326',
  50: '#203f2f',
  60: '#264b38',
  70: '#2d5741',
  80: '#34634b',
  90: '#467358',
  100: '#598366',
  110: '#6c9375',
  120: '#80a386',
  130: '#95b398',
  140: '#abc3ad',
  150: '#c3d4c4',
  160: '#dce6dc',
}

/**
 * Fluent's neutrals are pure greys, which read as cold and clinical. Each grey of the light theme
 * is given a slight sand tint at the same lightness (white stays white so cards stay crisp), so
 * every component (inputs, dividers, page backgrounds, secondary text) follows without a
 * per-component override, and text contrast stays where Fluent put it (checked in docs/design.md).
 */
function warmGrey(value: string): string {
  const match = /^#([0-9a-f]{2})\1\1$/i.exec(value)
  if (!match) return value
  const v = parseInt(match[1] ?? '', 16)
  if (v === 255) return value
  // Light greys (backgrounds, strokes) take a visible cream; dark greys (text) only a hint.
  const tint = v > 200 ? 7 : v > 120 ? 5 : 3
  const channel = (n: number) => Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, '0')
  return `#${channel(v + 1)}${channel(v - tint * 0.3)}${channel(v - tint)}`
}

function warmed(theme: Theme): Theme {
  const entries = Object.entries(theme).map(([name, value]) =>
    name.startsWith('colorNeutral') && typeof value === 'string' ? [name, warmGrey(value)] : [name, value],
  )
  return Object.fromEntries(entries) as unknown as Theme
}

/** Body text: Inter (self-hosted, latin only, see index.html), with a size-matched local fallback. */
const bodyFont = "'Inter Variable', 'Inter fallback', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, sans-serif"
// Headings use Fraunces, a soft old-style serif (titles read as a letter from a person, not a
// form): `--fontFamilyHeading` is declared next to its @font-face in index.html, not here, since it
// is not a Fluent token and the first load's stylesheet has no bytes to spare.

/**
 * The app's Fluent theme. It is static, so the browser never builds it: at build time
 * `themeStylesheet` (build/theme-stylesheet.ts) writes it as CSS custom properties on `:root`
 * (`virtual:app-theme.css`, imported by src/app/app.tsx), which every Fluent component, portals
 * included, reads. That keeps Fluent's palette and theme builder (≈3 KB gzip of JS, run on every
 * start) out of the first load.
 */
export const appTheme: Theme = {
  ...warmed(createLightTheme(brand)),
  fontFamilyBase: bodyFont,
  // Inter has tabular figures of its own (Fluent's default, Bahnschrift, exists on Windows only).
  fontFamilyNumeric: bodyFont,
}

/** The theme as one CSS rule of custom properties (what FluentProvider would insert at run time). */
export function themeCss(theme: Theme, selector = ':root'): string {
  const declarations = Object.entries(theme).map(([name, value]) => `--${name}: ${String(value)};`)
  return `${selector} {\n  ${declarations.join('\n  ')}\n}\n`
}
