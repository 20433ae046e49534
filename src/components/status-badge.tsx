import type { ReactNode } from 'react'
import { Badge, makeStyles, tokens, type BadgeProps } from '@fluentui/react-components'
import { Money16Regular } from '@fluentui/react-icons/svg/money'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useLingui as useLanguage } from '@lingui/react'
import { i18n } from '../lib/i18n'

export type BadgeColor = NonNullable<BadgeProps['color']>

/** Every status in the app looks alike: a tinted, rounded badge with its words (colour is never the only cue). */
export function StatusBadge({ color, children, shape = 'rounded', icon }: { color: BadgeColor; children: ReactNode; shape?: 'rounded' | 'circular'; icon?: BadgeProps['icon'] }) {
  return (
    <Badge appearance="tint" shape={shape} color={color} icon={icon}>
      {children}
    </Badge>
  )
}

/** Booking statuses of SPEC.md section 4 (plus 'active', which the client dashboard counts). */
const BOOKING_STATUS: Record<string, { label: MessageDescriptor; color: BadgeColor }> = {
  pending: { label: msg`Pending`, color: 'warning' },
  active: { label: msg`Active`, color: 'brand' },
  confirmed: { label: msg`Confirmed`, color: 'brand' },
  in_progress: { label: msg`In progress`, color: 'informative' },
  completed: { label: msg`Completed`, color: 'success' },
  cancelled: { label: msg`Cancelled`, color: 'danger' },
}

const PAYMENT_STATUS: Record<string, { label: MessageDescriptor; color: BadgeColor }> = {
  pending: { label: msg`Pending`, color: 'warning' },
  partial: { label: msg`Partial`, color: 'informative' },
  paid: { label: msg`Paid`, color: 'success' },
  refunded: { label: msg`Refunded`, color: 'subtle' },
}

/** 'in_progress' → 'In progress'; an unknown status is shown as sent, readably. */
function humanise(value: string): string {
  const text = value.replace(/_/g, ' ').trim()
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : i18n._(msg`Unknown`)
}

export function bookingStatusLabel(status: string): string {
  const label = BOOKING_STATUS[status]?.label
  return label ? i18n._(label) : humanise(status)
}

export function paymentStatusLabel(status: string): string {
  const label = PAYMENT_STATUS[status]?.label
  return label ? i18n._(label) : humanise(status)
}

/** A booking's status as a coloured badge with its words (colour is never the only cue; the caller labels it). */
export function BookingStatusBadge({ status }: { status: string }) {
  useLanguage()
  return <StatusBadge color={BOOKING_STATUS[status]?.color ?? 'informative'}>{bookingStatusLabel(status)}</StatusBadge>
}

/**
 * A booking's payment status as a badge: a pill with a coin, so "Pending" money never reads as a
 * "Pending" booking beside it.
 */
export function PaymentStatusBadge({ status }: { status: string }) {
  useLanguage()
  return (
    <StatusBadge color={PAYMENT_STATUS[status]?.color ?? 'warning'} shape="circular" icon={<Money16Regular aria-hidden />}>
      {paymentStatusLabel(status)}
    </StatusBadge>
  )
}

/** A payment's own status (SPEC.md section 4: completed, processing, failed; anything else is pending). */
const PAYMENT_RECORD_STATUS: Record<string, { label: MessageDescriptor; color: BadgeColor }> = {
  completed: { label: msg`Completed`, color: 'success' },
  processing: { label: msg`Processing`, color: 'informative' },
  failed: { label: msg`Failed`, color: 'danger' },
  pending: { label: msg`Pending`, color: 'warning' },
}

/** A payment (M-Pesa transaction) as a badge; an unknown status reads as pending. */
export function PaymentRecordBadge({ status }: { status: string }) {
  return <LookupBadge table={PAYMENT_RECORD_STATUS} status={status} fallback="pending" />
}

const DOCUMENT_STATUS: Record<string, { label: MessageDescriptor; color: BadgeColor }> = {
  pending: { label: msg`Pending review`, color: 'warning' },
  approved: { label: msg`Approved`, color: 'success' },
  rejected: { label: msg`Rejected`, color: 'danger' },
  missing: { label: msg`Missing`, color: 'subtle' },
}

/** A document's review status as a badge; an unknown one reads as pending review. */
export function DocumentStatusBadge({ status }: { status: string }) {
  return <LookupBadge table={DOCUMENT_STATUS} status={status} fallback="pending" />
}

/** A status looked up in its table; one the table does not know looks like `fallback`. */
function LookupBadge({ table, status, fallback }: { table: Record<string, { label: MessageDescriptor; color: BadgeColor }>; status: string; fallback: string }) {
  const { t } = useLingui()
  const look = table[status] ?? table[fallback]
  return <StatusBadge color={look?.color ?? 'informative'}>{look ? t(look.label) : status}</StatusBadge>
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
      <span className={styles.label}>
        <Trans>Status</Trans>
      </span>
      <BookingStatusBadge status={status} />
      <span className={styles.label}>
        <Trans>Payment</Trans>
      </span>
      <PaymentStatusBadge status={paymentStatus} />
    </span>
  )
}
