// @vitest-environment happy-dom
/**
 * What the app takes from the page the real server sent (shared/page-data.ts): the contact details,
 * the language; else the placeholders and the browser's language.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pageDataScript } from '../../shared/page-data'

// The modules read the page once, when first imported: each test imports them afresh.
beforeEach(() => vi.resetModules())

afterEach(() => {
  document.getElementById('afh-page-data')?.remove()
  localStorage.clear()
})

function sendPage(html: string) {
  document.head.insertAdjacentHTML('beforeend', html)
}

describe("the page's data", () => {
  it("reads the funeral home's details from the page, so the app says what the HTML says", async () => {
    sendPage(pageDataScript({ contact: { phone: '+254 711 222 333', email: 'care@amani.co.ke', address: 'Kisumu </script><b>' }, lang: 'sw' }))
    const { CONTACT } = await import('../../src/lib/contact')
    expect(CONTACT).toMatchObject({ phoneDisplay: '+254 711 222 333', phoneHref: 'tel:+254711222333', email: 'care@amani.co.ke', address: 'Kisumu </script><b>' })
  })

  it('keeps the placeholders when the page has none or a broken one', async () => {
    sendPage('<script type="application/json" id="afh-page-data">{not json</script>')
    const { CONTACT } = await import('../../src/lib/contact')
    expect(CONTACT).toMatchObject({ phoneDisplay: '+254 700 000 000', phoneHref: 'tel:+254700000000', email: 'support@amanifuneral.example' })
  })

  it("starts in the device's language, else the page's, else the browser's", async () => {
    const { preferredLocale } = await import('../../src/lib/i18n')
    const browser = navigator.languages.some((l) => l.startsWith('sw')) ? 'sw' : 'en'
    expect(preferredLocale()).toBe(browser)
    const other = browser === 'sw' ? 'en' : 'sw'
    sendPage(pageDataScript({ lang: other }))
    expect(preferredLocale()).toBe(other)
    localStorage.setItem('afh.language', browser)
    expect(preferredLocale()).toBe(browser)
  })
})
