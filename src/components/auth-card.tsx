import type { ReactNode } from 'react'
import { Body1, Title2, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components'
import { useDocumentTitle } from '../lib/document-title'

const useStyles = makeStyles({
  wrap: {
    display: 'flex',
    justifyContent: 'center',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalM}`,
  },
  // Looks like Fluent's Card, without its focus management (tabster): the sign-in screens are
  // often a family's second page, and Card would add ~24 KB gzip to it for a frame.
  card: {
    width: '100%',
    maxWidth: '460px',
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
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
      <div className={styles.card}>
        <div className={styles.heading}>
          <Title2 as="h1">{title}</Title2>
          {subtitle && <Body1 as="p" className={styles.subtitle}>{subtitle}</Body1>}
        </div>
        {children}
      </div>
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
  // The remember-me box arrives just after the take-over: the row keeps its height (the box's 32 px)
  // and the link its place on the right meanwhile, so nothing moves when it comes.
  between: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    minHeight: '32px',
    '& > :last-child': { marginLeft: 'auto' },
  },
  footer: { color: tokens.colorNeutralForeground2, textAlign: 'center' },
})

const useAlertStyles = makeStyles({
  alert: {
    margin: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorStatusDangerBorder1}`,
    backgroundColor: tokens.colorStatusDangerBackground1,
    color: tokens.colorNeutralForeground1,
  },
  warning: {
    ...shorthands.borderColor(tokens.colorStatusWarningBorder1),
    backgroundColor: tokens.colorStatusWarningBackground1,
  },
})

/**
 * Why the form was not accepted, on the form itself and kept until the next try (a toast would
 * vanish before a family has read it). A plain block, not Fluent's MessageBar, to keep these first
 * screens light.
 */
export function FormAlert({ message, intent = 'error' }: { message: string | null | undefined; intent?: 'error' | 'warning' }) {
  const styles = useAlertStyles()
  if (!message) return null
  return (
    <Body1 as="p" role="alert" className={mergeClasses(styles.alert, intent === 'warning' && styles.warning)}>
      {message}
    </Body1>
  )
}
