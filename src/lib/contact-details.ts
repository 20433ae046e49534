/**
 * The funeral home's public contact details, in one place for the landing page, the footer and the
 * about page. Placeholders until the real ones are known (SPEC.md does not give them).
 */
export const CONTACT = {
  phoneDisplay: '+254 700 000 000',
  phoneHref: 'tel:+254700000000',
  email: 'support@amanifuneral.example',
  address: 'Nairobi, Kenya',
  hours: 'Open 24 hours, every day',
} as const
