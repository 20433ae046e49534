import type { ReactNode } from 'react'
import { mergeClasses } from '@fluentui/react-components'
import { usePublicStyles } from '../public-styles'
import { useLandingStyles } from './landing-styles'

interface LandingSectionProps {
  /** The anchor (`/#services`); the heading's id is `<id>-title`. */
  id: string
  title: string
  /** A sentence under the heading. */
  lead?: string
  /** On the alternate background, so neighbouring sections stand apart. */
  alt?: boolean
  children: ReactNode
}

/** One section of the landing page below its first screen: its anchor, its heading (and lead), then its content. */
export function LandingSection({ id, title, lead, alt = false, children }: LandingSectionProps) {
  const page = usePublicStyles()
  const styles = useLandingStyles()
  const heading = (
    <h2 id={`${id}-title`} className={page.sectionTitle}>
      {title}
    </h2>
  )
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={mergeClasses(page.section, alt && page.sectionAlt, styles.belowFirstScreen)}>
      <div className={page.container}>
        {lead ? (
          <div className={styles.sectionIntro}>
            {heading}
            <p className={page.lead}>{lead}</p>
          </div>
        ) : (
          heading
        )}
        {children}
      </div>
    </section>
  )
}

/** A grid of cards, one per item. */
export function LandingCards<T>({ items, keyOf, children }: { items: readonly T[]; keyOf: (item: T) => string; children: (item: T) => ReactNode }) {
  const page = usePublicStyles()
  const styles = useLandingStyles()
  return (
    <ul className={mergeClasses(page.plainList, page.cardGrid)}>
      {items.map((item) => (
        <li key={keyOf(item)} className={page.cardItem}>
          <article className={styles.card}>{children(item)}</article>
        </li>
      ))}
    </ul>
  )
}
