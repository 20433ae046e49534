import type { ReactNode } from 'react'
import { Card, Body1, Title2, makeStyles, tokens } from '@fluentui/react-components'
import { useDocumentTitle } from '../app/document-title'

const useStyles = makeStyles({
  wrap: {
    display: 'flex',
    justifyContent: 'center',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalM}`,
  },
  card: {
    width: '100%',
    maxWidth: '460px',
    padding: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  heading: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  subtitle: { color: tokens.colorNeutralForeground2, margin: 0 },
})

/** The frame of the sign-in, register and password screens. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const styles = useStyles()
  useDocumentTitle(title, subtitle)
  return (
    <div className={styles.wrap}>
      <Card className={styles.card}>
        <div className={styles.heading}>
          <Title2 as="h1">{title}</Title2>
          {subtitle && <Body1 as="p" className={styles.subtitle}>{subtitle}</Body1>}
        </div>
        {children}
      </Card>
    </div>
  )
}

export const useFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr',
    gap: tokens.spacingHorizontalM,
    '@media (max-width: 480px)': { gridTemplateColumns: '1fr' },
  },
  between: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  footer: { color: tokens.colorNeutralForeground2, textAlign: 'center' },
})
