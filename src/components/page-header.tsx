import type { ReactNode } from 'react'
import { Body1, Title2, makeStyles, tokens } from '@fluentui/react-components'
import { useDocumentTitle } from '../lib/document-title'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalL,
  },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  subtitle: { color: tokens.colorNeutralForeground2 },
})

/** A screen's title (its one h1, also the document title), an optional line and actions. */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  const styles = useStyles()
  useDocumentTitle(title)
  return (
    <div className={styles.root}>
      <div className={styles.text}>
        <Title2 as="h1">{title}</Title2>
        {subtitle && <Body1 className={styles.subtitle}>{subtitle}</Body1>}
      </div>
      {actions}
    </div>
  )
}
