import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Link, mergeClasses } from '@fluentui/react-components'
import { CallRegular, ClockRegular, LocationRegular, MailRegular } from '@fluentui/react-icons'
import { Trans, useLingui } from '@lingui/react/macro'
import { CONTACT } from '../../../lib/contact'
import { whenIdle } from '../../../lib/idle'
import { usePublicStyles } from '../public-styles'
import { useLandingStyles } from './landing-styles'
import { LandingSection } from './landing-parts'

// The contact form (and its form library) is not on the first screen: it loads when the visitor
// scrolls near it (or follows a link to it), in a space kept for it so nothing jumps.
const ContactForm = lazy(() => import('./contact-form').then((m) => ({ default: m.ContactForm })))

/** How to reach us, and the contact form (loaded when wanted). */
export function ContactSection() {
  const page = usePublicStyles()
  const styles = useLandingStyles()
  const { t } = useLingui()
  return (
    <LandingSection id="contact" title={t`Contact us`}>
      <div className={styles.contact}>
        <div>
          <p className={mergeClasses(page.lead, styles.contactLead)}>
            <Trans>If someone has just died, call us at any hour. We will tell you what to do next.</Trans>
          </p>
          <ul className={styles.details}>
            <li className={styles.detail}>
              <CallRegular className={styles.detailIcon} aria-hidden="true" />
              <span>
                <Trans>
                  Phone: <Link href={CONTACT.phoneHref}>{CONTACT.phoneDisplay}</Link>
                </Trans>
              </span>
            </li>
            <li className={styles.detail}>
              <MailRegular className={styles.detailIcon} aria-hidden="true" />
              <span>
                <Trans>
                  Email: <Link href={`mailto:${CONTACT.email}`}>{CONTACT.email}</Link>
                </Trans>
              </span>
            </li>
            <li className={styles.detail}>
              <LocationRegular className={styles.detailIcon} aria-hidden="true" />
              <span>
                <Trans>Address: {CONTACT.address}</Trans>
              </span>
            </li>
            <li className={styles.detail}>
              <ClockRegular className={styles.detailIcon} aria-hidden="true" />
              <span>{CONTACT.hours}</span>
            </li>
          </ul>
        </div>
        <DeferredContactForm className={styles.formSlot} />
      </div>
    </LandingSection>
  )
}

/**
 * Render the contact form when the visitor comes near it: never before they scroll, so a visit to
 * the first screen fetches nothing it does not show. A browser without IntersectionObserver gets
 * it once idle.
 */
function DeferredContactForm({ className }: { className: string }) {
  const slot = useRef<HTMLDivElement>(null)
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    if (wanted) return
    const show = () => setWanted(true)
    if (!slot.current || typeof IntersectionObserver !== 'function') return whenIdle(show, { timeout: 3000, fallbackDelay: 1500 })
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), { rootMargin: '600px' })
    observer.observe(slot.current)
    return () => observer.disconnect()
  }, [wanted])
  return (
    <div ref={slot} className={className}>
      {wanted && (
        <Suspense fallback={null}>
          <ContactForm />
        </Suspense>
      )}
    </div>
  )
}
