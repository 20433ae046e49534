import type { ReactNode } from 'react'
import { Body1, Card, makeStyles, tokens } from '@fluentui/react-components'
import { PageHeader } from './page-header'

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, maxWidth: '720px' },
  body: { color: tokens.colorNeutralForeground2 },
})

/** A portal section whose full screen arrives with its own issue: its title and what it is for. */
export function SectionPage({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles()
  return (
    <>
      <PageHeader title={title} />
      <Card className={styles.card}>
        <Body1 className={styles.body}>{children}</Body1>
      </Card>
    </>
  )
}
