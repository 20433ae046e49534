import { useEffect, useState } from 'react'
import { mergeClasses } from '@fluentui/react-components'
import { useAfterHydration } from '../../../lib/hydration'
import { whenIdle } from '../../../lib/idle'
import { CallRegular } from '@fluentui/react-icons'
import { CONTACT } from '../../../lib/contact-details'
import { paths } from '../../../app/paths'
import { RouterButtonLink, RouterLink } from '../../../components/router-link'
import { usePublicStyles } from '../public-styles'
import { OFFERS, RESOURCES, TESTIMONIALS, offerPrice } from './landing-content'
import type { StartingPrices } from '../../../app/starting-prices'
import { useLandingStyles } from './landing-styles'
import { LandingCards, LandingSection } from './landing-parts'

/** The welcome: what we do, and the two ways in. */
export function HeroSection() {
  const page = usePublicStyles()
  const styles = useLandingStyles()
  return (
    <section id="home" aria-labelledby="home-title" className={styles.hero}>
      <div className={mergeClasses(page.container, styles.heroInner)}>
        <div className={styles.heroText}>
          {/* First on a phone's screen: someone whose relative just died needs a voice or the next step, not a brochure. */}
          <div className={styles.urgent}>
            <a href={CONTACT.phoneHref} className={styles.callLink}>
              <CallRegular aria-hidden="true" className={styles.urgentIcon} />
              <span>
                Call us 24/7 <span className={styles.callNumber}>{CONTACT.phoneDisplay}</span>
              </span>
            </a>
            <RouterLink to={paths.resources.whatToDoNow} className={styles.urgentLink}>
              A death has just occurred: what to do now
            </RouterLink>
          </div>
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
        {/* Decorative (the words carry the meaning): dawn over the hills. Above the fold on a
            laptop, so not lazy; a 1.3 KB file, so it never competes with the page's own text. */}
        <img className={styles.heroArt} src="/illustrations/hero-dawn.svg" alt="" width={600} height={360} fetchPriority="high" />
      </div>
    </section>
  )
}

/**
 * The catalogue's current package prices, fetched once the page is taken over and the browser is
 * idle (its own chunk: the first load stays small); until then, and if it fails, the seed's.
 */
function useLiveStartingPrices(): StartingPrices {
  const afterHydration = useAfterHydration()
  const [prices, setPrices] = useState<StartingPrices>({})
  useEffect(() => {
    if (!afterHydration) return
    let live = true
    const cancel = whenIdle(
      () =>
        void import('../../../app/session')
          .then((m) => m.loadStartingPrices())
          .then((p) => live && setPrices(p))
          .catch(() => {
            /* the built-in prices stay: a landing page never shows an error for this */
          }),
      { timeout: 3000, fallbackDelay: 100 },
    )
    return () => {
      live = false
      cancel()
    }
  }, [afterHydration])
  return prices
}

/** The service offers of SPEC.md section 3, with their starting prices. */
export function ServicesSection() {
  const page = usePublicStyles()
  const styles = useLandingStyles()
  const prices = useLiveStartingPrices()
  return (
    <LandingSection id="services" title="Our services" lead="Clear starting prices. We will go through every detail with you before anything is confirmed.">
      <LandingCards items={OFFERS} keyOf={(offer) => offer.name}>
        {(offer) => (
          <>
            <span className={styles.cardIcon} aria-hidden="true">
              {offer.icon}
            </span>
            <h3 className={page.subTitle}>{offer.name}</h3>
            <p className={styles.price}>{offerPrice(offer, prices)}</p>
            <p className={styles.cardText}>{offer.description}</p>
          </>
        )}
      </LandingCards>
    </LandingSection>
  )
}

/** Who we are. */
export function AboutSection() {
  const page = usePublicStyles()
  const styles = useLandingStyles()
  return (
    <section id="about" aria-labelledby="about-title" className={mergeClasses(page.section, page.sectionAlt)}>
      <div className={mergeClasses(page.container, styles.about)}>
        <div className={styles.yearsColumn}>
          {/* Decorative, below the fold: lazy, its box reserved by width and height. */}
          <img src="/illustrations/lily.svg" alt="" width={120} height={120} loading="lazy" decoding="async" />
          <p className={styles.years}>
            <span className={styles.yearsFigure}>25+ years</span>
            <span className={styles.yearsLabel}>caring for families in Kenya</span>
          </p>
        </div>
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
  )
}

/** The three guides for families. */
export function ResourcesSection() {
  const page = usePublicStyles()
  const styles = useLandingStyles()
  return (
    <LandingSection id="resources" title="Help and guidance" lead="Plain answers to the questions families ask us most often.">
      <LandingCards items={RESOURCES} keyOf={(r) => r.to}>
        {(r) => (
          <>
            <span className={styles.cardIcon} aria-hidden="true">
              {r.icon}
            </span>
            <h3 className={page.subTitle}>
              <RouterLink to={r.to}>{r.title}</RouterLink>
            </h3>
            <p className={styles.cardText}>{r.text}</p>
          </>
        )}
      </LandingCards>
    </LandingSection>
  )
}

/** What families say. */
export function TestimonialsSection() {
  const styles = useLandingStyles()
  return (
    <LandingSection id="testimonials" title="What families say" alt>
      <LandingCards items={TESTIMONIALS} keyOf={(t) => t.name}>
        {(t) => (
          <figure className={styles.quote}>
            <blockquote className={styles.blockquote}>“{t.quote}”</blockquote>
            <figcaption className={styles.cite}>
              {t.name}, {t.place}
            </figcaption>
          </figure>
        )}
      </LandingCards>
    </LandingSection>
  )
}
