import type { ReactNode } from 'react'
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { ArrowLeftRegular } from '@fluentui/react-icons'
import { paths } from '../../../app/paths'
import { useDocumentTitle } from '../../../lib/document-title'
import { RouterLink } from '../../../components/router-link'
import { usePublicStyles } from '../public-styles'

/** A calm, decorative illustration for a page's header (a file in public/illustrations). */
export interface ArticleArt {
  src: string
  width: number
  height: number
}

export interface ArticleSection {
  /** Becomes the section's h2 and, slugged, its id (so a section can be linked to). */
  title: string
  content: ReactNode
}

const useStyles = makeStyles({
  header: {
    display: 'grid',
    gap: tokens.spacingVerticalL,
    marginBlockEnd: tokens.spacingVerticalXXL,
    '@media (min-width: 720px)': { gridTemplateColumns: '1fr auto', alignItems: 'center', columnGap: '48px' },
  },
  headerText: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  // On phones the picture comes first, small, like an emblem; beside the title on wider screens.
  art: {
    display: 'block',
    maxWidth: '100%',
    height: 'auto',
    '@media (max-width: 719.98px)': { order: -1, maxHeight: '120px', width: 'auto' },
  },
  eyebrow: {
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForeground1,
  },
  section: {
    marginBlockEnd: tokens.spacingVerticalXXL,
  },
  sectionTitle: {
    marginBlockEnd: tokens.spacingVerticalS,
  },
  aside: {
    marginBlockStart: tokens.spacingVerticalXXL,
    paddingBlock: tokens.spacingVerticalXL,
    paddingInline: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    maxWidth: '70ch',
  },
  asideList: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    marginBlockStart: tokens.spacingVerticalM,
    fontSize: tokens.fontSizeBase400,
  },
  back: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    fontSize: tokens.fontSizeBase400,
  },
  backRow: {
    marginBlockStart: tokens.spacingVerticalXL,
  },
})

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/**
 * A page of reading: one h1, an introduction, then h2 sections, and whatever closes it. Shared by
 * the help resources and the about page so they read alike and keep their headings in order.
 */
export function InfoArticle({
  eyebrow,
  title,
  intro,
  sections,
  art,
  children,
}: {
  eyebrow?: string
  title: string
  intro: string
  sections: readonly ArticleSection[]
  art?: ArticleArt
  children?: ReactNode
}) {
  useDocumentTitle(title, intro)
  const page = usePublicStyles()
  const styles = useStyles()
  return (
    <article className={mergeClasses(page.container, page.section)}>
      <header className={styles.header}>
        <div className={styles.headerText}>
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <h1 className={page.pageTitle}>{title}</h1>
          <p className={page.lead}>{intro}</p>
        </div>
        {/* Decorative: the words carry the meaning. At the top of the page, so not lazy. */}
        {art && <img className={styles.art} src={art.src} alt="" width={art.width} height={art.height} decoding="async" />}
      </header>
      {sections.map((section) => {
        const id = slug(section.title)
        return (
          <section key={id} id={id} aria-labelledby={`${id}-title`} className={styles.section}>
            <h2 id={`${id}-title`} className={mergeClasses(page.sectionTitle, styles.sectionTitle)}>
              {section.title}
            </h2>
            <div className={page.prose}>{section.content}</div>
          </section>
        )
      })}
      {children}
    </article>
  )
}

const RESOURCES = [
  { key: 'whatToDoNow', to: paths.resources.whatToDoNow, title: 'A death has just occurred' },
  { key: 'planning', to: paths.resources.planning, title: 'Planning a funeral' },
  { key: 'griefSupport', to: paths.resources.griefSupport, title: 'Grief support' },
  { key: 'legal', to: paths.resources.legal, title: 'Legal requirements' },
] as const

export type ResourceKey = (typeof RESOURCES)[number]['key']

/** A help resource: the article, then links to the other two resources and back home. */
export function ResourcePage({
  current,
  title,
  intro,
  sections,
  note,
  art,
}: {
  art?: ArticleArt
  current: ResourceKey
  title: string
  intro: string
  sections: readonly ArticleSection[]
  /** A closing remark shown before the related links (e.g. "not legal advice"). */
  note?: ReactNode
}) {
  const page = usePublicStyles()
  const styles = useStyles()
  const others = RESOURCES.filter((r) => r.key !== current)
  return (
    <InfoArticle eyebrow="Help and guidance" title={title} intro={intro} sections={sections} art={art}>
      {note}
      <nav aria-label="More help" className={styles.aside}>
        <h2 className={page.subTitle}>More help</h2>
        <ul className={mergeClasses(page.plainList, styles.asideList)}>
          {others.map((r) => (
            <li key={r.key}>
              <RouterLink to={r.to}>{r.title}</RouterLink>
            </li>
          ))}
          <li>
            <RouterLink to={{ pathname: paths.home, hash: '#contact' }}>Talk to us</RouterLink>
          </li>
        </ul>
      </nav>
      <p className={styles.backRow}>
        <RouterLink to={paths.home} className={styles.back}>
          <ArrowLeftRegular aria-hidden="true" />
          Back to home
        </RouterLink>
      </p>
    </InfoArticle>
  )
}
