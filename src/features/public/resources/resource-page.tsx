import type { ReactNode } from 'react'
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { ArrowLeftRegular } from '@fluentui/react-icons'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
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
  /** The section's id, the same in every language (so a section can be linked to). */
  id: string
  /** Becomes the section's h2. */
  title: MessageDescriptor
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
  const { t } = useLingui()
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
      {sections.map(({ id, title, content }) => (
        <section key={id} id={id} aria-labelledby={`${id}-title`} className={styles.section}>
          <h2 id={`${id}-title`} className={mergeClasses(page.sectionTitle, styles.sectionTitle)}>
            {t(title)}
          </h2>
          <div className={page.prose}>{content}</div>
        </section>
      ))}
      {children}
    </article>
  )
}

const RESOURCES = [
  { key: 'whatToDoNow', to: paths.resources.whatToDoNow, title: msg`A death has just occurred` },
  { key: 'planning', to: paths.resources.planning, title: msg`Planning a funeral` },
  { key: 'griefSupport', to: paths.resources.griefSupport, title: msg`Grief support` },
  { key: 'legal', to: paths.resources.legal, title: msg`Legal requirements` },
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
  const { t } = useLingui()
  const others = RESOURCES.filter((r) => r.key !== current)
  return (
    <InfoArticle eyebrow={t`Help and guidance`} title={title} intro={intro} sections={sections} art={art}>
      {note}
      <nav aria-label={t`More help`} className={styles.aside}>
        <h2 className={page.subTitle}>
          <Trans>More help</Trans>
        </h2>
        <ul className={mergeClasses(page.plainList, styles.asideList)}>
          {others.map((r) => (
            <li key={r.key}>
              <RouterLink to={r.to}>{t(r.title)}</RouterLink>
            </li>
          ))}
          <li>
            <RouterLink to={{ pathname: paths.home, hash: '#contact' }}>
              <Trans>Talk to us</Trans>
            </RouterLink>
          </li>
        </ul>
      </nav>
      <p className={styles.backRow}>
        <RouterLink to={paths.home} className={styles.back}>
          <ArrowLeftRegular aria-hidden="true" />
          <Trans>Back to home</Trans>
        </RouterLink>
      </p>
    </InfoArticle>
  )
}
