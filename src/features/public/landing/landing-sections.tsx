import { useEffect, useState } from 'react'
import { mergeClasses } from '@fluentui/react-components'
import { useAfterHydration } from '../../../lib/hydration'
import { whenIdle } from '../../../lib/idle'
import { CallRegular } from '@fluentui/react-icons'
import { Trans, useLingui } from '@lingui/react/macro'
import { CONTACT } from '../../../lib/contact'
import { pageData } from '../../../lib/page-data'
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
                <Trans>
                  Call us 24/7 <span className={styles.callNumber}>{CONTACT.phoneDisplay}</span>
                </Trans>
              </span>
            </a>
            <RouterLink to={paths.resources.whatToDoNow} className={styles.urgentLink}>
              <Trans>A death has just occurred: what to do now</Trans>
            </RouterLink>
          </div>
          <h1 id="home-title" className={page.pageTitle}>
            <Trans>Compassionate funeral services, when you need them most</Trans>
          </h1>
          <p className={page.lead}>
            <Trans>
              Amani Funeral Home walks with Kenyan families through every step, day and night, with dignity and care.
              You can arrange everything online, at your own pace.
            </Trans>
          </p>
          <div className={styles.heroActions}>
            <RouterButtonLink to={paths.login} appearance="primary" size="large">
              <Trans>Get Started</Trans>
            </RouterButtonLink>
            <RouterButtonLink to={paths.register} appearance="secondary" size="large">
              <Trans>Register Now</Trans>
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
 * The catalogue's current package prices. The real server writes them into the page (and its
 * text), so they are there from the first render and nothing is asked; from a host of the files
 * alone they are fetched once the page is taken over and the browser is idle (its own chunk: the
 * first load stays small); until then, and if that fails, the seed's.
 */
function useLiveStartingPrices(): StartingPrices {
  const afterHydration = useAfterHydration()
  const [sent] = useState(() => pageData().prices)
  const [prices, setPrices] = useState<StartingPrices>(sent ?? {})
  useEffect(() => {
    if (!afterHydration || sent) return
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
  }, [afterHydration, sent])
  return prices
}

/** The service offers of SPEC.md section 3, with their starting prices. */
export function ServicesSection() {
  const page = usePublicStyles()
  const styles = useLandingStyles()
  const prices = useLiveStartingPrices()
  const { t } = useLingui()
  const price = (offer: (typeof OFFERS)[number]) => {
    const text = offerPrice(offer, prices)
    return text ? t(text) : ''
  }
  return (
    <LandingSection id="services" title={t`Our services`} lead={t`Clear starting prices. We will go through every detail with you before anything is confirmed.`}>
      <LandingCards items={OFFERS} keyOf={(offer) => offer.key}>
        {(offer) => (
          <>
            <span className={styles.cardIcon} aria-hidden="true">
              {offer.icon}
            </span>
            <h3 className={page.subTitle}>{t(offer.name)}</h3>
            {/* The server writes the live price into the page's text here (shared/page-data.ts). */}
            <p className={styles.price} data-prices={offer.pricedBy.join(' ') || undefined}>
              {price(offer)}
            </p>
            <p className={styles.cardText}>{t(offer.description)}</p>
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
    <section id="about" aria-labelledby="about-title" className={mergeClasses(page.section, page.sectionAlt, styles.belowFirstScreen)}>
      <div className={mergeClasses(page.container, styles.about)}>
        <div className={styles.yearsColumn}>
          {/* Decorative, below the fold: lazy, its box reserved by width and height. */}
          <img src="/illustrations/lily.svg" alt="" width={120} height={120} loading="lazy" decoding="async" />
          <p className={styles.years}>
            <span className={styles.yearsFigure}>
              <Trans>25+ years</Trans>
            </span>
            <span className={styles.yearsLabel}>
              <Trans>caring for families in Kenya</Trans>
            </span>
          </p>
        </div>
        <div>
          <h2 id="about-title" className={page.sectionTitle}>
            <Trans>About us</Trans>
          </h2>
          <div className={page.prose}>
            <p>
              <Trans>
                For more than 25 years, our family-run home in Nairobi has cared for the departed and supported the
                families who love them. We know that every family, faith and tradition is different, and we listen first.
              </Trans>
            </p>
            <p>
              <Trans>Our staff are available at any hour, and our prices are explained before you commit to anything.</Trans>
            </p>
          </div>
          <RouterLink to={paths.about}>
            <Trans>Learn more about us</Trans>
          </RouterLink>
        </div>
      </div>
    </section>
  )
}

/** The three guides for families. */
export function ResourcesSection() {
  const page = usePublicStyles()
  const styles = useLandingStyles()
  const { t } = useLingui()
  return (
    <LandingSection id="resources" title={t`Help and guidance`} lead={t`Plain answers to the questions families ask us most often.`}>
      <LandingCards items={RESOURCES} keyOf={(r) => r.to}>
        {(r) => (
          <>
            <span className={styles.cardIcon} aria-hidden="true">
              {r.icon}
            </span>
            <h3 className={page.subTitle}>
              <RouterLink to={r.to}>{t(r.title)}</RouterLink>
            </h3>
            <p className={styles.cardText}>{t(r.text)}</p>
          </>
        )}
      </LandingCards>
    </LandingSection>
  )
}

/** What families say. */
export function TestimonialsSection() {
  const styles = useLandingStyles()
  const { t } = useLingui()
  return (
    <LandingSection id="testimonials" title={t`What families say`} alt>
      <LandingCards items={TESTIMONIALS} keyOf={(q) => q.name}>
        {(q) => (
          <figure className={styles.quote}>
            <blockquote className={styles.blockquote}>“{t(q.quote)}”</blockquote>
            <figcaption className={styles.cite}>
              {q.name}, {q.place}
            </figcaption>
          </figure>
        )}
      </LandingCards>
    </LandingSection>
  )
}
