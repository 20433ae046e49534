import { Badge, makeStyles, tokens, type BadgeProps } from '@fluentui/react-components'

type BadgeColor = NonNullable<BadgeProps['color']>

/** Booking statuses of SPEC.md section 4 (plus 'active', which the client dashboard counts). */
const BOOKING_STATUS: Record<string, { label: string; color: BadgeColor }> = {
  pending: { label: 'Pending', color: 'warning' },
  active: { label: 'Active', color: 'brand' },
  confirmed: { label: 'Confirmed', color: 'brand' },
  in_progress: { label: 'In progress', color: 'informative' },
  completed: { label: 'Completed', color: 'success' },
  cancelled: { label: 'Cancelled', color: 'danger' },
}

const PAYMENT_STATUS: Record<string, { label: string; color: BadgeColor }> = {
  pending: { label: 'Pending', color: 'warning' },
  partial: { label: 'Partial', color: 'informative' },
  paid: { label: 'Paid', color: 'success' },
  refunded: { label: 'Refunded', color: 'subtle' },
}

/** 'in_progress' → 'In progress'; an unknown status is shown as sent, readably. */
function humanise(value: string): string {
  const text = value.replace(/_/g, ' ').trim()
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'Unknown'
}

export function bookingStatusLabel(status: string): string {
  return BOOKING_STATUS[status]?.label ?? humanise(status)
}

export function paymentStatusLabel(status: string): string {
  return PAYMENT_STATUS[status]?.label ?? humanise(status)
}

/** A booking's status as a coloured badge with its words (colour is never the only cue; the caller labels it). */
export function BookingStatusBadge({ status }: { status: string }) {
  const known = BOOKING_STATUS[status]
  return (
    <Badge appearance="tint" shape="rounded" color={known?.color ?? 'informative'}>
      {bookingStatusLabel(status)}
    </Badge>
  )
}

/** A booking's payment status as a badge. */
export function PaymentStatusBadge({ status }: { status: string }) {
  const known = PAYMENT_STATUS[status]
  return (
    <Badge appearance="tint" shape="rounded" color={known?.color ?? 'warning'}>
      {paymentStatusLabel(status)}
    </Badge>
  )
}

const useStyles = makeStyles({
  pair: { display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalS, rowGap: tokens.spacingVerticalXS },
  label: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
})

/** "Status [Pending]  Payment [Paid]": both badges, each with its word, for lists and cards. */
export function BookingBadges({ status, paymentStatus }: { status: string; paymentStatus: string }) {
  const styles = useStyles()
  return (
    <span className={styles.pair}>
      <span className={styles.label}>Status</span>
      <BookingStatusBadge status={status} />
      <span className={styles.label}>Payment</span>
      <PaymentStatusBadge status={paymentStatus} />
    </span>
  )
}
