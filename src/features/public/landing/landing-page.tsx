import { lazy, Suspense, useEffect, useRef, useState, type ReactElement } from 'react'
import { Link, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components'
import {
  CalendarLtrRegular,
  CallRegular,
  ClipboardTaskListLtrRegular,
  ClockRegular,
  DocumentTextRegular,
  HandOpenHeartRegular,
  HeartRegular,
  LeafOneRegular,
  LocationRegular,
  MailRegular,
  PeopleCommunityRegular,
} from '@fluentui/react-icons'
import { useLocation } from 'react-router-dom'
import { paths } from '../../../app/paths'
import { useDocumentTitle } from '../../../lib/document-title'
import { CONTACT } from '../../../lib/contact-details'
import { whenIdle } from '../../../lib/idle'
import { RouterButtonLink, RouterLink } from '../../../components/router-link'
import { usePublicStyles } from '../public-styles'

// The contact form (and its form library) is not needed for the first paint: it loads when the
// browser is idle or the visitor scrolls near it, in a space kept for it so nothing jumps.
const ContactForm = lazy(() => import('./contact-form').then((m) => ({ default: m.ContactForm })))

interface Offer {
  name: string
  price: string
  description: string
  icon: ReactElement
}

/** SPEC.md section 3, landing service offers (static; the spec shows these with '$'). */
const OFFERS: readonly Offer[] = [
  {
    name: 'Traditional Funeral Services',
    price: 'from $2,500',
    description: 'A complete funeral, from mortuary care to the service and burial, arranged with your family.',
    icon: <PeopleCommunityRegular />,
  },
  {
    name: 'Cremation Services',
    price: 'from $1,800',
    description: 'A dignified cremation, with or without a service beforehand, and care of the ashes.',
    icon: <LeafOneRegular />,
  },
  {
    name: 'Memorial Services',
    price: 'from $1,500',
    description: 'A gathering to remember and celebrate a life, at a place that meant something to them.',
    icon: <HeartRegular />,
  },
  {
    name: 'Pre-Planning Services',
    price: 'free consultation',
    description: 'Set out your wishes in advance, so your family is spared difficult decisions later.',
    icon: <CalendarLtrRegular />,
  },
]

const RESOURCES = [
  {
    to: paths.resources.planning,
    title: 'Planning a funeral',
    text: 'First steps after a death, choosing burial or cremation, and what to expect.',
    icon: <ClipboardTaskListLtrRegular />,
  },
  {
    to: paths.resources.griefSupport,
    title: 'Grief support',
    text: 'Looking after yourself and your children, and where to find someone to talk to.',
    icon: <HandOpenHeartRegular />,
  },
  {
    to: paths.resources.legal,
    title: 'Legal requirements',
    text: 'Notification, registration, the burial permit and the death certificate in Kenya.',
    icon: <DocumentTextRegular />,
  },
] as const

const TESTIMONIALS = [
  {
    quote: 'When we lost our father, the team took care of everything with patience and respect. We could simply be together as a family.',
    name: 'Wanjiru Kamau',
    place: 'Nairobi',
  },
  {
    quote: 'They explained every cost clearly and helped us bring Mama home to Kisumu. We will always be grateful.',
    name: 'Otieno Odhiambo',
    place: 'Kisumu',
  },
] as const

const useStyles = makeStyles({
  hero: {
    backgroundColor: tokens.colorBrandBackground2,
  },
  heroInner: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    paddingBlock: '48px',
    '@media (min-width: 640px)': { paddingBlock: '80px' },
  },
  heroActions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
  },
  sectionIntro: {
    marginBlockEnd: tokens.spacingVerticalXL,
  },
  // Fluent Card's look (surface, radius, shadow) without its focus management, which static
  // content does not need.
  card: {
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    height: '100%',
    padding: tokens.spacingHorizontalXL,
    gap: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    color: tokens.colorNeutralForeground1,
  },
  formSlot: {
    minHeight: '430px',
  },
  cardIcon: {
    display: 'flex',
    fontSize: '32px',
    color: tokens.colorBrandForeground1,
  },
  price: {
    ...typographyStyles.body1Strong,
    margin: 0,
    color: tokens.colorBrandForeground1,
  },
  cardText: {
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase400,
    color: tokens.colorNeutralForeground2,
  },
  about: {
    display: 'grid',
    gap: tokens.spacingHorizontalXXL,
    alignItems: 'center',
    '@media (min-width: 800px)': { gridTemplateColumns: '1fr 2fr' },
  },
  years: {
    margin: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  yearsFigure: {
    ...typographyStyles.largeTitle,
    color: tokens.colorBrandForeground1,
  },
  yearsLabel: {
    ...typographyStyles.subtitle2,
    color: tokens.colorNeutralForeground2,
  },
  quote: {
    margin: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  blockquote: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
    fontStyle: 'italic',
    color: tokens.colorNeutralForeground1,
  },
  cite: {
    ...typographyStyles.body1Strong,
    color: tokens.colorNeutralForeground2,
  },
  contactLead: {
    marginBlockEnd: tokens.spacingVerticalXL,
  },
  contact: {
    display: 'grid',
    gap: tokens.spacingHorizontalXXXL,
    '@media (min-width: 800px)': { gridTemplateColumns: '1fr 1fr' },
  },
  details: {
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
  },
  detail: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    overflowWrap: 'anywhere',
  },
  detailIcon: {
    flexShrink: 0,
    fontSize: '24px',
    color: tokens.colorBrandForeground1,
  },
})

