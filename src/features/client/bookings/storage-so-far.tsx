import { Text } from '@fluentui/react-components'
import { useLingui } from '@lingui/react/macro'
import type { Booking } from '../../../../shared/contracts/bookings'
import { formatKsh } from '../../../lib/format'

/**
 * Storage as it is charged, in the open: the days the body has been in care (Nairobi days, the
 * receipt day is day 1) and what that comes to, read from the server on each load, and what it will
 * be by tomorrow. The family can check it by hand against the daily rate.
 */
export function StorageSoFar({ booking }: { booking: Booking }) {
  const { t } = useLingui()
  const s = booking.storage
  if (!s || booking.status === 'cancelled') return null
  const so = formatKsh(s.amount)
  const rate = formatKsh(s.daily_rate)
  const days = s.days
  const tomorrow = formatKsh(s.tomorrow_amount)
  return (
    <p data-testid="storage-so-far">
      <Text weight="semibold">{s.in_care ? t`Day ${days} in our care, ${so} so far` : t`${days} days in our care, ${so} in all`}</Text>
      <br />
      <Text size={200}>
        {s.in_care ? t`${rate} a day; by tomorrow ${tomorrow}` : t`${rate} a day, until the release`}
      </Text>
    </p>
  )
}
