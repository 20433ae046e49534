/**
 * The funeral home's public contact details, in one place for the landing page, the footer, the
 * about page, the help pages and a relative's contribution page. The defaults are placeholders
 * (SPEC.md gives none); the admin sets the real ones in Settings → General. The real server writes
 * them into every page it sends (its HTML and a `<meta name="afh-contact">` read here), so the
 * pre-rendered text and the app agree from the first paint, with no request and no flash.
 */
export const DEFAULT_CONTACT = {
  phoneDisplay: '+254 700 000 000',
  email: 'support@amanifuneral.example',
  address: 'Nairobi, Kenya',
} as const

/** What a dialled number keeps of a written one: `+254 700 000 000` → `tel:+254700000000`. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`

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
