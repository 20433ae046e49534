import { useEffect, useState } from 'react'
import { CONTACT } from '../lib/contact-details'
import { whenIdle } from '../lib/idle'

export interface ContactDetails {
  phoneDisplay: string
  phoneHref: string
  email: string
  address: string
  hours: string
}

const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`

/**
 * The public site's contact details: the pre-rendered pages carry the seed's (so first load sends
 * no extra JS or request), then, once the browser is idle, the ones an admin keeps in Settings
 * (GET /settings/public, its module loaded only then). A failed fetch keeps the built-in ones.
 */
export function useContactDetails(): ContactDetails {
  const [contact, setContact] = useState<ContactDetails>(CONTACT)
  useEffect(() => {
    let live = true
    const cancel = whenIdle(
      () => {
        import('../api/settings')
          .then((m) => m.publicContact())
          .then((c) => {
            if (live) setContact({ phoneDisplay: c.contactPhone, phoneHref: telOf(c.contactPhone), email: c.contactEmail, address: c.address, hours: CONTACT.hours })
          })
          .catch(() => undefined)
      },
      { timeout: 3000, fallbackDelay: 500 },
    )
    return () => {
      live = false
      cancel()
    }
  }, [])
  return contact
}
