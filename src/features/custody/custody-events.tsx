import { Text, makeStyles, tokens } from '@fluentui/react-components'
import { useLingui } from '@lingui/react'
import { LoadProblem } from '../../components/load-problem'
import type { CustodyEvent } from '../../../shared/contracts/custody'
import { formatDateTime } from '../../lib/format'
import { CUSTODY_KIND_LABELS, CUSTODY_TEXT, FAMILY_KIND_LABELS, familyWhereOrWho, recordedBy, whereOrWho } from './custody-words'

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: tokens.spacingVerticalXXS,
    paddingInlineStart: tokens.spacingHorizontalM,
    borderInlineStartWidth: tokens.strokeWidthThick,
    borderInlineStartStyle: 'solid',
    borderInlineStartColor: tokens.colorBrandStroke2,
  },
  released: { borderInlineStartColor: tokens.colorPaletteGreenBorder2 },
  head: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS, alignItems: 'baseline' },
  muted: { color: tokens.colorNeutralForeground2 },
  value: { overflowWrap: 'anywhere' },
})

/**
 * The recorded movements, oldest first: when (Nairobi time), what, where or to whom, by whom.
 * `family`: in the family's words (no storage bays, no job titles).
 */
export function CustodyEventList({ events, family = false }: { events: readonly CustodyEvent[]; family?: boolean }) {
  useLingui()
  const styles = useStyles()
  const labels = family ? FAMILY_KIND_LABELS : CUSTODY_KIND_LABELS
  const where = family ? familyWhereOrWho : whereOrWho
  if (events.length === 0) return <Text>{CUSTODY_TEXT.none}</Text>
  return (
    <ol className={styles.list} aria-label={CUSTODY_TEXT.title}>
      {events.map((e) => (
        <li key={e.id} className={e.kind === 'released' ? `${styles.item} ${styles.released}` : styles.item}>
          <span className={styles.head}>
            <Text weight="semibold">{labels[e.kind]}</Text>
            <Text size={200} className={styles.muted}>
              <time dateTime={e.at}>{formatDateTime(e.at)}</time>
            </Text>
          </span>
          {where(e) && <Text className={styles.value}>{where(e)}</Text>}
          <Text size={200} className={styles.muted}>{CUSTODY_TEXT.recordedBy(family ? e.by_name : recordedBy(e))}</Text>
        </li>
      ))}
    </ol>
  )
}

/** Loading, or the failure (or no answer for a few seconds) with Try again, or nothing (the caller shows the record). */
export function CustodyLoadState({ loading, slow, hasData, error, onRetry }: { loading: boolean; slow: boolean; hasData: boolean; error: string | null; onRetry: () => void }) {
  useLingui()
  const styles = useStyles()
  if (error || slow) return <LoadProblem error={error} slow={slow} hasData={hasData} onRetry={onRetry} />
  if (loading)
    return (
      <Text role="status" aria-busy="true" className={styles.muted}>
        {CUSTODY_TEXT.loading}
      </Text>
    )
  return null
}
