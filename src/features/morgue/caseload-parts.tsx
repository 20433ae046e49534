import type { ReactNode } from 'react'
import { useLingui } from '@lingui/react'
import { Body1, Button, Card, Link, MessageBar, MessageBarActions, MessageBarBody, Skeleton, SkeletonItem, makeStyles, tokens } from '@fluentui/react-components'
import type { Booking } from '../../../shared/contracts/bookings'
import type { PermitStatus } from '../../../shared/contracts/morgue'
import { StatusBadge } from '../../components/status-badge'
import { translated } from '../../lib/i18n'
import { MORGUE_TEXT, PERMIT_LABELS } from './morgue-words'
import type { Words } from '../../../machines/shared/notify'

const useStyles = makeStyles({
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  empty: { padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground2 },
})

/** Loading skeleton, the failure with Retry, the empty card, or the content. */
export function CaseloadFrame({
  loading,
  error,
  empty,
  emptyText,
  onRetry,
  children,
}: {
  loading: boolean
  error: Words | null
  empty: boolean
  emptyText: string
  onRetry: () => void
  children: ReactNode
}) {
  const styles = useStyles()
  // Re-render on a change of language (the words below are read in the language in use).
  useLingui()
  if (error)
    return (
      <MessageBar intent="error">
        <MessageBarBody>{translated(error)}</MessageBarBody>
        <MessageBarActions>
          <Button onClick={onRetry}>{MORGUE_TEXT.retry}</Button>
        </MessageBarActions>
      </MessageBar>
    )
  if (loading && empty)
    return (
      <Skeleton aria-label={MORGUE_TEXT.loading} className={styles.skeleton}>
        {[0, 1, 2].map((i) => (
          <SkeletonItem key={i} size={48} />
        ))}
      </Skeleton>
    )
  if (empty)
    return (
      <Card className={styles.empty}>
        <Body1>{emptyText}</Body1>
      </Card>
    )
  return <>{children}</>
}

export function PermitBadge({ status }: { status: PermitStatus }) {
  useLingui()
  const color = status === 'approved' ? 'success' : status === 'rejected' ? 'danger' : status === 'pending' ? 'warning' : 'informative'
  return <StatusBadge color={color}>{MORGUE_TEXT.permitBadge(PERMIT_LABELS[status])}</StatusBadge>
}

export const permitOf = (b: Booking): PermitStatus => b.morgue?.burial_permit ?? 'missing'

/** The family's name and, on a phone, one tap to call them (wherever the attendant sees the number). */
export function FamilyContact({ name, phone }: { name: string; phone: string }) {
  if (!phone) return <>{name}</>
  return (
    <>
      {name ? `${name}, ` : ''}
      <Link href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</Link>
    </>
  )
}
