/**
 * The contact details the page was sent with: the real server writes the admin's into every page
 * (its HTML and a `<meta name="afh-contact">` read here), so the pre-rendered text and the app agree
 * from the first paint, with no request and no flash. Without it (the mock, a test), the defaults.
 */
import { DEFAULT_CONTACT, telHref } from '../../shared/contact-details'

function fromPage(): { phone?: string; email?: string; address?: string } {
  if (typeof document === 'undefined') return {}
  try {
    const value: unknown = JSON.parse(document.querySelector('meta[name="afh-contact"]')?.getAttribute('content') ?? '{}')
    return value && typeof value === 'object' ? value : {}
  } catch {
    return {}
  }
}

const page = fromPage()
const text = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v : fallback)
const phone = text(page.phone, DEFAULT_CONTACT.phoneDisplay)

export const CONTACT = {
  phoneDisplay: phone,
  phoneHref: telHref(phone),
  email: text(page.email, DEFAULT_CONTACT.email),
  address: text(page.address, DEFAULT_CONTACT.address),
  hours: 'Open 24 hours, every day',
} as const
