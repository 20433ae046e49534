/** The server's page data: the prices in the page's text as the app will write them, and a script that reads back whole. */
import { describe, expect, it, vi } from 'vitest'
import { kshIn, pageDataScript, parsePageData, withPasswordHint, withPrices } from '../../../shared/page-data'
import { activateLocale } from '../../../src/lib/i18n'
import { formatKsh } from '../../../src/lib/format'

describe('page data', () => {
  it('writes an amount as the app does, in both languages', async () => {
    for (const lang of ['en', 'sw'] as const) {
      await activateLocale(lang)
      for (const n of [5000, 1234567.5, 300]) expect(kshIn(lang, n)).toBe(formatKsh(n))
    }
    await activateLocale('en')
  })

  it('writes whole shillings without making an Intl formatter (the contribution page writes them as it is taken over)', () => {
    const made = vi.spyOn(Intl, 'NumberFormat')
    try {
      expect(kshIn('sw', 1234567)).toBe('KSH 1,234,567')
      expect(kshIn('en', 0)).toBe('KSH 0')
      expect(made).not.toHaveBeenCalled()
    } finally {
      made.mockRestore()
    }
  })

  it('puts the lowest live price of each offer in its text, and leaves one with a line missing as built', () => {
    const html = '<p class="a" data-prices="basicFuneral premiumFuneral">kuanzia KSH 5,000</p><p data-prices="burial">from KSH 4,000</p>'
    expect(withPrices(html, { basicFuneral: 15000, premiumFuneral: 12000 }, 'sw')).toBe('<p class="a" data-prices="basicFuneral premiumFuneral">kuanzia KSH 12,000</p><p data-prices="burial">from KSH 4,000</p>')
  })

  it("writes the home's password rules into the hint with the page's own words, and leaves the defaults' hint as built", () => {
    const html = '<div id="h" data-password-hint="Angalau herufi {min}" data-password-hint-complex="Angalau herufi {min}, zikiwemo &quot;tarakimu&quot;" class="x">Angalau herufi 6</div><p>At least 6</p>'
    expect(withPasswordHint(html, { minLength: 12, requireComplexity: false })).toBe(html.replace('>Angalau herufi 6<', '>Angalau herufi 12<'))
    expect(withPasswordHint(html, { minLength: 8, requireComplexity: true })).toBe(html.replace('>Angalau herufi 6<', '>Angalau herufi 8, zikiwemo &#34;tarakimu&#34;<'))
    expect(withPasswordHint(html, { minLength: 6, requireComplexity: false })).toBe(html)
    expect(withPasswordHint(html, undefined)).toBe(html)
  })

  it('reads back what it wrote, and drops what is not well-formed', () => {
    const data = { contact: { phone: '+254 1', email: 'a@b.ke', address: '</script>&' }, prices: { cremation: 3000 }, password: { minLength: 8, requireComplexity: true }, lang: 'sw' as const }
    const script = pageDataScript(data)
    expect(script.slice(0, -'</script>'.length)).not.toMatch(/<\/|&/)
    expect(parsePageData(/>(.*)<\/script>$/.exec(script)?.[1])).toEqual(data)
    expect(parsePageData('{"contact":{"phone":""},"prices":{"cremation":-1,"other":5},"password":{"minLength":2,"requireComplexity":false},"lang":"fr"}')).toEqual({ prices: {} })
    expect(parsePageData('[1')).toEqual({})
  })
})
