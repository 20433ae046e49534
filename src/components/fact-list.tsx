import type { ReactNode } from 'react'
import { makeStyles, tokens } from '@fluentui/react-components'

const useStyles = makeStyles({
  // The value column never narrower than its longest word: "Pending" or "KSH 7,500" never break in two.
  list: { display: 'grid', gridTemplateColumns: 'auto minmax(min-content, 1fr)', gap: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalM}`, margin: 0 },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, overflowWrap: 'break-word' },
})

/** Terms and their values, two columns (a description list): a case's facts, a transfer's route. */
export function FactList({ rows }: { rows: Array<[string, ReactNode]> }) {
  const styles = useStyles()
  return (
    <dl className={styles.list}>
      {/* Keyed by place, not by term: a term may come twice (a body received and released). */}
      {rows.map(([term, value], i) => (
        <div key={i} style={{ display: 'contents' }}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