/** `/`: who we are, what we offer, where to find help, and how to reach us. */
export function LandingPage() {
  useDocumentTitle('', 'Amani Funeral Home, Kenya: book funeral services, upload the documents a burial needs and pay by M-Pesa, from your phone. Call us at any hour.')
  const { hash } = useLocation()
  // Arriving from another page at /#contact: the router does not scroll to the anchor by itself.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView()
  }, [hash])
  const page = usePublicStyles()
  const styles = useStyles()

  return (
    <>
      <section id="home" aria-labelledby="home-title" className={styles.hero}>
        <div className={mergeClasses(page.container, styles.heroInner)}>
          <h1 id="home-title" className={page.pageTitle}>
            Compassionate funeral services, when you need them most
          </h1>
          <p className={page.lead}>
            Amani Funeral Home walks with Kenyan families through every step, day and night, with dignity and care.
            You can arrange everything online, at your own pace.
          </p>
          <div className={styles.heroActions}>
            <RouterButtonLink to={paths.login} appearance="primary" size="large">
              Get Started
            </RouterButtonLink>
            <RouterButtonLink to={paths.register} appearance="secondary" size="large">
              Register Now
            </RouterButtonLink>
          </div>
        </div>
      </section>

      <section id="services" aria-labelledby="services-title" className={page.section}>
        <div className={page.container}>
          <div className={styles.sectionIntro}>
            <h2 id="services-title" className={page.sectionTitle}>
              Our services
            </h2>
            <p className={page.lead}>Clear starting prices. We will go through every detail with you before anything is confirmed.</p>
          </div>
          <ul className={mergeClasses(page.plainList, page.cardGrid)}>
            {OFFERS.map((offer) => (
              <li key={offer.name} className={page.cardItem}>
                <article className={styles.card}>
                  <span className={styles.cardIcon} aria-hidden="true">
                    {offer.icon}
                  </span>
                  <h3 className={page.subTitle}>{offer.name}</h3>
                  <p className={styles.price}>{offer.price}</p>
                  <p className={styles.cardText}>{offer.description}</p>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="about" aria-labelledby="about-title" className={mergeClasses(page.section, page.sectionAlt)}>
        <div className={mergeClasses(page.container, styles.about)}>
          <p className={styles.years}>
            <span className={styles.yearsFigure}>25+ years</span>
            <span className={styles.yearsLabel}>caring for families in Kenya</span>
          </p>
          <div>
            <h2 id="about-title" className={page.sectionTitle}>
              About us
            </h2>
            <div className={page.prose}>
              <p>
                For more than 25 years, our family-run home in Nairobi has cared for the departed and supported the
                families who love them. We know that every family, faith and tradition is different, and we listen first.
              </p>
              <p>Our staff are available at any hour, and our prices are explained before you commit to anything.</p>
            </div>
            <RouterLink to={paths.about}>Learn more about us</RouterLink>
          </div>
        </div>
      </section>

      <section id="resources" aria-labelledby="resources-title" className={page.section}>
        <div className={page.container}>
          <div className={styles.sectionIntro}>
            <h2 id="resources-title" className={page.sectionTitle}>
              Help and guidance
            </h2>
            <p className={page.lead}>Plain answers to the questions families ask us most often.</p>
          </div>
          <ul className={mergeClasses(page.plainList, page.cardGrid)}>
            {RESOURCES.map((r) => (
              <li key={r.to} className={page.cardItem}>
                <article className={styles.card}>
                  <span className={styles.cardIcon} aria-hidden="true">
                    {r.icon}
                  </span>
                  <h3 className={page.subTitle}>
                    <RouterLink to={r.to}>{r.title}</RouterLink>
                  </h3>
                  <p className={styles.cardText}>{r.text}</p>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="testimonials" aria-labelledby="testimonials-title" className={mergeClasses(page.section, page.sectionAlt)}>
        <div className={page.container}>
          <h2 id="testimonials-title" className={page.sectionTitle}>
            What families say
          </h2>
          <ul className={mergeClasses(page.plainList, page.cardGrid)}>
            {TESTIMONIALS.map((t) => (
              <li key={t.name} className={page.cardItem}>
                <article className={styles.card}>
                  <figure className={styles.quote}>
                    <blockquote className={styles.blockquote}>“{t.quote}”</blockquote>
                    <figcaption className={styles.cite}>
                      {t.name}, {t.place}
                    </figcaption>
                  </figure>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="contact" aria-labelledby="contact-title" className={page.section}>
        <div className={page.container}>
          <h2 id="contact-title" className={page.sectionTitle}>
            Contact us
          </h2>
          <div className={styles.contact}>
            <div>
              <p className={mergeClasses(page.lead, styles.contactLead)}>
                If someone has just died, call us at any hour. We will tell you what to do next.
              </p>
              <ul className={styles.details}>
                <li className={styles.detail}>
                  <CallRegular className={styles.detailIcon} aria-hidden="true" />
                  <span>
                    Phone: <Link href={CONTACT.phoneHref}>{CONTACT.phoneDisplay}</Link>
                  </span>
                </li>
                <li className={styles.detail}>
                  <MailRegular className={styles.detailIcon} aria-hidden="true" />
                  <span>
                    Email: <Link href={`mailto:${CONTACT.email}`}>{CONTACT.email}</Link>
                  </span>
                </li>
                <li className={styles.detail}>
                  <LocationRegular className={styles.detailIcon} aria-hidden="true" />
                  <span>Address: {CONTACT.address}</span>
                </li>
                <li className={styles.detail}>
                  <ClockRegular className={styles.detailIcon} aria-hidden="true" />
                  <span>{CONTACT.hours}</span>
                </li>
              </ul>
            </div>
            <DeferredContactForm className={styles.formSlot} />
          </div>
        </div>
      </section>
    </>
  )
}

/** Render the contact form once the browser is idle or the visitor comes near it. */
function DeferredContactForm({ className }: { className: string }) {
  const slot = useRef<HTMLDivElement>(null)
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    if (wanted) return
    const show = () => setWanted(true)
    const cancelIdle = whenIdle(show, { timeout: 3000, fallbackDelay: 1500 })
    let observer: IntersectionObserver | null = null
    if (slot.current && typeof IntersectionObserver === 'function') {
      observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), { rootMargin: '600px' })
      observer.observe(slot.current)
    }
    return () => {
      cancelIdle()
      observer?.disconnect()
    }
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
