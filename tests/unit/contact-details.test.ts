// @vitest-environment happy-dom
/** The contact details the app shows: the page's own (written by the real server), else the placeholders. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// The module reads the page once, when first imported: each test imports it afresh.
beforeEach(() => vi.resetModules())

afterEach(() => {
  document.head.querySelector('meta[name="afh-contact"]')?.remove()
})

describe('contact details', () => {
  it("reads the funeral home's details from the page, so the app says what the HTML says", async () => {
    const meta = document.createElement('meta')
    meta.name = 'afh-contact'
    meta.content = JSON.stringify({ phone: '+254 711 222 333', email: 'care@amani.co.ke', address: 'Kisumu' })
    document.head.append(meta)
    const { CONTACT } = await import('../../src/lib/contact')
    expect(CONTACT).toMatchObject({ phoneDisplay: '+254 711 222 333', phoneHref: 'tel:+254711222333', email: 'care@amani.co.ke', address: 'Kisumu' })
  })

  it('keeps the placeholders when the page has none or a broken one', async () => {
    const meta = document.createElement('meta')
    meta.name = 'afh-contact'
    meta.content = '{not json'
    document.head.append(meta)
    const { CONTACT } = await import('../../src/lib/contact')
    expect(CONTACT).toMatchObject({ phoneDisplay: '+254 700 000 000', phoneHref: 'tel:+254700000000', email: 'support@amanifuneral.example' })
  })
})
