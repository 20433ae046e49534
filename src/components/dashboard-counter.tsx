import { useId, type ReactElement } from 'react'
import { Card, Skeleton, SkeletonItem, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useLingui } from '@lingui/react/macro'

const useStyles = makeStyles({
  counter: { gap: tokens.spacingVerticalXS, justifyContent: 'space-between' },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground2 },
  icon: { color: tokens.colorBrandForeground1, flexShrink: 0 },
  alertIcon: { color: tokens.colorPaletteRedForeground1, flexShrink: 0 },
  value: { fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800, fontWeight: tokens.fontWeightSemibold },
})

interface DashboardCounterProps {
  label: string
  value: number
  icon: ReactElement
  /** A skeleton instead of a number that would be wrong (0) until the data is there. */
  loading: boolean
  /** Something needs attention: the icon turns red (the number says it too). */
  alert?: boolean
}

/** One number on a dashboard, in a card named by its label (a group, so a screen reader reads both). */
export function DashboardCounter({ label, value, icon, loading, alert = false }: DashboardCounterProps) {
  const styles = useStyles()
  const id = useId()
  const { t } = useLingui()
  return (
    <Card className={styles.counter} role="group" aria-labelledby={id}>
      <div className={styles.head}>
        <Text id={id}>{label}</Text>
        <span className={alert ? styles.alertIcon : styles.icon} aria-hidden="true">
          {icon}
        </span>
      </div>
      {loading ? (
        <Skeleton aria-label={t`Loading ${label}`}>
          <SkeletonItem size={40} style={{ width: '48px' }} />
        </Skeleton>
      ) : (
        <Text className={styles.value}>{value}</Text>
      )}
    </Card>
  )
}
