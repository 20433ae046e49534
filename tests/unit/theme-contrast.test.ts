import { describe, expect, it } from 'vitest'
import { appTheme as t } from '../../src/app/theme'

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

// The pairs docs/design.md lists: every text colour we use for reading, on every surface it sits on.
describe('the theme keeps text readable (WCAG AA, 4.5:1)', () => {
  const surfaces = {
    card: t.colorNeutralBackground1,
    page: t.colorNeutralBackground2,
    panel: t.colorNeutralBackground3,
  }
  const texts = {
    Foreground1: t.colorNeutralForeground1,
    Foreground2: t.colorNeutralForeground2,
    Foreground3: t.colorNeutralForeground3,
    Foreground4: t.colorNeutralForeground4,
    BrandForeground1: t.colorBrandForeground1,
    BrandForegroundLink: t.colorBrandForegroundLink,
    Danger: t.colorPaletteRedForeground1,
  }
  for (const [textName, text] of Object.entries(texts)) {
    for (const [surfaceName, surface] of Object.entries(surfaces)) {
      it(`${textName} on the ${surfaceName}`, () => {
        expect(contrast(text, surface)).toBeGreaterThanOrEqual(4.5)
      })
    }
  }

  it('text on the brand tint (selected items, badges) and on the primary button in every state', () => {
    expect(contrast(t.colorNeutralForeground1, t.colorBrandBackground2)).toBeGreaterThanOrEqual(4.5)
    expect(contrast(t.colorBrandForeground1, t.colorBrandBackground2)).toBeGreaterThanOrEqual(4.5)
    for (const background of [t.colorBrandBackground, t.colorBrandBackgroundHover, t.colorBrandBackgroundPressed]) {
      expect(contrast(t.colorNeutralForegroundOnBrand, background)).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('the neutrals are warm, not grey (and white stays white)', () => {
    expect(t.colorNeutralBackground1).toBe('#ffffff')
    const [r, , b] = [1, 3, 5].map((i) => parseInt(t.colorNeutralBackground2.slice(i, i + 2), 16)) as [number, number, number]
    expect(r).toBeGreaterThan(b)
  })
})
