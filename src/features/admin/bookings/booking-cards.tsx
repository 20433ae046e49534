import type { ReactNode } from 'react'
import { Text, makeStyles, tokens } from '@fluentui/react-components'
import { useLingui } from '@lingui/react/macro'
import type { Booking } from '../../../../shared/contracts/bookings'
import { formatDate, formatKsh } from '../../../lib/format'
import { deceasedOf } from './booking-columns'
import { ADMIN_BOOKINGS_TEXT as T } from './bookings-words'

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground2 },
  cards: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
  },
  cardHead: { display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: tokens.spacingHorizontalS },
  cardControls: { display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', alignItems: 'center', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXS },
})

/** On a phone the grid becomes one card per booking, with the same controls as the grid's cells. */
export function BookingCards({ rows, cell }: { rows: Booking[]; cell: (columnId: string, b: Booking) => ReactNode }) {
  const styles = useStyles()
  const { t } = useLingui()
  return (
    <ul className={styles.cards} aria-label={t(T.tabBookings)}>
      {rows.map((b) => (
        <li key={b.id} className={styles.card} aria-label={t(T.rowLabel(b.id, deceasedOf(b)))}>
          <div className={styles.cardHead}>
            {cell('deceased', b)}
            {cell('actions', b)}
          </div>
          <Text size={200} className={styles.muted}>
            {b.services.map((x) => x.service_name).join(', ')}
          </Text>
          <Text weight="semibold">
            {formatKsh(b.total_amount)} · <span className={styles.muted}>{formatDate(b.created_at)}</span>
          </Text>
          <div className={styles.cardControls}>
            {(['status', 'payment', 'attendant', 'preparation'] as const).map((id) => (
              <div key={id} style={{ display: 'contents' }}>
                <Text size={200} className={styles.muted} aria-hidden="true">
                  {t(T.cardLabels[id])}
                </Text>
                {cell(id, b)}
              </div>
            ))}
          </div>
        </li>
      ))}
    </ul>
  )
}
