import {
  Body1,
  Skeleton,
  SkeletonItem,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { Panel } from '../../../components/panel'
import { Add20Regular } from '@fluentui/react-icons'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Booking } from '../../../../shared/contracts/bookings'
import { paths } from '../../../app/paths'
import { PageHeader } from '../../../components/page-header'
import { EmptyArt } from '../../../components/empty-art'
import { LoadProblem } from '../../../components/load-problem'
import { RouterButtonLink, RouterLink } from '../../../components/router-link'
import { BookingBadges, BookingStatusBadge, PaymentStatusBadge } from '../../../components/status-badge'
import { useMediaQuery } from '../../../components/use-media-query'
import { formatDate, formatKsh } from '../../../lib/format'
import { deceasedName, newestFirst, serviceNames, useMyBookings } from '../my-bookings'
import { paymentStatusNow } from '../../../../shared/urgency'

const useStyles = makeStyles({
  tableCard: { padding: 0, overflowX: 'auto' },
  amount: { textAlign: 'right', whiteSpace: 'nowrap', fontWeight: tokens.fontWeightSemibold },
  amountHead: { justifyContent: 'flex-end' },
  wide: { width: '30%' },
  medium: { width: '18%' },
  name: { fontWeight: tokens.fontWeightSemibold },
  cards: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { gap: tokens.spacingVerticalS },
  cardHead: { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground2 },
  empty: { alignItems: 'center', textAlign: 'center', padding: tokens.spacingVerticalXXL, gap: tokens.spacingVerticalM },
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
})

/** My Bookings (SPEC.md section 2): every booking with its status, payment status, services and total. */
export function BookingsPage() {
  const styles = useStyles()
  const { t } = useLingui()
  const { bookings, loading, slow, loaded, error, retry } = useMyBookings({ saidInPlace: true })
  const isSmall = useMediaQuery('(max-width: 768px)')
  const sorted = newestFirst(bookings)

  return (
    <>
      <PageHeader
        title={t`My Bookings`}
        subtitle={t`Every booking you have made, with its status and payment.`}
        actions={
          <RouterButtonLink to={paths.client.bookService} appearance="primary" icon={<Add20Regular />}>
            <Trans>Book Service</Trans>
          </RouterButtonLink>
        }
      />
      <LoadProblem error={error} slow={slow} hasData={bookings.length > 0} onRetry={retry} />
      {(error || slow) && bookings.length === 0 ? null : loading && bookings.length === 0 ? (
        <Skeleton aria-label={t`Loading bookings`} className={styles.skeleton}>
          {[0, 1, 2].map((i) => (
            <SkeletonItem key={i} size={48} />
          ))}
        </Skeleton>
      ) : loaded && bookings.length === 0 ? (
        <Panel className={styles.empty}>
          <EmptyArt name="candle" />
          <Body1>
            <Trans>No bookings available</Trans>
          </Body1>
          <RouterButtonLink to={paths.client.bookService} appearance="primary">
            <Trans>Book a service</Trans>
          </RouterButtonLink>
        </Panel>
      ) : isSmall ? (
        <BookingCards bookings={sorted} />
      ) : (
        <BookingTable bookings={sorted} />
      )}
    </>
  )
}

function BookingTable({ bookings }: { bookings: Booking[] }) {
  const styles = useStyles()
  const { t } = useLingui()
  return (
    <Panel className={styles.tableCard}>
      <Table aria-label={t`My bookings`}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell className={styles.medium}>
              <Trans>Deceased</Trans>
            </TableHeaderCell>
            <TableHeaderCell className={styles.wide}>
              <Trans>Services</Trans>
            </TableHeaderCell>
            <TableHeaderCell>
              <Trans>Booked on</Trans>
            </TableHeaderCell>
            <TableHeaderCell>
              <Trans>Status</Trans>
            </TableHeaderCell>
            <TableHeaderCell>
              <Trans>Payment</Trans>
            </TableHeaderCell>
            <TableHeaderCell button={{ className: styles.amountHead }}>
              <Trans>Total</Trans>
            </TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {bookings.map((b) => (
            <TableRow key={b.id}>
              <TableCell>
                <RouterLink to={paths.client.booking(b.id)} className={styles.name}>
                  {deceasedName(b)}
                </RouterLink>
              </TableCell>
              <TableCell>{serviceNames(b)}</TableCell>
              <TableCell>{formatDate(b.created_at)}</TableCell>
              <TableCell>
                <BookingStatusBadge status={b.status} />
              </TableCell>
              <TableCell>
                <PaymentStatusBadge status={paymentStatusNow(b)} />
              </TableCell>
              <TableCell className={styles.amount}>{formatKsh(b.total_amount)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Panel>
  )
}

/** On a phone each booking is a card (nothing scrolls sideways). */
function BookingCards({ bookings }: { bookings: Booking[] }) {
  const styles = useStyles()
  const { t } = useLingui()
  return (
    <ul className={styles.cards} aria-label={t`My bookings`}>
      {bookings.map((b) => (
        <li key={b.id}>
          <Panel className={styles.card}>
            <div className={styles.cardHead}>
              <RouterLink to={paths.client.booking(b.id)} className={styles.name}>
                {deceasedName(b)}
              </RouterLink>
              <Text weight="semibold">{formatKsh(b.total_amount)}</Text>
            </div>
            <BookingBadges status={b.status} paymentStatus={paymentStatusNow(b)} />
            <Text>{serviceNames(b)}</Text>
            <Text size={200} className={styles.muted}>
              {t`Booked on ${formatDate(b.created_at)}`}
            </Text>
          </Panel>
        </li>
      ))}
    </ul>
  )
}
