import { mergeClasses } from '@fluentui/react-components'
import { paths } from '../../../app/paths'
import { RouterButtonLink, RouterLink } from '../../../components/router-link'
import { usePublicStyles } from '../public-styles'
import { OFFERS, RESOURCES, TESTIMONIALS } from './landing-content'
import { useLandingStyles } from './landing-styles'

/** The welcome: what we do, and the two ways in. */
export function HeroSection() {
  const page = usePublicStyles()
  const styles = useLandingStyles()
  return (
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
  )
}

/** The service offers of SPEC.md section 3, with their starting prices. */
export function ServicesSection() {
  const page = usePublicStyles()
  const styles = useLandingStyles()
  return (
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
  )
}

/** Who we are. */
export function AboutSection() {
  const page = usePublicStyles()
  const styles = useLandingStyles()
  return (
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
  )
}

/** The three guides for families. */
export function ResourcesSection() {
  const page = usePublicStyles()
  const styles = useLandingStyles()
  return (
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
  )
}

/** What families say. */
export function TestimonialsSection() {
  const page = usePublicStyles()
  const styles = useLandingStyles()
  return (
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
  )
}
