/**
 * The funeral home's public contact details, in one place for the landing page, the footer, the
 * about page, the help pages and a relative's contribution page. The defaults are placeholders
 * (SPEC.md gives none); the admin sets the real ones in Settings → General. The real server writes
 * them into every page it sends (its HTML and the page data the app reads, shared/page-data.ts:
 * src/lib/contact.ts).
 */
export const DEFAULT_CONTACT = {
  phoneDisplay: '+254 700 000 000',
  email: 'support@amanifuneral.example',
  address: 'Nairobi, Kenya',
} as const

/** What a dialled number keeps of a written one: `+254 700 000 000` → `tel:+254700000000`. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`
