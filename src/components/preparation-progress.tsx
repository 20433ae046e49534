import { ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useLingui } from '@lingui/react/macro'
import type { Booking } from '../../shared/contracts/bookings'
import { preparationForFamily, preparationOf, preparationShort, preparationText } from './preparation-words'

const useStyles = makeStyles({
  full: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, maxWidth: '320px' },
  compact: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: '72px' },
  muted: { color: tokens.colorNeutralForeground2 },
})

/**
 * How far the morgue attendant has come with the preparation of a booking's body (the ticked
 * tasks of /dashboard/morgue/tasks): a bar and words. `compact` is the admin table's cell; the
 * family's booking page passes `audience="family"`.
 */
export function PreparationProgress({
  booking,
  compact = false,
  audience = 'staff',
}: {
  booking: Pick<Booking, 'id' | 'morgue'>
  compact?: boolean
  /** The family reads gentle words; staff read the steps. */
  audience?: 'family' | 'staff'
}) {
  const styles = useStyles()
  const { t } = useLingui()
  const p = preparationOf(booking)
  const value = p.released ? p.total : p.done.length
  const words = audience === 'family' ? preparationForFamily(p) : preparationText(p)
  return (
    <div className={compact ? styles.compact : styles.full} title={compact ? words : undefined}>
      <ProgressBar
        value={value}
        max={p.total}
        thickness={compact ? 'medium' : 'large'}
        color={value === p.total ? 'success' : 'brand'}
        aria-label={compact ? t`Preparation of booking #${booking.id}` : t`Preparation`}
        aria-valuetext={words}
      />
      <Text size={compact ? 200 : 300} className={compact ? styles.muted : undefined}>
        {compact ? preparationShort(p) : words}
      </Text>
    </div>
  )
}
