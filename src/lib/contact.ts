/**
 * The contact details the page was sent with: the real server writes the admin's into every page
 * (its HTML and the page's data, src/lib/page-data.ts), so the pre-rendered text and the app agree
 * from the first paint, with no request and no flash. Without them (the mock, a test), the defaults.
 */
import { DEFAULT_CONTACT, telHref } from '../../shared/contact-details'
import { pageData } from './page-data'

const page = pageData().contact
const phone = page?.phone ?? DEFAULT_CONTACT.phoneDisplay

export const CONTACT = {
  phoneDisplay: phone,
  phoneHref: telHref(phone),
  email: page?.email ?? DEFAULT_CONTACT.email,
  address: page?.address ?? DEFAULT_CONTACT.address,
  hours: 'Open 24 hours, every day',
} as const
